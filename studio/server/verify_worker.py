"""A verifier worker process: ``python -m studio.server.verify_worker``.

Reads one JSON request per line on stdin (``levelcheck.check``'s fields, the level's
bytes as ``data_base64``) and answers one JSON line on stdout. The server kills a
worker that takes too long and starts another; the worker's memory is capped so a
level that makes the engine grow without end fails here, not in the server.
"""

from __future__ import annotations

import base64
import json
import os
import sys

MEMORY_LIMIT = 1 << 30  # bytes of address space


def cap_memory(limit: int = MEMORY_LIMIT) -> None:
    """At most ``limit`` bytes of address space for this process (where the system can say so)."""
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):  # not on this platform: the time limit still holds
        pass


def main() -> int:
    # Answers go to the real stdout; anything the games print goes to stderr instead.
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "w", buffering=1)
    sys.stdout = sys.stderr
    cap_memory()
    from studio.server.levelcheck import check

    for line in sys.stdin:
        try:
            request = json.loads(line)
            request["data"] = base64.b64decode(request.pop("data_base64"))
            answer = check(request)
        except MemoryError:
            answer = {"ok": False, "reason": "the level needs more memory than the server allows to verify it"}
        except Exception as error:  # a bug in a game's code: refuse the level with what went wrong
            answer = {"ok": False, "reason": f"the level could not be verified ({type(error).__name__}: {error})"}
        answers.write(json.dumps(answer) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""What a server is started with: its database and its limits against abuse."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

TITLE = "Puzzle Level Studio sharing server"


@dataclass
class ServerConfig:
    database_url: str
    # Where rendered pictures of levels are cached (beside an SQLite file, else in the data folder).
    cache_dir: Path | None = None
    max_request_bytes: int = 1 << 20  # a whole request body; an Escape level is at most a few KiB
    max_level_bytes: int = 256 * 1024
    max_solution_chars: int = 100_000
    max_solution_moves: int = 20_000
    max_comment_chars: int = 2_000
    verify_seconds: float = 10.0
    verify_workers: int = 2
    # Per account per hour; an address may do four times as much (several players behind one router).
    uploads_per_hour: int = 30
    comments_per_hour: int = 60
    speedruns_per_hour: int = 120
    accounts_per_hour: int = 10  # per address
    failed_sign_ins_per_hour: int = 60  # per address: each costs an Argon2 hash
    # Per account: this many failures an hour are free, then each try waits twice as long as the last.
    free_failed_sign_ins: int = 5
    token_days: float = 30.0  # a bearer token signs in for this long after it was issued
    render_seconds: float = 30.0
    # Admission: requests handled at once per process (no more than the database pool holds),
    # how many more may wait, and for how long, before they are answered 503.
    max_active_requests: int = 32
    max_queued_requests: int = 2_000
    queue_seconds: float = 5.0
    # Addresses of reverse proxies whose X-Forwarded-For names the client; from any other peer
    # the header is ignored, so it cannot dodge the per-address limits.
    trusted_proxies: tuple[str, ...] = ()
    extra: dict = field(default_factory=dict)

    @property
    def per_address_factor(self) -> int:
        return 4

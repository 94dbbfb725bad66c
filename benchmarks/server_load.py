"""Load on the sharing server: many players at once against `studio serve` on this machine.

Run: python benchmarks/server_load.py [--clients 50 200 1000] [--seconds 20]
         [--pg postgresql+psycopg://...]   (default: $STUDIO_TEST_PG; without one, SQLite only)
         [--only sqlite|postgresql] [--json]
Needs the server extra (pip install -e ".[server]").

Two scenarios: SQLite with one server process, then PostgreSQL with two server processes
sharing the database (the clients spread over both, as behind a load balancer). In each,
for every number of clients (in ``--rounds`` rounds, every other one in reverse order, compared
by the median), each client, a player with an account and an address of its
own, sends tests/load_client.py's mix (list, download, rate, comment, speedrun, upload)
without pause for ``--seconds``, honouring a 503's Retry-After; the servers run with their
default limits. Then a burst of 400 simultaneous list requests on new connections; then the
largest number of clients again, with the (first) server SIGKILLed halfway: afterwards every
acknowledged write must be in the database, and SQLite's file pass PRAGMA integrity_check.

Prints requests per second and p50/p99 per kind, the answers by status, and the verdicts:
no 500 at any level, no answer later than 10 s, the throughput at the most clients at least
that at the fewest, the burst answered 200 or 503 within 30 s, nothing lost to the kill.
Exits 1 when a verdict fails. Bounded: traffic only to 127.0.0.1, each run stops after
``--seconds`` (at most 120) and load_client.MAX_REQUESTS requests; servers stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.load_client import (  # noqa: E402
    SLOW_SECONDS, burst, missing_writes, run_mix, seed, sqlite_integrity, upload_bodies,
)
from tests.server_support import Database, ServerProcess  # noqa: E402

MAX_SECONDS = 120
SEED_LEVELS = 40
BURST_REQUESTS = 400
BURST_LIMIT = 30.0
# The limits as a server runs with them; the clients' own addresses come through 127.0.0.1 as
# through a reverse proxy.
SERVER_OPTIONS = ("--trusted-proxy", "127.0.0.1")


def scenario(name: str, kind: str, servers: int, args, folder: Path) -> dict | None:
    if kind == "postgresql":
        if not args.pg:
            print(f"{name}: skipped (no PostgreSQL: give --pg URL or set STUDIO_TEST_PG)")
            return None
        os.environ["STUDIO_TEST_PG"] = args.pg
    folder.mkdir(parents=True, exist_ok=True)
    database = Database(kind, folder)
    processes = []
    try:
        for number in range(servers):
            processes.append(ServerProcess(database.url, folder / f"server{number}.log", *SERVER_OPTIONS).start())
        ports = [port_of(process) for process in processes]
        seeded = seed(database.url, processes[0].url, max(args.clients), SEED_LEVELS)
        bodies = upload_bodies(int(60 * args.seconds * (len(args.clients) + 1)), f"{kind} {os.getpid()}")
        runs: dict[int, list] = {clients: [] for clients in args.clients}
        for round_number in range(args.rounds):
            # Every other round from the most clients down: the database's growth and the
            # machine's drift weigh on each number of clients alike.
            order = args.clients if round_number % 2 == 0 else args.clients[::-1]
            for clients in order:
                run = asyncio.run(run_mix(ports, seeded, clients, args.seconds, bodies))
                runs[clients].append({"clients": clients, "round": round_number + 1, **run.summary()})
                report_level(name, runs[clients][-1])
        levels = [median_run(runs[clients]) for clients in args.clients]
        print(f"\n{name}, by number of clients (median of {args.rounds} rounds; each round's):")
        for level in levels:
            print(f"  {level['clients']:5} clients: {level['ok_per_second']} answered requests/s "
                  f"({', '.join(map(str, level['rounds_ok_per_second']))}), slowest {level['slowest_ms']} ms, "
                  f"answers {level['statuses']}")
        statuses, took = asyncio.run(burst(ports[0], "/api/levels?limit=100", BURST_REQUESTS, BURST_LIMIT))
        print(f"  burst of {BURST_REQUESTS} lists at once: {statuses} in {took:.1f} s")
        victim = processes[0]
        killed = asyncio.run(run_mix(ports, seeded, max(args.clients), args.seconds, bodies,
                                     kill=(args.seconds / 2, victim.kill)))
        victim.start()  # the database as the kill left it, opened (and checked) by a new server
        missing = missing_writes(database.url, killed.acknowledged)
        integrity = sqlite_integrity(database.url.split(":///", 1)[1]) if kind == "sqlite" else "not applicable"
        print(f"  SIGKILL of a server halfway through {max(args.clients)} clients: "
              f"{killed.acknowledged.count()} writes acknowledged, {len(missing)} missing"
              f"{' (' + ', '.join(missing[:5]) + ')' if missing else ''}; integrity_check: {integrity}")
    finally:
        for process in processes:
            process.stop()
        database.drop()
    result = {"scenario": name, "servers": servers, "levels": levels,
              "burst": {"requests": BURST_REQUESTS, "statuses": statuses, "seconds": round(took, 1)},
              "kill": {"acknowledged": killed.acknowledged.count(), "missing": len(missing), "integrity": integrity,
                       "statuses": killed.summary()["statuses"]}}
    result["verdicts"] = verdicts(result)
    for verdict, passed in result["verdicts"].items():
        print(f"  {'pass' if passed else 'FAIL'}: {verdict}")
    if args.json:
        print(json.dumps(result))
    return result


def median_run(rounds: list[dict]) -> dict:
    """One number of clients over its rounds: the median throughput, the figures per kind of
    its middle round (the lower of two), the worst latency and the statuses of every round."""
    ordered = sorted(rounds, key=lambda run: run["ok_per_second"])
    middle = dict(ordered[(len(ordered) - 1) // 2])
    middle["rounds_ok_per_second"] = [run["ok_per_second"] for run in rounds]
    middle["ok_per_second"] = round(statistics.median(middle["rounds_ok_per_second"]), 1)
    middle["slowest_ms"] = max(run["slowest_ms"] for run in rounds)
    statuses: dict[str, int] = {}
    for run in rounds:
        for status, count in run["statuses"].items():
            statuses[status] = statuses.get(status, 0) + count
    middle["statuses"] = statuses
    return middle


def port_of(process: ServerProcess) -> int:
    return int(process.url.rsplit(":", 1)[1])


def verdicts(result: dict) -> dict[str, bool]:
    levels = result["levels"]
    fewest, most = levels[0], levels[-1]
    return {
        "no answer 500 at any number of clients": all("500" not in level["statuses"] for level in levels),
        f"no answer later than {SLOW_SECONDS:g} s": all(level["slowest_ms"] <= 1000 * SLOW_SECONDS for level in levels),
        f"throughput at {most['clients']} clients at least that at {fewest['clients']}":
            most["ok_per_second"] >= fewest["ok_per_second"],
        f"the burst answered only 200 or 503 within {BURST_LIMIT:g} s":
            set(result["burst"]["statuses"]) <= {"200", "503"} and result["burst"]["seconds"] <= BURST_LIMIT,
        "every write acknowledged before the SIGKILL is in the database":
            result["kill"]["missing"] == 0 and result["kill"]["acknowledged"] > 0,
        "the database intact after the SIGKILL": result["kill"]["integrity"] in ("ok", "not applicable"),
    }


def report_level(name: str, level: dict) -> None:
    print(f"\n{name}: {level['clients']} clients, round {level['round']}, {level['seconds']} s: "
          f"{level['ok_per_second']} answered requests/s; "
          f"answers {level['statuses']}; slowest {level['slowest_ms']} ms")
    for kind, figures in level["kinds"].items():
        print(f"  {kind:9} {figures['ok']:7} ok {figures['per_second']:8.1f} req/s  p50 {figures['p50_ms']} ms  "
              f"p99 {figures['p99_ms']} ms  max {figures['max_ms']} ms  {figures['statuses']}"
              + (f"  first error: {figures['first_error']}" if figures["first_error"] else ""))


def _fast_event_loop() -> None:
    """uvloop when it is installed (the server extra has it): the client's own overhead is part
    of every latency measured."""
    try:
        import uvloop
    except ImportError:
        return
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())


def main() -> int:
    _fast_event_loop()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[50, 200, 1000])
    parser.add_argument("--seconds", type=float, default=20.0, help="of each run")
    parser.add_argument("--rounds", type=int, default=2,
                        help="runs of each number of clients; throughput is compared by the median (default 2)")
    parser.add_argument("--pg", default=os.environ.get("STUDIO_TEST_PG"), help="a PostgreSQL URL (a database is made in it)")
    parser.add_argument("--only", choices=("sqlite", "postgresql"), help="run one scenario")
    parser.add_argument("--json", action="store_true", help="also print each scenario as one JSON line")
    args = parser.parse_args()
    args.seconds = min(max(args.seconds, 2.0), MAX_SECONDS)
    args.rounds = min(max(args.rounds, 1), 5)
    args.clients = sorted(max(1, min(clients, 2000)) for clients in args.clients)
    with tempfile.TemporaryDirectory(prefix="studio-load-") as folder:
        results = []
        if args.only in (None, "sqlite"):
            results.append(scenario("SQLite", "sqlite", 1, args, Path(folder) / "sqlite"))
        if args.only in (None, "postgresql"):
            results.append(scenario("PostgreSQL", "postgresql", 2, args, Path(folder) / "pg"))
    failed = [r for r in results if r and not all(r["verdicts"].values())]
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""`studio serve [--host 127.0.0.1] [--port 8000] [--db URL]`: run the level-sharing server.

With no ``--db`` the server keeps an SQLite file in the user's data folder;
``--db sqlite:///PATH`` names another, ``--db postgresql+psycopg://USER@HOST/DB``
a PostgreSQL database (any number of server processes may share one). The
schema is migrated on start. ``--grant-moderator NAME`` makes an account a
moderator and exits. Needs the server extra: ``pip install -e ".[server]"``.
"""

from __future__ import annotations

import argparse
import sys

LIMIT_OPTIONS = (
    ("uploads_per_hour", "uploads an account may try per hour (an address: four times as many)"),
    ("comments_per_hour", "comments an account may post per hour"),
    ("speedruns_per_hour", "speedruns an account may submit per hour"),
    ("accounts_per_hour", "accounts one address may register per hour"),
    ("failed_sign_ins_per_hour", "failed sign-ins one address may make per hour"),
    ("free_failed_sign_ins", "failed sign-ins an account may have per hour before each next try waits "
                             "twice as long as the last (default 5)"),
    ("verify_workers", "worker processes that play uploaded solutions"),
    ("max_active_requests", "requests handled at once by this process (default 32; the database pool "
                            "keeps as many connections)"),
    ("max_queued_requests", "requests that may wait for their turn (default 2000); more are answered 503"),
)
SECONDS_OPTIONS = (
    ("queue_seconds", "how long a request may wait for its turn before it is answered 503 (default 5)"),
    ("token_days", "days a sign-in token stays valid (default 30)"),
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default: 8000)")
    parser.add_argument("--db", metavar="URL", default=None,
                        help="database URL (default: an SQLite file in the user data folder)")
    parser.add_argument("--grant-moderator", metavar="NAME", help="make the account NAME a moderator, then exit")
    for name, text in LIMIT_OPTIONS:
        parser.add_argument("--" + name.replace("_", "-"), type=int, default=None, metavar="N", help=text)
    for name, text in SECONDS_OPTIONS:
        parser.add_argument("--" + name.replace("_", "-"), type=float, default=None, metavar="S", help=text)
    parser.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                        help="a reverse proxy whose X-Forwarded-For header names the client (repeat for "
                             "several; without one the header is ignored)")
    parser.add_argument("--log-level", default="warning", choices=("debug", "info", "warning", "error"))


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from studio.server.app import create_app
        from studio.server.config import ServerConfig
        from studio.server.database import default_database_url
        from studio.server.http_protocol import ClientFriendlyHttp
    except ImportError as missing:
        print(f"studio serve: the server needs its extra packages ({missing.name} is missing): "
              f"pip install -e \".[server]\"", file=sys.stderr)
        return 2
    if not 0 < args.port < 65536:
        print(f"studio serve: --port must be 1 to 65535, not {args.port}", file=sys.stderr)
        return 2
    url = args.db or default_database_url()
    if args.grant_moderator:
        return _grant_moderator(url, args.grant_moderator)
    config = ServerConfig(database_url=url)
    for name, _ in (*LIMIT_OPTIONS, *SECONDS_OPTIONS):
        value = getattr(args, name)
        if value is not None:
            if not value > 0:
                print(f"studio serve: --{name.replace('_', '-')} must be more than 0", file=sys.stderr)
                return 2
            setattr(config, name, value)
    config.trusted_proxies = tuple(args.trusted_proxy)
    try:
        app = create_app(config)
    except Exception as error:  # an unreachable database, a bad URL: say so, without a traceback
        print(f"studio serve: cannot open the database {_safe(url)}: {error}", file=sys.stderr)
        return 1
    print(f"studio serve: http://{args.host}:{args.port}/ on {_safe(url)}", file=sys.stderr, flush=True)
    # X-Forwarded-For only from the proxies named: uvicorn would otherwise trust it from 127.0.0.1.
    proxies = {"proxy_headers": True, "forwarded_allow_ips": ",".join(config.trusted_proxies)} \
        if config.trusted_proxies else {"proxy_headers": False}
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level, access_log=False, http=ClientFriendlyHttp,
                **proxies)
    return 0


def _grant_moderator(url: str, name: str) -> int:
    from sqlalchemy import select

    from studio.server.database import make_engine, migrate, session_factory
    from studio.server.models import Account

    engine = make_engine(url)
    migrate(engine)
    with session_factory(engine)() as session:
        account = session.scalar(select(Account).where(Account.name_key == name.lower()))
        if account is None:
            print(f"studio serve: no account is called {name!r}", file=sys.stderr)
            return 1
        account.moderator = True
        session.commit()
    print(f"{account.name} is a moderator")
    return 0


def _safe(url: str) -> str:
    """The URL without its password, for messages."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "the given URL"

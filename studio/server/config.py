"""What a server is started with: its database and its limits against abuse."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


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
    render_seconds: float = 30.0
    extra: dict = field(default_factory=dict)

    @property
    def per_address_factor(self) -> int:
        return 4

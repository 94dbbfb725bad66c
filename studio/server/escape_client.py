"""What Escape's own client reads and sends (../shared/docs/escape-protocol.md): the update
protocol's texts (the collections, each collection's index with the rating fields) built from
the database, the client's players and their secret numbers, and its multipart bodies.

A level's path in a collection is ``<author>/<title>.esx``: account names are already safe
folder names, the title keeps letters, digits, '.', '_' and '-', and a title an author
used before gets the level's id after it, so a path never changes once given."""

from __future__ import annotations

import email.parser
import email.policy
import hashlib
import hmac
import re
from collections import defaultdict

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from studio.server.models import Account, EscapePlayer, Level, Rating, Speedrun
from studio.server.models.base import as_utc
from studio.server.models.levels import OFFICIAL, TRIAGE

CLIENT_VERSION = 201609050  # the client's version the protocol was observed with
# The collections offered, in the client's menu order: fname and long name.
COLLECTION_NAMES = {OFFICIAL: "Official levels", TRIAGE: "Triage: new levels waiting for a moderator"}
NO_RECORD = 999999  # what the original server answers a rating when nobody solved the level
NAME_LIMIT = 40


RPC_PREFIX = "/f/a/escape/"


def rpc_failure(scope, reason: str) -> dict | None:
    """For a refusal made before any route (too large, too busy): what the client reads as an
    error it shows (status 200, ``fail <words>``) when the request is one of its RPCs."""
    if not str(scope.get("path", "")).startswith(RPC_PREFIX):
        return None
    body = f"fail {reason}\n".encode()
    return {"status": 200, "body": body, "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                                     (b"content-length", str(len(body)).encode())]}


class Refusal(Exception):
    """A request the client made that is answered ``fail <words>``."""


def secret_digest(seql: int, seqh: int) -> str:
    return hashlib.sha256(f"escape-client:{seql}:{seqh}".encode()).hexdigest()


def number(fields: dict, name: str, low: int = -2**31, high: int = 2**32 - 1) -> int:
    """A decimal field, within bounds, or a Refusal naming it."""
    text = str(fields.get(name, "")).strip()
    if not re.fullmatch(r"-?\d{1,12}", text) or not low <= int(text) <= high:
        raise Refusal(f"the field {name} is missing or not a number between {low} and {high}")
    return int(text)


def player_account(session: Session, fields: dict) -> Account:
    """The account of the client's credentials (id, seql, seqh), or a Refusal."""
    player = session.get(EscapePlayer, number(fields, "id", 1, 2**31 - 1))
    digest = secret_digest(number(fields, "seql"), number(fields, "seqh"))
    if player is None or not hmac.compare_digest(player.secret_hash, digest):
        raise Refusal("this server does not know your player: register again (R on the main menu)")
    return session.get(Account, player.account_id)


def account_name(wanted: str, taken) -> str:
    """The client's player name as an account name (letters, digits, '_', '.', '-'), with
    -2, -3… after it when ``taken(name)`` says another account has it."""
    base = re.sub(r"[^A-Za-z0-9_.-]+", "_", wanted.strip()).strip("_.-")[:NAME_LIMIT - 4] or "player"
    if len(base) < 2:
        base += "_player"
    name, count = base, 1
    while taken(name):
        count += 1
        name = f"{base}-{count}"
    return name


def multipart_fields(content_type: str, body: bytes) -> tuple[dict, dict]:
    """(text fields, file fields) of a multipart/form-data body; a field sent twice (upsol's
    id) keeps its last value. A Refusal when the body is not multipart."""
    if not content_type.lower().startswith("multipart/form-data"):
        raise Refusal("the request must be multipart/form-data")
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
        b"Content-Type: " + content_type.encode("latin-1") + b"\r\n\r\n" + body)
    if not message.is_multipart():
        raise Refusal("the multipart body could not be read")
    fields, files = {}, {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        if not name:
            continue
        data = part.get_payload(decode=True) or b""
        if part.get_filename() is not None:
            files[name] = data
        else:
            fields[name] = data.decode("utf-8", "replace")
    return fields, files


def safe_name(text: str, fallback: str) -> str:
    """Letters, digits, '_', '-' and single dots: no space, no '..', nothing a path could climb with."""
    return re.sub(r"\.{2,}", ".", re.sub(r"[^A-Za-z0-9_.-]+", "_", text)).strip("_.")[:60] or fallback


def level_paths(levels) -> dict[int, str]:
    """Each level's path (``author/title.esx``), stable: a title an author used before gets
    the later level's id after it. ``levels``: (id, author, title) of every Escape level."""
    paths, used = {}, defaultdict(set)
    for level_id, author, title in sorted(levels):
        stem = safe_name(title, "level")
        if stem.lower() in used[author.lower()]:
            stem = f"{stem}-{level_id}"
        used[author.lower()].add(stem.lower())
        paths[level_id] = f"{author}/{stem}.esx"
    return paths


def collections_text() -> str:
    lines = [f"{name} {CLIENT_VERSION} {title}" for name, title in COLLECTION_NAMES.items()]
    return f"{len(lines)}\n" + "".join(line + "\n" for line in lines)


def index_text(session: Session, collection: str) -> str:
    """The collection's index: its title, folders (one per author), then each level's path,
    MD5 and numbers: votes, difficulty, style and rigidity (totals over the votes), how many
    call it cooked and solved, its upload time, the speed record, the author's web id."""
    everything = session.execute(select(Level.id, Account.name, Level.title).join(Account, Account.id == Level.author_id)
                                 .where(Level.game == "escape")).all()
    paths = level_paths(everything)
    rows = session.execute(
        select(Level.id, Level.md5, Level.created_at, Account.name, EscapePlayer.id)
        .join(Account, Account.id == Level.author_id).outerjoin(EscapePlayer, EscapePlayer.account_id == Account.id)
        .where(Level.game == "escape", Level.collection == collection).order_by(Level.id)).all()
    ids = [row[0] for row in rows]
    votes = {row[0]: row[1:] for row in session.execute(
        select(Rating.level_id, func.count(), func.sum(Rating.difficulty), func.sum(Rating.style),
               func.sum(func.coalesce(Rating.rigidity, 0)), func.sum(case((Rating.cooked, 1), else_=0)),
               func.sum(case((Rating.solved, 1), else_=0))).where(Rating.level_id.in_(ids)).group_by(Rating.level_id))}
    records = dict(session.execute(select(Speedrun.level_id, func.min(Speedrun.length))
                                   .where(Speedrun.level_id.in_(ids)).group_by(Speedrun.level_id)).all())
    authors = sorted({name for _id, _md5, _at, name, _web in rows}, key=str.lower)
    changed = max((as_utc(row[2]) for row in rows), default=None)
    lines = [COLLECTION_NAMES[collection], str(CLIENT_VERSION), str(len(authors)), str(len(rows)),
             changed.strftime("%Y-%m-%d %H:%M UTC") if changed else "empty"]
    lines += [f"{name} Levels by {name}" for name in authors]
    for level_id, md5, created, _name, web_id in rows:
        counts = [int(value or 0) for value in votes.get(level_id, (0,) * 6)]
        stamp = int(as_utc(created).timestamp()) if created else 0
        lines.append(" ".join([paths[level_id], md5.lower(), *map(str, counts), str(stamp),
                               str(records.get(level_id, 0)), str(web_id or 0)]))
    return "".join(line + "\n" for line in lines)


def upgrade_text() -> str:
    """No files, and the current version no newer than the client's: it never replaces itself."""
    return f"0\n{CLIENT_VERSION}\n{CLIENT_VERSION}\n{CLIENT_VERSION}\nno upgrades are served here\n"

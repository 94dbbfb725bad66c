"""The JSON bodies of the API, validated before any handler runs (a bad field is a 422
naming it, never a 500)."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field


def _as_utc(value: datetime) -> datetime:
    """SQLite hands back naive datetimes; every time the server stores is UTC."""
    return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value


When = Annotated[datetime, AfterValidator(_as_utc)]


def _no_nul(value: str) -> str:
    if "\x00" in value:
        raise ValueError("NUL characters are not allowed")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate ("\ud800" in the JSON): no database stores it
        raise ValueError("not valid Unicode (a lone surrogate)") from None
    return value


# PostgreSQL stores no NUL in text, and no one types one; nor can any database store half a character.
Text = Annotated[str, AfterValidator(_no_nul)]

NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]*$"


class Problem(BaseModel):
    """Every refusal's body (4xx and 503)."""
    detail: str = Field(description="what is wrong, in words")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=False)


class Credentials(Strict):
    name: str = Field(min_length=2, max_length=40, pattern=NAME_PATTERN,
                      description="letters, digits, '_', '.', '-'; starts with a letter or digit")
    password: Text = Field(min_length=8, max_length=200)


class AccountOut(BaseModel):
    id: int
    name: str
    moderator: bool = False


class SessionOut(BaseModel):
    token: str
    name: str
    moderator: bool


class Upload(Strict):
    game: Text = Field(min_length=1, max_length=20, description="a game id: escape, chrono, intricacy, laby")
    filename: Text = Field(min_length=1, max_length=100, description="the file's name; its extension must be the game's")
    data_base64: str = Field(min_length=1, max_length=400_000, description="the level file's bytes, base64")
    solution: Text = Field(default="", max_length=100_000,
                          description="move letters, as `studio verify --solution` takes them; empty: "
                                      "the solution the level file itself stores (ChronoShift, Intricacy)")


class Uploaded(BaseModel):
    id: int
    md5: str
    collection: str


class LevelEdit(Strict):
    title: Text | None = Field(default=None, min_length=1, max_length=200)
    description: Text | None = Field(default=None, max_length=5_000)


class CollectionMove(Strict):
    collection: str = Field(description="triage, official or withdrawn")


class RatingIn(Strict):
    difficulty: int = Field(ge=1, le=10)
    style: int = Field(ge=1, le=10)
    cooked: bool = False


class RatingSummary(BaseModel):
    difficulty: float
    style: float
    cooked: float = Field(description="the share of ratings that call the level cooked, 0 to 1")
    count: int


class CommentIn(Strict):
    text: Text = Field(min_length=1, max_length=2_000)


class CommentOut(BaseModel):
    id: int
    author: str
    text: str
    date: When


class SpeedrunIn(Strict):
    solution: Text = Field(min_length=1, max_length=100_000)


class SpeedrunOut(BaseModel):
    player: str
    length: int
    date: When


class SpeedrunResult(BaseModel):
    length: int
    record: bool = Field(description="true when this is now the level's shortest solution")
    improved: bool = Field(description="true when it beat the player's own best (or was the first)")
    best: SpeedrunOut


class LevelOut(BaseModel):
    id: int
    title: str
    author: str
    game: str
    md5: str
    collection: str
    rating: RatingSummary | None
    speedrun: SpeedrunOut | None
    filename: str = Field(description="the file's name as uploaded (for saving a download)")


class LevelDetail(LevelOut):
    description: str
    size: int
    created: When
    comments: int

"""The JSON bodies of the API, validated before any handler runs (a bad field is a 422
naming it, never a 500)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from studio.server.levelcheck import clean_line
from studio.server.models.base import as_utc


When = Annotated[datetime, AfterValidator(as_utc)]


def _no_nul(value: str) -> str:
    if "\x00" in value:
        raise ValueError("NUL characters are not allowed")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate ("\ud800" in the JSON): no database stores it
        raise ValueError("not valid Unicode (a lone surrogate)") from None
    return value


Text = Annotated[str, AfterValidator(_no_nul)]

NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]*$"


class Problem(BaseModel):
    """Every refusal's body (4xx and 503)."""
    detail: str = Field(description="what is wrong, in words")


def _has_moves(value: str) -> str:
    if not value.strip():
        raise ValueError("a solution needs moves (blank is not a solution)")
    return value


def clean_paragraphs(value: str) -> str:
    """A text of several lines: ``clean_line``'s rule for each, the line breaks kept."""
    return "\n".join(clean_line(line) for line in value.replace("\r\n", "\n").split("\n")).strip()


# PostgreSQL stores no NUL in text, and no one types one; nor can any database store half a character.
Moves = Annotated[str, AfterValidator(_no_nul), AfterValidator(_has_moves)]
Line = Annotated[str, AfterValidator(_no_nul), AfterValidator(clean_line)]
Paragraphs = Annotated[str, AfterValidator(_no_nul), AfterValidator(clean_paragraphs)]


class Strict(BaseModel):
    """A request body: no field left unknown, and no value of another type taken for the one
    asked ("5" is no number, true no rating)."""
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=False, strict=True)


class Credentials(Strict):
    name: str = Field(min_length=2, max_length=40, pattern=NAME_PATTERN,
                      description="letters, digits, '_', '.', '-'; starts with a letter or digit")
    password: Text = Field(min_length=8, max_length=200)


class PasswordChange(Strict):
    password: Text = Field(min_length=1, max_length=200, description="the current password")
    new_password: Text = Field(min_length=8, max_length=200)


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
    """Control characters and bidirectional overrides are taken out, as an upload's title."""
    title: Line | None = Field(default=None, min_length=1, max_length=200)
    description: Paragraphs | None = Field(default=None, max_length=5_000)


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
    spoiler: bool = Field(False, description="it gives part of the solution away (Escape's client marks these)")


class SpeedrunIn(Strict):
    solution: Moves = Field(min_length=1, max_length=100_000,
                            description="move letters; never blank (the level's own stored solution is no speedrun)")


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

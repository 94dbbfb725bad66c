"""The server's tables, one module per area; importing this package registers them all
on ``Base.metadata`` (what the migrations are checked against)."""

from studio.server.models.base import Base
from studio.server.models.accounts import Account, Token
from studio.server.models.levels import COLLECTIONS, Level
from studio.server.models.feedback import Comment, Rating
from studio.server.models.speedruns import Speedrun
from studio.server.models.limits import RateEvent
from studio.server.models.intricacy import IntricacyLock, IntricacyNote, IntricacyPlayer, IntricacyTurn
from studio.server.models.escape import EscapePlayer

__all__ = ["Base", "Account", "Token", "COLLECTIONS", "Level", "Comment", "Rating", "Speedrun", "RateEvent",
           "IntricacyPlayer", "IntricacyLock", "IntricacyNote", "IntricacyTurn", "EscapePlayer"]

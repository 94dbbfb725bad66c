"""One motion of an entity: the player or a bot tries to go one cell in a direction.

What happens depends on the tile it walks into; ``ENTER`` maps every tile to the
function that handles it. Each handler returns whether anything happened.
"""

from studio.games.escape.engine import blocks, electricity, switches
from studio.games.escape.engine.events import BotDestroyed, Killed, Pushed, Teleported
from studio.games.escape.engine.hearts import take_heart_framer
from studio.games.escape.engine.state import DESTROYED
from studio.games.escape.engine.tilesets import PLAIN_BLOCKS, PUSHED_ONTO, SLIDERS, SPHERES, STEELS, WALKABLE
from studio.games.escape.engine.turn import PLAYER
from studio.games.escape.engine.walking import step_off, step_on, walk
from studio.games.escape.tiles import Bot, T

_BROKEN, _DALEK, _HUGBOT, _BOMB = int(Bot.BROKEN), int(Bot.DALEK), int(Bot.HUGBOT), int(Bot.BOMB)
_ELECTRIC = int(T.ELECTRIC)


def move_entity(turn, who: int, d: int) -> bool:
    """The player (``who`` = PLAYER) or bot ``who`` tries to go one cell in direction ``d``.

    Only open ground can be entered while someone stands there (who is then pushed,
    crushed or fused); anything else with someone on it cannot be pushed or pressed.
    """
    return move_from(turn, who, turn.guy if who == PLAYER else turn.bot_cell[who], d)


def move_from(turn, who: int, here: int, d: int) -> bool:
    """``move_entity`` for an entity known to stand on ``here``."""
    there = turn.neighbours[d][here]
    if there < 0:
        return False
    tile = turn.tiles[there]
    handler = ENTER[tile]
    if handler is blocked or (not WALKABLE[tile] and (there == turn.guy or (
            there in turn.bot_cell and turn.bot_at(there) >= 0))):  # turn.occupied, inlined: the hot path
        return False
    return handler(turn, who, here, there, d)


def _is_dalek(turn, who: int) -> bool:
    return who != PLAYER and turn.bot_type[who] == _DALEK


def _is_hugbot(turn, who: int) -> bool:
    return who != PLAYER and turn.bot_type[who] == _HUGBOT


# -- walking onto open ground ---------------------------------------------------

def enter_open(turn, who: int, here: int, there: int, d: int) -> bool:
    """Floor-like tiles (and exits, panels, traps): walk in, first dealing with whoever
    stands there: the player and hugbots push it, a dalek crushes the player or fuses
    with a bot.

    A BOT ON THE PLAYER IS A WALL. When a dalek has crushed the player (or he has been
    sent onto a bot by a transporter) the two share a cell for the rest of the move,
    and no bot enters it: a hugbot pushes neither of them, a dalek does not fuse there
    (fuzz hugbot-2-60 run 0, hugbot-2-62 run 1)."""
    if who != PLAYER and there == turn.guy:
        if turn.bot_at(there) >= 0:
            return False
        if _is_dalek(turn, who):
            walk(turn, who, here, there)
            turn.kill(Killed("bot", there, (), who))
            return True
        if not (_is_hugbot(turn, who) and push_player(turn, d, who)):
            return False
    elif there in turn.bot_cell:
        other = turn.bot_at(there)
        if other >= 0:
            if _is_dalek(turn, who):
                walk(turn, who, here, there)
                fuse(turn, who, other)
                return True
            if not push_bot(turn, other, d, who):
                return False
    walk(turn, who, here, there)
    return True


def enter_exit(turn, who: int, here: int, there: int, d: int) -> bool:
    """An exit is open ground to walk onto, but only while nobody stands on it.

    NO PUSHING ON EXITS. Nobody enters an exit someone stands on: the player does not
    push a bot off it, a hugbot does not push the player or a bot off it, a dalek
    neither crushes nor fuses there (fuzz hugbot-2-29 run 0, hugbot-2-141 run 1). Nor
    is anyone pushed onto an exit (fuzz hugbot-2-51 run 0): see ``push_bot`` and
    ``push_player``."""
    if turn.occupied(there):
        return False
    return enter_open(turn, who, here, there, d)


def enter_electric(turn, who: int, here: int, there: int, d: int) -> bool:
    """Electric floor stops the player and hugbots; a dalek walks in and is vaporised."""
    if not _is_dalek(turn, who) or turn.occupied(there):
        return False
    walk(turn, who, here, there)
    turn.bot_type[who] = DESTROYED
    turn.log(BotDestroyed(who, there, "electric"))
    return True


def enter_heart_framer(turn, who: int, here: int, there: int, d: int) -> bool:
    """Only the player picks up heart framers; to bots they are walls."""
    if who != PLAYER or turn.bot_at(there) >= 0:
        return False
    take_heart_framer(turn, there)
    walk(turn, who, here, there)
    return True


def enter_transporter(turn, who: int, here: int, there: int, d: int) -> bool:
    """A transporter sends the player (or a dalek) that steps in to its destination,
    whoever is there: a dalek landing on a bot fuses with it, on the player kills him;
    the player landing on a bot dies at the end of the move. To a hugbot it is a wall,
    and so it is to anyone while someone stands on it.

    LANDING ON TWO. A dalek sent onto a cell where the player stands on a bot (he was
    sent there first) fuses with that bot, and the player is dead all the same (fuzz
    hugbot-2-62 run 0)."""
    if _is_hugbot(turn, who) or turn.occupied(there):
        return False
    dest = turn.dests[there]
    other = turn.bot_at(dest)
    step_off(turn, who, here)
    turn.place(who, dest)
    step_on(turn, who, dest)
    turn.log(Teleported(turn.name(who), here, dest))
    if who != PLAYER:
        if other >= 0 and other != who:
            fuse(turn, who, other)
        if dest == turn.guy:
            turn.kill(Killed("bot", dest, (), who))
    return True


def blocked(turn, who: int, here: int, there: int, d: int) -> bool:
    return False


# -- entities pushing entities --------------------------------------------------

def push_bot(turn, bot: int, d: int, by: int) -> bool:
    """Anything but a dalek pushes a bot one cell onto open ground other than an exit;
    into electric floor it is destroyed. A pushed bomb is lit: its fuse starts again.

    LIT ON THE WAY IN. A bomb pushed into electric floor is destroyed there, but it was
    lit by the push all the same: its data keeps the full fuse (fuzz all-1-131 run 0)."""
    here = turn.bot_cell[bot]
    there = turn.neighbours[d][here]
    if there < 0 or turn.occupied(there):
        return False
    tile = turn.tiles[there]
    if tile != _ELECTRIC and not PUSHED_ONTO[tile]:
        return False
    kind = turn.bot_type[bot]
    if kind >= _BOMB:
        turn.bot_data[bot] = kind - _BOMB
    walk(turn, bot, here, there)
    if tile == _ELECTRIC:
        turn.bot_type[bot] = DESTROYED
        turn.log(BotDestroyed(bot, there, "electric"))
    turn.log(Pushed(turn.name(bot), here, there, turn.name(by)))
    return True


def push_player(turn, d: int, by: int) -> bool:
    """A hugbot pushes the player one cell onto open ground other than an exit."""
    here = turn.guy
    there = turn.neighbours[d][here]
    if there < 0 or turn.bot_at(there) >= 0 or not PUSHED_ONTO[turn.tiles[there]]:
        return False
    walk(turn, PLAYER, here, there)
    turn.log(Pushed("player", here, there, turn.name(by)))
    return True


def fuse(turn, dalek: int, other: int) -> None:
    """A dalek that walks into a bot: the two become one pile of broken metal."""
    turn.bot_type[dalek] = _BROKEN
    turn.bot_type[other] = DESTROYED
    turn.log(BotDestroyed(other, turn.bot_cell[other], "fused"))


# -- the table ------------------------------------------------------------------

ENTER = [blocked] * 64
for _tile in range(64):
    if WALKABLE[_tile]:
        ENTER[_tile] = enter_open
    elif PLAIN_BLOCKS[_tile]:
        ENTER[_tile] = blocks.push_block
    elif SLIDERS[_tile]:
        ENTER[_tile] = blocks.push_slider
    elif SPHERES[_tile]:
        ENTER[_tile] = blocks.push_sphere_chain
    elif STEELS[_tile]:
        ENTER[_tile] = blocks.push_steel_train
ENTER[T.GREEN] = blocks.push_green
ENTER[T.GOLD] = blocks.push_gold
ENTER[T.EXIT] = enter_exit
ENTER[T.ELECTRIC] = enter_electric
ENTER[T.HEARTFRAMER] = enter_heart_framer
ENTER[T.TRANSPORT] = enter_transporter
ENTER[T.ON] = switches.press_on_switch
ENTER[T.ZERO] = ENTER[T.ONE] = switches.press_swapper
ENTER[T.BROKEN] = switches.press_broken
ENTER[T.BUTTON] = electricity.press_button

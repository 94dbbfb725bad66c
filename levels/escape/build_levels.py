#!/usr/bin/env python3
"""Build the bundled Escape tutorial levels from the ASCII maps below.

Each level teaches one tile or mechanic (later ones combine them). A level is
one ``tutorial(...)`` call below, in play order, written as readable maps (one
character a cell, with the shared ``LEGEND`` and the level's own ``legend``):

- ``normal`` and ``bizarro``: the two tile layers (``bizarro`` defaults to all
  floor). ``@`` marks the player's start (floor under him). Bots stand on floor
  and are written in the normal map with a legend entry ``bot(KIND)``; their
  order is reading order (bombs after the other bots, as the format requires).
- ``links``: a map of the same size naming the destinations of panels and
  transporters: a lowercase letter on a panel or transporter points at the
  cell holding the same letter in uppercase (several may share one target).
- ``solution``: a solution in U/D/L/R letters, checked with the engine.

Running this script writes ``NN-name.esx`` for every level, ``solutions.esp``
(a player file with each level's solution keyed by the level file's MD5) and
``SOLUTIONS.md``. The output is deterministic: running it again changes no
byte.

    python levels/escape/build_levels.py            # build, then verify with the engine
    python levels/escape/build_levels.py --check    # are the files on disk up to date?
    python levels/escape/build_levels.py --shortest [NUMBER...]  # BFS for shortest solutions

Everything here is our own work; no level of another project was copied.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from studio.games.escape.esp import NamedSolution, moves_to_text, new_player_file, text_to_moves  # noqa: E402
from studio.games.escape.esx import save_esx  # noqa: E402
from studio.games.escape.level import BotPlacement, EscapeLevel  # noqa: E402
from studio.games.escape.tiles import LINKED_TILES, Bot, T, is_bomb  # noqa: E402

AUTHOR = "Puzzle Level Studio"
PLAYER_NAME = "Puzzle Level Studio"
SOLUTION_DATE = 1_700_000_000  # a fixed date stamp, so the player file is deterministic
SOLUTION_NAME = "Tutorial"


@dataclass(frozen=True)
class bot:  # noqa: N801 - reads as a legend entry: bot(Bot.DALEK)
    kind: int


# Characters every level may use; a level's own legend adds to or overrides these.
LEGEND: dict[str, object] = {
    ".": T.FLOOR,
    "@": T.FLOOR,  # the player's start
    "#": T.BLUE,
    "E": T.EXIT,
    "R": T.RED,
    "G": T.GREY,
    "g": T.GREEN,
    "O": T.HOLE,
    "$": T.GOLD,
    "L": T.LASER,
    "o": T.PANEL,
    ":": T.ROUGH,
    "~": T.ELECTRIC,
    "+": T.ON,
    "T": T.TRANSPORT,
    "%": T.BROKEN,
    "-": T.LR,
    "|": T.UD,
    "0": T.ZERO,
    "1": T.ONE,
    "_": T.BLACK,
    "S": T.STEEL,
    "*": T.SPHERE,
    "h": T.HEARTFRAMER,
    "D": T.SLEEPINGDOOR,
    "x": T.STOP,
}


@dataclass
class Design:
    number: int
    slug: str
    title: str
    teaches: str
    normal: str
    solution: str
    bizarro: str | None = None
    links: str | None = None
    legend: dict[str, object] = field(default_factory=dict)

    @property
    def filename(self) -> str:
        return f"{self.number:02d}-{self.slug}.esx"


def _rows(text: str) -> list[str]:
    return [line.strip() for line in text.strip().splitlines()]


def build(design: Design) -> EscapeLevel:
    """The level a design describes; raises ValueError on a malformed design."""
    legend = {**LEGEND, **design.legend}
    rows = _rows(design.normal)
    height, width = len(rows), len(rows[0])
    where = f"level {design.number:02d}"
    if any(len(row) != width for row in rows):
        raise ValueError(f"{where}: the normal map's rows differ in length")
    level = EscapeLevel.blank(width, height, design.title, AUTHOR)
    start = None
    bots: list[BotPlacement] = []
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            if char not in legend:
                raise ValueError(f"{where}: {char!r} at {x},{y} is not in the legend")
            entry = legend[char]
            cell = level.index(x, y)
            if isinstance(entry, bot):
                level.tiles[cell] = int(T.FLOOR)
                bots.append(BotPlacement(cell, int(entry.kind)))
            else:
                level.tiles[cell] = int(entry)
            if char == "@":
                if start is not None:
                    raise ValueError(f"{where}: two player starts")
                start = (x, y)
    if start is None:
        raise ValueError(f"{where}: no player start '@'")
    level.player = start
    level.bots = [b for b in bots if not is_bomb(b.kind)] + [b for b in bots if is_bomb(b.kind)]

    if design.bizarro is not None:
        brows = _rows(design.bizarro)
        if len(brows) != height or any(len(row) != width for row in brows):
            raise ValueError(f"{where}: the bizarro map is not {width}x{height}")
        for y, row in enumerate(brows):
            for x, char in enumerate(row):
                entry = legend.get(char)
                if entry is None or isinstance(entry, bot) or char == "@":
                    raise ValueError(f"{where}: bizarro {char!r} at {x},{y} is not a tile")
                level.otiles[level.index(x, y)] = int(entry)

    linked = {c for c in range(width * height) if level.tiles[c] in LINKED_TILES or level.otiles[c] in LINKED_TILES}
    if design.links is not None:
        lrows = _rows(design.links)
        if len(lrows) != height or any(len(row) != width for row in lrows):
            raise ValueError(f"{where}: the links map is not {width}x{height}")
        sources: dict[str, list[int]] = {}
        targets: dict[str, int] = {}
        for y, row in enumerate(lrows):
            for x, char in enumerate(row):
                cell = level.index(x, y)
                if char.islower():
                    sources.setdefault(char, []).append(cell)
                elif char.isupper():
                    if char.lower() in targets:
                        raise ValueError(f"{where}: two targets named {char}")
                    targets[char.lower()] = cell
        for name, cells in sources.items():
            if name not in targets:
                raise ValueError(f"{where}: link {name!r} has no target {name.upper()!r}")
            for cell in cells:
                if cell not in linked:
                    raise ValueError(f"{where}: link {name!r} at {level.xy(cell)} is not on a panel or transporter")
                level.dests[cell] = targets[name]
                linked.discard(cell)
    if linked:
        raise ValueError(f"{where}: panels or transporters with no destination at {[level.xy(c) for c in linked]}")
    return level


def encode(design: Design) -> bytes:
    return save_esx(build(design))


# -- the levels ------------------------------------------------------------------------

DESIGNS: list[Design] = []


def tutorial(**kwargs) -> None:
    DESIGNS.append(Design(number=len(DESIGNS) + 1, **kwargs))


tutorial(
    slug="first-steps",
    title="First Steps",
    teaches="Moving with the arrow keys; reaching the exit ends the level",
    normal="""
        ############
        #@...#.....#
        #.##.#.###.#
        #.#..#...#.#
        #.#.####.#.#
        #.#......#.#
        #.########E#
        ############
    """,
    solution="RRRDDLDDRRRRRUULLUURRRRDDDDD",
)

tutorial(
    slug="red-blocks",
    title="One at a Time",
    teaches="Red blocks: you push them onto floor, one at a time, never two in a row",
    normal="""
        #############
        #...#.......#
        #.@.R.......#
        #...#.....R.#
        ##########R##
        #########...#
        #########E..#
        #############
    """,
    solution="RRRDRRRRRDDLD",
)

tutorial(
    slug="grey-blocks",
    title="Filling the Gap",
    teaches="Grey blocks fill holes and become floor; red blocks cannot",
    normal="""
        #############
        #.....O.....#
        #.@G..O.....#
        #.....O.....#
        #..R..O.....#
        #.....O..G.O#
        #.....O...OE#
        #############
    """,
    solution="RRRRRDDDRRRRD",
)

tutorial(
    slug="gold-blocks",
    title="Gold Flies",
    teaches="Gold blocks fly until something stops them, and you stay where you are",
    normal="""
        #############
        #...........#
        #...........#
        ####.########
        #@..$......E#
        #.##.########
        #...........#
        #############
    """,
    solution="DDRRRUUURRRRRRR",
)

tutorial(
    slug="lasers",
    title="In the Line of Fire",
    teaches="Lasers kill you in their line of sight; blocks, even a flying gold one, stop the beam",
    normal="""
        #############
        #@.........##
        ###R#####.###
        L...........#
        ###.#####.###
        #...........#
        ###$#####.###
        L..........E#
        #############
    """,
    solution="RRDURRRRRRDDDDLLLLLLDRRRRRRDDRR",
)

tutorial(
    slug="panels",
    title="The Other Side",
    teaches="Panels swap their target with the bizarro layer each time something steps on or off; "
            "a block left on a panel keeps it pressed",
    normal="""
        #############
        #.....#.....#
        #.@R..#..R..#
        #.....#.....#
        #..o..#..o..#
        #.....#.....#
        ##########B##
        #############
    """,
    legend={"B": T.BLUE},
    bizarro="""
        #############
        #############
        #############
        ######.######
        #############
        #############
        ##########E##
        #############
    """,
    links="""
        .............
        .............
        .............
        ......A......
        ...a.....b...
        .............
        ..........B..
        .............
    """,
    solution="URDDRRRRUURRDDRDDD",
)

tutorial(
    slug="transporters",
    title="Beam Me Across",
    teaches="Transporters send you to their destination; pick the right one",
    normal="""
        #############
        #...#....#..#
        #.@.#.T..#.E#
        #...#...T#..#
        #.T.######..#
        #...#..T.#..#
        #...#....#..#
        #############
    """,
    links="""
        .............
        .......A..C..
        ......b......
        ........d....
        ..a..........
        .......c.....
        .D...B.......
        .............
    """,
    solution="DDLDURRRD",
)

tutorial(
    slug="electric-floor",
    title="Live Wire",
    teaches="Electric floor stops you and swallows blocks pushed into it; the On switch turns it off",
    normal="""
        #############
        #@..........#
        #.~~~~~.....#
        #.~.E.~.....#
        #.~~~~~...R~#
        #........#.##
        #........#+##
        #############
    """,
    solution="RRRRRRRDDDRRDDULLLLULL",
)

tutorial(
    slug="sliders",
    title="Zero and One",
    teaches="Left-right and up-down blocks slide along one axis only; pressing 0 or 1 turns every one of them",
    normal="""
        #############
        #@.....#....#
        #..0...#....#
        ####-###....#
        #......|....#
        #......#.1..#
        #......###|##
        #########...#
        #########..E#
        #############
    """,
    solution="RRDRDDDRRRRRRDLDDRD",
)

tutorial(
    slug="wires",
    title="Closing the Circuit",
    teaches="Buttons send pulses along wires to lights, which raise or lower the floor of their colour; "
            "wires can be pushed into place",
    normal="""
        #############
        #@..........#
        #...........#
        #.B==.=l#####
        #....=..#...#
        #.......u.E.#
        #.......#...#
        #############
    """,
    legend={"B": T.BUTTON, "=": T.WE, "l": T.BLIGHT, "u": T.BUP},
    solution="DDDDRRRRULLLUDRRRRRRRR",
)

tutorial(
    slug="spheres",
    title="Newton's Cradle",
    teaches="Spheres fly like gold and pass a push along a row; only a sphere of a panel's colour presses it",
    normal="""
        #############
        #...........#
        #.@r*......p#
        #...........#
        ##########A##
        #q......b*..#
        ###########B#
        #############
    """,
    legend={"r": T.RSPHERE, "b": T.BSPHERE, "p": T.RPANEL, "q": T.BPANEL, "A": T.BLUE, "B": T.BLUE},
    bizarro="""
        #############
        #############
        #############
        #############
        ##########.##
        #############
        ###########E#
        #############
    """,
    links="""
        .............
        .............
        ...........a.
        .............
        ..........A..
        .b...........
        ...........B.
        .............
    """,
    solution="DRRULLURDRRRRRRRRDDLRD",
)

tutorial(
    slug="steel",
    title="Freight Train",
    teaches="Steel blocks in a row are pushed together; coloured steel presses panels of its colour",
    normal="""
        #############
        #.....#.....#
        #@SSg.R...p.#
        #...........#
        ###########A#
        ###########E#
        #############
    """,
    legend={"g": T.GSTEEL, "p": T.GPANEL, "A": T.BLUE},
    bizarro="""
        #############
        #############
        #############
        #############
        ###########.#
        #############
        #############
    """,
    links="""
        .............
        .............
        ..........a..
        .............
        ...........A.
        .............
        .............
    """,
    solution="URRRRDRDRUDLLLLURRRRRRDRRDD",
)

tutorial(
    slug="heart-framers",
    title="Wake the Door",
    teaches="Take every heart framer to wake the sleeping door; until taken, a heart framer blocks lasers",
    normal="""
        #############
        #@....#....h#
        #..R..#.....#
        #.....#.....#
        L.....h.....#
        #.....#.....#
        #.h...#..D..#
        #############
    """,
    solution="RRDDRDDDLLRRUURRRUUURRRRDDDDDLL",
)

tutorial(
    slug="bots",
    title="Exterminate",
    teaches="Hugbots chase you and shove you about; daleks chase you and kill by touch, "
            "but walk blindly onto electric floor and into other bots",
    normal="""
        #############
        #@.....#....#
        #......#.d..#
        #......#....#
        #..~........#
        #......#.H..#
        #......#..E.#
        #############
    """,
    legend={"d": bot(Bot.DALEK), "H": bot(Bot.HUGBOT)},
    solution="DDRRRDRRRRRDDRR",
)

tutorial(
    slug="bombs",
    title="Demolition",
    teaches="Pushing a bomb lights its fuse; it blows up the walls around it, so stand clear",
    normal="""
        #############
        #@..........#
        #.......###.#
        #..b....#E#.#
        #.......###.#
        #...........#
        #############
    """,
    legend={"b": bot(Bot.BOMB + 3)},
    solution="DDRRRRRUUDDRRR",
)


tutorial(
    slug="crumbling-ground",
    title="Crumbling Ground",
    teaches="Broken walls crumble when pushed; traps give way once you step off (hidden ones show themselves first); "
            "green blocks move once, then turn blue; blocks never go onto rough floor",
    normal="""
        ###############
        #@...#........#
        #....%t.......#
        #....#........#
        ########g#,####
        L:::::::.::::E#
        ###############
    """,
    legend={",": T.TRAP1, "t": T.TRAP2},
    solution="DRRRRRRDRRDURRDDRRR",
)


tutorial(
    slug="grand-tour",
    title="Grand Tour",
    teaches="Putting it together: a block on a panel opens the way, gold is shot twice to shade a laser, "
            "and a transporter does the rest",
    normal="""
        ###############
        #@....#.......#
        #.....#..$....#
        #.R.o.A.....T.#
        #.....#.......#
        #######.#######
        L.............E
        ###############
    """,
    legend={"A": T.BLUE},
    bizarro="""
        ###############
        ###############
        ###############
        ######.########
        ###############
        ###############
        ###############
        ###############
    """,
    links="""
        ...............
        ...............
        ...............
        ....a.A.....b..
        ...............
        ...............
        ............B..
        ...............
    """,
    solution="DDRRURRDRRRRRULULLLDDDRRRRRRR",
)


# -- checking with the engine ----------------------------------------------------------------

def engine_module():
    """The Escape engine, or None while it does not exist yet."""
    try:
        from studio.games.escape import engine
    except ImportError:
        return None
    return engine if all(hasattr(engine, name) for name in ("initial_state", "step", "play_solution")) else None


def shortest(engine, level: EscapeLevel, limit: int = 3_000_000) -> tuple[int, ...] | None:
    """A shortest winning move list, by breadth-first search over states (None if none within limit).

    Only for small levels like these: every state reached is kept in memory.
    """
    start = engine.initial_state(level)
    parents: dict = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        for move in (1, 2, 3, 4):
            result = engine.step(state, move, events=False)
            if not result.moved or result.outcome == "dead":
                continue
            child = result.state
            if child in parents:
                continue
            parents[child] = (state, move)
            if result.outcome == "won":
                path = []
                while parents[child] is not None:
                    child, step_move = parents[child]
                    path.append(step_move)
                return tuple(reversed(path))
            if len(parents) >= limit:
                return None
            queue.append(child)
    return None


# -- output ------------------------------------------------------------------------------

def player_file(built: list[tuple[Design, bytes]]) -> bytes:
    player = new_player_file(PLAYER_NAME)
    for design, data in built:
        md5 = hashlib.md5(data).hexdigest()
        player.add_solution(md5, NamedSolution(SOLUTION_DATE, SOLUTION_NAME, AUTHOR, text_to_moves(design.solution)))
    return player.to_bytes()


def solutions_table(built: list[tuple[Design, bytes]]) -> bytes:
    lines = [
        "# Escape tutorial levels: solutions",
        "",
        "Made by `build_levels.py` (do not edit by hand). Each level teaches one tile or",
        "mechanic; the solutions are also stored in `solutions.esp`, keyed by each level",
        "file's MD5, and `tests/test_bundled_levels.py` plays them with the engine.",
        "",
        "| level | title | teaches | moves | solution |",
        "| --- | --- | --- | --- | --- |",
    ]
    for design, data in built:
        lines.append(
            f"| `{design.filename}` | {design.title} | {design.teaches} | {len(design.solution)} | `{design.solution}` |"
        )
    return ("\n".join(lines) + "\n").encode("utf-8")


def outputs() -> dict[str, bytes]:
    built = [(design, encode(design)) for design in DESIGNS]
    files = {design.filename: data for design, data in built}
    files["solutions.esp"] = player_file(built)
    files["SOLUTIONS.md"] = solutions_table(built)
    return files


def verify(engine) -> bool:
    ok = True
    for design in DESIGNS:
        level = build(design)
        verdict, at, _ = engine.play_solution(engine.initial_state(level), text_to_moves(design.solution))
        good = verdict == "won" and at == len(design.solution)
        ok &= good
        print(f"{design.filename:28} {len(design.solution):3} moves: {verdict} at {at}{'' if good else '   <-- FAILS'}")
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the files on disk are up to date")
    parser.add_argument("--shortest", nargs="*", type=int, metavar="NUMBER",
                        help="search for shortest solutions (all levels when no number is given)")
    args = parser.parse_args(argv)

    if args.shortest is not None:
        engine = engine_module()
        if engine is None:
            print("the engine (studio.games.escape.engine) is not there yet")
            return 2
        for design in DESIGNS:
            if args.shortest and design.number not in args.shortest:
                continue
            found = shortest(engine, build(design))
            text = "none found" if found is None else f"{len(found):3} {moves_to_text(found)}"
            print(f"{design.filename:28} stored {len(design.solution):3}; shortest {text}")
        return 0

    files = outputs()
    if args.check:
        stale = [name for name, data in files.items() if not (HERE / name).is_file() or (HERE / name).read_bytes() != data]
        for name in stale:
            print(f"out of date: {name}")
        return 1 if stale else 0

    for name, data in files.items():
        path = HERE / name
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)
            print(f"wrote {path.relative_to(ROOT)}")
    engine = engine_module()
    if engine is None:
        print("the engine is not there yet: solutions not verified")
        return 0
    return 0 if verify(engine) else 1


if __name__ == "__main__":
    raise SystemExit(main())

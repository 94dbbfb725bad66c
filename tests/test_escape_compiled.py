"""The compiled Escape engine (studio/games/escape/compiled) held to the reference engine
(engine.play_solution) and to the original's verdicts in ../shared/corpus/escape: the same
verdict, move count and final board on every stored and random solution, every prefix of
the random ones, random moves on corpus levels and on random levels, every short walk
beside a bomb or bot, moves it cannot take, pickled plays, `studio verify` with and
without it, and where its machine code is cached. The tests that need the corpus skip
without it; those that need the compiled engine skip without numba or with
STUDIO_PURE_PYTHON set."""

from __future__ import annotations

import hashlib
import importlib.util
import itertools
import json
import os
import pickle
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.escape_corpus import (
    ESCAPE,
    FUZZ,
    corpus_present,
    fuzz_present,
    fuzz_results,
    load_level,
    solution_records,
)

REPO = Path(__file__).resolve().parent.parent
COMPILED_SOURCES = REPO / "studio" / "games" / "escape" / "compiled"
RULES_SOURCES = ("kernel.py", "motion.py", "play.py", "reading.py", "loading.py", "ordering.py", "boards.py",
                 "search.py", "proof.py", "geography.py")  # (all numba compiles)
NO_CORPUS = "../shared/corpus/escape is absent (it ships only beside the project's own checkout)"
NO_FUZZ = "../shared/corpus/escape/fuzz is absent (it ships only beside the project's own checkout)"
needs_corpus = pytest.mark.skipif(not corpus_present(), reason=NO_CORPUS)
needs_fuzz = pytest.mark.skipif(not fuzz_present(), reason=NO_FUZZ)
HAND_MADE = ("regression", "tutorial", "mylevels")  # (malformed/ holds only files the loader refuses)


# --- helpers ---------------------------------------------------------------------------

def moves_of(record: dict) -> tuple[int, ...]:
    """A corpus record's moves as directions 1-4 (every corpus solution is U D L R only)."""
    from studio.games.escape.engine import LETTER_DIRECTIONS

    moves = tuple(LETTER_DIRECTIONS[c] for c in record["moves_udlr"])
    assert len(moves) == record["length"]
    return moves


def reference(start, moves) -> tuple:
    """The reference engine's (verdict, moves, (tiles, otiles, flags, player, bots))."""
    from studio.games.escape.engine import play_solution

    got = play_solution(start, moves)
    s = got.state
    return got.verdict, got.moves, (s.tiles, s.otiles, s.flags, s.player, s.bots)


def differing_fields(want: tuple, got: tuple) -> str:
    """Which parts of two (verdict, moves, board) results differ, cells named for layers."""
    if got is None:
        return "compiled engine gave None"
    out = [f"{name}: want {w} got {g}" for name, w, g in (("verdict", want[0], got[0]), ("moves", want[1], got[1]))
           if w != g]
    for name, w, g in zip(("tiles", "otiles", "flags", "player", "bots"), want[2], got[2]):
        if w == g:
            continue
        if name in ("tiles", "otiles", "flags"):
            cells = [i for i, (a, b) in enumerate(zip(w, g)) if a != b]
            out.append(f"{name} differ at cells {cells[:8]}: want {[w[i] for i in cells[:8]]} "
                       f"got {[g[i] for i in cells[:8]]}")
        else:
            out.append(f"{name}: want {w} got {g}")
    return "; ".join(out)


def first_difference(start, player, moves) -> str:
    """The first prefix of ``moves`` on which the engines disagree, described (so a failure
    names the move whose rule the compiled copy has wrong, not just the end result)."""
    for k in range(len(moves) + 1):
        want, got = reference(start, moves[:k]), player(moves[:k], final=True)
        if got != want:
            return f"first differs after move {k} (move value {moves[k - 1] if k else None}): " \
                   + differing_fields(want, got)
    return "no prefix differs"


def compiled_usable() -> bool:
    return importlib.util.find_spec("numba") is not None and not os.environ.get("STUDIO_PURE_PYTHON")


needs_compiled = pytest.mark.skipif(not compiled_usable(), reason="numba is not installed or STUDIO_PURE_PYTHON "
                                    "is set: there is no compiled engine to test")


# --- fixtures (module scope: the compiled engine is loaded once, each level's player built once)

@pytest.fixture(scope="module")
def engine():
    """The compiled engine, started in this process. ``start_engine`` makes every later
    ``play_solutions`` of the process use it: that is undone afterwards so other test
    modules still see the reference engine play a process's first moves."""
    from studio.games.escape import compiled

    saved = compiled._started
    assert compiled.start_engine(), "numba is installed but the compiled engine did not start"
    assert compiled.available()
    yield compiled
    compiled._started = saved


@pytest.fixture(scope="module")
def players(engine):
    """``players(path)`` -> (start state, compiled player), built once per level file."""
    from studio.games.escape.engine import initial_state

    made = {}

    def get(path: Path):
        if path not in made:
            start = initial_state(load_level(path))
            player = engine.compiled_player(start)
            assert player is not None, f"{path}: no compiled player for a start no move has decided"
            made[path] = start, player
        return made[path]

    return get


def loadable_records() -> list[tuple[dict, Path]]:
    """solutions.jsonl records whose level loads; every other one must be a level the
    original refused too (so no real solution is left out by accident)."""
    from studio.core.errors import LevelFormatError

    found = []
    for record in solution_records():
        path = ESCAPE / record["level"]
        try:
            load_level(path)
        except LevelFormatError:
            assert record["verdict"] == "badlevel", f"{record['level']} does not load but the original played it"
            continue
        assert record["verdict"] != "badlevel", f"{record['level']} loads but the original refused it"
        found.append((record, path))
    return found


# --- 1. every corpus solution -------------------------------------------------------------

def check_runs(runs, players) -> list[str]:
    """Compiled vs reference vs original record for (record, level path) pairs: the lines
    describing every disagreement."""
    wrong = []
    for record, path in runs:
        start, player = players(path)
        moves = moves_of(record)
        want = reference(start, moves)
        got = player(moves, final=True)
        name = f"{record['level']}#{record['index']}"
        if got != want:
            where = first_difference(start, player, moves) if len(wrong) < 5 else "(first move not sought)"
            wrong.append(f"{name}: {differing_fields(want, got)}; {where}")
        elif player(moves) != want[:2]:  # the plain call play_solutions makes
            wrong.append(f"{name}: final=False gave {player(moves)}, final=True {got[:2]}")
        elif want[:2] != (record["verdict"], record["moves"]):
            wrong.append(f"{name}: original {record['verdict']} at {record['moves']}, both engines {want[:2]}")
    return wrong


@needs_compiled
@needs_corpus
def test_every_stored_solution_plays_the_same_on_both_engines(players):
    runs = loadable_records()
    assert len(runs) >= 80, "the corpus should hold about 90 playable solutions"
    wrong = check_runs(runs, players)
    assert not wrong, f"{len(wrong)}/{len(runs)} solutions differ:\n" + "\n".join(wrong)


@needs_compiled
@needs_fuzz
def test_every_random_level_run_plays_the_same_on_both_engines(players):
    runs = [(record, FUZZ / record["level"]) for record in fuzz_results()]
    assert len(runs) >= 2000
    wrong = check_runs(runs, players)
    assert not wrong, f"{len(wrong)}/{len(runs)} fuzz runs differ:\n" + "\n".join(wrong)


# --- 2. every prefix of every random run ----------------------------------------------------

@needs_compiled
@needs_fuzz
def test_every_prefix_of_every_random_run_ends_on_the_same_board(players):
    # A divergence mid-solution could be hidden by a later death both engines agree on:
    # compare the end of every prefix (about 55,000 of them, some three seconds).
    wrong, prefixes = [], 0
    for record in fuzz_results():
        start, player = players(FUZZ / record["level"])
        moves = moves_of(record)
        for k in range(len(moves) + 1):
            prefixes += 1
            want, got = reference(start, moves[:k]), player(moves[:k], final=True)
            if got != want:
                wrong.append(f"{record['level']}#{record['index']} after move {k} of {len(moves)}: "
                             f"{differing_fields(want, got)}")
                break  # (the first differing prefix is the one that names the rule)
    assert prefixes > 50_000
    assert not wrong, f"{len(wrong)} fuzz runs have a prefix that differs:\n" + "\n".join(wrong)


# --- 3. random move strings --------------------------------------------------------------

FEATURES = ("bots", "bombs", "panels", "lasers", "transporters", "buttons")


def features_of(level) -> set[str]:
    from studio.games.escape.tiles import Bot, T

    tiles = set(level.tiles) | set(level.otiles)
    kinds = {int(bot.kind) for bot in level.bots}
    found = {name for name, wanted in (
        ("panels", {T.PANEL, T.BPANEL, T.RPANEL, T.GPANEL}), ("lasers", {T.LASER}),
        ("transporters", {T.TRANSPORT}), ("buttons", {T.BUTTON})) if tiles & {int(t) for t in wanted}}
    if kinds & {int(Bot.DALEK), int(Bot.HUGBOT), int(Bot.DALEK_ASLEEP), int(Bot.HUGBOT_ASLEEP)}:
        found.add("bots")
    if any(kind >= Bot.BOMB for kind in kinds):
        found.add("bombs")
    return found


@pytest.fixture(scope="module")
def property_levels() -> list[tuple[Path, tuple]]:
    """Hand-made levels that load and have any of FEATURES, and every tenth random level;
    each with a stored solution (or ()) whose prefix the property test may play first, so
    random moves start deep inside the level, not only at its start."""
    from studio.core.errors import LevelFormatError

    solution_of = {}
    for record in solution_records():
        solution_of.setdefault(ESCAPE / record["level"], moves_of(record))
    for record in fuzz_results():
        solution_of.setdefault(FUZZ / record["level"], moves_of(record))
    paths = [p for folder in HAND_MADE for p in sorted((ESCAPE / "levels" / folder).glob("*.esx"))]
    paths += sorted((FUZZ / "levels").glob("*.esx"))[::10]
    chosen, covered = [], set()
    for path in paths:
        try:
            features = features_of(load_level(path))
        except LevelFormatError:
            continue
        if features:
            chosen.append((path, solution_of.get(path, ())))
            covered |= features
    assert covered == set(FEATURES), f"the sample misses {set(FEATURES) - covered}"
    assert len(chosen) >= 100
    return chosen


@needs_compiled
@needs_corpus
@needs_fuzz
@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(data=st.data())
def test_random_moves_play_the_same_on_both_engines(data, players, property_levels):
    path, solution = data.draw(st.sampled_from(property_levels), label="level")
    cut = data.draw(st.integers(0, len(solution)), label="stored solution moves played first")
    # (the length drawn first: a plain st.lists averages under ten moves)
    length = data.draw(st.integers(0, 200), label="random moves")
    tail = data.draw(st.lists(st.integers(0, 5), min_size=length, max_size=length), label="moves")  # 0, 5: non-moves
    moves = solution[:cut] + tuple(tail)
    start, player = players(path)
    want, got = reference(start, moves), player(moves, final=True)
    assert got == want, f"{path.name}: {differing_fields(want, got)}; {first_difference(start, player, moves)}"


@st.composite
def random_levels(draw):
    """Small levels of floor and a few kinds of tile on both layers, random destinations, up
    to the 15 bots and bombs a level may hold, anywhere: corners the corpus's levels may not
    reach (a bomb that explodes as it is pushed, lasers taken by bombs or swapped by panels,
    a player starting on a bot). A few kinds a level, so that they meet."""
    from studio.games.escape.esx import MAX_BOT_TYPE, check_level
    from studio.games.escape.level import BotPlacement, EscapeLevel
    from studio.games.escape.tiles import NUM_TILES, is_bomb

    width, height = draw(st.integers(1, 10)), draw(st.integers(1, 8))
    cells = width * height
    kinds = draw(st.lists(st.integers(1, NUM_TILES - 1), min_size=1, max_size=5))
    tile = st.sampled_from([0, 0, 0, *kinds])  # (mostly floor, or nobody moves)
    layers = [draw(st.lists(tile, min_size=cells, max_size=cells)) for _ in range(2)]
    dests = draw(st.lists(st.integers(0, cells - 1), min_size=cells, max_size=cells))
    bot_cells = draw(st.lists(st.integers(0, cells - 1), unique=True, max_size=min(15, cells)))
    bot_kinds = draw(st.lists(st.integers(0, MAX_BOT_TYPE), min_size=1, max_size=3))
    bots = [BotPlacement(cell, draw(st.sampled_from(bot_kinds))) for cell in bot_cells]
    bots = [b for b in bots if not is_bomb(b.kind)] + [b for b in bots if is_bomb(b.kind)]
    start = draw(st.integers(0, cells - 1))
    level = EscapeLevel(width, height, "random", "", (start % width, start // width), *layers, dests, bots)
    check_level(level)  # (a level the format can hold)
    return level


@needs_compiled
@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(level=random_levels(), data=st.data())
def test_random_levels_play_the_same_on_both_engines(level, data, engine):
    from studio.games.escape.engine import initial_state

    length = data.draw(st.integers(0, 200), label="random moves")
    moves = tuple(data.draw(st.lists(st.integers(0, 5), min_size=length, max_size=length), label="moves"))
    start = initial_state(level)
    player = engine.compiled_player(start)
    want, got = reference(start, moves), player(moves, final=True)
    assert got is None or got == want, f"{differing_fields(want, got)}; {first_difference(start, player, moves)}"


@needs_compiled
def test_every_short_walk_beside_a_bomb_or_bot_plays_the_same(engine):
    # Systematic where the corpus is thin: no stored run has the player on every side of a
    # blast (a bomb with no fuse pushed left kills him from its right). Every walk of five
    # moves on open floor, a bomb (fuses 0-2), hugbot or dalek on each cell around him, a
    # second bomb two cells off for chains, and a laser in a corner.
    from studio.games.escape.engine import initial_state
    from studio.games.escape.level import BotPlacement, EscapeLevel
    from studio.games.escape.tiles import Bot, T

    walks = list(itertools.product((1, 2, 3, 4), repeat=5))
    wrong, deaths = [], 0
    for kind in (Bot.BOMB, Bot.BOMB + 1, Bot.BOMB + 2, Bot.HUGBOT, Bot.DALEK):
        for dx, dy in itertools.product((-1, 0, 1), repeat=2):
            if dx == dy == 0:
                continue
            level = EscapeLevel.blank(6, 6)
            level.player, level.tiles[35] = (2, 2), int(T.LASER)
            level.bots = [BotPlacement((2 + dy) * 6 + 2 + dx, int(kind)), BotPlacement(4 * 6 + 4, int(Bot.BOMB))]
            start = initial_state(level)
            player = engine.compiled_player(start)
            for walk in walks:
                want, got = reference(start, walk), player(walk, final=True)
                deaths += want[0] == "dead"
                if got != want:
                    wrong.append(f"bot {int(kind)} at ({2 + dx},{2 + dy}), walk {walk}: {differing_fields(want, got)}; "
                                 f"{first_difference(start, player, walk)}")
                    break
    assert deaths > 1000, "the walks should often end in a blast, a bot or the laser"
    assert not wrong, "\n".join(wrong)


@needs_compiled
@needs_corpus
def test_a_player_keeps_nothing_from_one_solution_to_the_next(engine):
    # One player serves all of a level's solutions (it keeps scratch space between them):
    # the order they are played in, or a fresh player for each, must not matter.
    from studio.games.escape.engine import initial_state

    by_level = {}
    for record, path in loadable_records():
        by_level.setdefault(path, []).append(moves_of(record))
    compared = 0
    for path, solutions in by_level.items():
        start = initial_state(load_level(path))
        shared = engine.compiled_player(start)
        solutions += [s[: len(s) // 2] for s in solutions]  # (halves: left open, mid-level)
        backwards = [shared(s, final=True) for s in reversed(solutions)]
        fresh = [engine.compiled_player(start)(s, final=True) for s in solutions]
        assert backwards[::-1] == fresh, path.name
        compared += len(fresh)
    assert compared > 150


# --- 4. moves the compiled engine cannot take ------------------------------------------------

@pytest.fixture(scope="module")
def won_solution(players) -> tuple:
    """(start, compiled player, moves) of the shortest stored winning solution."""
    record, path = min(((r, p) for r, p in loadable_records() if r["verdict"] == "won"),
                       key=lambda rp: rp[0]["length"])
    start, player = players(path)
    return start, player, moves_of(record)


@needs_compiled
@needs_corpus
@pytest.mark.parametrize("outside", [300, 256, -1])
def test_a_move_outside_a_byte_is_left_to_the_reference_engine(outside, engine, won_solution, monkeypatch):
    import studio.games.escape.engine as reference_engine

    start, player, moves = won_solution
    odd = moves[:-1] + (outside,) + moves[-1:]  # (a move that changes nothing, yet counts)
    assert player(odd) is None and player(odd, final=True) is None
    plain = moves[:-1] + (7,) + moves[-1:]
    calls = []
    real = reference_engine.play_solution
    monkeypatch.setattr(reference_engine, "play_solution", lambda s, m: calls.append(tuple(m)) or real(s, m))
    assert engine.play_solutions(start, [plain, odd]) == [("won", len(moves) + 1)] * 2
    assert calls == [odd], "only the solution the compiled engine cannot take goes to the reference engine"
    assert real(start, odd)[:2] == ("won", len(moves) + 1)


@needs_compiled
@needs_corpus
def test_non_moves_inside_a_byte_count_but_change_nothing(engine, won_solution):
    start, player, moves = won_solution
    padded = tuple(m for move in moves for m in (0, move, 7, 255, 5))
    want = reference(start, padded)
    assert want[:2] == ("won", 5 * (len(moves) - 1) + 2)  # (won on the last real move)
    assert player(padded, final=True) == want
    assert engine.play_solutions(start, [padded, (0, 7), ()]) == [want[:2]] + [reference(start, m)[:2]
                                                                                  for m in ((0, 7), ())]


# --- 5. FilePlays through pickle ------------------------------------------------------

def deferred_plays(level_paths, player_file) -> list:
    """The Deferred of each level as a `studio verify` worker makes them: its process has
    not started the compiled engine, and it leaves the loading to the one that has."""
    from studio.core.verifying import Deferred
    from studio.games.escape import compiled
    from studio.games.escape.verify import prepare_level

    started, compiled._started = compiled._started, False
    try:
        deferreds = [prepare_level(str(path), solutions=str(player_file), loading=False) for path in level_paths]
    finally:
        compiled._started = started
    for path, deferred in zip(level_paths, deferreds):
        assert isinstance(deferred, Deferred), f"{path}: loads and the compiled engine is installed"
    return deferreds


@needs_compiled
@needs_corpus
@needs_fuzz
def test_pickled_plays_give_the_same_verdicts_as_the_reference(engine):
    from studio.games.escape.engine import initial_state
    from studio.games.escape.esx import load_esx
    from studio.games.escape.verify import FilePlays

    paths = sorted({p for _, p in loadable_records()})
    deferreds = deferred_plays(paths, ESCAPE / "player.esp")
    deferreds += deferred_plays(sorted((FUZZ / "levels").glob("*.esx"))[::25], FUZZ / "fuzz.esp")
    odd = FilePlays(deferreds[0].play.data, [(1, 300, 2), (0, 7)])  # (kept as a tuple, not bytes)
    plays = [d.play for d in deferreds] + [odd]
    starts = [initial_state(load_esx(p.data)) for p in plays]
    assert any(any(start.board.dests) for start in starts), "some level should have transporter or panel dests"
    played = 0
    for deferred_results, original, start in zip([d.results for d in deferreds] + [[{}, {}]], plays, starts):
        copy = pickle.loads(pickle.dumps(original))
        assert isinstance(copy, FilePlays) and copy.data == original.data and copy.player is None
        assert [tuple(s) for s in copy.solutions] == [tuple(s) for s in original.solutions]
        want = [dict(r) for r in deferred_results]
        got = [dict(r) for r in deferred_results]
        original(want)
        copy(got)
        assert got == want and all(r["verdict"] in ("won", "dead", "open") for r in got)
        assert [(r["verdict"], r["moves"]) for r in got] == [reference(start, s)[:2] for s in original.solutions]
        played += len(got)
    assert played > 150


# --- 6. `studio verify` with and without the compiled engine -----------------------------------

# `python -m studio`, counting the solutions the compiled engine settles in the parent process
# (printed on stderr at exit), to show that the run without STUDIO_PURE_PYTHON really used it.
COUNTING_RUN = """
import atexit, runpy, sys
import studio.games.escape.compiled as compiled
import studio.games.escape.verify as verify
# (the random levels' solutions are fewer moves than make the compiled engine worth starting)
verify.COMPILED_FROM_MOVES = compiled.REFERENCE_MOVES_FIRST = 0
# (every compiled player, from a state or from a file, is made by _player_of; the processes
# forked to share the playing count their own, unseen here)
real, settled = compiled._player_of, []
def counting(*arrays):
    player = real(*arrays)
    def play(moves, final=False):
        got = player(moves, final)
        settled.append(got is not None)
        return got
    return play
compiled._player_of = counting
atexit.register(lambda: print("compiled plays settled:", sum(settled), file=sys.stderr))
sys.argv[0] = "studio"
runpy.run_module("studio", run_name="__main__", alter_sys=True)
"""


def copy_levels(source: Path, target: Path, pattern: str) -> list[str]:
    files = []
    for level in sorted(source.glob(pattern)):
        (target / level.relative_to(source)).parent.mkdir(parents=True, exist_ok=True)
        files.append(str(shutil.copy(level, target / level.relative_to(source))))
    return files


def run_verify(prefix: list[str], files: list[str], player_file: Path, **env) -> tuple[list[str], str]:
    """`studio verify FILES --solutions PLAYER --json --jobs 2` in a new process: its
    stdout lines and stderr."""
    arguments = ["verify", *files, "--solutions", str(player_file), "--json", "--jobs", "2"]
    base = {k: v for k, v in os.environ.items() if k != "STUDIO_PURE_PYTHON"}
    done = subprocess.run([sys.executable, *prefix, *arguments], check=False, cwd=REPO, env=dict(base, **env),
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 1, done.stderr  # (1: some files are malformed, some solutions not won)
    return done.stdout.splitlines(), done.stderr


@needs_compiled
@needs_corpus
def test_studio_verify_prints_the_same_with_and_without_the_compiled_engine(tmp_path):
    files = copy_levels(ESCAPE / "levels", tmp_path, "*/*.esx")
    player_file = Path(shutil.copy(ESCAPE / "player.esp", tmp_path / "player.esp"))
    pure, _ = run_verify(["-m", "studio"], files, player_file, STUDIO_PURE_PYTHON="1")
    compiled, _ = run_verify(["-m", "studio"], files, player_file)
    assert compiled == pure
    # ...and they are the original's verdicts (a level stored twice, in tutorial/ and mylevels/, twice)
    results = [json.loads(line) for line in pure]
    by_solution = {(r["md5"], r["index"]): (r["verdict"], r["moves"]) for r in results if r["index"] is not None}
    assert by_solution == {(r["md5"], r["index"]): ("error", None) if r["verdict"] == "badlevel"
                           else (r["verdict"], r["moves"]) for r in solution_records()}


@needs_compiled
@needs_fuzz
def test_studio_verify_of_the_random_levels_uses_the_compiled_engine_and_agrees(tmp_path):
    # Neither player file holds enough moves for `studio verify` to start the compiled engine
    # (verify.COMPILED_FROM_MOVES, compiled.REFERENCE_MOVES_FIRST): this run sets both to 0
    # and counts the solutions the compiled engine settles.
    files = copy_levels(FUZZ, tmp_path, "levels/*.esx")
    player_file = Path(shutil.copy(FUZZ / "fuzz.esp", tmp_path / "fuzz.esp"))
    pure, _ = run_verify(["-m", "studio"], files, player_file, STUDIO_PURE_PYTHON="1")
    counted, stderr = run_verify(["-c", COUNTING_RUN], files, player_file)
    assert counted == pure
    results = [json.loads(line) for line in pure]
    got = {(Path(r["level"]).relative_to(tmp_path).as_posix(), r["index"]): (r["verdict"], r["moves"])
           for r in results}
    assert got == {(r["level"], r["index"]): (r["verdict"], r["moves"]) for r in fuzz_results()}
    settled = int(re.search(r"compiled plays settled: (\d+)", stderr).group(1))
    assert settled > 0, "the run without STUDIO_PURE_PYTHON never used the compiled engine"


# --- 7. where the machine code is cached -------------------------------------------------

def test_machine_code_folder_is_in_the_users_cache(tmp_path, monkeypatch):
    from studio.games.escape.compiled import machine_code_folder

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = machine_code_folder()
    assert folder.parent == tmp_path / "cache" / "puzzle-level-studio" / "escape-engine"
    digest = hashlib.sha256(b"".join((COMPILED_SOURCES / n).read_bytes() for n in RULES_SOURCES)).hexdigest()
    assert folder.name == digest[:16]
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    home_cache = tmp_path / "home" / ".cache"  # (the default without XDG_CACHE_HOME)
    assert machine_code_folder() == home_cache / "puzzle-level-studio" / "escape-engine" / digest[:16]


def test_machine_code_folder_changes_with_each_source(tmp_path, monkeypatch):
    # A copy of the package (the real one is never edited), so its sources can be changed:
    # numba checks only the timestamp of the file whose function it loads: the folder name
    # must follow every source.
    for name in ("__init__.py", *RULES_SOURCES):
        shutil.copy(COMPILED_SOURCES / name, tmp_path / name)
    spec = importlib.util.spec_from_file_location("scratch_compiled", tmp_path / "__init__.py")
    scratch = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(scratch)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    from studio.games.escape.compiled import machine_code_folder

    first = scratch.machine_code_folder()
    assert first == machine_code_folder() and re.fullmatch(r"[0-9a-f]{16}", first.name)
    names = {first.name}
    for name in RULES_SOURCES:
        source = tmp_path / name
        original = source.read_bytes()
        source.write_bytes(original + b"\n# one more line\n")
        changed = scratch.machine_code_folder()
        assert changed.parent == first.parent and changed.name not in names, f"{name}'s edit kept the folder"
        names.add(changed.name)
        source.write_bytes(original)
        assert scratch.machine_code_folder() == first
    (tmp_path / "unrelated.py").write_text("# not one of the rules' sources\n")
    assert scratch.machine_code_folder() == first

"""Intricacy's web scene under CPython (studio.games.intricacy.web_scene): each piece's picture
placed and turned so it covers the hexes the engine says, turns animated the way the engine
turned, springs drawn along the art's zigzag, and the page's own keys kept off the game's."""

from __future__ import annotations

from pathlib import Path

from studio.core.game import game_by_id
from studio.core.web_play import WebSession
from studio.export.levels import check_level
from studio.games.intricacy.drawing import centre, spring_points
from studio.games.intricacy.hexgrid import Hex
from studio.games.intricacy.lock import BALL, TURNING_KINDS
from studio.games.intricacy.web_scene import RADIUS, parse_hexes

LOCKS = Path(__file__).resolve().parent.parent / "levels" / "intricacy"


def _played(path: Path):
    """(session, [(state, frame)]) along the level's solution."""
    session = WebSession(game_by_id("intricacy"), path.read_bytes())
    seen = [(session.state, session.frame())]
    for move in session.adapter.parse_moves(check_level(path).solution):
        frame = session.press(next(n for n, key in enumerate(session.move_keys) if key.move == move))
        seen.append((session.state, frame))
    return session, seen


def _where(item: dict, corner: tuple[float, float]) -> tuple[float, float]:
    return item["at"][0] + corner[0], item["at"][1] + corner[1]


def test_each_picture_placed_and_turned_covers_the_pieces_hexes():
    for path in sorted(LOCKS.glob("*.lock")):
        _session, seen = _played(path)
        for state, frame in seen:
            ground = seen[0][1]["ground"]
            corner = (-ground["at"][0], -ground["at"][1])  # the ground's point is hex (0, 0)
            items = {item["id"]: item for item in frame["scene"]["items"]}
            for index, piece in enumerate(state.pieces):
                item = items[f"p{index}"]
                x, y = _where(item, corner)
                reference = centre(min(piece.hexes), RADIUS)
                assert abs(x - reference[0]) < 1e-3 and abs(y - reference[1]) < 1e-3, (path.name, index)
                kind, _colour, shape = (item["key"].split("-", 2) + [""])[:3]  # a ball's key has no shape
                assert kind == piece.kind
                if kind in TURNING_KINDS:
                    turn = round(item.get("angle", 0) / 60)
                    assert {(int(arm) + turn) % 6 for arm in shape} == set(piece.arms), (path.name, index)
                elif kind != BALL:
                    first = min(piece.hexes)
                    assert {first + h for h in parse_hexes(shape)} == set(piece.hexes)


def test_springs_follow_the_arts_zigzag_and_slide_with_their_ends():
    session, seen = _played(LOCKS / "01-the-bolt.lock")
    ground = seen[0][1]["ground"]
    corner = (-ground["at"][0], -ground["at"][1])
    state, frame = seen[-1]
    spring = state.springs[0]
    drawn = next(item for item in frame["scene"]["items"] if item["id"] == "s0")
    expected = spring_points(centre(spring.root_anchor, RADIUS), centre(spring.end_anchor, RADIUS), spring.natural, RADIUS)
    assert [(round(x + corner[0], 3), round(y + corner[1], 3)) for x, y in drawn["points"]] == \
        [(round(x, 3), round(y, 3)) for x, y in expected]
    before = {item["id"]: item for item in seen[0][1]["scene"]["items"]}
    slid = {motion["id"]: motion for motion in frame["motions"]}
    assert slid["s0"]["points"] == before["s0"]["points"]  # it slides from where it was drawn


def test_a_turn_is_animated_the_way_the_engine_turned():
    session = WebSession(game_by_id("intricacy"), (LOCKS / "03-turning.lock").read_bytes())
    hook = next(index for index, piece in enumerate(session.state.pieces) if piece.kind == "hook")
    for key, sign in (("Q", -1), ("R", 1)):
        frame = session.press(next(n for n, k in enumerate(session.move_keys) if k.key == key))
        item = next(item for item in frame["scene"]["items"] if item["id"] == f"p{hook}")
        motion = next(motion for motion in frame["motions"] if motion["id"] == f"p{hook}")
        assert item.get("angle", 0) - motion["angle"] == 60 * sign, key
        session.undo()


def test_the_pages_keys_leave_the_games_alone():
    intricacy = WebSession(game_by_id("intricacy"), (LOCKS / "01-the-bolt.lock").read_bytes())
    assert intricacy.controls() == {"undo": ["Backspace", "U"], "redo": ["Y"], "restart": ["Home"], "hint": ["H", "?"]}
    escape = WebSession(game_by_id("escape"), (LOCKS.parent / "escape" / "01-first-steps.esx").read_bytes())
    assert escape.controls()["undo"][0] == "Z" and escape.controls()["restart"][0] == "R"


def test_a_lock_without_a_wrench_offers_no_wrench_keys():
    bolt = WebSession(game_by_id("intricacy"), (LOCKS / "01-the-bolt.lock").read_bytes())
    assert not any("wrench" in key["label"] for key in bolt.keys()) and len(bolt.keys()) == 9
    wrench = WebSession(game_by_id("intricacy"), (LOCKS / "07-the-wrench.lock").read_bytes())
    assert any("wrench" in key["label"] for key in wrench.keys())


def test_the_ground_names_each_cells_centre_for_the_marks():
    session = WebSession(game_by_id("intricacy"), (LOCKS / "08-gears.lock").read_bytes())
    ground = session.frame()["ground"]
    size = session.state.board.size
    from studio.games.intricacy.playtest import hex_of_cell

    cell = 5
    h = hex_of_cell(size, cell)
    x, y = centre(Hex(h.q, h.r), RADIUS)
    assert abs(ground["centres"][cell][0] - ground["at"][0] - x) < 1e-3
    assert abs(ground["centres"][cell][1] - ground["at"][1] - y) < 1e-3

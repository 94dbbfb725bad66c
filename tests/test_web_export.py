"""`studio export-web` and the web session under CPython: what the folder holds, what the page
is told of a level and its moves, and the refusals (core.web_play, studio.export.web)."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from studio.core.game import game_by_id
from studio.core.web_play import WebSession
from studio.export.web.build import read_manifest

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ROOT / "levels"
FIRST_STEPS = LEVELS / "escape" / "01-first-steps.esx"


def _studio(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True, text=True, timeout=600,
                          cwd=cwd, env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"})


@pytest.fixture(scope="module")
def laby_export(tmp_path_factory) -> dict:
    out = tmp_path_factory.mktemp("web")
    done = _studio("export-web", str(LEVELS / "laby"), "-o", str(out), "--name", "Laby <Walk>", "--author", "Ann",
                   "--zip", "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_export_is_a_folder_a_static_server_can_serve_and_a_zip_of_it(laby_export):
    folder = Path(laby_export["folder"])
    assert folder.name == "laby-walk" and laby_export["levels"] == 7
    for name in ("index.html", "player.js", "annotations.js", "player.css", "brython.js", "brython_stdlib.js", "brython_fixes.js",
                 "studio.js", "sprites.png", "game.js", "sw.js"):
        assert (folder / name).is_file(), name
    page = (folder / "index.html").read_text()
    assert "<title>Laby &lt;Walk&gt;</title>" in page  # the name is text, not markup
    assert "http://" not in page and "https://" not in page  # nothing fetched from elsewhere
    with zipfile.ZipFile(laby_export["zip"]) as packed:
        names = set(packed.namelist())
    assert "index.html" in names and names == {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()}
    assert laby_export["bytes"] < 15_000_000
    worker = (folder / "sw.js").read_text()  # it keeps every file of the game, by a digest of them all
    listed = json.loads(worker[worker.index("const FILES = ") + 14:worker.index(";\n")])
    assert set(listed) == {"./"} | {p.relative_to(folder).as_posix() for p in folder.rglob("*")
                                    if p.is_file() and p.name != "sw.js"}
    assert "__VERSION__" not in worker


def test_the_manifest_carries_each_level_its_thumbnail_solution_and_sprites(laby_export):
    folder = Path(laby_export["folder"])
    manifest = read_manifest(folder)
    assert (manifest["name"], manifest["author"], manifest["game"]) == ("Laby <Walk>", "Ann", "laby")
    assert not manifest["progress_file"]  # only Escape keeps a player file of its own
    for level in manifest["levels"]:
        assert level["solution"] and level["hint"] and len(level["md5"]) == 32
        assert (folder / level["thumbnail"]).read_bytes().startswith(b"\x89PNG")
        assert (LEVELS / "laby" / level["file"]).read_bytes() == __import__("base64").b64decode(level["data"])
    places = manifest["sprites"]["places"]
    assert places and all(key.startswith(("s", "p-")) for key in places)


def test_the_package_holds_the_one_games_pure_modules_and_nothing_of_qt(laby_export):
    package = (Path(laby_export["folder"]) / "studio.js").read_text()
    files = json.loads(package[package.index("(") + 1:package.rindex(")")])
    assert {"studio.games.laby.engine", "studio.games.laby.playtest", "studio.core.web_play", "web_main"} <= set(files)
    assert not [name for name in files if name.startswith(("studio.games.escape", "studio.art", "studio.editor"))]
    assert "PySide6" not in package


def test_a_damaged_level_is_refused_in_words(tmp_path):
    broken = tmp_path / "broken.esx"
    broken.write_bytes(b"ESXL" + b"\x00" * 5)
    done = _studio("export-web", str(broken), "-o", str(tmp_path), "--name", "Broken")
    assert done.returncode == 1 and "broken.esx" in done.stderr and "Traceback" not in done.stderr


# -- the session the page drives ------------------------------------------------------------
def test_a_session_plays_refuses_undoes_redoes_and_restarts():
    session = WebSession(game_by_id("escape"), FIRST_STEPS.read_bytes())
    assert [key["key"] for key in session.keys()] == ["Up", "Down", "Left", "Right"]
    start = session.frame()
    assert start["moves"] == 0 and start["scene"]["width"] * start["scene"]["height"] == len(start["ground"])
    refused = session.press(0)  # a blue block above the player
    assert refused["moves"] == 0 and "in the way" in refused["message"] and not refused["motions"]
    moved = session.press(1)
    assert moved["moves"] == 1 and moved["motions"] == [{"path": [13, 25], "jumps": [], "id": "player"}]
    assert session.undo()["moves"] == 0 and session.frame()["can_redo"]
    assert session.redo()["moves"] == 1 and session.restart()["moves"] == 0
    assert session.press(7)["message"] == "That key plays no move here."


def test_a_session_wins_by_its_solution_and_says_the_win_and_the_moves():
    from studio.export.levels import check_level

    solution = check_level(FIRST_STEPS).solution
    session = WebSession(game_by_id("escape"), FIRST_STEPS.read_bytes(), hint=solution)
    won = session.play_text(solution)
    assert won["outcome"]["kind"] == "won" and won["scene"]["mark"]["kind"] == "won"
    assert session.solution() == solution and won["moves"] == len(solution)
    assert "over" in session.press(0)["message"]


def test_hints_lead_to_a_win_and_a_level_without_one_says_so():
    from studio.export.levels import check_level

    check = check_level(FIRST_STEPS)
    assert WebSession(game_by_id("escape"), FIRST_STEPS.read_bytes()).hint()["key"] == -1
    session = WebSession(game_by_id("escape"), FIRST_STEPS.read_bytes(), hint=check.hint)
    for _ in range(4 * len(check.hint)):
        hint = session.hint()
        assert hint["text"].startswith("Hint: ") and hint["key"] >= 0
        if session.press(hint["key"])["outcome"]["kind"] == "won":
            break
    assert session.frame()["outcome"]["kind"] == "won"


def test_a_pushed_block_slides_over_what_lies_under_its_end_and_bots_are_numbered():
    from studio.export.levels import check_level

    level = LEVELS / "escape" / "14-bots.esx"
    session = WebSession(game_by_id("escape"), level.read_bytes())
    bots = [actor for actor in session.frame()["scene"]["actors"] if actor["id"].startswith("bot")]
    assert bots and [bot["label"] for bot in bots] == [str(n + 1) for n in range(len(bots))]
    pushes = LEVELS / "escape" / "02-red-blocks.esx"
    session = WebSession(game_by_id("escape"), pushes.read_bytes())
    slid = [motion for key in check_level(pushes).solution
            for motion in session.press("UDLR".index(key))["motions"] if "key" in motion]
    assert slid and all(motion["key"].startswith("t") and motion["under"].startswith("t") for motion in slid)


def test_escape_wins_become_a_real_player_file():
    from studio.games.escape.esp import loads
    from studio.games.escape.web_scene import progress_file

    name, data = progress_file([{"md5": "ab" * 16, "title": "First Steps", "solution": "DDRR", "time": 7}], "Ann")
    solutions = loads(data).solutions_for("ab" * 16)
    assert name == "player.esp" and [(s.moves, s.author) for s in solutions] == [((2, 2, 4, 4), "Ann")]


def _pieces_and_pictures(frame: dict, ground) -> tuple[set, set]:
    """The ids a frame's motions may name, and the sprite keys its scene and motions use."""
    scene = frame["scene"]
    if scene.get("kind") == "pieces":  # Intricacy: placed pictures and springs
        items = scene["items"]
        return {item["id"] for item in items}, {ground["key"]} | {item["key"] for item in items if "key" in item}
    used = set(ground) | {actor["key"] for actor in scene["actors"]}
    used |= {motion[part] for motion in frame["motions"] for part in ("key", "under") if part in motion}
    return {actor["id"] for actor in scene["actors"]}, used


@pytest.mark.parametrize("game_id", ["escape", "chrono", "laby", "intricacy"])
def test_every_motion_names_a_piece_of_its_scene_and_every_sprite_is_drawn(game_id):
    """Over every bundled level played by its solution: each motion slides an actor of the
    frame's scene (or a block with its own picture), and every key a scene uses is among the
    keys the export draws."""
    from studio.export.levels import check_level

    game = game_by_id(game_id)
    scene = game.web_scene.resolve()
    for path in sorted((LEVELS / game_id).glob("*")):
        if not game.matches(path):
            continue
        check = check_level(path)
        session = WebSession(game, path.read_bytes())
        drawn = set(scene.sprite_keys(session.level))
        frames = [session.frame()]
        for move in session.adapter.parse_moves(check.solution):
            index = next(n for n, key in enumerate(session.move_keys) if key.move == move)
            frames.append(session.press(index))
        assert frames[-1]["outcome"]["kind"] == "won", path.name
        ground = None
        for frame in frames:
            ground = frame.get("ground", ground)  # sent when it changed, else the page keeps it
            assert ground is not None, "the first frame carries the ground"
            pieces, used = _pieces_and_pictures(frame, ground)
            assert all(motion["id"] in pieces or "key" in motion for motion in frame["motions"]), path.name
            assert used <= drawn, (path.name, used - drawn)


def test_the_ground_is_sent_when_it_changes_and_only_then():
    maze = sorted((LEVELS / "laby").glob("*.laby"))[0]
    session = WebSession(game_by_id("laby"), maze.read_bytes())
    assert "ground" in session.frame() and "ground" not in session.press(1) and "ground" not in session.undo()
    blocks = WebSession(game_by_id("escape"), (LEVELS / "escape" / "02-red-blocks.esx").read_bytes())
    frames = [blocks.frame()] + [blocks.press("UDLR".index(letter)) for letter in "RRRRRRRRRRRRRRRRRR"]
    pushed = [frame for frame in frames[1:] if any("key" in motion for motion in frame["motions"])]
    assert pushed and all("ground" in frame for frame in pushed)  # a block moved: its cells changed
    walked = [frame for frame in frames[1:] if frame["motions"] and not any("key" in m for m in frame["motions"])]
    assert walked and all("ground" not in frame for frame in walked)


def test_the_frames_carry_the_desktops_default_annotations():
    """What the desktop board draws by default comes with each frame, in the overlay's colour:
    a cross on what blocked a move, the beam of the laser that killed."""
    session = WebSession(game_by_id("escape"), (LEVELS / "escape" / "05-lasers.esx").read_bytes())
    blocked = session.press(0)
    assert [(a["shape"], a["colour"]) for a in blocked["annotations"]] == [("cross", "#ffd60a")]
    for letter in "RRDD":
        frame = session.press("UDLR".index(letter))
    assert frame["outcome"]["kind"] == "dead"
    shapes = {a["shape"]: a for a in frame["annotations"]}
    assert shapes["beam"]["colour"] == "#ff453a" and len(shapes["beam"]["cells"]) > 1
    assert shapes["ring"]["label"] == "laser"
    assert session.undo()["annotations"] == [] or all(a["shape"] != "beam" for a in session.frame()["annotations"])


def test_an_icon_is_the_pages_favicon_and_the_title_screens_picture(tmp_path):
    done = _studio("export-web", str(LEVELS / "laby" / "01-first-steps.laby"), "-o", str(tmp_path), "--name", "Iconic",
                   "--icon", str(ROOT / "resources" / "icons" / "studio.svg"), "--json")
    assert done.returncode == 0, done.stderr
    folder = Path(json.loads(done.stdout)["folder"])
    assert read_manifest(folder)["icon"] == "icon.svg" and (folder / "icon.svg").is_file()
    assert '<link rel="icon" href="icon.svg">' in (folder / "index.html").read_text()

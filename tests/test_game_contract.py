"""Every game fills in the plugin contract (core.game.Game) with references that resolve,
and everything but its view resolves without Qt."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from studio.core.game import Game, all_games
from studio.core.lazy import Lazy

GAME_IDS = ("escape", "chrono", "intricacy", "laby")


def lazy_fields(game: Game) -> dict[str, Lazy]:
    return {f.name: getattr(game, f.name) for f in dataclasses.fields(game)
            if isinstance(getattr(game, f.name), Lazy)}


def test_the_four_games_are_registered_in_order():
    assert tuple(game.id for game in all_games()) == GAME_IDS


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_every_reference_of_a_game_resolves_to_what_its_field_promises(game):
    for name, reference in lazy_fields(game).items():
        found = reference.resolve()
        if name == "solve_options":
            assert all(len(spec) == 3 and isinstance(spec[0], type) for spec in found.values()), name
        elif name == "web_scene":
            for function in ("scene", "ground", "ground_key", "motions", "sprite_keys"):
                assert callable(getattr(found, function, None)), f"{game.id} web scene lacks {function}"
            assert callable(getattr(game.view.resolve(), "web_sprite", None)), f"{game.id} view lacks web_sprite"
        elif name != "view":
            assert callable(found), f"{game.id}.{name}: {reference} is not callable"
    view = game.view.resolve()
    for function in ("make_cell_painter", "render_level", "make_play_painter"):
        assert callable(getattr(view, function, None)), f"{game.id} view lacks {function}"
    assert game.playtest.resolve()().game_id == game.id


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_every_engine_lists_its_moves_and_has_the_two_functions_of_the_contract(game):
    assert game.engine is not None and len(game.engine.moves) > 0
    for field in ("initial_state", "step"):
        assert callable(getattr(game.engine, field))


def test_games_say_what_they_can_do_and_only_labyrinthos_generates():
    assert [game.id for game in all_games() if game.generate is not None] == ["laby"]
    assert [game.id for game in all_games() if game.solve_options is not None] == ["chrono"]
    for game in all_games():
        assert game.verify and game.parse_moves and game.lint and game.solve and game.playtest, game.id
        assert game.progress is not None, game.id


def test_no_ability_is_found_by_a_module_name_outside_game():
    """What a game gives is in its Game object; nothing builds "studio.games.ID.something"
    to find an ability by naming convention."""
    root = Path(__file__).resolve().parent.parent / "studio"
    found = [str(path.relative_to(root)) for path in root.rglob("*.py")
             if "import_module(f\"studio.games." in path.read_text(encoding="utf-8")]
    assert found == []


def test_a_game_has_no_grab_bag_of_extras():
    assert "extras" not in {f.name for f in dataclasses.fields(Game)}


def test_every_ability_but_the_view_resolves_without_qt():
    code = (
        "import sys, dataclasses\n"
        "from studio.core.game import all_games\n"
        "from studio.core.lazy import Lazy\n"
        "for game in all_games():\n"
        "    for f in dataclasses.fields(game):\n"
        "        value = getattr(game, f.name)\n"
        "        if isinstance(value, Lazy) and f.name != 'view':\n"
        "            value.resolve()\n"
        "qt = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'qtawesome', 'shiboken6'))\n"
        "assert not qt, qt\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parent.parent)


def test_a_lazy_reference_says_what_is_wrong_with_it():
    assert Lazy("studio.core.lazy:Lazy").resolve() is Lazy
    assert Lazy("studio.core.lazy").resolve().__name__ == "studio.core.lazy"
    with pytest.raises(ValueError, match="package.module:name"):
        Lazy("studio.core.lazy:")
    with pytest.raises(ValueError):
        Lazy("not a module")
    with pytest.raises(ImportError, match="has no 'verify_levle'"):
        Lazy("studio.games.laby.verify:verify_levle").resolve()


def test_the_architecture_notes_name_every_field_of_game_and_show_labyrinthos_as_registered():
    """docs/architecture.md's plugin contract stays true: every field of Game is described,
    nothing it calls a field is missing, and its worked example is Labyrinthos's real code."""
    import re

    root = Path(__file__).resolve().parent.parent
    notes = (root / "docs" / "architecture.md").read_text(encoding="utf-8")
    contract = notes[notes.index("## The plugin contract"):]
    fields = {f.name for f in dataclasses.fields(Game)}
    assert fields <= set(re.findall(r"`(\w+)`", contract))
    assert set(re.findall(r"\*\*`(\w+)`", contract)) <= fields
    example = contract.split("```python\n", 1)[1].split("```", 1)[0]
    code = (root / "studio" / "games" / "laby" / "__init__.py").read_text(encoding="utf-8")
    registration = code[code.index("GAME = register("):]

    def lines(text: str) -> list[str]:
        return [re.sub(r"\s*#.*", "", line).rstrip() for line in text.strip().splitlines()]

    assert lines(example) == lines(registration)

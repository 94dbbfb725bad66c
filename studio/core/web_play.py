"""One level played in a web page: the studio's own engine and play-test adapter run in the
browser (Brython), and this session hands the page plain data to draw and say.

``WebSession`` keeps the history (undo, redo, restart) and answers every command with a
frame: the game's scene (``Game.web_scene``: the pieces on the board), the sprite on each
cell when that changed since the last frame (a large maze's ground is sent once), the
motions of the last step, the adapter's explanations and the outcome. Pure
Python with no import of the browser, so it is tested under CPython as it runs there.
"""

from __future__ import annotations

from typing import Any, Sequence

from studio.core.playtest_adapter import DEAD, WON, StepReport, describe_outcome

HINT_SECONDS = 0.5  # a hint off the known path searches this long (the page waits for it)
# The page's own actions and their keys, preferred first; a game's move keys come first, so
# an action keeps only the keys no move takes (Intricacy's hook turns with R and moves with Z).
CONTROL_KEYS = (("undo", ("Z", "Backspace", "U")), ("redo", ("Y",)), ("restart", ("R", "Home")), ("hint", ("H", "?")))


class WebSession:
    """A level of ``game`` (a core.game.Game) played from its file's bytes; ``hint`` the
    move text of a shortest known solution (empty: no hints)."""

    def __init__(self, game, level_bytes: bytes, hint: str = ""):
        self.game = game
        self.adapter = game.playtest.resolve()()
        self.scene_of = game.web_scene.resolve()
        self.level = game.load(level_bytes)
        self.hint_text = hint
        self._guide = None
        start = self.adapter.initial_state(self.level)
        self.states: list[Any] = [start]  # the positions played through, oldest first
        self.moves: list[Any] = []
        self.position = 0  # index into states of the position shown
        # The keys that play moves; a scene may say some move nothing here (a lock's missing wrench).
        idle = getattr(self.scene_of, "idle_moves", lambda state, keys: set())(start, self.adapter.keys())
        self.move_keys = [key for key in self.adapter.keys() if key.move not in idle]
        # The overlays the desktop shows by default, and their colours.
        self.overlays = {spec.id: spec.colour for spec in self.adapter.overlays() if spec.default}
        self._ground_sent = None  # the ground_key of the ground the page has

    # -- what the page shows ---------------------------------------------------------------
    @property
    def state(self):
        return self.states[self.position]

    def keys(self) -> list[dict]:
        """The keys that play moves, as the adapter names them ("Up", "Space", "T")."""
        return [{"key": key.key, "label": key.label} for key in self.move_keys]

    def controls(self) -> dict[str, list[str]]:
        """The page's actions (undo, redo, restart, hint) and the keys left free for each."""
        taken = {key.key.lower() for key in self.move_keys}
        return {action: [key for key in keys if key.lower() not in taken] for action, keys in CONTROL_KEYS}

    def annotations(self, state, report: StepReport | None) -> list[dict]:
        """The adapter's annotations of the default overlays, as the page draws them."""
        return [{"shape": a.shape, "cells": [int(cell) for cell in a.cells], "label": a.label,
                 "colour": a.colour or self.overlays[a.overlay], "vector": list(a.vector) if a.vector else None}
                for a in self.adapter.annotations(state, report) if a.overlay in self.overlays and a.cells]

    def frame(self, report: StepReport | None = None, message: str = "") -> dict:
        state = self.state
        outcome = self.adapter.outcome(state)
        played = self.position
        frame = {
            "scene": self.scene_of.scene(state, report),
            "motions": self.scene_of.motions(self.adapter, state, report) if report is not None else [],
            "annotations": self.annotations(state, report),
            "status": self.adapter.status_text(state),
            "message": message,
            "outcome": {"kind": outcome.kind, "reason": outcome.reason,
                        "text": describe_outcome(outcome, played) if outcome.kind in (WON, DEAD) else ""},
            "moves": played,
            "can_undo": played > 0,
            "can_redo": played < len(self.moves),
        }
        key = self.scene_of.ground_key(state)
        if key != self._ground_sent:
            frame["ground"] = self.scene_of.ground(state)
            self._ground_sent = key
        return frame

    # -- commands -----------------------------------------------------------------------------
    def press(self, index: int) -> dict:
        """Play the move of key ``index``; a refused move says why and changes nothing."""
        if not 0 <= index < len(self.move_keys):
            return self.frame(message="That key plays no move here.")
        if self.adapter.outcome(self.state).finished:
            return self.frame(message="The level is over: undo or restart to play on.")
        move = self.move_keys[index].move
        report = self.adapter.step(self.state, move)
        if not report.changed:  # nothing moved: the words, and the marks on what stopped it
            frame = self.frame(message=self.adapter.blocked_text(report))
            frame["annotations"] = self.annotations(self.state, report)
            return frame
        del self.states[self.position + 1:], self.moves[self.position:]
        self.states.append(report.state)
        self.moves.append(move)
        self.position += 1
        return self.frame(report)

    def undo(self) -> dict:
        if self.position > 0:
            self.position -= 1
        return self.frame()

    def redo(self) -> dict:
        if self.position >= len(self.moves):
            return self.frame()
        report = self.adapter.step(self.state, self.moves[self.position])
        self.position += 1
        return self.frame(report)

    def restart(self) -> dict:
        """Back to the start; the moves stay for redo, as in the desktop game."""
        self.position = 0
        return self.frame()

    def play_text(self, text: str) -> dict:
        """Play a solution in the game's move text from the start, stopping at its end."""
        self.position = 0
        frame = self.frame()
        for index in self.key_indices(text):
            if self.adapter.outcome(self.state).finished:
                break
            frame = self.press(index)
        return frame

    def key_indices(self, text: str) -> list[int]:
        """The keys (their indices) that play a solution in the game's move text."""
        found = []
        for move in self.adapter.parse_moves(text):
            keys = [number for number, key in enumerate(self.move_keys) if key.move == move]
            if not keys:
                raise ValueError(f"no key plays the move {move!r}")
            found.append(keys[0])
        return found

    def solution(self) -> str:
        """The moves played to where the player stands, as the game writes them."""
        return self.adapter.moves_text(tuple(self.moves[:self.position]))

    def hint(self) -> dict:
        """The next move of a shortest solution from here (core.hints): its key index, or
        the position to undo to, and the words."""
        if not self.hint_text:
            return {"text": "No hint is known for this level.", "key": -1, "undo_to": -1}
        if self._guide is None:
            from studio.core.hints import HintGuide

            self._guide = HintGuide(self.adapter, self.level, self.adapter.parse_moves(self.hint_text))
        hint = self._guide.hint(self.state, self.states[:self.position + 1], seconds=HINT_SECONDS)
        keys = [number for number, key in enumerate(self.move_keys) if hint.move is not None and key.move == hint.move]
        undo_to = hint.undo_to if hint.undo_to is not None else -1
        return {"text": "Hint: " + hint.text, "key": keys[0] if keys else -1, "undo_to": undo_to}


def along(path: Sequence[int], jumps: Sequence[int]) -> dict:
    """A motion as the page draws it: the cells passed and the teleports among them."""
    return {"path": [int(cell) for cell in path], "jumps": [int(index) for index in jumps]}

"""Escape engine states in the fields of the original engine's traces, and the replay of a
trace on the engine. No file access: the web fidelity test runs this module in the browser
too (tests/web_fuzz_check.py)."""

from __future__ import annotations


def describe_state(state) -> dict:
    """The fields a trace line records, from an engine state. The original's ``won`` says
    only that the player stands on an exit (a dead player on an exit has both flags; the
    verdict looks at ``dead`` first), where the engine's ``won`` means the level is won."""
    from studio.games.escape.tiles import T

    return {
        "guy": list(state.guy),
        "tiles": list(state.tiles),
        "otiles": list(state.otiles),
        "flags": list(state.flags),
        "bots": [list(b) for b in state.bots],
        "dead": int(state.dead),
        "won": int(state.won or (state.dead and state.tiles[state.player] == T.EXIT)),
    }


def describe_look(state) -> dict:
    """``describe_state`` of a position no move has changed (the start, or after moves that
    changed nothing): the original's trace gives such a position its own look at the
    player, dead if a laser sees him (or he shares a cell with a bot)."""
    from studio.games.escape.engine.step import danger_in_place
    from studio.games.escape.tiles import T

    look = describe_state(state)
    look["dead"] = int(state.dead or danger_in_place(state) is not None)
    look["won"] = int(state.won or state.tiles[state.player] == T.EXIT)
    return look


def _diff_fields(width: int, expected: dict, got: dict) -> list[str]:
    out = []
    for key in ("guy", "bots", "tiles", "otiles", "flags", "dead", "won"):
        e, g = expected[key], got[key]
        if e == g:
            continue
        if key in ("tiles", "otiles", "flags"):
            cells = [i for i, (a, b) in enumerate(zip(e, g)) if a != b]
            shown = ", ".join(f"({c % width},{c // width}) want {e[c]} got {g[c]}" for c in cells[:8])
            out.append(f"{key}: {len(cells)} cells differ: {shown}")
        elif key == "bots":
            for i, (a, b) in enumerate(zip(e, g)):
                if a != b:
                    out.append(f"bot {i}: want {a} ({a[1] % width},{a[1] // width}) "
                               f"got {b} ({b[1] % width},{b[1] // width})")
            if len(e) != len(g):
                out.append(f"bots: want {len(e)} got {len(g)}")
        else:
            out.append(f"{key}: want {e} got {g}")
    return out


def compare_states(level, lines: list[dict]):
    """Replay trace ``lines`` (the start, then one state per move) on the engine from
    ``level``: (moves that agreed, total moves, first difference as text or None)."""
    from studio.games.escape.engine import initial_state, step

    state = initial_state(level)
    width = level.width
    diffs = _diff_fields(width, lines[0], describe_look(state))
    if diffs:
        return 0, len(lines) - 1, "start state: " + "; ".join(diffs)
    for line in lines[1:]:
        result = step(state, line["dir"])
        got = describe_state(result.state) if result.moved else describe_look(result.state)
        diffs = _diff_fields(width, line, got)
        if bool(line["moved"]) != result.moved:
            diffs.insert(0, f"moved: want {line['moved']} got {int(result.moved)}")
        if diffs:
            return line["move"] - 1, len(lines) - 1, (
                f"move {line['move']} ({'-UDLR'[line['dir']]}): " + "; ".join(diffs))
        state = result.state
    return len(lines) - 1, len(lines) - 1, None

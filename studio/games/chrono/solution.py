"""Solutions: the letters of a Solution field, and playing them by the corpus's replay rule.

A Solution field holds the actions N E S W H T; spaces, line breaks and the
" ." of empty lines are ignored. Replay rule (the corpus README): actions go
to the current clone in order; after each ``T``, skip turns are inserted until
that clone has as many actions as the longest earlier clone (free while it is
inside the time machine); play stops at the first paradox or at completion.
The clones are counted by the ``T`` letters, as written, whether or not each
``T`` was taken: a refused ``T`` still ends a clone's line of the solution.
"""

from __future__ import annotations

from dataclasses import dataclass

from studio.games.chrono.engine import ACTIONS, HOLD, PARADOX, TIME_MACHINE, WON, ChronoState, Paradox, initial_state, step

OPEN = "open"  # neither won nor failed when the letters ran out

# A solution's limits, far beyond any real level's (the corpus's longest plays 78 turns with
# 3 clones) and low enough that replaying the longest takes a few seconds: the replay rule's
# waits would otherwise let 80,000 letters ask for a billion turns.
MAX_CLONES = 100  # letters T
MAX_REPLAY_TURNS = 20_000  # letters and the waits the replay rule inserts, together


def solution_problem(letters: str) -> str | None:
    """Why ``letters`` are past a solution's limits, or None when they are within them."""
    clones = letters.count(TIME_MACHINE)
    if clones > MAX_CLONES:
        return f"the solution enters the time machine {clones} times; at most {MAX_CLONES} clones are played"
    turns = replay_length(letters)
    if turns > MAX_REPLAY_TURNS:
        return (f"the solution plays {'more than ' if turns == MAX_REPLAY_TURNS + 1 else ''}"
                f"{turns} turns with the replay rule's waits; at most {MAX_REPLAY_TURNS} are played")
    return None


def replay_length(letters: str) -> int:
    """How many turns ``pad_by_replay_rule(letters)`` holds, counted without building it
    (stops counting just past MAX_REPLAY_TURNS)."""
    total, longest_earlier, this_clone = 0, 0, 0
    for letter in letters:
        total += 1
        this_clone += 1
        if letter == TIME_MACHINE:
            total += max(0, longest_earlier - this_clone)
            longest_earlier = max(longest_earlier, this_clone)
            this_clone = 0
        if total > MAX_REPLAY_TURNS:
            return MAX_REPLAY_TURNS + 1
    return total


def action_letters(text: str) -> str:
    """The action letters of a Solution field's text, anything else skipped (for its limits)."""
    return "".join(char for char in text.upper() if char in ACTIONS)


def parse_actions(text: str) -> str:
    """The action letters of ``text`` (upper case); ValueError names anything else."""
    letters = []
    for char in text.upper():
        if char in ACTIONS:
            letters.append(char)
        elif not (char.isspace() or char == "."):
            raise ValueError(f"{char!r} is not an action: a solution is made of N E S W H T")
    return "".join(letters)


def format_solution(letters: str, per_clone_lines: bool = True) -> str:
    """Letters as a Solution field's text: pairs of actions, a line per clone with "." lines
    between (or, not ``per_clone_lines``, all on one line with " . " between clones)."""
    lines, line = [], ""
    for letter in letters:
        line += letter
        if letter == TIME_MACHINE:
            lines.append(line)
            line = ""
    if line:
        lines.append(line)
    spaced = [" ".join(line[i:i + 2] for i in range(0, len(line), 2)) for line in lines]
    return ("\n.\n" if per_clone_lines else " . ").join(spaced)


def pad_by_replay_rule(letters: str) -> str:
    """The letters with the replay rule's waits inserted after each ``T``; ValueError when the
    result would be past a solution's limits (see ``solution_problem``)."""
    problem = solution_problem(letters)
    if problem is not None:
        raise ValueError(problem)
    out, longest_earlier, this_clone = [], 0, 0
    for letter in letters:
        out.append(letter)
        this_clone += 1
        if letter == TIME_MACHINE:
            out.append(HOLD * (longest_earlier - this_clone))
            longest_earlier = max(longest_earlier, this_clone)
            this_clone = 0
    return "".join(out)


def strip_replay_padding(actions: str) -> str:
    """The inverse of ``pad_by_replay_rule``: the waits right after each ``T`` that the rule
    would insert are dropped (a play-test's waits inside the time machine)."""
    out, longest_earlier, this_clone, skip = [], 0, 0, 0
    for action in actions:
        if skip and action == HOLD:
            skip -= 1
            continue
        skip = 0
        out.append(action)
        this_clone += 1
        if action == TIME_MACHINE:
            skip = max(0, longest_earlier - this_clone)
            longest_earlier = max(longest_earlier, this_clone)
            this_clone = 0
    return "".join(out)


@dataclass(frozen=True)
class Replay:
    verdict: str  # "won", "paradox" or "open"
    moves: int  # letters of the solution played when play stopped
    score: int
    clones: int
    paradox: Paradox | None
    state: ChronoState


def play_solution(level_or_state, letters: str) -> Replay:
    """Play ``letters`` by the replay rule from a level's start (or from a state); ValueError
    when they are past a solution's limits."""
    state = level_or_state if isinstance(level_or_state, ChronoState) else initial_state(level_or_state)
    played = 0
    for action in pad_by_replay_rule(letters):
        if state.finished:
            break
        state = step(state, action).state
        played += 1
    letters_played = len(strip_replay_padding(pad_by_replay_rule(letters)[:played]))
    verdict = WON if state.status == WON else PARADOX if state.status == PARADOX else OPEN
    return Replay(verdict, letters_played, state.score, state.clone_count, state.paradox, state)

"""Proving a solution of an Escape level shortest with the compiled exact search
(compiled/proof.py): what solve.py runs once a solution is known, before Python's A*.

Python's A* expands about 5,000 positions a second; the tutorial levels it left unproven
in ten seconds need from 41,000 (lev1526) to 1.6 million (lev845) expansions, which the
compiled search does at 45,000 to 240,000 a second (lev152 61,000 in 1.1 s, lev163 408,000
in 5.3 s, lev845 1.6 million in 6.7 s). It looks only for solutions shorter than the one
known; running out of them proves that one shortest.
A shorter solution it finds is played on the reference engine before it is used; one the
reference engine does not win discredits the whole search (its engine and the reference
disagree), which then proves nothing.
"""

from __future__ import annotations

import time

from studio.core.search_space import Progress, SearchResult

# of the time the search for any solution leaves: the rest goes to Python's searches
# (shortcuts and shorter solutions) when the proof does not finish (on two cores the
# second process shortens all the while: solve.find_any_solution)
PROOF_SHARE = 0.95


def prove_known(start, known: SearchResult, timeout: float, *, accept, cancel=None, progress=None,
                offset: float = 0.0) -> SearchResult | None:
    """``known`` proven shortest (``optimal``), or a shorter solution the search found
    (proven shortest when the search finished, else not), or None when the compiled search
    cannot run here, found nothing shorter and proved nothing, or was discredited.
    ``accept(moves)`` is the caller's check of a solution on the reference engine (a
    SearchResult, or None when it does not win). ``progress`` hears core.solver's
    Progress reports, their seconds counted from ``offset``."""
    from studio.games.escape.compiled import installed

    if not installed() or timeout <= 0:
        return None
    from studio.games.escape.compiled.compiling import ready

    if not ready():
        return None  # (solve.py's search for any solution has started the compiling)
    from studio.games.escape.compiled.proving import prove_shortest

    reports = None
    if progress is not None:
        def reports(expanded: int, stored: int, seconds: float, bound: int) -> None:
            progress(Progress(known.expanded + expanded, known.generated + stored, bound, bound, offset + seconds,
                              known.length, phase="shortest", best_moves=known.moves))
    began = time.perf_counter()
    proof = prove_shortest(start, known_length=known.length, timeout=timeout, cancel=cancel, progress=reports)
    if proof is None:
        return None
    seconds = time.perf_counter() - began
    if proof.moves is not None:
        shorter = accept(proof.moves)
        if shorter is None or shorter.length != proof.length:
            return None  # (never yet: the compiled engine's solution is not the reference's)
        shorter.optimal = proof.proven
        shorter.depth = shorter.length if proof.proven else 0
        shorter.stopped = proof.stopped if proof.stopped in ("timeout", "cancelled") else "done"
        shorter.first_found = known.first_found  # (when a solution, if a longer one, was first on show)
        shorter.expanded, shorter.generated = known.expanded, known.generated
        result = shorter
    elif proof.proven:
        result = known
        result.optimal = True
        result.depth = known.length
        result.stopped = "done"
    else:
        known.expanded += proof.expanded  # (its work counts in the result, and in later reports)
        known.generated += proof.stored
        return None
    result.expanded += proof.expanded
    result.generated += proof.stored
    result.seconds = known.seconds + seconds
    return result

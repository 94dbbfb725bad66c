"""How well the difficulty number (core.difficulty) ranks levels as their designers did:
Spearman's rank correlation between the number and each collection's own order.

Run: python benchmarks/difficulty.py [--timeout SECONDS] [--seconds SECONDS] [--json]

Collections with a designer's order:
- escape-tutorial: the original Escape tutorial (../shared/corpus/escape/levels/tutorial),
  in the order of its titles ("Tutorial 1: Blocks" ... "Tutorial 22: Remotes");
- chrono-campaign: the ChronoShift campaign (../shared/corpus/chrono/levels, campaign.lsf);
- the studio's bundled collections (levels/GAME), in file order: escape, chrono,
  intricacy, laby.
The corpus ones are skipped, with a line saying so, when ../shared/corpus is absent.

Each level is solved (``--timeout``, the solver's length and states), then measured
(``--seconds`` for the map of positions). Printed: a line per level (its place, the score
and the score's inputs), then per collection the Spearman correlation and the levels
furthest from their place (where the number fails), and the target: 0.6 or better.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.core.difficulty import measure  # noqa: E402
from studio.core.game import game_for_path  # noqa: E402
from studio.core.playtest_adapter import adapter_for  # noqa: E402
from studio.core.solve_runner import prepare_solver, solve_level_bytes  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
TARGET = 0.6


def escape_tutorial() -> list[Path]:
    folder = CORPUS / "escape" / "levels" / "tutorial"
    game = game_for_path("x.esx")

    def place(path: Path) -> int:
        title = game.load(path.read_bytes()).title
        return int(re.match(r"Tutorial (\d+)", title).group(1))

    return sorted(folder.glob("*.esx"), key=place)


def chrono_campaign() -> list[Path]:
    folder = CORPUS / "chrono" / "levels"
    names = [line.strip() for line in (folder / "campaign.lsf").read_text().splitlines()[1:] if line.strip()]
    return [folder / name for name in names if (folder / name).is_file()]


def bundled(game: str) -> list[Path]:
    folder = ROOT / "levels" / game
    return [p for p in sorted(folder.iterdir()) if game_for_path(p) is not None]


COLLECTIONS = {
    "escape-tutorial": (escape_tutorial, True),
    "chrono-campaign": (chrono_campaign, True),
    "escape": (lambda: bundled("escape"), False),
    "chrono": (lambda: bundled("chrono"), False),
    "intricacy": (lambda: bundled("intricacy"), False),
    "laby": (lambda: bundled("laby"), False),
}


def ranks(values: list[float]) -> list[float]:
    """Ranks from 1, ties sharing the mean of their places."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    found = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for i in order[start:end + 1]:
            found[i] = (start + end) / 2 + 1
        start = end + 1
    return found


def spearman(xs: list[float], ys: list[float]) -> float:
    """Pearson's correlation of the ranks (ties handled)."""
    rx, ry = ranks(xs), ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx) ** 0.5
    vy = sum((b - my) ** 2 for b in ry) ** 0.5
    return cov / (vx * vy) if vx and vy else 0.0


def score_level(path: Path, timeout: float, seconds: float) -> dict:
    game = game_for_path(path)
    data = path.read_bytes()
    record = solve_level_bytes(game.id, data, path.name, timeout, cores=1)
    solution = None
    if record["solved"]:
        solution = tuple(adapter_for(game).parse_moves(record["solution"]))
    measured = measure(game.engine, game.load(data), solution, seconds=seconds, searched=record["states"],
                       length=record["length"] if record["solved"] else None)
    return {"level": path.name, "solved": record["solved"],
            **({} if measured is None else measured.as_dict())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds to solve each level")
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds to map each level's positions")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    for game_name in ("x.esx", "x.txt"):
        prepare_solver(game_for_path(game_name))
    summary = {}
    for name, (levels_of, needs_corpus) in COLLECTIONS.items():
        if needs_corpus and not CORPUS.is_dir():
            print(f"{name}: skipped, ../shared/corpus is absent")
            continue
        rows = [score_level(path, args.timeout, args.seconds) for path in levels_of()]
        for place, row in enumerate(rows, start=1):
            row["place"] = place
            if args.json:
                print(json.dumps({"collection": name, **row}))
            else:
                print(f"{name:16} {place:3} {row['level']:32} score {row.get('score', '-'):>5}  "
                      f"shortest {row.get('shortest', '-'):>4}  searched {row.get('searched', '-'):>7}  positions {row.get('positions', '-'):>7}  "
                      f"dead ends {row.get('dead_ends', 0):.2f}  branching {row.get('branching', 0):.2f}  "
                      f"forced {row.get('forced', 0):.2f}")
        scored = [row for row in rows if "score" in row]
        rho = spearman([row["place"] for row in scored], [row["score"] for row in scored])
        score_ranks = ranks([row["score"] for row in scored])
        worst = sorted(scored, key=lambda row: -abs(score_ranks[scored.index(row)] - scored.index(row) - 1))[:3]
        summary[name] = {"levels": len(rows), "measured": len(scored), "spearman": round(rho, 3),
                         "meets_target": rho >= TARGET,
                         "furthest": [f"{row['level']} (place {row['place']}, "
                                      f"ranked {score_ranks[scored.index(row)]:g})" for row in worst]}
        if not args.json:
            print(f"{name}: Spearman {rho:.3f} over {len(scored)} of {len(rows)} levels "
                  f"({'meets' if rho >= TARGET else 'misses'} the {TARGET} target); "
                  f"furthest from their place: {', '.join(summary[name]['furthest'])}\n")
    if args.json:
        print(json.dumps({"summary": summary}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

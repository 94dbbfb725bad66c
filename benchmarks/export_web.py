"""A web game in headless chromium: its size and what dominates it, the first playable frame,
and how fast a move answers.

Run: python benchmarks/export_web.py [levels/escape] [--loads 5] [--json]
Needs Debian's chromium and chromium-driver. Targets (issue 42), for the 17-level Escape game:
under 15 MB, the first playable frame under 3 s, a move's answer under 50 ms at the 95th
percentile.

- First playable frame: from the page's navigation (a fresh browser profile each load: nothing
  cached) to the first level's board drawn after Play is pressed the moment the rules are
  loaded; the title screen's own first paint is printed beside it.
- A move's answer: a move's key pressed (the page's command) until its frame is drawn (the engine's
  step under Brython, the explanations, the first frame of the slide), over every move of
  every level's shipped solution.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser_support import CHROMIUM, DESKTOP, DRIVER, make_browser, serve_folder, wait_for  # noqa: E402

TARGET_BYTES = 15_000_000
TARGET_FIRST_FRAME = 3.0
TARGET_MOVE_P95_MS = 50.0

FIRST_FRAME = """
const done = arguments[arguments.length - 1];
const started = performance.timeOrigin;
const poll = () => {
  if (document.getElementById('continue-button').disabled) { setTimeout(poll, 5); return; }
  document.getElementById('continue-button').click();
  requestAnimationFrame(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    done({board: performance.now() / 1000, title: paint ? paint.startTime / 1000 : null,
          drawn: !!page.frame});
  });
};
poll();
"""

MOVES = """
const timings = [];
page.manifest.levels.forEach((level, index) => {
  playLevel(index);
  for (const key of call('keysOf', level.solution).keys) {
    const start = performance.now();
    command('press', key);
    timings.push(performance.now() - start);
  }
});
return timings;
"""


def export(levels: Path, out: Path) -> Path:
    done = subprocess.run([sys.executable, "-m", "studio", "export-web", str(levels), "-o", str(out), "--name",
                           "Benchmark", "--json"], capture_output=True, text=True, check=True)
    return Path(json.loads(done.stdout)["folder"])


def sizes(folder: Path) -> list[tuple[str, int]]:
    groups: dict[str, int] = {}
    for path in folder.rglob("*"):
        if path.is_file():
            part = path.relative_to(folder).parts[0]
            groups[part] = groups.get(part, 0) + path.stat().st_size
    return sorted(groups.items(), key=lambda item: -item[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("levels", nargs="?", default=str(ROOT / "levels" / "escape"))
    parser.add_argument("--loads", type=int, default=5, help="cold page loads timed (default 5)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not (CHROMIUM and DRIVER):
        print("chromium and chromium-driver are needed (apt-get install chromium chromium-driver)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="bench-web-") as scratch:
        scratch = Path(scratch)
        folder = export(Path(args.levels), scratch / "out")
        parts = sizes(folder)
        total = sum(size for _, size in parts)
        boards, titles = [], []
        with serve_folder(folder) as url:
            for load in range(args.loads):
                driver = make_browser(scratch / f"profile-{load}", DESKTOP)
                try:
                    driver.get(url + "/index.html")
                    found = driver.execute_async_script(FIRST_FRAME)
                    assert found["drawn"], "the first level was not drawn"
                    boards.append(found["board"])
                    titles.append(found["title"] or 0.0)
                    if load == args.loads - 1:
                        wait_for(driver, "return page.ready")
                        moves = driver.execute_script(MOVES)
                finally:
                    driver.quit()
    moves.sort()
    p95 = moves[min(len(moves) - 1, int(0.95 * len(moves)))]
    figures = {"bytes": total, "parts": dict(parts), "first_frame_s": statistics.median(boards),
               "first_frame_all_s": [round(b, 2) for b in boards], "title_paint_s": statistics.median(titles),
               "moves": len(moves), "move_p50_ms": statistics.median(moves), "move_p95_ms": p95,
               "move_max_ms": moves[-1]}
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"size: {total / 1e6:.2f} MB (target under {TARGET_BYTES / 1e6:.0f} MB)")
    for name, size in parts:
        print(f"  {name:24} {size / 1e6:6.2f} MB  {100 * size / total:5.1f} %")
    print(f"first playable frame: median {figures['first_frame_s']:.2f} s over {len(boards)} cold loads "
          f"({', '.join(f'{b:.2f}' for b in boards)}; target under {TARGET_FIRST_FRAME:.0f} s); "
          f"title screen painted at {figures['title_paint_s']:.2f} s")
    print(f"a move's answer: p50 {figures['move_p50_ms']:.1f} ms, p95 {p95:.1f} ms, max {moves[-1]:.1f} ms over "
          f"{len(moves)} moves (target p95 under {TARGET_MOVE_P95_MS:.0f} ms)")
    met = total < TARGET_BYTES and figures["first_frame_s"] < TARGET_FIRST_FRAME and p95 < TARGET_MOVE_P95_MS
    print("targets met" if met else "TARGETS MISSED")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())

"""The engines a web game runs (the studio's own, under Brython in headless chromium) against
the original games on the random levels of ../shared/corpus: every Escape fuzz run's verdict,
move count and state after every move, and every ChronoShift fuzz case's result, as the
CPython tests check them (test_escape_fuzz.py, test_chrono_fuzz.py)."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from studio.core.game import game_by_id
from studio.core.web_bundle import BRYTHON_FILES, STATIC, brython_folder, modules_for, package_of
from tests import chrono_corpus, escape_corpus
from tests.browser_support import make_browser, needs_chromium, serve_folder, wait_for

pytest.importorskip("selenium", reason="selenium is not installed (the test extra has it)")
pytestmark = [needs_chromium, pytest.mark.skipif(
    not (escape_corpus.fuzz_present() and chrono_corpus.fuzz_present()),
    reason="../shared/corpus/*/fuzz is absent (it ships only beside the project's own checkout)")]

TESTS = Path(__file__).parent
CHUNK = 200  # cases per call into the page: each call returns well within the script timeout
PAGE = """<!doctype html><meta charset="utf-8"><title>fuzz</title>
<script src="brython.js"></script><script src="brython_fixes.js"></script>
<script src="brython_stdlib.js"></script><script src="studio.js"></script>
<script type="text/python">import web_fuzz_check</script>"""


def _chrono_cases() -> list[dict]:
    cases = []
    for folder in ("fuzz", "fuzz2"):
        path = chrono_corpus.CHRONO / folder / "expected.jsonl"
        if path.is_file():
            cases += [dict(json.loads(line), folder=folder) for line in path.read_text().splitlines() if line.strip()]
    return cases


def _write_page(folder: Path, escape_runs: list[dict], chrono_cases: list[dict]) -> None:
    """The test page: Brython, the two games' modules, the checker and the cases (the corpus's
    levels as bytes, served from a temporary folder)."""
    for file in BRYTHON_FILES:
        (folder / file).write_bytes((brython_folder() / file).read_bytes())
    (folder / "brython_fixes.js").write_bytes((STATIC / "brython_fixes.js").read_bytes())
    modules = sorted(set(modules_for(game_by_id("escape"))) | set(modules_for(game_by_id("chrono"))))
    sources = {name: (TESTS / f"{name}.py").read_text(encoding="utf-8") for name in ("escape_states", "web_fuzz_check")}
    (folder / "studio.js").write_text(package_of(modules, sources), encoding="utf-8")
    levels = {"escape": {}, "chrono": {}}
    for run in escape_runs:
        levels["escape"].setdefault(run["level"], base64.b64encode(
            (escape_corpus.FUZZ / run["level"]).read_bytes()).decode())
    for case in chrono_cases:
        key = f"{case['folder']}/{case['level']}"
        levels["chrono"].setdefault(key, base64.b64encode((chrono_corpus.CHRONO / key).read_bytes()).decode())
    chrono = [{"level": f"{case['folder']}/{case['level']}", "solution": case["solution"]} for case in chrono_cases]
    (folder / "cases.json").write_text(json.dumps({"levels": levels, "escape": escape_runs, "chrono": chrono}))
    (folder / "index.html").write_text(PAGE)


@pytest.fixture(scope="module")
def fuzz_page(tmp_path_factory):
    folder = tmp_path_factory.mktemp("web-fuzz")
    traces = {(name, index): states for name, index, states in escape_corpus.fuzz_traces()}
    escape_runs = [dict(run, trace=traces.get((run["level"], run["index"]))) for run in escape_corpus.fuzz_results()]
    chrono_cases = _chrono_cases()
    _write_page(folder, escape_runs, chrono_cases)
    driver = make_browser(folder / "chromium")
    with serve_folder(folder) as url:
        driver.get(url + "/index.html")
        wait_for(driver, "return window.fuzzReady === true", timeout=120)
        yield driver, escape_runs, chrono_cases
    driver.quit()


def _results(driver, kind: str, count: int) -> list[dict]:
    results = []
    for start in range(0, count, CHUNK):
        results += json.loads(driver.execute_script(f"return window.fuzzRun('{kind}', {start}, {CHUNK})"))
    return results


def test_escape_fuzz_runs_agree_with_the_original_in_the_browser(fuzz_page):
    driver, runs, _ = fuzz_page
    assert len(runs) >= 2400 and all(run["trace"] for run in runs)
    wrong = []
    for run, got in zip(runs, _results(driver, "escape", len(runs)), strict=True):
        name = f"{run['level']}#{run['index']}"
        if "error" in got:
            wrong.append(f"{name}: {got['error']}")
        elif (got["verdict"], got["moves"]) != (run["verdict"], run["moves"]):
            wrong.append(f"{name}: original {run['verdict']} at {run['moves']}, browser {got['verdict']} at {got['moves']}")
        elif got["difference"] is not None:
            wrong.append(f"{name}: {got['difference']}")
    assert not wrong, f"{len(wrong)}/{len(runs)} runs differ in the browser:\n" + "\n".join(wrong[:40])


def test_chrono_fuzz_cases_agree_with_the_original_in_the_browser(fuzz_page):
    """fuzz/ and fuzz2/, every case against the original's result."""
    driver, _, cases = fuzz_page
    assert len([case for case in cases if case["folder"] == "fuzz"]) >= 1584
    assert len([case for case in cases if case["folder"] == "fuzz2"]) >= 7956
    wrong = []
    for case, got in zip(cases, _results(driver, "chrono", len(cases)), strict=True):
        original = {key: case[key] for key in chrono_corpus.RESULT_FIELDS}
        expected = original
        if got != expected:
            wrong.append(f"{case['folder']}/{case['level']} {case['solution']}: expected "
                         f"{chrono_corpus.verdict_words(expected)}, browser {got.get('error') or chrono_corpus.verdict_words(got)}")
    assert not wrong, f"{len(wrong)}/{len(cases)} differ in the browser:\n" + "\n".join(wrong[:40])

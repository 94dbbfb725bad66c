"""The import rules of the house (.importlinter: the layers, core/ and games/ headless, the
server without Qt, the games independent of each other, no import cycles), checked with
import-linter as part of the ordinary test run."""

from __future__ import annotations

from pathlib import Path

from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parent.parent


def test_the_import_contracts_are_kept(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    status = lint_imports(config_filename=str(ROOT / ".importlinter"), no_cache=True, no_logo=True)
    report = capsys.readouterr().out
    assert status == 0, "import contracts broken:\n" + report
    assert "0 broken" in report and report.count("KEPT") == 5

"""What a run lets go of (engine/bdd/memory.py), and the results as the build keeps them
(engine/results.py: each trace kept as text)."""

from __future__ import annotations

import pytest

from tests.conftest import FEW_CARDS

from .test_pipeline import DOC

#: the pipeline, not the cards: the sandboxes hold the cards the documents name
pytestmark = pytest.mark.sandbox_cards(*FEW_CARDS)


COUNT_REPORTS = '''
import json, os
from pytest_bdd import reporting


def pytest_sessionfinish(session):
    with open(os.environ["REPORTS_LEFT"], "w") as f:
        json.dump({"scenarios": len(reporting.scenario_reports_registry),
                   "contexts": len(reporting.test_report_context_registry),
                   "ran": session.testscollected,
                   "phases": len(session.config.pluginmanager.get_plugin("terminalreporter").stats.get("", []))}, f)
'''


def test_a_run_keeps_no_report_of_pytest_bdd_once_logged(sandbox, tmp_path):
    """engine/bdd/memory.py: pytest-bdd's reports of the scenarios run are let go, and
    pytest's terminal keeps no setup or teardown that passed (counted nowhere)."""
    import json
    import os
    import subprocess
    import sys

    sandbox.write("spec/ygo/pipeline.rst", DOC.format(verdict="仍然是"))
    assert sandbox.rulings("extract").returncode == 0  # pytest reads the features, it does not extract
    (tmp_path / "count_reports.py").write_text(COUNT_REPORTS, encoding="utf-8")
    left = tmp_path / "left.json"
    env = {**sandbox.env(), "PYTHONPATH": str(tmp_path), "REPORTS_LEFT": str(left), "RULINGS_RERUN": "all"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "count_reports",
                           "-p", "no:xdist", str(sandbox.root / "tests" / "examples")],
                          cwd=sandbox.root, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    counted = json.loads(left.read_text())
    assert counted["ran"] >= 2 and counted["scenarios"] == 0 and counted["contexts"] == 0, counted
    assert counted["phases"] == 0, counted

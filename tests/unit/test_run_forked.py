"""A run of the examples is a pytest session in a process of its own: a forked copy of
``rulings`` when the project's code it imported is the code on disk, else a new Python.
Both give the same results; an engine edited after ``rulings`` imported it is run as it
is on disk now (a new Python), never as this process remembers it."""

from __future__ import annotations

import json
import os
import time

import pytest

import rulings
from rulings import runs
from tests.conftest import FEW_CARDS

pytestmark = pytest.mark.sandbox_cards(*FEW_CARDS)


def test_the_run_is_forked_only_while_the_code_imported_is_the_code_on_disk(monkeypatch):
    assert runs.code_as_imported()  # nothing of the project was edited since this process imported it
    # a module of the project modified after the process began importing the project
    edited = os.stat(runs.__file__).st_mtime_ns
    monkeypatch.setattr(rulings, "IMPORTED_AT_NS", edited - 10_000_000)
    assert not runs.code_as_imported()
    monkeypatch.setattr(rulings, "IMPORTED_AT_NS", time.time_ns())
    assert runs.code_as_imported()


def test_a_forked_run_and_a_new_python_record_the_same_results(sandbox):
    from tests.unit.test_incremental import YGO

    sandbox.write("spec/ygo/inc0.rst", YGO.format(n=0, verdict="仍然是"))
    sandbox.write("spec/ygo/inc1.rst", YGO.format(n=1, verdict="不再是"))  # a failure, with its message
    # the run says which process it is: a new Python runs pytest's __main__, a forked copy
    # of `rulings` keeps its command line
    said = sandbox.root / "run-argv.txt"
    conftest = sandbox.root / "tests" / "examples" / "conftest.py"
    conftest.write_text((
        "def pytest_sessionstart(session):\n"
        "    import sys\n"
        f"    open({str(said)!r}, 'a', encoding='utf-8').write(sys.argv[0] + '\\n')\n"), encoding="utf-8")
    env = sandbox.env()
    outputs, results = [], []
    for new_python in ("", "1"):
        done = sandbox.python("-m", "rulings.cli", "--root", str(sandbox.root), "check", "--all",
                              env={**env, runs.NEW_PYTHON: new_python} if new_python else
                              {k: v for k, v in env.items() if k != runs.NEW_PYTHON})
        assert done.returncode == 1, sandbox.output(done)
        outputs.append(done.stdout)
        entries = json.loads((sandbox.build / "results.json").read_text(encoding="utf-8"))["results"]
        results.append({k: {f: v for f, v in e.items() if f != "duration"} for k, e in entries.items()})
    forked, new = said.read_text(encoding="utf-8").splitlines()
    assert forked.endswith("cli.py") and new.endswith("pytest/__main__.py"), (forked, new)
    assert outputs[0] == outputs[1]
    assert results[0] == results[1]
    assert {k: e["status"] for k, e in results[0].items()} == {
        "inc0-1": "passed", "inc0-2": "passed", "inc1-1": "failed", "inc1-2": "passed"}

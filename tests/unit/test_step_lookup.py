"""The binding looks a step's definition up once per module (engine.bdd.find_step_definitions)
and must find what pytest-bdd's own lookup finds, for every step of a run."""

from __future__ import annotations

import inspect
import sys

from tests.unit.test_incremental import YGO

#: a plugin of the examples' session: each step is looked up both ways before it runs
COMPARE = """\
from pathlib import Path

from engine import bdd

_SEEN = Path(__file__).with_name("compared.txt")


def pytest_bdd_before_step(request, feature, scenario, step, step_func):
    ours = list(bdd.find_step_definitions(step, request._fixturemanager, request.node))
    theirs = list(bdd._FIND_EVERYWHERE(step=step, fixturemanager=request._fixturemanager, node=request.node))
    assert ours == theirs and len(ours) == 1, (step.name, ours, theirs)
    with _SEEN.open("a", encoding="utf-8") as f:
        f.write(step.type + "\\n")
"""


def test_the_binding_finds_the_step_definitions_pytest_bdd_finds(sandbox):
    for n in range(2):
        sandbox.write(f"spec/ygo/inc{n}.rst", YGO.format(n=n, verdict="仍然是"))
    sandbox.write("tests/examples/conftest.py", COMPARE)
    done = sandbox.rulings("check", "--all", "-j", "1")
    assert done.returncode == 0, sandbox.output(done)[-3000:]
    assert done.stdout.strip().splitlines()[-1] == "4 passed, 0 failed"
    compared = (sandbox.root / "tests" / "examples" / "compared.txt").read_text(encoding="utf-8").split()
    assert sorted(set(compared)) == ["given", "then", "when"] and len(compared) == 12


def test_pytest_bdd_still_looks_steps_up_through_the_function_the_binding_replaces():
    import pytest_bdd.scenario  # noqa: F401 - the module, not the function of that name

    module = sys.modules["pytest_bdd.scenario"]
    assert list(inspect.signature(module.find_fixturedefs_for_step).parameters) == ["step", "fixturemanager", "node"]
    assert "find_fixturedefs_for_step(" in inspect.getsource(module.inject_fixturedefs_for_step)

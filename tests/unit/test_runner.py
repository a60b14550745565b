"""Issue 23: one runner.  The pytest-bdd binding and the runs in this process (coverage,
flipped outcomes) run a documented example's steps the one way ``rulings.runner`` has:
nothing else in the engine runs a phrase or matches a step of an example."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rulings import vocabulary as vocab_mod
from rulings.runner import Runner, Undefined, runner_for
from tests import sources

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def _calls(path: Path, name: str) -> list[int]:
    return [node.lineno for node in sources.nodes(path)
            if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) == name]


@sources.READS_THE_CODE
def test_only_the_runner_runs_a_phrase_of_an_example():
    callers = {f"{p.relative_to(ENGINE)}:{line}" for p in ENGINE.rglob("*.py") for line in _calls(p, "run_step")
               if p.name != "vocabulary.py"}
    assert callers and all(c.startswith("runner.py:") for c in callers), sorted(callers)


@sources.READS_THE_CODE
def test_the_binding_and_the_scenarios_go_through_the_runner():
    for module in ("bdd/__init__.py", "scenarios.py"):
        source = (ENGINE / module).read_text(encoding="utf-8")
        assert "runner_for" in source, module
        assert not _calls(ENGINE / module, "run_step"), module
        assert not [n for n in sources.nodes(ENGINE / module) if isinstance(n, ast.Call)
                    and getattr(n.func, "attr", None) == "match" and "vocabulary" in ast.unparse(n.func)], module


class _Step:
    def __init__(self, kind: str, name: str) -> None:
        self.type, self.name, self.datatable = kind, name, None


def test_a_scenario_runs_to_its_end_or_stops_at_the_step_that_failed():
    vocabulary = vocab_mod.load("dm")
    runner = runner_for(vocabulary)
    assert runner is runner_for(vocabulary)
    assert runner.scenario([]) == (0, None)
    at, err = runner.scenario([_Step("given", "これはどの語彙にもない文です")])
    assert at == 0 and isinstance(err, Undefined)
    with pytest.raises(Undefined):
        Runner(vocabulary).step(vocabulary.new_world(), "then", "これはどの語彙にもない文です")

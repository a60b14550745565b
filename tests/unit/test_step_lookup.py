"""The binding looks a step's definition up once per module (rulings.bdd.find_step_definitions)
and must find what pytest-bdd's own lookup finds, for every step of a run."""

from __future__ import annotations

import inspect
import re
import sys

import pytest

from tests.conftest import FEW_CARDS
from tests.unit.test_incremental import YGO

#: a plugin of the examples' session: each step is looked up both ways before it runs
COMPARE = """\
from pathlib import Path

from rulings import bdd

_SEEN = Path(__file__).with_name("compared.txt")


def pytest_bdd_before_step(request, feature, scenario, step, step_func):
    ours = list(bdd.find_step_definitions(step, request._fixturemanager, request.node))
    theirs = list(bdd._FIND_EVERYWHERE(step=step, fixturemanager=request._fixturemanager, node=request.node))
    assert ours == theirs and len(ours) == 1, (step.name, ours, theirs)
    with _SEEN.open("a", encoding="utf-8") as f:
        f.write(step.type + "\\n")
"""


def _check_all(sandbox, documents: int, conftest: str, jobs: int) -> str:
    """Run every example of ``documents`` documents (two examples each) with ``conftest``
    watching the session; all must pass.  What the command printed."""
    for n in range(documents):
        sandbox.write(f"spec/ygo/inc{n}.rst", YGO.format(n=n, verdict="仍然是"))
    sandbox.write("tests/examples/conftest.py", conftest)
    # pytest's progress of each test, as the run printed it (verbose: the run's -q and the
    # project's addopts' -q are taken back by two of the three -v)
    done = sandbox.python("-m", "rulings.cli", "--root", str(sandbox.root), "check", "--all", "-j", str(jobs),
                          env={**sandbox.env(), "PYTEST_ADDOPTS": "-vvv"})
    assert done.returncode == 0, sandbox.output(done)[-3000:]
    assert done.stdout.strip().splitlines()[-1] == f"{2 * documents} passed, 0 failed"
    return done.stdout


def test_pytest_bdd_still_looks_steps_up_through_the_function_the_binding_replaces():
    import pytest_bdd.scenario  # noqa: F401 - the module, not the function of that name

    module = sys.modules["pytest_bdd.scenario"]
    assert list(inspect.signature(module.find_fixturedefs_for_step).parameters) == ["step", "fixturemanager", "node"]
    assert "find_fixturedefs_for_step(" in inspect.getsource(module.inject_fixturedefs_for_step)


def _plan(documents: dict[str, int]):
    from rulings.incremental import Plan

    ids = {f"{doc}-{i}": doc for doc, n in documents.items() for i in range(n)}
    return Plan(run={k: "asked for" for k in ids}, basis={}, total=len(ids), documents=ids)


def test_workers_share_the_examples_out_whole_documents_where_they_can():
    from rulings.bdd import share_of

    plan = _plan({f"doc{d:02}": 100 for d in range(31)} | {"small": 7})
    shares = [share_of(plan, k, 2) for k in range(2)]
    assert shares[0].isdisjoint(shares[1]) and shares[0] | shares[1] == set(plan.run)
    assert abs(len(shares[0]) - len(shares[1])) <= 100
    # a document is cut only when it is larger than a quarter of a fair share (100 > 3107 / 8: no)
    for share in shares:
        documents = {plan.documents[k] for k in share}
        assert all(sum(plan.documents[k] == d for k in plan.run) == sum(plan.documents[k] == d for k in share)
                   for d in documents)


def test_one_large_document_cannot_unbalance_the_shares():
    from rulings.bdd import share_of

    plan = _plan({"huge": 900, "a": 50, "b": 50})
    shares = [share_of(plan, k, 2) for k in range(2)]
    assert shares[0] | shares[1] == set(plan.run) and shares[0].isdisjoint(shares[1])
    assert abs(len(shares[0]) - len(shares[1])) <= 1000 // 8
    assert [share_of(plan, k, 2) for k in range(2)] == shares  # every worker computes the same


#: a plugin of the examples' session: what each worker collected
COLLECTED = """\
import os
from pathlib import Path


def pytest_collection_finish(session):
    worker = os.environ.get("PYTEST_XDIST_WORKER", "controller")
    names = [item.get_closest_marker("rulings").kwargs["id"] if item.get_closest_marker("rulings") else item.name
             for item in session.items]
    Path(__file__).with_name(f"collected-{worker}.txt").write_text("\\n".join(names), encoding="utf-8")
"""


@pytest.mark.sandbox_cards(*FEW_CARDS)  # the binding, not the cards
def test_a_split_session_collects_each_example_in_one_worker_which_finds_what_pytest_bdd_finds(sandbox):
    """Each worker collects its share, and looks each step of its examples up both ways
    (one session for both, issue 23: the lookup is the same in a worker and alone)."""
    said = _check_all(sandbox, 3, COMPARE + "\n\n" + COLLECTED, 2)
    # the session's progress counts every worker's share, not the last one's
    progress = [int(p) for p in re.findall(r"\[ *(\d+)%\]", said)]
    assert len(progress) == 7 and progress == sorted(progress) and progress[-1] == 100, said
    compared = (sandbox.root / "tests" / "examples" / "compared.txt").read_text(encoding="utf-8").split()
    assert sorted(set(compared)) == ["given", "then", "when"] and len(compared) == 18
    folder = sandbox.root / "tests" / "examples"
    collected = {p.stem: set(p.read_text(encoding="utf-8").split()) for p in folder.glob("collected-*.txt")}
    assert set(collected) == {"collected-gw0", "collected-gw1"}
    gw0, gw1 = collected["collected-gw0"], collected["collected-gw1"]
    examples = {f"inc{n}-{i}" for n in range(3) for i in (1, 2)}
    assert gw0 - examples == {"test_the_documents_have_no_problems"} and gw1 <= examples
    assert gw0 & gw1 == set() and (gw0 | gw1) & examples == examples
    assert len(gw0 & examples) == 3 and len(gw1) == 3

"""One sandbox project for the end-to-end tests of how a reader sees a failure or a
refusal (tests/unit/test_trace_words.py: the trace on pytest's console;
tests/unit/test_refusals_worded.py: a refused step in the results file).

Both need the same thing: a Yu-Gi-Oh! document of the few cards FEW_CARDS defines, run
by ``rulings check``; the console test then runs pytest on it.  Made once per session
(``made_once``: whatever the number of pytest-xdist workers) instead of once per test:
one sandbox and one ``rulings check`` fewer (issue 23).  The tests only read what it
left: the results file as ``rulings check`` wrote it, pytest's output, and the results
file as that pytest run wrote it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import FEW_CARDS, make_sandbox, made_once

#: a When the rules refuse, and the same refusal as a Given
REFUSED = ("   假如 自己的手卡有「番兵石人」\n   当 自己发动「番兵石人」的①效果\n"
           "   那么 「番兵石人」的①效果可以发动\n")


@dataclass(frozen=True)
class Worded:
    checked: dict     # the results of ``rulings check``, by example id
    console: str      # the output of ``pytest tests/examples`` run after it
    tested: dict      # the results as that pytest run left them


def _make(folder: Path) -> None:
    from tests.unit.test_bad_input import document, example
    from tests.unit.test_wording import FAILING  # a Then whose expectation is wrong

    box = make_sandbox(folder / "project", FEW_CARDS)
    given = REFUSED.replace("   当 ", "   而且 ")
    box.write("spec/ygo/a.rst", document("文档一", example("wrong", FAILING), example("refused-when", REFUSED),
                                         example("refused-given", given)))
    box.rulings("check")  # extracts the examples and records their failures
    (folder / "checked.json").write_text(json.dumps(box.results(), ensure_ascii=False), encoding="utf-8")
    done = box.python("-m", "pytest", "tests/examples", "-p", "no:xdist", "-p", "no:cacheprovider")
    (folder / "console.txt").write_text(box.output(done), encoding="utf-8")
    (folder / "tested.json").write_text(json.dumps(box.results(), ensure_ascii=False), encoding="utf-8")


@pytest.fixture(scope="session")
def worded_run(tmp_path_factory) -> Worded:
    folder = made_once(tmp_path_factory, "worded-sandbox", _make)
    read = lambda name: (folder / name).read_text(encoding="utf-8")  # noqa: E731
    return Worded(json.loads(read("checked.json")), read("console.txt"), json.loads(read("tested.json")))

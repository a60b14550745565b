"""Rule coverage on the site: the ``rulings:unpinned`` declarations in the prose, the
coverage page of each game drawn from ``build/coverage/<game>.json`` (written here by
the test, in the format ``rulings coverage`` writes), and the figure on the dashboard.
Each a real build of a small project."""

from __future__ import annotations

import html
import json
import re

import pytest

from tests.unit.test_bad_input import document, example

UNPINNED = """
.. rulings:unpinned:: memory/COUNTERS/CONTROL_CHANGED

   种子资料没有说明控制权转移后指示物是否保留，也没有可以引用的官方出处。
"""

JA_UNPINNED = """
.. rulings:unpinned:: memory/公開/山札へ

   資料には記述がなく、引用できる公式の出典もない。
"""


def _text(page: str) -> str:
    """What a reader reads of the page's article."""
    article = page[page.find("<article"):page.rfind("</article>")]
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", article)))


@pytest.fixture(scope="module")
def declared(sandboxes):
    box = sandboxes("unpinned")
    box.write("spec/ygo/memory.rst", document("记忆", example("mem-1"), UNPINNED))
    box.write("spec/mtg/hidden.rst", document("非公開", JA_UNPINNED))
    done = box.rulings("build")
    return box, done


def test_a_declaration_is_a_note_in_the_documents_language(declared):
    box, done = declared
    assert done.returncode == 0, box.output(done)
    page = box.html("ygo/memory")
    note = re.search(r'<div class="(?:rulings-unpinned admonition|admonition rulings-unpinned)" id="(unpinned-ygo-[0-9a-f]+)">(.*?)</div>', page, re.S)
    assert note, page
    text = html.unescape(re.sub(r"<[^>]+>", " ", note.group(2)))
    assert "未被例子固定的规则" in text and "memory/COUNTERS/CONTROL_CHANGED" in text
    assert "种子资料没有说明控制权转移后指示物是否保留" in text
    assert "例で固定されていない規則" in _text(box.html("mtg/hidden"))


def test_the_gherkin_build_lists_every_declaration_with_its_game_and_place(declared):
    box, _ = declared
    listed = json.loads((box.build / "coverage" / "unpinned.json").read_text(encoding="utf-8"))
    assert sorted(listed, key=lambda d: d["game"]) == [
        {"game": "mtg", "cell": "memory/公開/山札へ", "doc": "spec/mtg/hidden.rst", "line": 6,
         "reason": "資料には記述がなく、引用できる公式の出典もない。"},
        {"game": "ygo", "cell": "memory/COUNTERS/CONTROL_CHANGED", "doc": "spec/ygo/memory.rst", "line": 14,
         "reason": "种子资料没有说明控制权转移后指示物是否保留，也没有可以引用的官方出处。"},
    ]


BAD = {
    "malformed": (".. rulings:unpinned:: memory/COUNTERS\n\n   没有出处。\n",
                  r"bad\.rst:5: WARNING: rulings:unpinned: malformed cell id 'memory/COUNTERS'"),
    "empty-part": (".. rulings:unpinned:: memory//TURN_ENDED\n\n   没有出处。\n",
                   r"bad\.rst:5: WARNING: rulings:unpinned: malformed cell id 'memory//TURN_ENDED'"),
    "no-cell": (".. rulings:unpinned::\n\n   没有出处。\n", r"bad\.rst:5: WARNING: rulings:unpinned: no cell id"),
    "no-reason": (".. rulings:unpinned:: memory/COUNTERS/TURN_ENDED\n",
                  r"bad\.rst:5: WARNING: rulings:unpinned: memory/COUNTERS/TURN_ENDED has no explanation"),
    "twice": (".. rulings:unpinned:: memory/COUNTERS/TURN_ENDED\n\n   没有出处。\n\n"
              ".. rulings:unpinned:: memory/COUNTERS/TURN_ENDED\n\n   还是没有出处。\n",
              r"bad\.rst:9: WARNING: rulings:unpinned: the cell 'memory/COUNTERS/TURN_ENDED' of ygo is declared "
              r"twice: also at spec/ygo/bad\.rst:5"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_declaration_is_an_error_at_its_file_and_line(sandboxes, case):
    box = sandboxes(case)
    text, expected = BAD[case]
    box.write("spec/ygo/bad.rst", document("坏声明", text))
    for attempt in (1, 2):  # an unchanged document keeps its problem
        done = box.rulings("check", "--no-run")
        output = box.output(done)
        assert done.returncode != 0 and "Traceback" not in output, output
        assert re.search(expected, output), (attempt, output)
    listed = json.loads((box.build / "coverage" / "unpinned.json").read_text(encoding="utf-8"))
    # a bad declaration is not listed; a cell declared twice is listed once, at its first place
    assert [(d["cell"], d["line"]) for d in listed] == ([("memory/COUNTERS/TURN_ENDED", 5)] if case == "twice" else [])


def test_a_cell_declared_in_two_documents_names_both(sandbox):
    sandbox.write("spec/ygo/one.rst", document("一", UNPINNED))
    sandbox.write("spec/ygo/two.rst", document("二", UNPINNED))
    done = sandbox.rulings("check", "--no-run")
    assert done.returncode != 0
    assert re.search(r"two\.rst:6: WARNING: rulings:unpinned: the cell 'memory/COUNTERS/CONTROL_CHANGED' of ygo "
                     r"is declared twice: also at spec/ygo/one\.rst:6", sandbox.output(done)), sandbox.output(done)

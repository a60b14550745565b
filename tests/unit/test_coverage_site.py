"""Rule coverage on the site: the ``rulings:unpinned`` declarations in the prose, the
coverage page of each game drawn from ``build/coverage/<game>.json`` (written here by
the test, in the format ``rulings coverage`` writes, and at last by the tool itself),
and the figure on the dashboard.  Real builds of one small project through its life
(``site``)."""

from __future__ import annotations

import html
import json
import re
import shutil

import pytest

from tests.conftest import FEW_CARDS

from tests.unit.test_bad_input import document, example

#: the pipeline, not the cards: the sandboxes hold the cards the documents name; one
#: pytest-xdist worker runs them all (``make test``: --dist loadgroup), so that the project
#: (``site``) is built once, not once per worker
pytestmark = [pytest.mark.sandbox_cards(*FEW_CARDS), pytest.mark.xdist_group("coverage-site")]

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


def test_a_declaration_is_a_note_in_the_documents_language(site):
    declared = site["no results"]
    assert declared.done.returncode == 0, declared.said
    page = declared.html("ygo/mem")
    note = re.search(r'<div class="(?:rulings-unpinned admonition|admonition rulings-unpinned)" id="(unpinned-ygo-[0-9a-f]+)">(.*?)</div>', page, re.S)
    assert note, page
    text = html.unescape(re.sub(r"<[^>]+>", " ", note.group(2)))
    assert "未被例子固定的规则" in text and "memory/COUNTERS/CONTROL_CHANGED" in text
    assert "种子资料没有说明控制权转移后指示物是否保留" in text
    assert "例で固定されていない規則" in _text(declared.html("mtg/hidden"))


def test_the_gherkin_build_lists_every_declaration_with_its_game_and_place(site):
    assert sorted(site["listed"], key=lambda d: d["game"]) == [
        {"game": "mtg", "cell": "memory/公開/山札へ", "doc": "spec/mtg/hidden.rst", "line": 6,
         "reason": "資料には記述がなく、引用できる公式の出典もない。"},
        {"game": "ygo", "cell": "memory/COUNTERS/CONTROL_CHANGED", "doc": "spec/ygo/mem.rst", "line": 23,
         "reason": "种子资料没有说明控制权转移后指示物是否保留，也没有可以引用的官方出处。"},
    ]


BAD = {
    "malformed": (".. rulings:unpinned:: memory/COUNTERS\n\n   没有出处。\n",
                  r"{doc}:5: WARNING: rulings:unpinned: malformed cell id 'memory/COUNTERS'"),
    "empty-part": (".. rulings:unpinned:: memory//TURN_ENDED\n\n   没有出处。\n",
                   r"{doc}:5: WARNING: rulings:unpinned: malformed cell id 'memory//TURN_ENDED'"),
    "no-cell": (".. rulings:unpinned::\n\n   没有出处。\n", r"{doc}:5: WARNING: rulings:unpinned: no cell id"),
    "no-reason": (".. rulings:unpinned:: memory/COUNTERS/TURN_ENDED\n",
                  r"{doc}:5: WARNING: rulings:unpinned: memory/COUNTERS/TURN_ENDED has no explanation"),
    "twice": (".. rulings:unpinned:: memory/COUNTERS/TURN_ENDED\n\n   没有出处。\n\n"
              ".. rulings:unpinned:: memory/COUNTERS/TURN_ENDED\n\n   还是没有出处。\n",
              r"{doc}:9: WARNING: rulings:unpinned: the cell 'memory/COUNTERS/TURN_ENDED' of ygo is declared "
              r"twice: also at spec/ygo/{doc}:5"),
    "coverage-of-an-unknown-game": (".. rulings:coverage:: chess\n",
                                    r"{doc}:5: WARNING: rulings:coverage: unknown game 'chess'; known: ygo, mtg, dm"),
}


def _bad_doc(case: str) -> str:
    """The document of one case of BAD, under spec/ygo/."""
    return f"bad-{case}.rst"


def _listed(box) -> list[dict]:
    return json.loads((box.build / "coverage" / "unpinned.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_declaration_is_an_error_at_its_file_and_line(site, case):
    """Every case in a document of its own, checked together and then again unchanged
    (nothing read, the last build's warnings said again: sphinxext.build._unchanged)."""
    _text, expected = BAD[case]
    checks, listed = site["bad"]
    assert len(checks) == 2
    for attempt, (done, output) in enumerate(checks, 1):  # an unchanged document keeps its problem
        assert done.returncode != 0 and "Traceback" not in output, output
        # (the check fails for these cases alone: no other problem in the project)
        assert all(re.search(r"/spec/ygo/bad-[\w-]+\.rst:\d+: WARNING: rulings:", line)
                   for line in output.splitlines() if "WARNING" in line), output
        assert re.search(expected.replace("{doc}", re.escape(_bad_doc(case))), output), (attempt, output)
    # a bad declaration is not listed; a cell declared twice is listed once, at its first place
    ours = [(d["cell"], d["line"]) for d in listed if d["doc"] == f"spec/ygo/{_bad_doc(case)}"]
    assert ours == ([("memory/COUNTERS/TURN_ENDED", 5)] if case == "twice" else [])
    # and the other documents' declarations are still listed
    assert [d for d in listed if not d["doc"].startswith("spec/ygo/bad-")] == site["listed"]


def test_a_cell_declared_in_two_documents_names_both(small_project):
    small_project.write("spec/ygo/one.rst", document("一", UNPINNED))
    small_project.write("spec/ygo/two.rst", document("二", UNPINNED))
    warnings = small_project.sphinx("gherkin")
    assert re.search(r"two\.rst:6: WARNING: rulings:unpinned: the cell 'memory/COUNTERS/CONTROL_CHANGED' of ygo "
                     r"is declared twice: also at spec/ygo/one\.rst:6", warnings), warnings


# -- the coverage page ----------------------------------------------------------------------

SOURCE = "http://www.db.yugioh-card.com/yugiohdb/faq_search.action?ope=5&fid=6109"
MEMORY_DOC = document("记忆", example("mem-1", options=f"   :source: {SOURCE}\n"), example("mem-2"), UNPINNED)
COVERAGE_DOC = "==========\n规则覆盖率\n==========\n\n.. rulings:coverage::\n"
MTG_COVERAGE_DOC = "==================\nルールのカバレッジ\n==================\n\n.. rulings:coverage::\n"


def coverage_json(basis: str, *, complete: bool = True) -> dict:
    """The results of a small ygo memory table: one cell of each status, and a one-column table."""
    cells = {
        "NORMAL_SUMMONED/TURNED_FACE_DOWN": {"status": "pinned", "value": False, "change": "改为变成里侧时消除",
                                             "examples": ["mem-1", "mem-2"]},
        "NORMAL_SUMMONED/TURN_ENDED": {"status": "survivor", "value": False, "change": "改为回合结束时消除",
                                       "examples": []},
        "COUNTERS/TURNED_FACE_DOWN": {"status": "equivalent", "value": True, "change": "改为变成里侧时保留",
                                      "examples": [], "reason": "变成里侧的怪兽不会被放置指示物，也读不到它"},
        "COUNTERS/CONTROL_CHANGED": {"status": "unpinned", "value": False, "change": "改为控制权转移时消除",
                                     "examples": [], "reason": "种子资料没有说明", "where": "spec/ygo/mem.rst:23"},
        "COUNTERS/TURN_ENDED": {"status": "pinned", "value": False, "change": "改为回合结束时消除",
                                "examples": ["mem-2"]},
    }
    rows = [{"id": "NORMAL_SUMMONED", "label": "通常召唤的怪兽"}, {"id": "COUNTERS", "label": "指示物"}]
    columns = [{"id": "TURNED_FACE_DOWN", "label": "变成里侧"}, {"id": "CONTROL_CHANGED", "label": "控制权转移"},
               {"id": "TURN_ENDED", "label": "回合结束"}]
    flags = {"id": "face-down", "title": "里侧时也会被给予的效果",
             "rows": [{"id": "protection", "label": "抗性"}], "columns": [{"id": "given", "label": "给予"}],
             "cells": {"protection/given": {"status": "survivor", "value": False, "change": "改为给予",
                                            "examples": []}}}
    return {"game": "ygo", "basis": basis, "complete": complete,
            "tables": [{"id": "memory", "title": "怪兽记住的情报", "rows": rows, "columns": columns, "cells": cells},
                       flags],
            "summary": {"pinned": 2, "equivalent": 1, "unpinned": 1, "survivor": 2, "total": 6}}


def write_coverage(box, survivors: tuple[str, ...] = (), **kw) -> None:
    """The results, and the record of what they were measured against (the project as it
    is now), as ``rulings coverage`` leaves them."""
    from rulings import coverage_basis
    from rulings.sphinxext.measured import BuildPaths

    basis = coverage_basis.basis(BuildPaths(root=box.root, folder=box.build), "ygo")
    box.write("build/coverage/measured/ygo.json",
              json.dumps({"format": coverage_basis.FORMAT, "game": "ygo", "basis": basis}))
    data = coverage_json("written-by-the-test", **kw)
    for key in survivors:
        data["tables"][0]["cells"][key] = {"status": "survivor", "value": False, "change": "", "examples": []}
    box.write("build/coverage/ygo.json", json.dumps(data, ensure_ascii=False))


def _cells(page: str) -> dict[str, str]:
    """status of each cell of the page's tables, by its row label and column label."""
    out = {}
    for table in re.findall(r'<table class="[^"]*rulings-coverage-table[^"]*">(.*?)</table>', page, re.S):
        heads = [html.unescape(re.sub(r"<[^>]+>", "", h)).strip()
                 for h in re.findall(r"<th[^>]*>(.*?)</th>", table.split("</thead>")[0], re.S)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table.split("<tbody>")[1], re.S):
            cells = re.findall(r'<td class="([^"]*)"[^>]*>(.*?)</td>', row, re.S)
            label = html.unescape(re.sub(r"<[^>]+>", "", cells[0][1])).strip()
            for head, (cls, content) in zip(heads[1:], cells[1:]):
                status = re.search(r"rulings-coverage-(pinned|survivor|equivalent|unpinned|none)", cls).group(1)
                out[(label, head)] = (status, content)
    return out


class Built:
    """What one build printed and the pages it left, kept (the project goes on)."""

    def __init__(self, box, done, docnames=("index", "ygo/coverage", "ygo/mem", "mtg/coverage")) -> None:
        self.done, self.said = done, box.output(done)
        self.pages = {docname: box.html(docname) for docname in docnames}

    def html(self, docname: str) -> str:
        return self.pages[docname]


@pytest.fixture(scope="module")
def site(sandboxes):
    """One project through its life (issue 23: one project, not four), what each step
    printed, wrote and listed kept by name.  Documents with examples, a coverage page for
    two games and declarations in the prose of two games, built: "no results" (and the
    declarations "listed").  Each case of BAD in a document of its own, checked and
    checked again unchanged, then removed ("bad").  The coverage results' life: "measured"
    (the results and what they were measured against written as ``rulings coverage``
    leaves them); "example edited" after that; "measured again"; "declaration taken out"
    of the prose; "no such cell" declared, with the results the tool would give.  Eight
    documents more, read in parallel ("parallel").  At last the project as one example
    and the coverage pages, never measured, built with ``--coverage`` ("the tool")."""
    box = sandboxes("coverage")
    steps = {}

    def build(step: str, *args: str, docnames=("index", "ygo/coverage", "ygo/mem", "mtg/coverage"), **kw) -> None:
        steps[step] = Built(box, box.rulings("build", *args, **kw), docnames)

    box.write("spec/ygo/mem.rst", MEMORY_DOC)
    box.write("spec/ygo/coverage.rst", COVERAGE_DOC)
    box.write("spec/mtg/coverage.rst", MTG_COVERAGE_DOC)
    box.write("spec/mtg/hidden.rst", document("非公開", JA_UNPINNED))
    build("no results", docnames=("index", "ygo/coverage", "ygo/mem", "mtg/coverage", "mtg/hidden"))
    assert steps["no results"].done.returncode == 0, steps["no results"].said
    steps["listed"] = _listed(box)
    for case, (text, _expected) in BAD.items():
        box.write(f"spec/ygo/{_bad_doc(case)}", document(f"坏声明 {case}", text))  # a title of its own
    checks = [box.rulings("check", "--no-run") for _attempt in (1, 2)]
    steps["bad"] = [(done, box.output(done)) for done in checks], _listed(box)
    for case in BAD:
        (box.root / "spec" / "ygo" / _bad_doc(case)).unlink()

    write_coverage(box)
    build("measured")
    edited = MEMORY_DOC.replace("仍然是通常召唤的怪兽", "不再是通常召唤的怪兽", 1)
    box.write("spec/ygo/mem.rst", edited)
    build("example edited")
    write_coverage(box)
    build("measured again")
    # (the examples as measured again: only the declarations change, no example runs)
    box.write("spec/ygo/mem.rst", edited.replace(UNPINNED, ""))
    build("declaration taken out")
    box.write("spec/ygo/mem.rst", edited.replace("COUNTERS/CONTROL_CHANGED", "COUNTER/CONTROL_CHANGED"))
    box.rulings("check", "--no-run")
    # as the tool measures it: the cell the declaration meant is not declared, a survivor
    write_coverage(box, survivors=("COUNTERS/CONTROL_CHANGED",))
    build("no such cell")

    for i in range(8):
        cell = f"memory/COUNTERS/T{i}" if i != 7 else "memory/COUNTERS/T0"
        box.write(f"spec/ygo/d{i}.rst", document(f"文档{i}", UNPINNED.replace("memory/COUNTERS/CONTROL_CHANGED", cell)))
    done = box.rulings("build", "--sphinx-jobs", "2")
    steps["parallel"] = box.output(done), _listed(box), [box.html(f"ygo/d{i}") for i in range(8)]

    # the tool's own results: one example (mem-2, its result current: it does not run
    # again), no declaration, never measured
    for i in range(8):
        (box.root / "spec" / "ygo" / f"d{i}.rst").unlink()
    (box.root / "spec" / "mtg" / "hidden.rst").unlink()
    shutil.rmtree(box.build / "coverage")
    box.write("spec/ygo/mem.rst", document("记忆", example("mem-2")))
    build("the tool", "--coverage", "-j", "1", timeout=900)
    steps["the tool"].results = json.loads((box.build / "coverage" / "ygo.json").read_text(encoding="utf-8"))
    return steps


def test_without_results_the_page_says_coverage_is_not_measured(site):
    before = site["no results"]
    page = before.html("ygo/coverage")
    assert "尚未测量：还没有覆盖率结果（ygo.json）" in _text(page), _text(page)
    assert "rulings-coverage-pinned" not in page and "rulings-coverage-table" not in page
    figures = re.findall(r'<tr class="rulings-coverage-figure" data-game="(\w+)" data-measured="(\w+)"',
                         before.html("index"))
    assert figures == [("ygo", "no"), ("mtg", "no"), ("dm", "no")], figures


def test_the_page_draws_the_table_with_each_cells_value_and_status(site):
    box = site["measured"]
    assert box.done.returncode == 0 and "WARNING" not in box.said, box.said
    page = box.html("ygo/coverage")
    text = _text(page)
    assert "已固定 2 · 等价 1 · 未固定 1 · 幸存 2 / 共 6 格" in text, text
    cells = _cells(page)
    assert {k: v[0] for k, v in cells.items()} == {
        ("通常召唤的怪兽", "变成里侧"): "pinned", ("通常召唤的怪兽", "控制权转移"): "none",
        ("通常召唤的怪兽", "回合结束"): "survivor",
        ("指示物", "变成里侧"): "equivalent", ("指示物", "控制权转移"): "unpinned", ("指示物", "回合结束"): "pinned",
        ("抗性", "给予"): "survivor"}
    value = lambda key: re.search(r'rulings-coverage-value"><strong>([^<]*)<', cells[key][1]).group(1)
    assert value(("通常召唤的怪兽", "变成里侧")) == "保留" and value(("指示物", "变成里侧")) == "消除"
    assert value(("抗性", "给予")) == "否"
    # the equivalent cell carries its reason, greyed by its class
    assert "变成里侧的怪兽不会被放置指示物" in cells[("指示物", "变成里侧")][1]


def test_a_pinned_cell_links_to_its_examples_and_their_sources(site):
    box = site["measured"]
    cells = _cells(box.html("ygo/coverage"))
    links = re.findall(r'<a class="[^"]*rulings-coverage-example[^"]*" href="([^"]+)"', cells[("通常召唤的怪兽", "变成里侧")][1])
    assert links == ["mem.html#example-mem-1", "mem.html#example-mem-2"], cells
    # the anchors are the examples' own
    mem = box.html("ygo/mem")
    assert 'id="example-mem-1"' in mem and 'id="example-mem-2"' in mem
    details = box.html("ygo/coverage").split('class="rulings-coverage-details', 1)[1]
    first = details.split("</li>", 1)[0] + details.split("</li>", 2)[1]
    assert "mem.html#example-mem-1" in first and html.escape(SOURCE) in first and "FAQ fid=6109" in first


def test_an_unpinned_cell_links_to_its_declaration_in_the_prose(site):
    box = site["measured"]
    cells = _cells(box.html("ygo/coverage"))
    link = re.search(r'<a class="[^"]*rulings-coverage-declaration[^"]*" href="([^"]+)"',
                     cells[("指示物", "控制权转移")][1])
    assert link, cells[("指示物", "控制权转移")]
    target = link.group(1).split("#")
    assert target[0] == "mem.html" and f'id="{target[1]}"' in box.html("ygo/mem")
    # the note names the cell as the results do
    assert "怪兽记住的情报 · 指示物 · 控制权转移 memory/COUNTERS/CONTROL_CHANGED" in _text(box.html("ygo/mem"))


def test_a_game_without_results_is_not_measured_in_its_language(site):
    box = site["measured"]
    text = _text(box.html("mtg/coverage"))
    assert "未測定：カバレッジの結果がまだありません（mtg.json）" in text, text


def test_the_dashboard_shows_each_games_figure(site):
    box = site["measured"]
    index = box.html("index")
    row = re.search(r'<tr class="rulings-coverage-figure" data-game="ygo" data-measured="yes">(.*?)</tr>', index, re.S)
    assert row, index
    shown = dict(re.findall(r'data-(pinned|equivalent|unpinned|survivor|total)="(\d+)"', row.group(1)))
    assert shown == {"pinned": "2", "equivalent": "1", "unpinned": "1", "survivor": "2", "total": "6"}
    assert 'href="ygo/coverage.html"' in row.group(1)
    assert re.search(r'data-game="mtg" data-measured="no"><td lang="ja"><a href="mtg/coverage.html">', index)


def test_results_measured_against_other_documents_are_not_shown(site):
    # an example edited after the coverage run: the results no longer fit
    edited = site["example edited"]
    page = edited.html("ygo/coverage")
    assert "尚未测量：现有的覆盖率结果是针对另一版本的引擎或文档测得的，已经过期" in _text(page), _text(page)
    assert "rulings-coverage-pinned" not in page
    assert 'data-game="ygo" data-measured="no"' in edited.html("index")
    # measured again: shown (the page is rebuilt although no document changed)
    again = site["measured again"]
    assert "rulings-coverage-pinned" in again.html("ygo/coverage"), again.said
    assert 'data-game="ygo" data-measured="yes"' in again.html("index")
    # the prose no longer declares the unpinned cell: the results, which say it is, no longer fit
    gone = site["declaration taken out"]
    assert "已经过期" in _text(gone.html("ygo/coverage")), gone.said
    assert "rulings-coverage-pinned" not in gone.html("ygo/coverage")


def test_a_declaration_of_a_cell_the_tables_do_not_have_is_a_warning(site):
    said = site["no such cell"].said
    assert re.search(r"mem\.rst:23: WARNING: rulings:unpinned: no cell 'memory/COUNTER/CONTROL_CHANGED' in the "
                     r"coverage tables of ygo; closest: 'memory/COUNTERS/CONTROL_CHANGED'", said), said


def test_declarations_read_in_parallel_are_all_listed(site):
    """Sphinx reads more than five documents in parallel processes: each process's
    declarations are merged into the environment."""
    output, listed, pages = site["parallel"]
    assert re.search(r"d7\.rst:6: WARNING: rulings:unpinned: the cell 'memory/COUNTERS/T0' of ygo is declared twice: "
                     r"also at spec/ygo/d0\.rst:6", output), output
    assert [(d["doc"], d["cell"]) for d in listed if re.fullmatch(r"spec/ygo/d\d\.rst", d["doc"])] \
        == [(f"spec/ygo/d{i}.rst", f"memory/COUNTERS/T{i}") for i in range(7)]
    assert all(re.search(r'class="[^"]*rulings-unpinned', page) for page in pages)


def test_build_with_coverage_measures_and_shows_the_real_results(site):
    """``rulings build --coverage`` (what ``make site`` runs): the tool measures, the pages
    show its results as current."""
    tool = site["the tool"]
    assert re.search(r"^ygo: \d+ cells: \d+ pinned", tool.said, re.M), tool.said
    assert "survivors (no example fails" not in tool.said  # `rulings coverage` lists them
    data = tool.results
    cells = {f"{t['id']}/{k}": c for t in data["tables"] for k, c in t["cells"].items()}
    # mem-2: a Normal Summoned monster turned face-down is still Normal Summoned
    assert cells["memory/NORMAL_SUMMONED/TURNED_FACE_DOWN"]["examples"] == ["mem-2"]
    page = tool.html("ygo/coverage")
    assert "rulings-coverage-pinned" in page and "尚未测量" not in _text(page)
    row = re.search(r'<tr class="rulings-coverage-figure" data-game="ygo" data-measured="yes">(.*?)</tr>',
                    tool.html("index"), re.S)
    shown = dict(re.findall(r'data-(pinned|equivalent|unpinned|survivor|total)="(\d+)"', row.group(1)))
    assert {k: int(v) for k, v in shown.items()} == data["summary"]


def test_docs_bad_input_lists_every_bad_declaration():
    from pathlib import Path

    table = (Path(__file__).resolve().parents[2] / "docs" / "bad-input.md").read_text(encoding="utf-8")
    assert not [name for name in BAD if f"`{name}`" not in table]

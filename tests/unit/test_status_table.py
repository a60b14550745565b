"""Issue 23: a status is decided in one place and described in one table.  Everything
that shows or counts statuses (pages, the attention page, the sidebar, `rulings check`)
reads ``rulings.results.KINDS``: no other module lists statuses itself, so a new status is
its row and its decision in engine/results.py and its words in
engine/sphinxext/language.py — two files."""

from __future__ import annotations

import ast
from pathlib import Path

from rulings import results
from tests import sources

ENGINE = Path(__file__).resolve().parents[2] / "engine"
#: where statuses may be named together: the table and the words of each language
OWNERS = {"results.py", "sphinxext/language.py"}


def _lists_of_statuses(path: Path) -> list[int]:
    """Lines of tuples, lists, sets or comparisons naming two statuses or more."""
    out = []
    for node in sources.nodes(path):
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            named = {e.value for e in node.elts if isinstance(e, ast.Constant)} & set(results.STATUSES)
            if len(named) >= 2:
                out.append(node.lineno)
        if isinstance(node, ast.BoolOp):
            named = {c.value for c in ast.walk(node) if isinstance(c, ast.Constant)} & set(results.STATUSES)
            if len(named) >= 2:
                out.append(node.lineno)
    return out


@sources.READS_THE_CODE
def test_no_module_but_the_table_lists_statuses():
    found = {f"{p.relative_to(ENGINE)}:{line}" for p in ENGINE.rglob("*.py")
             if str(p.relative_to(ENGINE)) not in OWNERS for line in _lists_of_statuses(p)}
    assert not found, sorted(found)


def test_the_table_orders_and_colours_every_status():
    assert set(results.WORST_FIRST) == set(results.STATUSES) == set(results.STATUS)
    assert results.worst({}) == "passed" and results.worst({"pending": 1, "stale": 1}) == "stale"
    assert results.worst({"failed": 1, "not-run": 3}) == "failed"
    css = results.status_css()
    for kind in results.KINDS:
        assert f".rulings-badge-{kind.name} {{ background: {kind.colour}; }}" in css


def test_every_status_has_its_words_in_every_language():
    from rulings.sphinxext.language import WORDS

    for language, words in WORDS.items():
        assert set(results.STATUSES) <= set(words), language

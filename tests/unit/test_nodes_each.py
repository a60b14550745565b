"""``rulings.sphinxext.nodes.each`` finds what ``findall`` finds, in the same order."""

from pathlib import Path

from docutils import nodes
from docutils.core import publish_doctree
from sphinx import addnodes

from rulings.sphinxext.nodes import each

ROOT = Path(__file__).resolve().parents[2]


def test_each_is_findall_by_class():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    doc = publish_doctree("Title\n=====\n\n- a `link <https://example.org>`_\n- *b* ``c``\n\n"
                          ".. _there: https://example.org/x\n\n" + "\n".join(
                              f"  {line}" if line else "" for line in text.splitlines()[:40]),
                          settings_overrides={"report_level": 5})
    for classes in (nodes.Element, nodes.Node, nodes.Text, nodes.reference, nodes.paragraph):
        assert each(doc, classes) == list(doc.findall(classes))
    pair = (nodes.reference, nodes.target)
    assert each(doc, pair) == list(doc.findall(lambda n: isinstance(n, pair)))
    assert each(doc, (nodes.image, addnodes.download_reference)) == []
    assert each(doc, pair)  # the document has links and targets

"""Examples and cards are objects of the ``rulings`` Sphinx domain: the search index finds
them by id, title or card name and leads to their anchors, the roles link to them from
prose, and objects.inv exports them for intersphinx."""

from __future__ import annotations

import html
import json
import re

import pytest

from tests.conftest import FEW_CARDS
from tests.unit.test_bad_input import document, example

#: the pipeline, not the cards: the sandboxes hold the cards the documents name
pytestmark = pytest.mark.sandbox_cards(*FEW_CARDS)

PROSE = """
如 :rulings:example:`dom-1` 所示，:rulings:card:`破坏龙 甘多拉` 变成里侧后仍是通常召唤的怪兽；
按标题也能引用： :rulings:example:`里侧后仍是通常召唤`，也可以写自己的文字： :rulings:example:`这个例子 <dom-1>`。

坏的引用： :rulings:example:`dom-9` 和 :rulings:card:`破坏龙 干多拉`。
"""


@pytest.fixture(scope="module")
def site(sandboxes):
    box = sandboxes("domain")
    box.write("spec/ygo/dom.rst", document("领域", example("dom-1", title="里侧后仍是通常召唤")))
    box.write("spec/ygo/prose.rst", document("引用", PROSE))
    done = box.rulings("build")
    return box, done


def _index(box) -> dict:
    text = (box.build / "site" / "searchindex.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1:text.rindex(")")])


def test_roles_link_examples_and_cards_to_their_anchors(site):
    box, _ = site
    page = html.unescape(box.html("ygo/prose"))
    links = re.findall(r'<a class="reference internal" href="([^"]+)"[^>]*>(?:<span[^>]*>)?([^<]+)<', page)
    # by id, by title, with words of one's own
    assert [text for href, text in links if href == "dom.html#example-dom-1"] == \
        ["里侧后仍是通常召唤", "里侧后仍是通常召唤", "这个例子"], links
    card = [href for href, text in links if text == "「破坏龙 甘多拉」"]
    assert card and re.match(r"cards/\w+\.html#card-ygo-[0-9a-f]+$", card[0]), links
    target = card[0].split("#")[1]
    assert f'id="{target}"' in box.html(f"ygo/{card[0].split('#')[0][:-5]}")
    assert 'id="example-dom-1"' in box.html("ygo/dom")


def test_an_unknown_reference_is_a_warning_at_its_line_with_the_closest_name(site):
    box, done = site
    out = box.output(done)
    assert re.search(r"prose\.rst:\d+: WARNING: unknown example id or title 'dom-9' in :rulings:example:; "
                     r"closest: 'dom-1'", out), out
    assert re.search(r"prose\.rst:\d+: WARNING: unknown card '破坏龙 干多拉' in :rulings:card:; "
                     r"closest: '破坏龙 甘多拉'", out), out


def test_the_search_index_lists_examples_by_id_and_title_and_cards_by_name(site):
    box, _ = site
    index = _index(box)
    names = {}
    for prefix, entries in index["objects"].items():
        for doc, objtype, _prio, anchor, name in entries:
            full = (prefix + "." if prefix else "") + name
            # as searchtools.js rebuilds the anchor
            anchor = {"": full, "-": f"{index['objnames'][str(objtype)][1]}-{full}"}.get(anchor, anchor)
            names[full] = (index["docnames"][doc], anchor)
    assert names["dom-1"] == ("ygo/dom", "example-dom-1")
    assert names["里侧后仍是通常召唤"] == ("ygo/dom", "example-dom-1")
    doc, anchor = names["破坏龙 甘多拉"]
    assert doc.startswith("ygo/cards/") and anchor.startswith("card-ygo-")
    assert {"rulings 例子", "rulings 卡片"} <= {name[2] for name in index["objnames"].values()}


def test_objects_inv_exports_them_for_intersphinx(site):
    from sphinx.util.inventory import InventoryFile

    box, _ = site
    with open(box.build / "site" / "objects.inv", "rb") as f:
        inventory = InventoryFile.load(f, "https://rulings.example/", lambda base, uri: base + uri)
    data = inventory.data if hasattr(inventory, "data") else inventory
    examples, cards = data["rulings:example"], data["rulings:card"]
    item = examples["dom-1"]
    uri = item.uri if hasattr(item, "uri") else item[2]
    assert uri == "https://rulings.example/ygo/dom.html#example-dom-1"
    assert "破坏龙 甘多拉" in cards


def test_clearing_a_document_removes_its_objects_only():
    """clear_doc goes through the document's own objects (an index by document), with
    the same outcome as going through all of them."""
    from types import SimpleNamespace

    from rulings.sphinxext.domain import RulingsDomain

    domain = RulingsDomain(SimpleNamespace(domaindata={}))
    domain.note("example", "e-1", "a", "example-e-1", "甲")
    domain.note("example", "甲", "a", "example-e-1", "甲", alias=True)
    domain.note("example", "e-2", "b", "example-e-2", "乙")
    domain.note("example", "甲", "b", "example-e-2", "甲", alias=True)  # the first place wins
    domain.note("card", "卡", "b", "card-x", "卡")
    domain.clear_doc("a")
    assert domain.objects == {("example", "e-2"): ("b", "example-e-2", "乙", 1), ("card", "卡"): ("b", "card-x", "卡", 1)}
    # noted again by b, now that a no longer holds it
    domain.note("example", "甲", "b", "example-e-2", "甲", alias=True)
    domain.clear_doc("a")
    assert ("example", "甲") in domain.objects
    other = {"objects": {("example", "e-3"): ("c", "example-e-3", "丙", 1), ("example", "e-4"): ("d", "x", "丁", 1)}}
    domain.merge_domaindata({"c"}, other)
    assert ("example", "e-3") in domain.objects and ("example", "e-4") not in domain.objects
    domain.clear_doc("b")
    domain.clear_doc("c")
    assert domain.objects == {} and domain.by_doc == {}


def test_get_objects_yields_its_objects_in_the_order_sphinx_sorts_them_into():
    """Sphinx sorts what get_objects yields; the domain yields it in that order already
    (its order made once, again after any change)."""
    from types import SimpleNamespace

    from rulings.sphinxext.domain import RulingsDomain

    domain = RulingsDomain(SimpleNamespace(domaindata={}))
    domain.note("example", "b", "x", "example-b", "乙")
    domain.note("card", "b", "y", "card-b", "b")
    domain.note("example", "a", "x", "example-a", "甲")
    domain.note("example", "甲", "x", "example-a", "甲", alias=True)
    listed = list(domain.get_objects())
    assert listed == sorted(listed) and len(listed) == 4
    assert ("b", "b", "card", "y", "card-b", 1) in listed
    domain.clear_doc("y")
    domain.note("card", "c", "z", "card-c", "c")
    listed = list(domain.get_objects())
    assert listed == sorted(listed) and [o[0] for o in listed] == ["a", "b", "c", "甲"]

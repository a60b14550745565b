"""Cards on the site: each card an entry with its text and modelled parts, the examples
that name it linked under it, card names in examples linking to their entry, and a card
index per game.  A card only one document needs is written inside that document."""

from __future__ import annotations

import json
import re
import shutil
from html import unescape
from pathlib import Path

import pytest

from rulings import cardformat
from tests.conftest import FEW_CARDS

DOC = """\
==============
卡片在网站上
==============

这篇文档自己定义一张只有它用到的卡。

.. card:: 文档内的测试卡
   :kind: 效果怪兽
   :attribute: 光
   :level: 4
   :atk: 1500
   :def: 1000

   ①：1回合1次，以场上1张卡为对象才能发动。那张卡破坏。

   .. effect:: ①
      :kind: 起动
      :once-per-turn: 这张卡
      :target: 场上1张卡
      :action: 那张卡破坏

.. example:: 文档内定义的卡可以破坏对象
   :id: site-inline-card

   假如 自己通常召唤「文档内的测试卡」
   而且 对方在之前的回合召唤了「黑魔术师」
   当 自己以「黑魔术师」为对象发动「文档内的测试卡」的①效果
   而且 连锁处理
   那么 「黑魔术师」在墓地

.. rulings-cards:: ygo

.. rulings-blocks:: ygo
"""


#: the card files of basics and summoning whole (黑魔术师, 真龙剑皇 卓辉星·拼图 and 46 others), not
#: all 513 cards: each index and table is checked against the cards the project has
#: (issue 23: a build of every card page three times was most of this file); one
#: pytest-xdist worker builds the site (a module fixture is made by each worker that runs
#: a test of the module)
pytestmark = [pytest.mark.sandbox_cards(*(card_file for card_file, _ in FEW_CARDS)),
              pytest.mark.xdist_group("cards-site")]

#: the first example's Given steps, swapped by the first edit (its title and status stay)
GIVEN = "   假如 自己通常召唤「文档内的测试卡」\n   而且 对方在之前的回合召唤了「黑魔术师」\n"
SWAPPED = "   假如 对方在之前的回合召唤了「黑魔术师」\n   而且 自己通常召唤「文档内的测试卡」\n"
RENAMED = DOC.replace("文档内定义的卡可以破坏对象", "文档内定义的卡能破坏对象")


class Site:
    """The project with DOC (and a card index and the block tables on pages of their
    own) built once, then after an edit that keeps every example's title and status, then
    after one that gives the example another title: what each build printed and the
    times its pages were written; the pages of the first build, kept."""

    def __init__(self, box, first: Path) -> None:
        self.box, self.first = box, first
        self.outputs: list[str] = []
        self.written: list[dict[str, int]] = []

    def build(self) -> None:
        done = self.box.rulings("build")
        self.outputs.append(self.box.output(done))
        self.written.append({d: (self.box.build / "site" / f"{d}.html").stat().st_mtime_ns
                             for d in ("cards", "vocabulary", "ygo/site")})

    def html(self, docname: str) -> str:
        """A page as the first build wrote it."""
        return (self.first / f"{docname}.html").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def site(sandboxes, tmp_path_factory) -> Site:
    box = sandboxes("cards-site")
    box.write("spec/ygo/site.rst", DOC)
    box.write("spec/cards.rst", ":orphan:\n\n====\n卡片\n====\n\n.. rulings-cards:: ygo\n")
    box.write("spec/vocabulary.rst", ":orphan:\n\n======\n积木块\n======\n\n.. rulings-blocks:: ygo\n")
    site = Site(box, tmp_path_factory.mktemp("first-build"))
    site.build()
    assert (box.build / "site" / "ygo" / "site.html").exists(), site.outputs[0]
    # what the tests of the first build read: the document's page, the card pages, the results
    shutil.copytree(box.build / "site" / "ygo", site.first / "ygo", ignore=lambda folder, names: [
        n for n in names if not n.endswith(".html") and not (Path(folder) / n).is_dir()])
    shutil.copy(box.build / "results.json", site.first / "results.json")
    site.first_results = json.loads((site.first / "results.json").read_text(encoding="utf-8"))["results"]
    assert GIVEN in DOC
    box.write("spec/ygo/site.rst", DOC.replace(GIVEN, SWAPPED))
    site.build()
    box.write("spec/ygo/site.rst", RENAMED)
    site.build()
    site.cards_after_rename = box.html("cards")
    return site


def _element(html: str, pattern: str) -> str:
    m = re.search(pattern, html, re.S)
    assert m, pattern
    return m.group(0)


def test_an_inline_card_runs_its_example(site):
    assert site.first_results["site-inline-card"]["status"] == "passed", site.outputs[0][-2000:]


def test_a_card_entry_shows_its_fields_text_effects_and_examples(site):
    html = site.html("ygo/site")
    entry = _element(html, r'<div class="rulings-card[^"]*" id="card-ygo-[0-9a-f]+">.*?rulings-card-uses.*?</p>')
    text = unescape(re.sub(r"<[^>]+>", " ", entry))
    for shown in ("文档内的测试卡", "效果怪兽", "1500", "1回合1次，以场上1张卡为对象才能发动", "场上1张卡", "那张卡破坏",
                  "用到这张卡的例子", "文档内定义的卡可以破坏对象"):
        assert shown in text, (shown, text)
    assert 'href="#example-site-inline-card"' in entry or "site.html#example-site-inline-card" in entry


def test_card_names_in_steps_link_to_their_entries(site):
    html = site.html("ygo/site")
    example = _element(html, r'<div class="rulings-example[^>]*data-example-id="site-inline-card".*?</div></div>')
    own = re.search(r'「<a class="rulings-card-ref" href="(#card-ygo-[0-9a-f]+)">文档内的测试卡</a>」', example)
    assert own and f'id="{own.group(1)[1:]}"' in html
    other = re.search(r'「<a class="rulings-card-ref" href="cards/([\w-]+)\.html#(card-ygo-[0-9a-f]+)">黑魔术师</a>」',
                      example)
    assert other, example
    card_page = site.html(f"ygo/cards/{other.group(1)}")
    assert f'id="{other.group(2)}"' in card_page
    # the card's own page lists this example under it
    entry = _element(card_page, rf'id="{other.group(2)}".*?rulings-card-uses.*?</p>')
    assert "site.html#example-site-inline-card" in entry


def test_the_card_index_lists_every_card_with_its_examples(site):
    html = site.html("ygo/site")
    index = _element(html, r'<table class="[^"]*rulings-card-index.*?</table>')
    rows = re.findall(r'<tr class="rulings-card-row.*?</tr>', index, re.S)
    # every card of the project, and this document's own
    defined = sum(len(re.findall(r"^\.\. card:: ", p.read_text(encoding="utf-8"), re.M))
                  for p in (site.box.root / "spec" / "ygo").rglob("*.rst"))
    assert len(rows) == defined and defined > 40, (len(rows), defined)
    row = next(r for r in rows if ">文档内的测试卡<" in r)
    assert "#example-site-inline-card" in row
    hooked = [r for r in rows if "真龙剑皇 卓辉星·拼图" in r]
    assert hooked and "unaffected-by-tribute-kinds" in hooked[0]


def test_the_block_table_shows_each_block_with_the_cards_that_use_it(site):
    """Issue 22: each building block (its wordings together), in the document's language,
    with how many cards of the site use it and one of them as it writes the block."""
    html = site.html("ygo/site")
    rows = re.findall(r'<tr class="rulings-block.*?</tr>', html, re.S)
    blocks = cardformat.format_of("ygo").blocks.phrases
    assert len(rows) == len({(p.kind, p.action) for p in blocks})  # one row a block, its wordings together
    text = {unescape(re.sub(r"<[^>]+>", "", r)) for r in rows}
    assert any(t.startswith("处理") for t in text) and any(t.startswith("时点") for t in text), text
    most = max(rows, key=lambda r: int(re.search(r"<p>(\d+) 张</p>|$", r).group(1) or 0))
    assert int(re.search(r"<p>(\d+) 张</p>", most).group(1)) >= 2, most
    assert re.search(r'<a class="rulings-card-ref[^"]*" href="[^"]*#card-ygo-[0-9a-f]+">[^<]+</a>：<code', most), most


def test_the_card_index_and_the_blocks_are_written_again_only_when_what_they_list_changed(site):
    """After an edit that keeps every example's title and status, the card index and the
    vocabulary's block tables (every card, every example naming one) are not written
    again; after an example naming a card gets another title, the index shows it."""
    first, swapped, renamed = site.outputs
    assert "0 failed" in first, first
    assert "1 example" in swapped and "0 failed" in swapped, swapped
    before, after, last = site.written
    assert after["ygo/site"] != before["ygo/site"]
    assert after["cards"] == before["cards"] and after["vocabulary"] == before["vocabulary"]
    assert "0 failed" in renamed, renamed
    assert ">文档内定义的卡能破坏对象<" in site.cards_after_rename
    assert last["vocabulary"] == after["vocabulary"]  # it lists no example

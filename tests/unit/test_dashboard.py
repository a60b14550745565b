"""Dashboard and navigation: documents grouped by game, counts that lead to every example
needing attention, each document's status in the sidebar, sources and dates as readers
read them."""

from __future__ import annotations

import html
import re

import pytest

from rulings.sphinxext.sources import DateError, iso_dates, source_label


@pytest.mark.parametrize("url, label", [
    ("http://www.db.yugioh-card.com/yugiohdb/faq_search.action?ope=5&fid=6109", "FAQ fid=6109"),
    ("https://mtg-jp.com/rules/#708.2a", "CR 708.2a"),
    ("http://mtgwiki.com/wiki/%E8%A3%8F%E5%90%91%E3%81%8D", "裏向き (mtgwiki.com)"),
    ("https://dmwiki.net/%E8%A1%A8%E5%90%91%E3%81%8D", "表向き (dmwiki.net)"),
])
def test_a_source_reads_as_what_it_is(url, label):
    assert source_label(url) == label


@pytest.mark.parametrize("written, iso", [
    ("15/2/5", ["2015-02-05"]), ("2023-11-17", ["2023-11-17"]), ("2015/2/5", ["2015-02-05"]),
    ("2015年2月5日", ["2015-02-05"]), ("16/1/8, 16/4/8", ["2016-01-08", "2016-04-08"]),
])
def test_dates_are_iso_8601_whatever_the_document_wrote(written, iso):
    assert iso_dates(written) == iso


@pytest.mark.parametrize("written", ["15/13/5", "next tuesday", "2015-02-30"])
def test_a_date_that_is_no_date_is_an_error(written):
    with pytest.raises(DateError, match=re.escape(repr(written))):
        iso_dates(written)


def _article(page: str) -> str:
    return page[page.find("<article"):page.rfind("</article>")]


def test_the_pages_show_iso_dates_and_readable_sources(real_site):
    page = html.unescape(_article(real_site.html("mtg/face-down")))
    shown = re.sub(r"<[^>]+>", " ", page)  # what a reader reads (the links keep their URLs)
    assert "%E8" not in shown and "CR 708.2a" in shown and "裏向き (mtgwiki.com)" in shown
    dates = re.findall(r'<time class="rulings-date" datetime="([^"]*)">([^<]*)</time>', page)
    assert dates and all(re.fullmatch(r"\d{4}-\d\d-\d\d(, \d{4}-\d\d-\d\d)*", shown) for _, shown in dates)
    ygo = html.unescape(_article(real_site.html("ygo/browser")))
    assert "FAQ fid=6109" in ygo and "2015-02-05" in ygo and "15/2/5" not in ygo


def test_the_dashboard_groups_documents_by_game_with_labels(real_site):
    index = real_site.html("index")
    # each game's rows in the game's language (issue 27)
    groups = re.findall(r'<tbody class="rulings-dashboard-game" data-game="(\w+)" lang="(?:zh-CN|ja)"><tr><th[^>]*>([^<]+)</th>',
                        index)
    assert [g for g, _ in groups] == ["ygo", "mtg", "dm"], groups
    assert all(label for _, label in groups)
    ygo = index[index.index('data-game="ygo"'):index.index('data-game="mtg"')]
    assert 'data-document="ygo/browser"' in ygo and 'data-document="mtg/face-down"' not in ygo


def test_counts_lead_to_a_page_listing_every_example_needing_attention(real_site):
    index = real_site.html("index")
    failed = re.search(r'data-document="ygo/browser".*?<td class="rulings-cell-failed"><a class="rulings-count-link" '
                       r'href="([^"#]+)#failed">1</a>', index, re.S)
    assert failed, index[index.find('data-document="ygo/browser"'):][:800]
    page = (real_site.build / "site" / failed.group(1)).read_text(encoding="utf-8")
    listed = re.findall(r'<li class="rulings-attention-item" data-example-id="([^"]+)" lang="[^"]+"><a href="([^"]+)">', page)
    # every example not passed is listed, and no other
    statuses = {}
    for doc in real_site.build.joinpath("site").rglob("*.html"):
        statuses.update(re.findall(r'data-example-id="([^"]+)" data-status="([^"]+)"', doc.read_text(encoding="utf-8")))
    assert {i for i, _ in listed} == {i for i, s in statuses.items() if s != "passed"}
    assert ("browser-wrong", "ygo/browser.html#example-browser-wrong") in listed
    section = page[page.index('id="failed"'):page.index('id="stale"')]
    assert "browser-wrong" in section and "引擎得出" in html.unescape(section)


def test_the_sidebar_shows_each_document_s_status(real_site):
    page = real_site.html("ygo/browser")
    nav = page[page.find('class="sidebar-tree"'):]
    assert re.search(r'href="#">浏览器测试 <span class="rulings-nav-status rulings-badge-failed" data-status="failed"',
                     nav), nav[:3000]
    # a Japanese document's title in Japanese on a Chinese page, its status dot in the page's language
    assert re.search(r'href="\.\./mtg/face-down\.html"><span lang="ja">[^<]*</span> '
                     r'<span class="rulings-nav-status rulings-badge-\w+" data-status="[\w-]+" title="通过 \d+',
                     nav), nav[:3000]

"""The built site in a real browser: Debian's headless Chromium driven through
chromium-driver (``make browser`` installs both, and fonts-noto-cjk), the site served over
http by ``python -m http.server`` on 127.0.0.1 (never file://).

Queries are typed into the search box as a reader would; the results must list every
page that contains the word, each with a snippet showing it.  The screenshots of
docs/screenshots/ are taken here (``RULINGS_SCREENSHOTS=docs/screenshots make test``
writes them there; otherwise into build/screenshots/ of the project shown).  The browser,
the servers and the small project with coverage results: tests/browser/conftest.py."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tests.browser.conftest import screenshot

#: one worker of ``make test`` runs every browser test, with one Chromium (tests/browser/conftest.py)
pytestmark = pytest.mark.xdist_group("real-site")

#: what a reader types; each must find every page whose text holds it.  One query per
#: way through the search page: a Japanese word (表向き: pages of Magic and Duel Masters),
#: a Chinese word (一时除外: pages of Yu-Gi-Oh!), a part of a card name (甘多拉: the card's
#: own entry among the results), a name the browser splits into two words at ・
#: (アクア・マスター: the Duel Masters pages with both).  That every page with 裏向き,
#: 変装, 山札 … has the word as an index term is tests/unit/test_search.py's (the page
#: looks those words up as it looks up 表向き).
QUERIES = ["表向き", "一时除外", "甘多拉", "アクア・マスター"]

#: in the page, every 20 ms (a poll from here was a round trip through chromium-driver
#: every 0.5 s): the summary, which searchtools.js writes once every result is listed,
#: then every result shown with its snippet, which comes later (the page is fetched for
#: it: a wait for the summary alone read a page's snippet before it came, under load); a
#: result with a description (an entry of the domain: a card, an example; a span of the
#: item) has none.  A summary that never comes is a timeout; a snippet that never comes
#: is said by the test's assertions, 20 s after the summary (searchtools.js's pulse
#: counter is no signal: a late tick restarts it)
_SHOWN = """
    const done = arguments[arguments.length - 1];
    let summarized = null;
    (function look() {
        const summary = document.querySelector('#search-results .search-summary');
        if (summary !== null && summary.innerText !== '') {
            summarized ??= Date.now();
            const shown = [...document.querySelectorAll('#search-results ul.search li')].every(
                li => li.querySelector(':scope > span') || li.querySelector('.context'));
            if (shown || Date.now() - summarized > 20000) return done();
        }
        setTimeout(look, 20);
    })();"""


def _search(driver, server: str, query: str, *, again: bool = False) -> list[tuple[str, str]]:
    """Type ``query`` into the search box of the front page (``again``: of the results
    page the browser shows, as a reader searching again does) and press Enter: the
    results as (link, snippet)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    if again:
        assert "search.html" in driver.current_url, driver.current_url
        shown = driver.find_element(By.ID, "search-results")
    else:
        driver.get(f"{server}/index.html")
    box = driver.find_element(By.CSS_SELECTOR, "input.sidebar-search")
    box.clear()
    box.send_keys(query)
    box.send_keys(Keys.ENTER)
    if again:  # the new results page, not the one the query was typed into
        from selenium.webdriver.support import expected_conditions

        WebDriverWait(driver, 120, poll_frequency=0.02).until(expected_conditions.staleness_of(shown))
    WebDriverWait(driver, 120, poll_frequency=0.02).until(lambda d: "search.html" in d.current_url)
    from urllib.parse import parse_qs, urlsplit

    assert parse_qs(urlsplit(driver.current_url).query).get("q") == [query], driver.current_url
    driver.set_script_timeout(140)
    driver.execute_async_script(_SHOWN)
    return driver.execute_script("""
        return [...document.querySelectorAll('#search-results ul.search li')].map(li => [
            li.querySelector('a').getAttribute('href'),
            (li.querySelector('.context') || {textContent: ''}).textContent]);""")


def _pages_with(site: Path, word: str) -> set[str]:
    out = set()
    for page in site.rglob("*.html"):
        doc = page.relative_to(site).with_suffix("").as_posix()
        if doc in ("search", "genindex", "rulings-attention"):
            continue
        text = page.read_text(encoding="utf-8")
        article = html.unescape(re.sub(r"<[^>]+>", " ", text[text.find("<article"):text.rfind("</article>")]))
        if word in article:
            out.add(doc)
    return out


def test_the_dashboard_leads_to_the_failed_example(browser, server, real_site):
    from selenium.webdriver.common.by import By

    browser.get(f"{server}/index.html")
    groups = [e.get_attribute("data-game") for e in browser.find_elements(By.CSS_SELECTOR, "tbody.rulings-dashboard-game")]
    assert groups == ["ygo", "mtg", "dm"]
    table = browser.find_element(By.CSS_SELECTOR, "table.rulings-dashboard")
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", table)
    screenshot(browser, "dashboard", real_site)
    browser.find_element(By.CSS_SELECTOR, 'tr[data-document="ygo/browser"] td.rulings-cell-failed a').click()
    assert browser.current_url.endswith("rulings-attention.html#failed")
    browser.find_element(By.CSS_SELECTOR, 'li[data-example-id="browser-wrong"] a').click()
    assert browser.current_url.endswith("ygo/browser.html#example-browser-wrong")


def test_typed_queries_find_every_page_with_a_snippet(browser, server, real_site):
    """Each query of QUERIES typed as a reader searching one word after another does: the
    first into the front page's search box, each next one into the box of the results
    page it shows (issue 23: the front page loaded again for each query was an eighth of
    Chromium's work here).  Every query is checked, then every miss said at once."""
    site = real_site.build / "site"
    misses = []
    for i, query in enumerate(QUERIES):
        results = _search(browser, server, query, again=i > 0)
        found = {href.split("#")[0].removesuffix(".html") for href, _ in results}
        words = [w for w in re.split(r"[\s·・]+", query) if w]
        expected = set.intersection(*(_pages_with(site, w) for w in words))
        if not expected:
            misses.append(f"no page has {query}")
        if not expected <= found:
            misses.append(f"{query}: missing {sorted(expected - found)}; found {sorted(found)}")
        for href, snippet in results:
            if href.split("#")[0].removesuffix(".html") in expected and "#" not in href:
                if not any(w in snippet for w in words):
                    misses.append(f"{query}: no snippet with it on {href}: {snippet[:200]}")
        if query == "表向き":
            screenshot(browser, "search", real_site)
    assert not misses, "\n".join(misses)


def test_an_example_is_found_by_title_and_id_and_leads_to_its_anchor(browser, server):
    for again, query in enumerate(("browser-wrong", "故意写错的期待")):
        results = _search(browser, server, query, again=bool(again))
        assert any(href.endswith("ygo/browser.html#example-browser-wrong") for href, _ in results), (query, results)


def test_a_coverage_cell_leads_to_the_example_that_pins_it(browser, small_site):
    from selenium.webdriver.common.by import By

    box, url = small_site
    browser.get(f"{url}/index.html")
    figure = browser.find_element(By.CSS_SELECTOR, 'tr.rulings-coverage-figure[data-game="ygo"]')
    assert figure.get_attribute("data-measured") == "yes"
    figure.find_element(By.TAG_NAME, "a").click()
    assert browser.current_url.endswith("ygo/coverage.html")
    survivors = browser.find_elements(By.CSS_SELECTOR, "td.rulings-coverage-survivor")
    assert len(survivors) == 2
    # highlighted: the survivor's background is not the pinned cells'
    colour = lambda e: browser.execute_script("return getComputedStyle(arguments[0]).backgroundColor", e)
    pinned = browser.find_elements(By.CSS_SELECTOR, "td.rulings-coverage-pinned")
    assert pinned and colour(survivors[0]) != colour(pinned[0])
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", survivors[0])
    screenshot(browser, "coverage", box)
    link = pinned[0].find_element(By.CSS_SELECTOR, "a.rulings-coverage-example")
    assert link.text == "①"
    link.click()
    assert browser.current_url.endswith("ygo/mem.html#example-mem-1"), browser.current_url
    example = browser.find_element(By.ID, "example-mem-1")
    assert example.get_attribute("data-status") == "passed" and example.is_displayed()
    # an unpinned cell leads to the prose that says why
    browser.back()
    browser.find_element(By.CSS_SELECTOR, "td.rulings-coverage-unpinned a.rulings-coverage-declaration").click()
    anchor = browser.current_url.split("#")[1]
    note = browser.find_element(By.ID, anchor)
    assert "未被例子固定的规则" in note.text and "memory/COUNTERS/CONTROL_CHANGED" in note.text

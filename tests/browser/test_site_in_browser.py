"""The built site in a real browser: Debian's headless Chromium driven through
chromium-driver (``make browser`` installs both, and fonts-noto-cjk), the site served over
http by ``python -m http.server`` on 127.0.0.1 (never file://).

Queries are typed into the search box as a reader would; the results must list every
page that contains the word, each with a snippet showing it.  The screenshots of
docs/screenshots/ are taken here (``RULINGS_SCREENSHOTS=docs/screenshots make test``
writes them there; otherwise into build/screenshots/)."""

from __future__ import annotations

import contextlib
import html
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import FEW_CARDS

#: the real site has every card; the coverage page's small project, the cards its documents name
pytestmark = pytest.mark.sandbox_cards(*FEW_CARDS)

ROOT = Path(__file__).resolve().parents[2]
#: what a reader types; each must find every page whose text holds it
QUERIES = ["表向き", "裏向き", "変装", "山札", "一时除外", "甘多拉", "アクア・マスター"]


def _tools() -> tuple[str, str]:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if browser is None or driver is None:
        if os.environ.get("CI"):
            pytest.fail("Chromium and chromium-driver are required in CI (make browser installs them)")
        pytest.skip("no Chromium/chromium-driver here (make browser installs them where apt-get is available)")
    return browser, driver


@contextlib.contextmanager
def _serve(folder: Path):
    """``folder`` over http on a free port of 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    process = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                                "--directory", str(folder)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def server(real_site):
    with _serve(real_site.build / "site") as url:
        yield url


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    chromium, chromedriver = _tools()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--window-size=1280,900", "--lang=zh-CN",
                f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=chromedriver), options=options)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


def _screenshot(driver, name: str, real_site) -> Path:
    folder = Path(os.environ.get("RULINGS_SCREENSHOTS") or real_site.build / "screenshots")
    if not folder.is_absolute():
        folder = ROOT / folder
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    driver.save_screenshot(str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    return path


def _search(driver, server: str, query: str) -> list[tuple[str, str]]:
    """Type ``query`` into the search box of the front page and press Enter: the results
    as (link, snippet)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(f"{server}/index.html")
    box = driver.find_element(By.CSS_SELECTOR, "input.sidebar-search")
    box.clear()
    box.send_keys(query)
    box.send_keys(Keys.ENTER)
    # the summary is written once every result is shown with its snippet (each page is
    # fetched for it); searchtools.js's pulse counter is no signal (a late tick restarts it)
    WebDriverWait(driver, 120).until(
        lambda d: "search.html" in d.current_url and d.execute_script(
            "const s = document.querySelector('#search-results .search-summary');"
            "return s !== null && s.innerText !== ''"))
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


def test_statuses_and_fonts_as_rendered(browser, server, real_site):
    from selenium.webdriver.common.by import By

    browser.get(f"{server}/ygo/browser.html")
    shown = {e.get_attribute("data-example-id"): e.get_attribute("data-status")
             for e in browser.find_elements(By.CSS_SELECTOR, ".rulings-example")}
    assert shown == {"browser-gandora": "passed", "browser-wrong": "failed"}
    wrong = browser.find_element(By.ID, "example-browser-wrong")
    assert "引擎得出：「破坏龙 甘多拉」是通常召唤的怪兽" in wrong.text
    fonts = browser.execute_script("return getComputedStyle(document.body).fontFamily")
    assert "Noto Sans CJK SC" in fonts, fonts
    ja = browser.execute_script("""
        const e = document.createElement('p'); e.lang = 'ja'; document.body.appendChild(e);
        return getComputedStyle(e).fontFamily;""")
    assert ja.index("Noto Sans CJK JP") < ja.index("Noto Sans CJK SC"), ja
    # the fonts are installed, not only named (make browser installs fonts-noto-cjk)
    listed = subprocess.run(["fc-list", ":lang=ja"], capture_output=True, text=True).stdout
    assert "Noto Sans CJK" in listed, "fonts-noto-cjk is not installed"
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", wrong)
    _screenshot(browser, "failed-example", real_site)


def test_the_dashboard_leads_to_the_failed_example(browser, server, real_site):
    from selenium.webdriver.common.by import By

    browser.get(f"{server}/index.html")
    groups = [e.get_attribute("data-game") for e in browser.find_elements(By.CSS_SELECTOR, "tbody.rulings-dashboard-game")]
    assert groups == ["ygo", "mtg", "dm"]
    table = browser.find_element(By.CSS_SELECTOR, "table.rulings-dashboard")
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", table)
    _screenshot(browser, "dashboard", real_site)
    browser.find_element(By.CSS_SELECTOR, 'tr[data-document="ygo/browser"] td.rulings-cell-failed a').click()
    assert browser.current_url.endswith("rulings-attention.html#failed")
    browser.find_element(By.CSS_SELECTOR, 'li[data-example-id="browser-wrong"] a').click()
    assert browser.current_url.endswith("ygo/browser.html#example-browser-wrong")


@pytest.mark.parametrize("query", QUERIES)
def test_typed_queries_find_every_page_with_a_snippet(browser, server, real_site, query):
    results = _search(browser, server, query)
    site = real_site.build / "site"
    found = {href.split("#")[0].removesuffix(".html") for href, _ in results}
    words = [w for w in re.split(r"[\s·・]+", query) if w]
    expected = set.intersection(*(_pages_with(site, w) for w in words))
    assert expected, f"no page has {query}"
    assert expected <= found, f"{query}: missing {sorted(expected - found)}; found {sorted(found)}"
    for href, snippet in results:
        if href.split("#")[0].removesuffix(".html") in expected and "#" not in href:
            assert any(w in snippet for w in words), (query, href, snippet[:200])
    if query == "表向き":
        _screenshot(browser, "search", real_site)


def test_an_example_is_found_by_title_and_id_and_leads_to_its_anchor(browser, server):
    for query in ("browser-wrong", "故意写错的期待"):
        results = _search(browser, server, query)
        assert any(href.endswith("ygo/browser.html#example-browser-wrong") for href, _ in results), (query, results)


@pytest.fixture(scope="module")
def coverage_server(sandboxes):
    """A small project with coverage results (written as ``rulings coverage`` writes them)."""
    from tests.unit.test_coverage_site import COVERAGE_DOC, MEMORY_DOC, write_coverage

    box = sandboxes("coverage-in-browser")
    box.write("spec/ygo/mem.rst", MEMORY_DOC)
    box.write("spec/ygo/coverage.rst", COVERAGE_DOC)
    box.rulings("check", "--no-run")
    write_coverage(box)
    done = box.rulings("build")
    assert done.returncode == 0, box.output(done)
    with _serve(box.build / "site") as url:
        yield box, url


def test_a_coverage_cell_leads_to_the_example_that_pins_it(browser, coverage_server):
    from selenium.webdriver.common.by import By

    box, url = coverage_server
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
    _screenshot(browser, "coverage", box)
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

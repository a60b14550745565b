"""Pages in their document's language, as a reader sees them in headless Chromium
(issue 27): a Japanese page (Magic: ``JAPANESE_DOC`` of the small project of
tests/browser/conftest.py) and a Chinese page (Yu-Gi-Oh!: ``FAILING_DOC`` of the real
site), each with a passed and a failed example, the failed one's trace open.
``RULINGS_SCREENSHOTS=docs/screenshots`` writes the screenshots there (language-ja.png,
language-zh.png); otherwise into build/screenshots/ of the project shown."""

from __future__ import annotations

import pytest

from tests.browser.conftest import screenshot

#: one worker of ``make test`` runs every browser test, with one Chromium (tests/browser/conftest.py)
pytestmark = pytest.mark.xdist_group("real-site")


@pytest.fixture
def real_site_served(real_site, server):
    return real_site, server


@pytest.mark.parametrize("site, page, lang, wrong, words, name", [
    ("small_site", "mtg/browser", "ja", "example-browser-ja-wrong",
     ("成功", "失敗", "失敗したステップ", "エンジンの記録", "本文へ移動"), "language-ja"),
    ("real_site_served", "ygo/browser", "zh-CN", "example-browser-wrong",
     ("通过", "失败", "失败的步骤", "引擎记录", "跳到正文"), "language-zh"),
])
def test_a_page_reads_in_its_language(request, browser, site, page, lang, wrong, words, name):
    from selenium.webdriver.common.by import By

    box, url = request.getfixturevalue(site)
    browser.get(f"{url}/{page}.html")
    assert browser.execute_script("return document.documentElement.lang") == lang
    shown = {e.get_attribute("data-example-id"): e.get_attribute("data-status")
             for e in browser.find_elements(By.CSS_SELECTOR, ".rulings-example")}
    assert sorted(shown.values()) == ["failed", "passed"], shown
    html = browser.page_source
    for word in words:
        assert word in html, word
    fonts = browser.execute_script("return getComputedStyle(document.body).fontFamily")
    first = "Noto Sans CJK JP" if lang == "ja" else "Noto Sans CJK SC"
    other = "Noto Sans CJK SC" if lang == "ja" else "Noto Sans CJK JP"
    assert fonts.index(first) < fonts.index(other), fonts
    failed = browser.find_element(By.ID, wrong)
    browser.execute_script("arguments[0].querySelector('details.rulings-trace').open = true;"
                           "arguments[0].scrollIntoView({block: 'start'}); window.scrollBy(0, -60);", failed)
    screenshot(browser, name, box)

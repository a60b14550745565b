"""Pages in their document's language, as a reader sees them in headless Chromium
(issue 27): a Japanese page (Magic: ``JAPANESE_DOC`` of the small project of
tests/browser/conftest.py) and a Chinese page (Yu-Gi-Oh!: ``FAILING_DOC`` of the real
site), each with a passed and a failed example, the failed one's trace open.
``RULINGS_SCREENSHOTS=docs/screenshots`` writes the screenshots there (language-ja.png,
language-zh.png); otherwise into build/screenshots/ of the project shown."""

from __future__ import annotations

import subprocess

import pytest

from tests.browser.conftest import screenshot

#: one worker of ``make test`` runs every browser test, with one Chromium (tests/browser/conftest.py)
pytestmark = pytest.mark.xdist_group("real-site")


@pytest.fixture
def real_site_served(real_site, server):
    return real_site, server


#: per page: the statuses of its examples; what the engine found, shown in the failed one
#: (None: not looked for)
SHOWN = {"mtg/browser": ({"browser-ja-vigilance": "passed", "browser-ja-wrong": "failed"}, None),
         "ygo/browser": ({"browser-gandora": "passed", "browser-wrong": "failed"},
                         "引擎得出：「破坏龙 甘多拉」是通常召唤的怪兽")}


@pytest.mark.parametrize("site, page, lang, wrong, words, name", [
    ("small_site", "mtg/browser", "ja", "example-browser-ja-wrong",
     ("成功", "失敗", "失敗したステップ", "エンジンの記録", "本文へ移動"), "language-ja"),
    ("real_site_served", "ygo/browser", "zh-CN", "example-browser-wrong",
     ("通过", "失败", "失败的步骤", "引擎记录", "跳到正文"), "language-zh"),
])
def test_a_page_reads_in_its_language(request, browser, site, page, lang, wrong, words, name):
    """One visit of each page checks what it shows: the statuses, the words and fonts of
    its language (a Japanese passage of a Chinese page in the Japanese font), the failed
    example with the engine's finding (issue 23: the Chinese page was also visited by a
    test of its own, test_statuses_and_fonts_as_rendered, for the same page)."""
    from selenium.webdriver.common.by import By

    box, url = request.getfixturevalue(site)
    browser.get(f"{url}/{page}.html")
    assert browser.execute_script("return document.documentElement.lang") == lang
    shown = {e.get_attribute("data-example-id"): e.get_attribute("data-status")
             for e in browser.find_elements(By.CSS_SELECTOR, ".rulings-example")}
    statuses, finding = SHOWN[page]
    assert shown == statuses, shown
    html = browser.page_source
    for word in words:
        assert word in html, word
    fonts = browser.execute_script("return getComputedStyle(document.body).fontFamily")
    first = "Noto Sans CJK JP" if lang == "ja" else "Noto Sans CJK SC"
    other = "Noto Sans CJK SC" if lang == "ja" else "Noto Sans CJK JP"
    assert fonts.index(first) < fonts.index(other), fonts
    if lang != "ja":
        # a passage marked Japanese is set in the Japanese font first
        ja = browser.execute_script("""
            const e = document.createElement('p'); e.lang = 'ja'; document.body.appendChild(e);
            const family = getComputedStyle(e).fontFamily; e.remove(); return family;""")
        assert ja.index("Noto Sans CJK JP") < ja.index("Noto Sans CJK SC"), ja
    # the fonts are installed, not only named (make browser installs fonts-noto-cjk)
    listed = subprocess.run(["fc-list", ":lang=ja"], capture_output=True, text=True).stdout
    assert "Noto Sans CJK" in listed, "fonts-noto-cjk is not installed"
    failed = browser.find_element(By.ID, wrong)
    if finding is not None:
        assert finding in failed.text
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", failed)
        screenshot(browser, "failed-example", box)
    browser.execute_script("arguments[0].querySelector('details.rulings-trace').open = true;"
                           "arguments[0].scrollIntoView({block: 'start'}); window.scrollBy(0, -60);", failed)
    screenshot(browser, name, box)

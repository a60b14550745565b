"""Pages in their document's language, as a reader sees them in headless Chromium
(issue 27): a Japanese page (Magic) and a Chinese page (Yu-Gi-Oh!), each with a passed
and a failed example, the failed one's trace open.  ``RULINGS_SCREENSHOTS=docs/screenshots``
writes the screenshots there (language-ja.png, language-zh.png); otherwise into the
sandbox's build/screenshots/."""

from __future__ import annotations

import pytest

from tests.browser.test_site_in_browser import _screenshot, _serve, browser  # noqa: F401 - fixture
from tests.conftest import FAILING_DOC, FEW_CARDS

#: the pages' languages, not the cards: the sandbox holds the card files the documents name
pytestmark = pytest.mark.sandbox_cards(*FEW_CARDS, "mtg/cards/face-down.rst")

#: a Magic document with one example that passes and one whose expectation is wrong
JAPANESE_DOC = """\
==============
ブラウザの確認
==============

警戒を持つクリーチャーは、攻撃してもタップ状態にならない（CR 702.20b）。

.. example:: 警戒を持つ「カルロフの番犬」は攻撃してもタップ状態にならない
   :id: browser-ja-vigilance
   :source: https://mtg-jp.com/rules/#702.20b
   :date: 2023-11-17

   前提 あなたは「カルロフの番犬」をコントロールしている
   もし あなたは「カルロフの番犬」で攻撃する
   ならば 「カルロフの番犬」はアンタップ状態である

.. example:: わざと間違えた期待
   :id: browser-ja-wrong
   :source: https://mtg-jp.com/rules/#508.1f

   前提 あなたは「枝折りロリアン」をコントロールしている
   もし あなたは「枝折りロリアン」で攻撃する
   ならば 「枝折りロリアン」はアンタップ状態である
"""


@pytest.fixture(scope="module")
def two_languages(sandboxes):
    box = sandboxes("languages")
    box.write("spec/mtg/browser.rst", JAPANESE_DOC)
    box.write("spec/ygo/browser.rst", FAILING_DOC)
    done = box.rulings("build")
    assert (box.build / "site" / "mtg" / "browser.html").exists(), box.output(done)[-3000:]
    with _serve(box.build / "site") as url:
        yield box, url


@pytest.mark.parametrize("page, lang, wrong, words, name", [
    ("mtg/browser", "ja", "example-browser-ja-wrong", ("成功", "失敗", "失敗したステップ", "エンジンの記録", "本文へ移動"),
     "language-ja"),
    ("ygo/browser", "zh-CN", "example-browser-wrong", ("通过", "失败", "失败的步骤", "引擎记录", "跳到正文"), "language-zh"),
])
def test_a_page_reads_in_its_language(browser, two_languages, page, lang, wrong, words, name):  # noqa: F811
    from selenium.webdriver.common.by import By

    box, url = two_languages
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
    _screenshot(browser, name, box)

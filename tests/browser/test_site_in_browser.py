"""The built site in a real browser (headless Chromium): statuses as rendered, and the
Chinese full-text search finding a card name."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import threading
import urllib.parse

import pytest

DOC = """\
==========
浏览器测试
==========

.. example:: 召唤的「破坏龙 甘多拉」变成里侧后仍是通常召唤的怪兽
   :id: browser-gandora

   假如 自己通常召唤「破坏龙 甘多拉」
   当 「破坏龙 甘多拉」变成里侧守备表示
   那么 「破坏龙 甘多拉」仍然是通常召唤的怪兽

.. example:: 故意写错的期待
   :id: browser-wrong

   假如 自己通常召唤「破坏龙 甘多拉」
   当 「破坏龙 甘多拉」变成里侧守备表示
   那么 「破坏龙 甘多拉」不再是通常召唤的怪兽
"""


DM_DOC = """\
==============
ブラウザ確認
==============

シールド・プラスで重ねたシールドは、一番上のカードだけが働く。
"""


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("Chromium is required in CI (.ci/run installs it with apt-get)")
        pytest.skip("no Chromium on this machine (make test installs it where apt-get is available)")
    return found


def dump_dom(browser: str, url: str, tmp_path) -> str:
    profile = tmp_path / "chromium-profile"
    cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           f"--user-data-dir={profile}", "--virtual-time-budget=15000", "--dump-dom", url]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout


@pytest.fixture
def served_site(sandbox):
    sandbox.write("spec/ygo/browser.rst", DOC)
    sandbox.write("spec/dm/browser.rst", DM_DOC)
    built = sandbox.rulings("build")
    assert (sandbox.build / "site" / "index.html").exists(), built.stdout + built.stderr
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(sandbox.build / "site"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_statuses_and_chinese_search_in_a_browser(served_site, tmp_path):
    browser = chromium()
    page = dump_dom(browser, f"{served_site}/ygo/browser.html", tmp_path)
    assert 'data-example-id="browser-gandora" data-status="passed"' in page
    assert 'data-example-id="browser-wrong" data-status="failed"' in page
    assert "rulings-failure-step" in page

    for word, page in (("甘多拉", "ygo/browser.html"), ("シールド・プラス", "dm/browser.html")):
        query = urllib.parse.quote(word)
        results = dump_dom(browser, f"{served_site}/search.html?q={query}", tmp_path)
        found = results[results.find('id="search-results"'):]
        assert page in found, (word, found[:2000])

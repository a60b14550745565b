"""One headless Chromium (Debian's chromium, driven through chromium-driver) for every
browser test of a session, and the two sites it reads, each served over http by
``python -m http.server`` on 127.0.0.1 (never file://):

- the real site (``real_site``: every document of spec/ and a failing Yu-Gi-Oh! example);
- a small project built once, for what the real site does not have: coverage results
  (``coverage_doc``, ``mem_doc``) and a Japanese page with a failing example
  (``JAPANESE_DOC``).

Every browser test is in the xdist group of the real site (tests/conftest.py): one
worker runs them all, with one Chromium, and the small project is built once."""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.conftest import make_sandbox

ROOT = Path(__file__).resolve().parents[2]

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

#: the small project's cards: those its documents name (破坏龙 甘多拉 in MEMORY_DOC of
#: tests/unit/test_coverage_site.py, the Magic ones of JAPANESE_DOC), by card file; each
#: file keeps the others out (their pages and search terms were half of the project's build)
SMALL_CARDS = (("ygo/cards/summoning.rst", ("破坏龙 甘多拉",)),
               ("mtg/cards/face-down.rst", ("枝折りロリアン", "カルロフの番犬")))


def _tools() -> tuple[str, str]:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if browser is None or driver is None:
        if os.environ.get("CI"):
            pytest.fail("Chromium and chromium-driver are required in CI (make browser installs them)")
        pytest.skip("no Chromium/chromium-driver here (make browser installs them where apt-get is available)")
    return browser, driver


class _Files(SimpleHTTPRequestHandler):
    """What ``python -m http.server`` answers, without its log of each request."""

    def log_message(self, format, *args) -> None:
        pass


@contextlib.contextmanager
def serve(folder: Path):
    """``folder`` over http on a free port of 127.0.0.1: ``python -m http.server``'s server
    and handler, in a thread of this process (a new Python and a wait for its port were
    0.2 s of each session, for the same answers)."""
    with ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Files, directory=str(folder))) as httpd:
        thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{httpd.server_address[1]}"
        finally:
            httpd.shutdown()
            thread.join(timeout=10)


def screenshot(driver, name: str, box) -> Path:
    """The window as shown, into $RULINGS_SCREENSHOTS (docs/screenshots) or the build of
    ``box``'s project."""
    folder = Path(os.environ.get("RULINGS_SCREENSHOTS") or box.build / "screenshots")
    if not folder.is_absolute():
        folder = ROOT / folder
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    driver.save_screenshot(str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    return path


#: the session's Chromium while browser tests are running (``_browser_ends`` quits it)
_started: list = []


@pytest.fixture
def browser(tmp_path_factory):
    """One Chromium for the session's browser tests (a test leaves it on whatever page;
    each test opens the page it reads), started by the first and quit after the last
    browser test of the run (issue 23: a session fixture kept it alive, and taking
    0.03-0.06 s of CPU a second while idle, for the rest of the worker's session)."""
    if not _started:
        _started.append(_start(tmp_path_factory))
    return _started[0]


def _start(tmp_path_factory):
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
    return driver


def _browser_ends() -> None:
    while _started:
        _started.pop().quit()


def pytest_runtest_teardown(item, nextitem):
    """After a browser test whose next test (in this worker: pytest-xdist gives each
    worker its next item before it runs the current one) is no browser test, the last
    of a run: Chromium is quit; a browser test after all starts it again."""
    if nextitem is None or HERE not in Path(str(nextitem.path)).parents:
        _browser_ends()


def pytest_sessionfinish(session):
    _browser_ends()  # a run stopped before its last browser test


HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="session")
def server(real_site):
    """The real site over http."""
    with serve(real_site.build / "site") as url:
        yield url


@pytest.fixture(scope="session")
def small_site(tmp_path_factory):
    """A small project with coverage results (written as ``rulings coverage`` writes them)
    and a Japanese page with a failing example, built with ``rulings build``, over http:
    (the sandbox, its url)."""
    from tests.unit.test_coverage_site import COVERAGE_DOC, MEMORY_DOC, write_coverage

    box = make_sandbox(tmp_path_factory.mktemp("browser-small") / "project", SMALL_CARDS)
    box.write("spec/ygo/mem.rst", MEMORY_DOC)
    box.write("spec/ygo/coverage.rst", COVERAGE_DOC)
    box.write("spec/mtg/browser.rst", JAPANESE_DOC)
    # as a project gets its coverage: checked (``rulings check``: the features and cards
    # the record rests on, the results; no pages, which the build below writes anyway:
    # issue 23, one html build of the project less), measured (the record, as ``rulings
    # coverage`` leaves it), built (the pages that show the record; nothing runs again)
    done = box.rulings("check")
    assert done.returncode == 1 and done.stdout.rstrip().endswith("\n3 passed, 1 failed"), box.output(done)[-3000:]
    write_coverage(box)
    done = box.rulings("build")
    assert done.returncode == 0 and done.stdout.rstrip().endswith("\n3 passed, 1 failed"), box.output(done)[-3000:]
    with serve(box.build / "site") as url:
        yield box, url

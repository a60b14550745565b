"""`rulings serve`, the live edit loop (issue 28): a saved document's examples run and its
page is written and reloaded; an edit of the engine runs its game's examples again; a
signal ends everything it started."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from rulings.project import Paths
from rulings.serve import Changes, classify, read_page, say
from tests.conftest import FEW_CARDS
from tests.unit.test_incremental import YGO

#: the pipeline, not the cards: the sandboxes hold the cards the documents name
pytestmark = pytest.mark.sandbox_cards(*FEW_CARDS)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_save_runs_the_edited_example_writes_its_page_and_reloads_it(sandbox):
    sandbox.write("spec/ygo/inc0.rst", YGO.format(n=0, verdict="仍然是"))
    sandbox.write("spec/ygo/inc1.rst", YGO.format(n=1, verdict="仍然是"))
    # an engine of its own, which this test edits (first on the path: before the checkout's)
    import shutil

    import rulings

    engine = sandbox.root.parent / "engine-copy" / "rulings"
    # with its bytecode, as a checkout has it (make: compileall), valid for the copies (their
    # times are kept): the server and each worker do not compile the engine again (issue 23)
    shutil.copytree(Path(rulings.__file__).parent, engine)
    env = {**sandbox.env(), "PYTHONPATH": os.pathsep.join(filter(None, [str(engine.parent),
                                                                         os.environ.get("PYTHONPATH")]))}
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "rulings.cli", "--root", str(sandbox.root), "serve",
                               "--port", str(port)], cwd=sandbox.root, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    output: list[str] = []
    threading.Thread(target=lambda: output.extend(server.stdout), daemon=True).start()

    def get(path: str, timeout: float = 10) -> str:
        with urllib.request.urlopen(base + path, timeout=timeout) as r:
            return r.read().decode("utf-8")

    def changes(since: int | None = None) -> dict:
        return json.loads(get("/_rulings/changes" + ("" if since is None else f"?since={since}"), timeout=40))

    def wait(condition, what: str, seconds: float = 180) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            assert server.poll() is None, f"the server stopped: {''.join(output)}"
            try:
                if condition():
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what}: {''.join(output)}")

    # a real browser, where there is one (the script the server puts into every page
    # reloads it): started while the server makes its first build (issue 23: 1.6 s)
    started: list = []

    def start() -> None:
        try:
            started.append(_chromium(sandbox.root.parent / "chromium-profile"))
        except BaseException as err:  # raised below, in the test
            started.append(err)

    starting = threading.Thread(target=start, daemon=True)
    starting.start()
    try:
        wait(lambda: 'data-example-id="inc0-1" data-status="passed"' in get("/ygo/inc0.html")
             and changes()["behind"] is None, "the first build")
        page = get("/ygo/inc0.html")
        # the script that reloads it; no banner once the site is caught up
        assert "/_rulings/changes" in page and '<div id="rulings-behind"' not in page
        before = sandbox.results()

        # a browser showing the page waits for it to change (as the script the server puts
        # into every page does: it asks again until its page is among those written)
        told: list[dict] = []
        first = changes()["version"]

        def browser() -> None:
            since = first
            while not told or "ygo/inc0" not in told[-1]["pages"]:
                told.append(changes(since))
                since = told[-1]["version"]

        waiting = threading.Thread(target=browser, daemon=True)
        waiting.start()
        # and the real one
        starting.join(timeout=120)
        assert started, "Chromium neither started nor failed in 120 s"
        if isinstance(started[0], BaseException):
            raise started.pop()
        chromium = started[0]
        if chromium is not None:
            chromium.get(base + "/ygo/inc0.html")
            chromium.execute_script("window.rulingsNotReloaded = true;")
            # its script has its first answer (the version it waits to pass): a save from
            # now on is news to it
            wait(lambda: chromium.execute_script("return performance.getEntriesByType('resource').some("
                                                 "function (e) { return e.name.indexOf('/_rulings/changes') >= 0; });"),
                 "the page's script to ask the server", 30)
        sandbox.write("spec/ygo/inc0.rst", YGO.format(n=0, verdict="不再是"))
        wait(lambda: 'data-example-id="inc0-1" data-status="failed"' in get("/ygo/inc0.html"),
             "the page of the edited example")
        if chromium is not None:
            try:
                wait(lambda: chromium.execute_script(
                    "return !window.rulingsNotReloaded && !!document.querySelector("
                    "'[data-example-id=\"inc0-1\"][data-status=\"failed\"]');"), "the browser's reload", 30)
            finally:
                started.pop().quit()
        after = sandbox.results()
        assert {k for k in after if after[k] != before[k]} == {"inc0-1"}
        assert after["inc0-1"]["status"] == "failed"
        waiting.join(timeout=30)
        assert told and "ygo/inc0" in told[-1]["pages"], told
        # while the page was being made, the server said the site was behind
        assert any(t["behind"] and "spec/ygo/inc0.rst" in t["behind"] for t in told), told
        # the other pages catch up: the dashboard counts the failure
        wait(lambda: changes()["behind"] is None
             and 'data-document="ygo/inc0" data-status="failed"' in get("/index.html"), "the dashboard")
        # and every page's sidebar, which marks each document with its worst status
        assert _sidebar_dot(get("/ygo/inc1.html"), "inc0.html") == "failed"
        said = [line for line in output if line.startswith("rulings serve: page: ")]
        assert said and "ygo/inc0" in said[0] and "after the save" in said[0], "".join(output)

        # saves one after the other (a catch-up may stop for the next save and start again):
        # once caught up, every page shows the last verdicts
        sandbox.write("spec/ygo/inc1.rst", YGO.format(n=1, verdict="不再是"))
        time.sleep(0.1)
        sandbox.write("spec/ygo/inc0.rst", YGO.format(n=0, verdict="仍然是"))
        wait(lambda: changes()["behind"] is None
             and 'data-document="ygo/inc0" data-status="passed"' in get("/index.html")
             and 'data-document="ygo/inc1" data-status="failed"' in get("/index.html"), "the last verdicts")
        assert 'data-example-id="inc1-1" data-status="failed"' in get("/ygo/inc1.html")
        assert 'data-example-id="inc0-1" data-status="passed"' in get("/ygo/inc0.html")
        after = sandbox.results()
        assert (after["inc0-1"]["status"], after["inc1-1"]["status"]) == ("passed", "failed")

        # an edit of the game's engine: the worker starts again (the engine as it is now)
        # and every example of the game runs again; meanwhile the pages say they are behind
        assert f"watching spec, {engine}" in "".join(output), "".join(output)
        edited = engine / "ygo" / "__init__.py"
        edited.write_text(edited.read_text(encoding="utf-8") + "\n# an edit\n", encoding="utf-8")
        seen_behind: list[str] = []

        banners: list[bool] = []

        def rerun() -> bool:
            behind = changes()["behind"]
            if behind:
                seen_behind.append(behind)
                # a page served meanwhile says so
                banners.append('<div id="rulings-behind"' in get("/ygo/inc0.html"))
            results = sandbox.results()
            return behind is None and all(results[k]["basis"]["engine"] != after[k]["basis"]["engine"]
                                          for k in ("inc0-1", "inc0-2", "inc1-1", "inc1-2"))

        wait(rerun, "the examples run again after the engine changed")
        assert any(f"{edited} changed" in b for b in seen_behind), seen_behind
        assert any(banners), banners
        assert "running 4 of 4 examples: 4 engine of ygo changed" in "".join(output), "".join(output)

        # a signal to `rulings serve` alone ends its worker too: nothing is left serving
        worker = [pid for pid, line in _processes().items() if "rulings.serve" in line and str(sandbox.root) in line]
        assert worker, "no worker process"
        os.kill(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        with socket.socket() as probe:
            assert probe.connect_ex(("127.0.0.1", port)) != 0, "still served after `rulings serve` was stopped"
        deadline = time.monotonic() + 10
        pid = worker[0]
        while time.monotonic() < deadline and _alive(pid):
            time.sleep(0.02)
        assert not _alive(pid), "the worker outlived `rulings serve`"
    finally:
        starting.join(timeout=120)
        if started and started[0] is not None and not isinstance(started[0], BaseException):
            started.pop().quit()  # a test stopped before the browser's part
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def _sidebar_dot(html: str, link: str) -> str | None:
    """The status a page's sidebar shows for the document it links to as ``link``."""
    import re

    m = re.search(rf'href="{re.escape(link)}">[^<]*<span class="rulings-nav-status rulings-badge-(\w+)"', html)
    return m and m.group(1)


def _chromium(profile: Path):
    """Headless Chromium through chromium-driver (make browser), or None without them."""
    import shutil

    browser, driver = shutil.which("chromium") or shutil.which("chromium-browser"), shutil.which("chromedriver")
    if browser is None or driver is None:
        return None
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                f"--user-data-dir={profile}"):
        options.add_argument(arg)
    from selenium.common.exceptions import WebDriverException

    try:
        driver_ = webdriver.Chrome(service=Service(executable_path=driver), options=options)
    except WebDriverException:
        return None  # a browser that does not start here is no browser (tests/browser say why)
    driver_.set_page_load_timeout(60)
    return driver_


def _processes() -> dict[int, str]:
    """Every process's command line, by pid."""
    out = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                out[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                pass
    return out


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
            return f.read().split(") ", 1)[1][0] != "Z"
    except OSError:
        return True


def test_what_a_change_means(tmp_path):
    root = tmp_path
    (root / "spec" / "ygo" / "cards").mkdir(parents=True)
    paths = Paths(root)
    doc, card = root / "spec" / "ygo" / "a.rst", root / "spec" / "ygo" / "cards" / "c.rst"
    engine = Path(__file__).resolve().parents[2] / "engine" / "ygo" / "duel.py"
    assert classify(paths, [str(doc)]) == ([str(doc.resolve())], False)
    assert classify(paths, [str(card)]) == ([], True)  # the search word list is made of the cards
    assert classify(paths, [str(root / "spec" / "conf.py")]) == ([], True)
    assert classify(paths, [str(engine)]) == ([], True)
    assert classify(paths, [str(root / "tests" / "examples" / "test_ygo.py")]) == ([], True)
    # an editor's or sed's temporary files, bytecode
    assert classify(paths, [str(root / "spec" / "ygo" / "sedAb12Cd"), str(root / "spec" / "ygo" / ".a.rst.swp"),
                            str(root / "engine" / "__pycache__" / "x.cpython-311.pyc")]) == ([], False)


def test_a_browser_is_told_which_pages_changed_and_whether_the_site_is_behind():
    changes = Changes()
    first = changes.wait(None, 0)
    assert first["behind"] == "the site is being built"
    changes.pages_written(["ygo/a", "index"])
    changes.set_behind(None)
    told = changes.wait(first["version"], 0)
    assert told["pages"] == ["index", "ygo/a"] and told["behind"] is None
    # nothing new: the request waits, then says nothing changed
    again = changes.wait(told["version"], 0.05)
    assert again["pages"] == [] and again["version"] == told["version"]


def test_a_new_worker_never_runs_the_bytecode_of_an_edit_it_replaced(tmp_path, monkeypatch):
    """Python takes a cached .pyc as current when the source's time (in whole seconds) and
    size match: an edit within that second keeping the size would run the old code."""
    import importlib

    from rulings.serve import _compile_anew

    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.syspath_prepend(str(tmp_path))
    module = tmp_path / "rulings_serve_probe.py"

    def load(text: str) -> int:
        module.write_text(text, encoding="utf-8")
        os.utime(module, (1000, 1000))
        sys.modules.pop("rulings_serve_probe", None)
        importlib.invalidate_caches()
        return importlib.import_module("rulings_serve_probe").X

    try:
        assert load("X = 1\n") == 1
        module.write_text("X = 2\n", encoding="utf-8")
        os.utime(module, (1000, 1000))
        _compile_anew([str(module)])
        sys.modules.pop("rulings_serve_probe", None)
        assert importlib.import_module("rulings_serve_probe").X == 2
        assert load("X = 3\n") == 3  # checked by the source's hash from then on
    finally:
        sys.modules.pop("rulings_serve_probe", None)


def test_a_console_line_is_written_in_one_piece(tmp_path):
    """The server, its worker and the worker's runs write to one terminal: each line of
    theirs reaches it in one write, or another process's line can land between a line's
    text and its end (seen: the server's "page:" line glued to the end of a failure the
    worker printed, under an unbuffered stdout)."""
    import io

    writes = []

    class Raw(io.RawIOBase):
        def writable(self):
            return True

        def write(self, data):
            writes.append(bytes(data))
            return len(data)

    # what an unbuffered console is (python -u, PYTHONUNBUFFERED): text written through to
    # the file itself, where print() writes a line's text and its end apart
    stream = io.TextIOWrapper(Raw(), encoding="utf-8", write_through=True)
    print("a line", file=stream, flush=True)
    assert writes == [b"a line", b"\n"]
    writes.clear()
    say("rulings serve: page: ygo/inc0 written 0.46 s after the save", file=stream)
    say("spec/ygo/inc0.rst:10: failed: inc0-1 — 那么 「破坏龙 甘多拉」不再是通常召唤的怪兽", file=stream)
    assert writes == [b"rulings serve: page: ygo/inc0 written 0.46 s after the save\n",
                      "spec/ygo/inc0.rst:10: failed: inc0-1 — 那么 「破坏龙 甘多拉」不再是通常召唤的怪兽\n".encode()]
    assert not [n for n in _calls(Path(__file__).parents[2] / "engine" / "serve.py") if n == "print"], \
        "serve.py writes its console lines with say()"


def _calls(path: Path) -> list[str]:
    import ast

    from tests import sources

    return [node.func.id for node in sources.nodes(path)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)]


def test_a_page_being_written_is_sent_whole(tmp_path):
    """Sphinx writes a page in place: a request during the write read a page cut off in
    the middle of a character (CI, test above: UnicodeDecodeError) and the server sent it
    as it was.  The page is read again until it is whole."""
    page = tmp_path / "inc0.html"
    whole = "<html><body>" + "「破坏龙 甘多拉」" * 2000 + "</body></html>\n"
    data = whole.encode("utf-8")
    page.write_bytes(data[:16383])  # cut inside a character
    # the writer finishes while the reader waits (its first pause), not after a fixed time
    waited: list[float] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("rulings.serve.time.sleep", lambda seconds: (waited.append(seconds), page.write_bytes(data)))
        assert read_page(page) == whole
    assert waited, "the cut page was not read again"
    # a page that is not Sphinx's and never ends with </html>: sent as it is once it has
    # not been written for a while
    other = tmp_path / "other.html"
    other.write_text("<p>no end</p>", encoding="utf-8")
    os.utime(other, (time.time() - 5, time.time() - 5))
    started = time.monotonic()
    assert read_page(other) == "<p>no end</p>"
    assert time.monotonic() - started < 0.5
    other.write_bytes(b"\xff\xfe")
    os.utime(other, (time.time() - 5, time.time() - 5))
    assert read_page(other) is None
    assert read_page(tmp_path / "gone.html") is None

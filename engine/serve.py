"""``rulings serve``: the live edit loop (issue 28).

Two processes.  The *server* (``rulings serve`` itself) serves ``build/site/``, watches
the files a page rests on (``spec/``, the engine, ``tests/examples/``) and tells the
browser to reload a page once it is written again.  The *worker* keeps what can be kept
between two saves: Python with pytest, the engine and its vocabularies imported, and one
Sphinx html application with its environment.  A save of a ruling document is one cycle
of the worker:

1. the page build: Sphinx reads what changed (the saved document); once it is read
   (``env-updated``) the features, manifest and cards are written from the environment
   (the ``gherkin`` builder's own code, on the same environment), the examples that the
   incremental plan says must run (``rulings.incremental``: the edited ones) run in a
   forked copy of the worker (``pytest.main``, with everything already imported), and
   the saved document's page is written with their results; the browser reloads it;
2. the catch-up build: every other page whose content changed (the dashboard, the card
   pages, coverage pages …) is written, exactly as ``rulings build`` would.

Anything else that changes (the engine's code, the runner, the card files, ``conf.py``)
restarts the worker: a fresh process imports the engine as it is now, so nothing that
runs or renders rests on code that is gone (reloading a game's package in place is
fragile: modules hold each other's objects).  The new worker does what ``rulings build``
does, incrementally: the examples whose engine, cards or runner changed run again.

While the site is not caught up with the files (a cycle or a restart under way, or a
worker that could not start), every page the server sends says so in a banner, and the
pages already open show it: a result on screen then may not rest on what is on disk.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import py_compile
import re
import select
import signal
import subprocess
import sys
import threading
import time
from html import escape
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from sphinx.errors import SphinxError

from rulings.project import GAMES, Paths


def say(text: object, file=None) -> None:
    """One line to the console, written in one piece and at once: the server, its worker
    and the worker's runs share one terminal (or pipe), and a line written as its text and
    then its end (``print`` to an unbuffered stream) could take another process's line
    between the two."""
    stream = file or sys.stdout
    stream.write(f"{text}\n")
    stream.flush()

# The worker imports the site (rulings.sphinxext), pytest and the tools it runs inside the
# functions that use them: to defer loading them until its bytecode of files just edited
# is made anew (``_compile_anew``) and the server has handed it its work — not to dodge an
# import circle (none of them imports this module).

#: the worker's exit status when the code it imported is not the code on disk
RESTART = 75
#: the environment variable that gives a new worker the Python files changed (JSON list)
CHANGED_CODE = "RULINGS_SERVE_CHANGED_CODE"
#: how long a browser's request for changes waits before it is answered "nothing"
POLL_SECONDS = 25


# -- what a change means --------------------------------------------------------------------

def is_document(paths: Paths, path: Path) -> bool:
    """A ruling document: rebuilt in the running worker.  Card files are not: the search
    word list is computed from them when Sphinx starts (``spec/conf.py``)."""
    try:
        rel = path.resolve().relative_to(paths.spec.resolve())
    except ValueError:
        return False
    return path.suffix == ".rst" and "cards" not in rel.parts[:-1]


def ignored(path: str) -> bool:
    """Files no page rests on: bytecode, editors' swap and backup files."""
    name = os.path.basename(path)
    return ("__pycache__" in Path(path).parts or name.endswith((".pyc", ".swp", ".swx", "~", ".tmp"))
            or name.startswith((".#", ".~")) or name == "4913")


def classify(paths: Paths, changed: list[str]) -> tuple[list[str], bool]:
    """(documents saved, whether the worker must start again) for changed paths: a
    ruling document is rebuilt in the running worker; the engine, the runner, the card
    files and Sphinx's settings start it again; other files under ``spec/`` (an editor's
    temporary file) are no input of the site."""
    documents, restart = [], False
    spec = paths.spec.resolve()
    for path in changed:
        if ignored(path):
            continue
        resolved = Path(path).resolve()
        if is_document(paths, resolved):
            documents.append(str(resolved))
        elif resolved.parent != resolved and spec in resolved.parents:
            restart = restart or resolved.suffix in (".rst", ".py") or resolved.name == "docutils.conf"
        else:
            restart = True
    return sorted(set(documents)), restart


# -- the server: files, reloads, the watch --------------------------------------------------

class Changes:
    """What the browser asks about: a version that grows with every page written again,
    which pages each version changed, and whether the site is behind the files."""

    def __init__(self) -> None:
        self.version = 0
        self.history: list[tuple[int, set[str]]] = []
        self.behind: str | None = "the site is being built"
        self._cond = threading.Condition()

    def pages_written(self, pages) -> None:
        with self._cond:
            self.version += 1
            self.history = [*self.history[-200:], (self.version, set(pages))]
            self._cond.notify_all()

    def set_behind(self, why: str | None) -> None:
        with self._cond:
            if why != self.behind:
                self.behind = why
                self.version += 1
                self.history = [*self.history[-200:], (self.version, set())]
                self._cond.notify_all()

    def wait(self, since: int | None, timeout: float) -> dict:
        with self._cond:
            if since is not None and since >= self.version:
                self._cond.wait(timeout)
            pages: set[str] = set()
            if since is not None:
                for version, written in self.history:
                    if version > since:
                        pages |= written
                if self.history and self.history[0][0] > since + 1:
                    pages.add("*")  # older than what is kept: reload
            return {"version": self.version, "pages": sorted(pages), "behind": self.behind}


#: put into every HTML page the server sends: reload when this page is written again
_SCRIPT = """<script>(function () {
  var page = decodeURI(location.pathname).replace(/^\\/+/, "");
  if (page === "" || page.slice(-1) === "/") page += "index.html";
  page = page.replace(/\\.html$/, "");
  var since = null;
  function banner(why) {
    var b = document.getElementById("rulings-behind");
    if (!why) { if (b) b.remove(); return; }
    if (!b) {
      b = document.createElement("div"); b.id = "rulings-behind";
      b.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:1000;padding:.3em 1em;" +
        "background:#f59e0b;color:#000;font:14px sans-serif;text-align:center";
      document.body.appendChild(b);
    }
    b.textContent = "正在更新 · updating: " + why + " — 结果可能已过期 · results on this page may be out of date";
  }
  function poll() {
    fetch("/_rulings/changes" + (since === null ? "" : "?since=" + since), {cache: "no-store"})
      .then(function (r) { return r.json(); })
      .then(function (d) {
        if (since !== null && (d.pages.indexOf(page) >= 0 || d.pages.indexOf("*") >= 0)) {
          location.reload(); return;
        }
        since = d.version; banner(d.behind); poll();
      })
      .catch(function () { banner("the server does not answer"); setTimeout(poll, 1000); });
  }
  poll();
})();</script>"""


def read_page(path: Path, settle: float = 1.0, patience: float = 5.0) -> str | None:
    """A page of the site as a whole: Sphinx writes a page in place (truncated, then
    written in pieces), and a request may come while the worker is writing it.  A page
    of Sphinx's ends with ``</html>``; one that does not yet is read again until it does,
    or until it has not been written for ``settle`` seconds (a page of another kind, or
    one whose writer died), at most ``patience`` seconds.  ``None`` when it cannot be read
    or is not UTF-8."""
    deadline = time.monotonic() + patience
    while True:
        try:
            written = path.stat().st_mtime
            data = path.read_bytes()
        except OSError:
            return None
        try:
            text: str | None = data.decode("utf-8")
        except UnicodeDecodeError:
            text = None
        if text is not None and "</html>" in text[-64:].lower():
            return text
        if time.time() - written > settle or time.monotonic() > deadline:
            return text
        time.sleep(0.05)


def _handler(site: Path, changes: Changes):
    class Handler(SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, directory=str(site), **kwargs)

        def log_message(self, format, *args) -> None:  # noqa: A002 - the base class's name
            pass

        def do_GET(self) -> None:  # noqa: N802 - the base class's name
            url = urlsplit(self.path)
            if url.path == "/_rulings/changes":
                since = parse_qs(url.query).get("since", [None])[0]
                try:
                    since_n = int(since) if since is not None else None
                except ValueError:
                    since_n = None
                self._send(json.dumps(changes.wait(since_n, POLL_SECONDS)).encode(), "application/json")
                return
            path = Path(self.translate_path(url.path))
            if path.is_dir():
                if not url.path.endswith("/"):
                    return super().do_GET()  # redirected to the folder's own address
                path = path / "index.html"
            if path.suffix == ".html" and path.is_file():
                html = read_page(path)
                if html is None:
                    return super().do_GET()
                behind = changes.behind
                extra = _SCRIPT
                if behind:
                    extra += (f'<div id="rulings-behind" style="position:fixed;top:0;left:0;right:0;z-index:1000;'
                              f'padding:.3em 1em;background:#f59e0b;color:#000;font:14px sans-serif;'
                              f'text-align:center">正在更新 · updating: {_escape(behind)} — 结果可能已过期 · '
                              f'results on this page may be out of date</div>')
                at = html.rfind("</body>")
                html = html[:at] + extra + html[at:] if at >= 0 else html + extra
                self._send(html.encode("utf-8"), "text/html; charset=utf-8")
                return
            super().do_GET()

        def _send(self, body: bytes, kind: str) -> None:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", kind)
            # a page is written again on every save: never from the browser's cache (the
            # other files are checked by their time, If-Modified-Since)
            self.send_header("Cache-Control", "no-store")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            try:
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass

    return Handler


def _escape(text: str) -> str:
    return escape(text, quote=True)


def _shown(path: Path, root: Path) -> str:
    """A path as the console shows it: relative to the project when it is in it."""
    try:
        return Path(path).resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(path)


class Server:
    """``rulings serve``: the HTTP server, the watch, and the worker it restarts."""

    def __init__(self, paths: Paths, host: str, port: int) -> None:
        self.paths, self.host, self.port = paths, host, port
        self.changes = Changes()
        self.worker: subprocess.Popen | None = None
        self._lock = threading.RLock()
        #: commands sent to the worker (the worker says which it has taken when caught up)
        self._sent = 0
        #: document -> when it was saved (its modification time), for the console's timings
        self._saved: dict[str, float] = {}
        self._pending_restart = False
        #: Python files changed since the worker started (its successor compiles them anew)
        self._changed_code: set[str] = set()

    # the worker ---------------------------------------------------------------------------
    def start_worker(self, why: str) -> None:
        with self._lock:
            self._stop_worker()
            self.changes.set_behind(why)
            self._sent = 0
            cmd = [sys.executable, "-m", "rulings.serve", "--root", str(self.paths.root)]
            env = {**os.environ, CHANGED_CODE: json.dumps(sorted(self._changed_code))}
            self._changed_code = set()
            self.worker = subprocess.Popen(cmd, cwd=self.paths.root, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                           start_new_session=True, text=True, encoding="utf-8", env=env)
            threading.Thread(target=self._listen, args=(self.worker,), daemon=True).start()

    def _stop_worker(self) -> None:
        worker, self.worker = self.worker, None
        if worker is None or worker.poll() is not None:
            return
        try:
            # the worker's own handler ends a run of the examples under way, and drops the
            # earlier results of the examples it was running (rulings.runs.finish_run)
            os.killpg(worker.pid, signal.SIGTERM)
            worker.wait(timeout=10)
        except (ProcessLookupError, PermissionError):
            pass
        except subprocess.TimeoutExpired:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait()

    def _listen(self, worker: subprocess.Popen) -> None:
        """The worker's messages: pages written (with when), the site caught up."""
        for line in worker.stdout:
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if worker is not self.worker:
                return
            if message.get("pages") is not None:
                pages = message["pages"]
                self.changes.pages_written(pages)
                self._say_timing(message, pages)
            if message.get("caught_up") is not None:
                with self._lock:
                    # a save sent after the build began is not in it
                    if worker is self.worker and message["caught_up"] >= self._sent:
                        self.changes.set_behind(None)
        code = worker.wait()
        if worker is self.worker and code == RESTART:
            self.start_worker("the engine changed while the worker started")
        elif worker is self.worker:
            why = f"the worker stopped (status {code}, see above); it starts again on the next save"
            say(f"rulings serve: {why}")
            self.changes.set_behind(why)
            self._pending_restart = True

    def _say_timing(self, message: dict, pages: list[str]) -> None:
        saved = [self._saved.pop(d, None) for d in message.get("documents", [])]
        saved = [s for s in saved if s is not None]
        what = message.get("phase", "build")
        if (message.get("timings") or {}).get("preempted"):
            what += " (stopped for a save; taken up again after its page)"
        took = f"{message['at'] - max(saved):.2f} s after the save" if saved and message.get("at") else \
            f"in {message.get('seconds', 0):.2f} s"
        shown = ", ".join(pages[:6]) + (f" … ({len(pages)} pages)" if len(pages) > 6 else "")
        parts = message.get("timings") or {}
        detail = ", ".join(f"{k} {parts[k]:.2f} s" for k in ("read", "extract", "run", "resolve", "write")
                           if k in parts)
        if detail:
            detail = f" ({detail}; {parts.get('examples', 0)} examples run)"
        say(f"rulings serve: {what}: {shown or 'no page changed'} written {took}{detail}")

    # the watch ------------------------------------------------------------------------------
    def watched(self) -> list[Path]:
        engine = Path(__file__).resolve().parent
        return [p for p in (self.paths.spec, engine, self.paths.runner) if p.exists()]

    def on_change(self, changed: list[str]) -> None:
        documents, restart = classify(self.paths, changed)
        if not documents and not restart:
            return
        self._changed_code |= {c for c in changed if c.endswith(".py") and not ignored(c)}
        for document in documents:
            try:
                self._saved[document] = os.stat(document).st_mtime
            except OSError:
                pass
        if restart or self._pending_restart or self.worker is None or self.worker.poll() is not None:
            self._pending_restart = False
            first = next((c for c in changed if classify(self.paths, [c])[1]), None)
            name = _shown(Path(first), self.paths.root) if first else "a file"
            say(f"rulings serve: {name} changed: the worker starts again")
            self.start_worker(f"{name} changed")
            return
        with self._lock:
            self._sent += 1
            self.changes.set_behind("a document changed: " + ", ".join(_shown(Path(d), self.paths.root)
                                                                       for d in documents[:3]))
            try:
                self.worker.stdin.write(json.dumps({"documents": documents, "seq": self._sent}) + "\n")
                self.worker.stdin.flush()
            except (BrokenPipeError, OSError):
                self.start_worker("the worker stopped")

    def watch(self, stop: threading.Event) -> None:
        import watchfiles  # deferred: optional, only the server watches

        for batch in watchfiles.watch(*self.watched(), step=30, stop_event=stop, yield_on_timeout=False,
                                      watch_filter=lambda change, path: not ignored(path)):
            self.on_change([path for _change, path in batch])

    # running ----------------------------------------------------------------------------------
    def run(self) -> int:
        try:
            httpd = ThreadingHTTPServer((self.host, self.port), _handler(self.paths.site, self.changes))
        except OSError as err:
            say(f"rulings serve: cannot serve on {self.host}:{self.port}: {err.strerror or err}", file=sys.stderr)
            return 2
        httpd.daemon_threads = True
        stop = threading.Event()
        threading.Thread(target=self.watch, args=(stop,), daemon=True).start()

        def end(signum, frame) -> None:
            with self._lock:
                self._stop_worker()
            httpd.server_close()
            say(f"rulings serve: stopped by {signal.Signals(signum).name}")
            os._exit(0 if signum == signal.SIGINT else 128 + signum)

        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(signum, end)
        self.start_worker("the site is being built")
        say(f"rulings serve: http://{self.host}:{self.port}/ (build/site); watching "
            + ", ".join(_shown(p, self.paths.root) for p in self.watched()))
        httpd.serve_forever()
        return 0


# -- the worker -----------------------------------------------------------------------------

class _Console:
    """The worker's console for ``rulings.runs``: each line written in one piece (``say``)."""

    @staticmethod
    def write(text: str) -> None:
        say(text.removesuffix("\n"))

    @staticmethod
    def flush() -> None:
        sys.stdout.flush()


def run_examples(paths: Paths, plan) -> str | None:
    """``rulings.runs.run_examples`` as the worker runs it (forked: pytest, the engine and
    the vocabularies are imported already): what went wrong with the run in one line, or
    None.  The documents' problems are the console's (the html build reports them)."""
    from rulings import runs  # deferred: after _compile_anew

    return runs.run_examples(paths, plan, ["--tb=no", "-rN", "-p", "no:warnings",
                                           "--ignore", str(paths.runner / "test_documents.py")],
                             stream=_Console)


def _warm() -> None:
    """Import what each run would import: pytest and its plugins, pytest-bdd, the binding,
    every game's engine and vocabulary; and what the first page written would load."""
    from rulings import vocabulary  # deferred: after _compile_anew

    import _pytest.config  # deferred: warming up is its point

    for name in _pytest.config.default_plugins:
        try:
            importlib.import_module(f"_pytest.{name}")
        except ImportError:
            pass
    for module in ("pytest_bdd.plugin", "rulings.bdd", "rulings.bdd.plugin", "rulings.bdd.memory",
                   "rulings.core.errors"):
        importlib.import_module(module)
    for game in GAMES:
        vocabulary.load(game)
    # the search index of the first Chinese page written would load jieba's dictionary
    # (most of a second): loaded now, before any save
    import jieba  # deferred: warming up is its point

    jieba.initialize()


class Preempted(SphinxError):
    """A catch-up build stopped for a save (a SphinxError: Sphinx's events pass it on as
    it is)."""

    category = "rulings serve: a catch-up build stopped for a save"


class Site:
    """The html application kept from one save to the next, and what each build wrote."""

    def __init__(self, paths: Paths) -> None:
        from rulings.sphinxext.build import Started  # deferred: after _compile_anew

        self.paths = paths
        self.started = Started(paths, "html")
        if self.started.error is not None:
            raise self.started.error
        self.app = self.started.app
        self.app.connect("env-updated", self._extract_and_run, priority=560)
        self.app.connect("html-page-context", self._note_page)
        # before state.commit_written (500): a page build keeps no record of what it wrote
        self.app.connect("build-finished", self._keep_no_record, priority=400)
        self._page_build = False
        self._catching_up = False
        #: what every page's sidebar shows once the build under way has written them all
        self._sidebars: str | None = None
        #: whether a save is waiting (a catch-up then stops for it)
        self.preempt = None
        self.app.connect("write-started", self._note_writing)
        self.app.connect("doctree-resolved", self._resolving, priority=1)
        self._written: set[str] = set()
        #: page -> digest of its file as last written
        self._digests: dict[str, str] = {}
        self.failed_run: str | None = None
        #: the examples run since the console was last told how they went
        self.ran: set[str] = set()
        #: how long the parts of the last build took (seconds)
        self.timings: dict[str, float] = {}

    # inside a build, once every document is read --------------------------------------------
    def _extract_and_run(self, app, env) -> list[str]:
        """``env-updated``, after the cards are checked (``cards.check_examples``): the
        features, manifest and cards from the environment, then the examples whose result
        does not rest on them, then each example's status from the new results."""
        from rulings import results as results_mod  # deferred: after _compile_anew
        from rulings import runs  # deferred: after _compile_anew
        from rulings.sphinxext import state  # deferred: after _compile_anew

        start = time.perf_counter()
        self._extract(app, env)
        plan = runs.plan_run(self.paths)
        extracted = time.perf_counter()
        self.failed_run = run_examples(self.paths, plan)
        self.ran |= set(plan.run)
        self.timings.update(read=round(start - self.timings.pop("start", start), 3),
                            extract=round(extracted - start, 3), run=round(time.perf_counter() - extracted, 3),
                            examples=len(plan.run))
        self.timings["ran"] = time.perf_counter()
        if self.failed_run:
            say(self.failed_run)
        results, _ = state.load_results(env)
        again = []
        for docname, records in env.rulings_examples.items():
            changed = False
            for record in records:
                if record.get("extracted"):
                    status = results_mod.status_of(record["id"], record["hash"], record.get("declared"), results)[0]
                    if record.get("status") != status:
                        record["status"], changed = status, True
            if changed:
                again.append(docname)
        if self._catching_up:
            # every page's sidebar marks each document with its worst status: when one of
            # them changed since the sidebars were last all written, every page is written
            shown = self._sidebars = self._sidebar_digest(env)
            if shown != self._sidebars_written(env):
                return sorted(env.found_docs)
        return again

    def _sidebar_digest(self, env) -> str:
        """What the sidebars show: each document with examples and its worst status."""
        from rulings import digests  # deferred: after _compile_anew
        from rulings.sphinxext.attention import worst  # deferred: after _compile_anew

        shown = sorted((d, worst(rs)) for d, rs in env.rulings_examples.items() if rs and d in env.found_docs)
        return digests.of_json(shown, None)

    def _sidebars_file(self) -> Path:
        return Path(self.app.doctreedir) / "rulings-serve-sidebars.json"

    def _sidebars_written(self, env) -> str | None:
        """The statuses every page's sidebar showed after the last catch-up that wrote them
        all, if no html build wrote pages since (``rulings build`` writes some pages only,
        with the statuses of then in their sidebars): kept beside the environment with
        when html last decided what to write (``state.written_record``)."""
        from rulings.sphinxext import state  # deferred: after _compile_anew

        try:
            kept = json.loads(self._sidebars_file().read_text(encoding="utf-8"))
            if kept.get("at") != state.written_record(env, "html").get("at"):
                return None
            return kept.get("digest")
        except (OSError, ValueError, AttributeError):
            return None

    def _extract(self, app, env) -> None:
        """What ``rulings build``'s gherkin build writes (features, manifest, cards,
        declarations), by the gherkin builder's own code, from this environment."""
        from rulings.results import write_atomic  # deferred: after _compile_anew
        from rulings.sphinxext import state  # deferred: after _compile_anew
        from rulings.sphinxext.builder import GherkinBuilder  # deferred: after _compile_anew

        tags = set(app.tags)
        builder = GherkinBuilder(app, env)
        for tag in set(app.tags) - tags:  # a builder adds its name to the tags: not html's
            app.tags.remove(tag)
        builder.outdir = self.paths.features
        builder.init()
        at = time.time_ns() // 1_000
        builder.write_documents(sorted(builder.get_outdated_docs()))
        builder.finish()
        record = state.written_record(env, "gherkin")
        record.update(at=at, docs=sorted(record.get("docs", ())))
        write_atomic(state._written_file(env, "gherkin"), json.dumps(record, ensure_ascii=False, sort_keys=True))

    def _keep_no_record(self, app, exception) -> None:
        """``build-finished`` of a page build: what html last wrote stays as the last full
        build kept it, so that the next build writes every other page that changed (the
        page build wrote the saved documents' pages only, and Sphinx's list of what to
        write again said more)."""
        from rulings.sphinxext import state  # deferred: after _compile_anew

        if self._page_build:
            state._TENTATIVE.pop(app.builder.name, None)

    def _note_writing(self, app, builder) -> None:
        self.timings["writing"] = time.perf_counter()
        self._give_way("the pages")

    def _note_page(self, app, pagename, templatename, context, doctree) -> None:
        """``html-page-context``, before the page is rendered and written: a catch-up
        gives way to a save that came meanwhile (the pages written so far are whole, this
        one is not begun; nothing of the catch-up is recorded as written, so the next one
        writes everything it would have)."""
        self._give_way(pagename)
        self._written.add(pagename)

    def _give_way(self, where: str) -> None:
        if self._catching_up and self.preempt is not None and self.preempt():
            raise Preempted(where)

    def _resolving(self, app, doctree, docname: str) -> None:
        """``doctree-resolved``, first: before the page's own work (the card index fills
        a table of every card and every example naming it)."""
        self._give_way(docname)

    # builds ------------------------------------------------------------------------------------
    def build(self, documents: list[str] | None = None) -> tuple[list[str], list[str]]:
        """Build: with ``documents``, read what changed and write these documents' pages
        only (the other pages are left for the next build without them); without, bring
        every page up to date.  Returns (the pages whose file changed, the warnings)."""
        from rulings.sphinxext import problems  # deferred: after _compile_anew

        app, started = self.app, self.started
        started.warnings.seek(0)
        started.warnings.truncate()
        app.statuscode = 0
        if hasattr(app, "_warncount"):
            app._warncount = 0
        # caches of one build (builder-inited, which arms them, comes once per application)
        app.builder._rulings_badges = None
        if id(app) not in problems._RECORDERS:
            problems.start(app)
        self._written = set()
        self.timings = {"start": time.perf_counter()}
        self._page_build = bool(documents)
        for stamp in ("gherkin-inputs.txt", "html-inputs.txt"):
            # this site is not the one `rulings build` stamped: it builds again
            (self.paths.build / stamp).unlink(missing_ok=True)
        if documents:
            # the site-wide files (search index, general index, the page of examples that
            # need attention, static files) are the catch-up's: they show every document
            app.builder.finish = lambda: None
            # nor does it load the search index (every page's words) that only the
            # catch-up's finish writes: the page's words fed to an empty one are let go
            app.builder.load_indexer = lambda docnames: None
        self._catching_up = not documents
        try:
            app.build(False, [Path(d) for d in documents] if documents else ())
        except Preempted:
            # Sphinx removes the saved environment after a build that raised: the next
            # build, which reads the saved document, saves it again
            self.timings["preempted"] = 1
            self._sidebars = None
        finally:
            self._catching_up = False
            if documents:
                del app.builder.finish
                del app.builder.load_indexer
        if self._sidebars is not None:
            from rulings.results import write_atomic  # deferred: after _compile_anew
            from rulings.sphinxext import state  # deferred: after _compile_anew

            # after a catch-up: every sidebar shows these statuses (they did already, or
            # every page was written); with when html decided, this build's, committed
            at = state.written_record(app.env, "html").get("at")
            write_atomic(self._sidebars_file(), json.dumps({"digest": self._sidebars, "at": at}))
            self._sidebars = None
        now = time.perf_counter()
        writing = self.timings.pop("writing", now)
        self.timings.update(resolve=round(writing - self.timings.pop("ran", writing), 3),
                            write=round(now - writing, 3))
        lines = [line for line in started.warnings.getvalue().splitlines() if line.strip()]
        self._keep_problems(lines)
        return self._changed_pages(), lines

    def _keep_problems(self, lines: list[str]) -> None:
        """The html build's problems file, as ``rulings.sphinxext.build.build`` writes it."""
        from rulings.results import write_atomic  # deferred: after _compile_anew

        env = self.app.env
        found = {str(Path(env.doc2path(d))): d for d in env.found_docs}
        documents = {found[m.group(1)] for line in lines if (m := re.match(r"^(.*?\.rst)(?::\d+)?:", line))
                     and m.group(1) in found}
        write_atomic(self.paths.problems("html"), json.dumps({"documents": sorted(documents), "warnings": lines,
                                                              "status": self.app.statuscode},
                                                             ensure_ascii=False, indent=1))

    def _changed_pages(self) -> list[str]:
        from rulings import digests  # deferred: after _compile_anew

        out = []
        for page in sorted(self._written):
            try:
                data = Path(self.app.builder.get_outfilename(page)).read_bytes()
            except OSError:
                continue
            digest = digests.digest([data], None)
            if self._digests.get(page) != digest:
                self._digests[page] = digest
                out.append(page)
        return out


def _compile_anew(files: list[str]) -> None:
    """The bytecode of files just edited, checked by the source's hash from now on.
    Python takes a cached ``.pyc`` as current when the source's modification time (in
    whole seconds) and size are those it was compiled from: an edit within the second
    of the last compilation that keeps the size would run the old code, under results
    recorded against the new code's digest."""
    for file in files:
        cache = importlib.util.cache_from_source(file) if file.endswith(".py") else None
        # with bytecode not written (PYTHONDONTWRITEBYTECODE), only a cache already there is read
        if cache and os.path.isfile(file) and (not sys.dont_write_bytecode or os.path.exists(cache)):
            try:
                py_compile.compile(file, cfile=cache, doraise=True,
                                   invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
            except (py_compile.PyCompileError, OSError, ValueError):
                pass  # a syntax error: the import says so


def _code_unchanged() -> bool:
    """Whether every game's engine on disk is the one whose digest this process keeps
    (computed before the engine was imported)."""
    from rulings import digests  # deferred: after _compile_anew

    return all(digests.engine(g) == digests.engine_on_disk(g) for g in GAMES)


def worker(root: Path) -> int:
    """The worker: commands on stdin (one JSON line per save), messages to the server on
    the stdout it was given; everything a person reads goes to stderr."""
    to_server = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    os.dup2(2, 1)
    sys.stdout.reconfigure(line_buffering=True)

    paths = Paths(root)
    _compile_anew(json.loads(os.environ.pop(CHANGED_CODE, "[]") or "[]"))
    from rulings import digests, runs  # deferred: after _compile_anew
    # what the results rest on, from the files as they are before the engine is imported:
    # an engine edited while this process starts is seen below (and the server restarts it)
    for game in GAMES:
        digests.engine(game)
    _warm()
    runs.end_children_on_signals()
    site = Site(paths)
    commands = _Commands(0)
    site.preempt = commands.ready
    if not _code_unchanged():
        return RESTART

    def tell(**message) -> None:
        to_server.write(json.dumps(message, ensure_ascii=False) + "\n")

    def build(documents: list[str] | None, phase: str) -> None:
        start = time.time()
        pages, warnings = site.build(documents)
        tell(pages=pages, phase=phase, documents=documents or [], at=time.time(), seconds=time.time() - start,
             timings=site.timings)
        for line in warnings:
            say(line, file=sys.stderr)
        if site.ran:
            # after the page is out: how the examples that ran went, as `rulings check` says it
            summary = runs.reconcile(paths, only=site.ran)
            for problem in summary.problems:
                say(problem)
            say(f"ran {len(site.ran)} example(s): {summary.last_line()}")
            site.ran = set()

    done = 0  # the last command taken

    def take(line: str) -> list[str]:
        nonlocal done
        message = json.loads(line)
        done = max(done, int(message.get("seq", 0)))
        return list(message.get("documents", []))

    build(None, "first build")
    if not site.timings.get("preempted"):
        tell(caught_up=done)
    pending: list[str] = []
    while True:
        if not pending:
            line = commands.line()
            if line is None:
                return 0
            pending = take(line)
        while commands.ready():
            line = commands.line()
            if line is None:
                return 0
            pending += take(line)
        documents = sorted({d for d in pending if Path(d).is_file()})
        pending = []
        if documents:
            build(documents, "page")
        # another save already: its page first, then the rest
        if commands.ready():
            continue
        build(None, "catch-up")
        if not site.timings.get("preempted"):
            tell(caught_up=done)


class _Commands:
    """Lines from a pipe, and whether one is there to take without waiting."""

    def __init__(self, fd: int) -> None:
        self.fd, self.buffer = fd, b""

    def ready(self) -> bool:
        return b"\n" in self.buffer or bool(select.select([self.fd], [], [], 0)[0])

    def line(self) -> str | None:
        """The next line, waiting for it; None once the pipe is closed."""
        while b"\n" not in self.buffer:
            data = os.read(self.fd, 65536)
            if not data:
                return None
            self.buffer += data
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode("utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulings.serve", description="the worker of `rulings serve`")
    parser.add_argument("--root", required=True)
    args = parser.parse_args(argv)
    code = worker(Path(args.root))
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    main()

"""Shared fixtures: a throw-away copy of the project to break on purpose."""

from __future__ import annotations

import fcntl
import gc
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulings.project import Paths
from tests import forkserver

ROOT = Path(__file__).resolve().parents[1]

# pytest keeps each test module, its asserts rewritten, in tests/**/__pycache__ (as Python
# keeps any module's bytecode); where bytecode is not written (PYTHONDONTWRITEBYTECODE) each
# process of each session rewrote all of them again: 0.25 s of every pytest-xdist worker's
# start (issue 23).  The commands the tests start keep the environment they were given.
sys.dont_write_bytecode = False


def _worker_ends_at_once() -> None:
    """A pytest-xdist worker whose session is over (its results sent, its fixtures torn
    down, and the exit handlers registered after the harness was loaded run: this one
    comes after them; of those registered before, only ``logging``'s, whose stream
    handlers flush every record) ends without Python freeing its heap object by object:
    the controller waited about 0.4 s for each worker of ``make test`` to do that (issue 23)."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


if os.environ.get("PYTEST_XDIST_WORKER"):
    import atexit

    atexit.register(_worker_ends_at_once)


@pytest.fixture(autouse=True)
def _environment_left_as_found():
    """Each test leaves the process's environment as it found it: a variable left behind
    is in every later command of the worker, which then runs as a new Python instead of
    being forked (tests/forkserver.py: a failed Sphinx application left docutils'
    configuration named, and 23 commands of one run took a new Python each)."""
    before = {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"}
    yield
    after = {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"}
    if after != before:
        changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
        pytest.fail(f"the test left the environment changed: {', '.join(changed)}", pytrace=False)


INDEX = """\
=======
rulings
=======

.. rulings-dashboard::

.. toctree::
   :glob:

   */*
"""


class Sandbox:
    """A project folder of its own (spec/, tests/examples/, pyproject.toml) with its
    own build/, to write documents into and run ``rulings`` on."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def write(self, relpath: str, text: str | bytes) -> Path:
        path = self.root / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        return path

    def env(self) -> dict[str, str]:
        # the sandbox's own build/, whatever the calling session uses; the options given to
        # the calling pytest (PYTEST_ADDOPTS, e.g. --durations) are not the sandbox's runs'
        return {k: v for k, v in os.environ.items() if k not in ("RULINGS_BUILD", "PYTEST_ADDOPTS")}

    def rulings(self, *args: str, timeout: int = 300) -> subprocess.CompletedProcess:
        """``python -m rulings.cli --root ROOT ARGS`` in the sandbox: a process of its own
        (forked from one that imported Python's modules once: tests/forkserver.py)."""
        return self.python("-m", "rulings.cli", "--root", str(self.root), *args, timeout=timeout)

    def sphinx_build(self, *args: str, timeout: int = 300) -> subprocess.CompletedProcess:
        """``sphinx-build`` itself, as a maintainer would call it."""
        return self.python("-m", "sphinx", *args, timeout=timeout)

    def python(self, *args: str, cwd: Path | None = None, env: dict[str, str] | None = None,
               timeout: int = 300) -> subprocess.CompletedProcess:
        """``python ARGS`` (``-m MODULE …`` or ``SCRIPT …``) in the sandbox, its output captured."""
        return forkserver.run([sys.executable, *args], cwd=cwd or self.root, env=self.env() if env is None else env,
                              timeout=timeout)

    def output(self, done: subprocess.CompletedProcess) -> str:
        return done.stdout + done.stderr

    def manifest(self) -> dict[str, dict]:
        data = json.loads((self.build / "features" / "manifest.json").read_text(encoding="utf-8"))
        return {e["id"]: e for e in data["examples"]}

    @property
    def build(self) -> Path:
        return self.root / "build"

    def results(self) -> dict:
        return json.loads((self.build / "results.json").read_text(encoding="utf-8"))["results"]

    def html(self, docname: str) -> str:
        return (self.build / "site" / f"{docname}.html").read_text(encoding="utf-8")


#: the cards the sandbox tests' documents name, by the card file that defines them: a test
#: about the pipeline, not about the cards, asks for these alone with
#: ``@pytest.mark.sandbox_cards(*FEW_CARDS)``, each file holding only these cards
#: (``cards_of``).  Issue 23: a first ``rulings build`` of such a sandbox took 2.3 s of CPU
#: instead of 5.9 s with all 513 cards, whose pages and search terms it writes; with the
#: 48 cards of the two whole files, a build of two documents took 0.55 s, with these 8,
#: 0.40 s (tests/forkserver.py's process, the project built from nothing)
FEW_CARDS = (("ygo/cards/basics.rst", ("暗黑骑士 盖亚", "黑魔术师", "青眼白龙", "番兵石人", "月之书")),
             ("ygo/cards/summoning.rst", ("破坏龙 甘多拉", "真龙剑皇 卓辉星·拼图", "异色眼灵摆龙")))

#: what ``sandbox_cards`` and ``make_sandbox`` take: a card file under spec/ (all its
#: cards), or (card file, the names of the cards it keeps)
CardFiles = tuple[str | tuple[str, tuple[str, ...]], ...]


def cards_of(card_file: str, names: tuple[str, ...]) -> str:
    """The card file ``card_file`` of spec/ with only the cards ``names``: its opening (up to
    its first card), then each card's directive as written."""
    lines = (ROOT / "spec" / card_file).read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith(".. card::"))
    out = lines[:first]
    for name in names:
        if f".. card:: {name}" not in lines:
            raise ValueError(f"spec/{card_file}: no card {name!r} (sandbox_cards names the cards a file keeps)")
        start = lines.index(f".. card:: {name}")
        end = next((i for i in range(start + 1, len(lines)) if lines[i] and not lines[i][0].isspace()), len(lines))
        out += [*lines[start:end], ""]
    return "\n".join(out)


def make_sandbox(root: Path, cards: CardFiles | None = None) -> Sandbox:
    """A sandbox with the project's cards: every card file, or those of ``cards``
    (paths under spec/, each maybe with the names of the only cards it keeps)."""
    (root / "spec").mkdir(parents=True)
    for name in ("conf.py", "docutils.conf"):
        shutil.copy(ROOT / "spec" / name, root / "spec" / name)
    (root / "spec" / "index.rst").write_text(INDEX, encoding="utf-8")
    # the cards are part of the project: examples name them
    if cards is None:
        for folder in (ROOT / "spec").glob("*/cards"):
            shutil.copytree(folder, root / "spec" / folder.relative_to(ROOT / "spec"))
    else:
        for card_file in cards:
            card_file, names = (card_file, None) if isinstance(card_file, str) else card_file
            (root / "spec" / card_file).parent.mkdir(parents=True, exist_ok=True)
            if names is None:
                shutil.copy(ROOT / "spec" / card_file, root / "spec" / card_file)
            else:
                (root / "spec" / card_file).write_text(cards_of(card_file, names), encoding="utf-8")
    shutil.copytree(ROOT / "tests" / "examples", root / "tests" / "examples",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    return Sandbox(root)


def extract_once():
    """The extraction the engine's cards and build/features come from, current: the test
    harness runs ``rulings extract`` (in a process of its own, once: later calls find it
    current) when it is missing or stale, so that a unit file runs on a fresh checkout.
    The binding (rulings.bdd) never extracts: a session of documented examples with stale
    features stops, naming that command."""
    from rulings.bdd import NotExtracted, read_extraction

    try:
        return read_extraction(ROOT)
    except NotExtracted:
        done = subprocess.run([sys.executable, "-m", "rulings.cli", "--root", str(ROOT), "extract"],
                              capture_output=True, text=True, timeout=900)
        if done.returncode > 1:
            pytest.fail(f"rulings extract failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}", pytrace=False)
        return read_extraction(ROOT)


def _cards_asked(request) -> CardFiles | None:
    marker = request.node.get_closest_marker("sandbox_cards")
    return None if marker is None or marker.args == ("all",) else tuple(marker.args)


#: the cyclic collector's youngest threshold in a test process (Python's 700).  A worker
#: of ``make test`` holds what it imported and collected the whole session, and each
#: full collection (one whenever what lives grew by a quarter) walks all of it: with
#: Python's threshold, 2 500–3 750 young collections and 11–17 full ones in the two
#: workers, 7.3–8.0 s of CPU; at 10 000 (the threshold a Sphinx build of the extension
#: runs with: rulings.sphinxext.collector), 2–4 full ones, 4.2–5.2 s (docs/performance.md).
#: Garbage is still collected, later; the commands the tests run keep Python's own.
YOUNG_THRESHOLD = 10_000


def pytest_configure(config):
    young, *older = gc.get_threshold()
    if young:  # 0: the collector is off, and stays off
        gc.set_threshold(max(young, YOUNG_THRESHOLD), *older)
    config.addinivalue_line("markers", "sandbox_cards(*files): the card files (under spec/, or (file, "
                                       "names of the cards it keeps)) of the test's sandboxes, instead of every "
                                       "card file ('all': every one)")
    config.addinivalue_line("markers", "xdist_group(name): tests that one pytest-xdist worker runs, one after "
                                       "the other, under --dist loadgroup (``make test``)")
    if config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(_XdistGroups(), "rulings-xdist-groups")


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config, items):
    """The tests that read the real site (built once a session, ``made_once``) are one
    group: under ``--dist loadgroup`` (``make test``) one worker runs them all while the
    other goes on with the rest, instead of waiting for the site the first one builds."""
    if not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        if "real_site" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("real-site"))


class _XdistGroups:
    """pytest-xdist (3.8) gives a grouped test the id ``<its id>@<group>`` by setting the
    item's ``_nodeid``, which pytest 9 no longer reads (an item's id is its ``_id``): every
    group was ignored, tests of one shared project ran on both workers, one waiting for
    the other's build.  The id xdist meant is given to pytest; a worker whose grouped
    tests still lack it stops the session (a group silently ignored is lost time)."""

    @pytest.hookimpl(trylast=True)  # after pytest-xdist named them
    def pytest_collection_modifyitems(self, config, items):
        from _pytest.nodeid import NodeId

        # (a worker's own setting; --dist is "no" in a worker)
        if not getattr(config.option, "loadgroup", False):
            return

        for item in items:
            meant = item.__dict__.get("_nodeid")
            if isinstance(meant, str) and meant != item.nodeid:
                item._id = NodeId.parse(meant)
        if os.environ.get("PYTEST_XDIST_WORKER"):
            lost = [item.nodeid for item in items
                    if any(True for _ in item.iter_markers("xdist_group")) and "@" not in item.nodeid]
            if lost:
                raise pytest.UsageError(f"--dist loadgroup: {len(lost)} grouped tests without their group "
                                        f"(pytest-xdist and pytest disagree on a test's id), e.g. {lost[0]}")


def pytest_sessionfinish(session):
    forkserver.shutdown()  # waited for: its commands' CPU time is counted as this process's


@pytest.fixture(scope="session")
def extracted():
    """The engine reads its cards from what the documents define: a test that builds a
    game of the real cards, or reads build/features, asks for this fixture (``extract_once``:
    nothing is built when nothing changed).  A session that collects no documented example
    does not look at the features at start-up (rulings.bdd.plugin)."""
    return extract_once()


class SmallProject:
    """A few documents (spec/ with the project's conf.py, no cards unless written) built
    in this process with ``sphinx.testing``: for what the extension itself reads, warns
    and writes, where a whole project (``Sandbox``: every card, the command line, a run
    of the examples) is not the point."""

    def __init__(self, root: Path) -> None:
        self.root = root
        (root / "spec").mkdir(parents=True)
        for name in ("conf.py", "docutils.conf"):
            shutil.copy(ROOT / "spec" / name, root / "spec" / name)
        (root / "spec" / "index.rst").write_text(INDEX, encoding="utf-8")

    write = Sandbox.write

    @property
    def build_dir(self) -> Path:
        return self.root / "build"

    def sphinx(self, builder: str = "gherkin") -> str:
        """Build the documents with ``builder`` as ``rulings`` configures it; the
        warnings, as Sphinx printed them."""
        import io

        from sphinx.testing.util import SphinxTestApp

        from rulings.project import Paths
        from rulings.sphinxext.build import settings

        paths = Paths(self.root)
        assert paths.build == self.build_dir, "RULINGS_BUILD is set: the fixture unsets it"
        warnings = io.StringIO()
        app = SphinxTestApp(builder, srcdir=paths.spec, builddir=self.build_dir / "sphinx",
                            confoverrides=settings(paths, builder), status=io.StringIO(), warning=warnings)
        try:
            app.build()
        finally:
            app.cleanup()
        return warnings.getvalue()


@pytest.fixture
def small_project(tmp_path, monkeypatch) -> SmallProject:
    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    return SmallProject(tmp_path / "small")


@pytest.fixture
def sandbox(tmp_path, request) -> Sandbox:
    return make_sandbox(tmp_path / "project", _cards_asked(request))


@pytest.fixture(scope="module")
def sandboxes(tmp_path_factory, request):
    """Many sandboxes for one module: ``sandboxes(name)`` makes a fresh one (with the
    module's ``sandbox_cards``: ``pytestmark``)."""
    return lambda name, cards=_cards_asked(request): make_sandbox(tmp_path_factory.mktemp(name) / "project", cards)


def run_all(jobs: dict, workers: int = 4) -> dict:
    """Run ``{name: callable}`` a few at a time (each starts subprocesses) and return
    ``{name: result}``: independent sandboxes need not wait for one another."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {name: pool.submit(job) for name, job in jobs.items()}
        return {name: f.result() for name, f in futures.items()}


#: a Yu-Gi-Oh! document with one example that passes and one whose expectation is wrong,
#: added to the real documents so that the site shows a failure (browser tests, screenshots)
FAILING_DOC = """\
==========
浏览器测试
==========

.. example:: 召唤的「破坏龙 甘多拉」变成里侧后仍是通常召唤的怪兽
   :id: browser-gandora
   :source: https://www.db.yugioh-card.com/yugiohdb/faq_search.action?ope=5&fid=6109
   :date: 15/2/5

   假如 自己在之前的回合召唤了「破坏龙 甘多拉」
   当 「破坏龙 甘多拉」变成里侧守备表示
   那么 「破坏龙 甘多拉」仍然是通常召唤的怪兽

.. example:: 故意写错的期待
   :id: browser-wrong

   假如 自己在之前的回合召唤了「破坏龙 甘多拉」
   当 「破坏龙 甘多拉」变成里侧守备表示
   那么 「破坏龙 甘多拉」不再是通常召唤的怪兽
"""


def made_once(tmp_path_factory, name: str, make) -> Path:
    """A folder ``name`` that ``make(folder)`` fills once per pytest session, whatever the
    number of pytest-xdist workers: the first worker to need it makes it while the others
    wait, then every worker reads the same folder (a session fixture alone would be made
    once per worker).  A ``make`` that fails leaves no folder: the next worker tries again."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the session's folder, shared by its workers
    folder = base / name
    with (base / f"{name}.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not (base / f"{name}.made").exists():
                shutil.rmtree(folder, ignore_errors=True)
                folder.mkdir(parents=True)
                make(folder)
                (base / f"{name}.made").touch()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return folder


#: the cross-session locks of the kept folders, held (shared) until the session ends
_KEPT_LOCKS: list = []


def _mirror(source: Path, target: Path, extra: dict[str, str] | None = None) -> None:
    """Make ``target`` a copy of ``source`` (``__pycache__`` left out) plus ``extra``
    (relative path -> text): a file whose bytes are already those is left as it is (its
    time too, so a build reads only what changed), others written, files and folders
    ``source`` lacks removed."""
    wanted = {p.relative_to(source).as_posix(): p.read_bytes() for p in source.rglob("*")
              if p.is_file() and "__pycache__" not in p.parts}
    wanted.update({k: v.encode("utf-8") for k, v in (extra or {}).items()})
    for path in sorted(target.rglob("*"), reverse=True) if target.exists() else ():
        rel = path.relative_to(target).as_posix()
        if path.is_dir() and not path.is_symlink():
            if not any(name.startswith(rel + "/") for name in wanted):
                shutil.rmtree(path)
        elif rel not in wanted:
            path.unlink()
    for rel, data in wanted.items():
        _write_if_changed(target / rel, data)


def _write_if_changed(path: Path, data: bytes) -> None:
    """``path`` holds ``data``; left as it is (and its time) when it does already."""
    if not path.is_file() or path.read_bytes() != data:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def kept_between_sessions(tmp_path_factory, name: str, make) -> Path:
    """A folder ``build/test-sites/NAME`` that ``make(folder)`` brings up to date once per
    pytest session (``made_once``) and that the next session finds again: what did not
    change since is not built again (issue 23).  A session holds it with a shared lock
    until it ends; the one bringing it up to date waits for the other sessions to end."""
    folder = Paths(ROOT).build / "test-sites" / name
    folder.parent.mkdir(parents=True, exist_ok=True)
    lock = (folder.parent / f"{name}.lock").open("a")
    _KEPT_LOCKS.append(lock)

    def bring_up_to_date(_session_folder: Path) -> None:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            make(folder)
        finally:
            fcntl.flock(lock, fcntl.LOCK_SH)

    made_once(tmp_path_factory, name, bring_up_to_date)
    fcntl.flock(lock, fcntl.LOCK_SH)
    return folder


@pytest.fixture(scope="session")
def real_site(tmp_path_factory):
    """Every document of spec/ plus FAILING_DOC, built with ``rulings build`` (the site
    as readers get it: search, dashboard, every output format) in a project kept between
    sessions (``kept_between_sessions``): the documents, examples and settings are those
    of the checkout now, and the build is the one a maintainer's next ``rulings build``
    makes, which reads, runs and writes only what changed (issue 23: 5.7 s from nothing
    each session, 0.1 s with nothing changed).  Whatever a test wrote into the project
    beside what ``rulings build`` writes is removed first.  Tests read it, and write only
    into folders of their own."""

    def entries(root: Path) -> list[Path]:
        return [*root.iterdir(), *((root / "build").iterdir() if (root / "build").is_dir() else ())]

    def make(folder: Path, fresh: bool = False) -> None:
        root, listing = folder / "project", folder / "build-listing.json"
        if fresh or not listing.exists():
            shutil.rmtree(folder, ignore_errors=True)
        else:
            owned = set(json.loads(listing.read_text(encoding="utf-8")))
            for path in entries(root):
                if path.relative_to(root).as_posix() not in owned:
                    shutil.rmtree(path) if path.is_dir() else path.unlink()
            listing.unlink()
        _mirror(ROOT / "spec", root / "spec", {"ygo/browser.rst": FAILING_DOC})
        _mirror(ROOT / "tests" / "examples", root / "tests" / "examples")
        _write_if_changed(root / "pyproject.toml", (ROOT / "pyproject.toml").read_bytes())
        box = Sandbox(root)
        # the first time, the project's own results, when it has any: those resting on the
        # same text, cards, engine and libraries are current here too and are not run again
        # (what `rulings build` decides for any results file); the others, and FAILING_DOC's,
        # run (issue 23: 24 s → 11 s when `make test` ran the examples before)
        if (own := Paths(ROOT).results).exists() and not (box.build / own.name).exists():
            box.build.mkdir(parents=True, exist_ok=True)
            shutil.copy(own, box.build / own.name)
        done = box.rulings("build")
        if not fresh and (done.returncode > 1 or not (box.build / "site" / "index.html").exists()):
            return make(folder, fresh=True)  # a kept build that cannot go on (a session killed in its middle)
        assert (box.build / "site" / "index.html").exists(), box.output(done)[-3000:]
        (folder / "build-output.json").write_text(json.dumps([done.returncode, done.stdout, done.stderr]),
                                                  encoding="utf-8")
        listing.write_text(json.dumps(sorted(p.relative_to(root).as_posix() for p in entries(root))),
                           encoding="utf-8")

    folder = kept_between_sessions(tmp_path_factory, "real-site", make)
    box = Sandbox(folder / "project")
    returncode, stdout, stderr = json.loads((folder / "build-output.json").read_text(encoding="utf-8"))
    box.build_output = subprocess.CompletedProcess(["rulings", "build"], returncode, stdout, stderr)
    return box

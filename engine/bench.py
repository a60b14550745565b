"""``rulings bench``: how the pipeline scales, measured on a synthetic spec.

The spec is made of the project's own examples (real phrases, real cards), copied with
new ids into documents of ``PER_DOCUMENT`` examples each until there are ``--examples``
of them.  One run measures, on the same sources:

- plain html: ``sphinx-build -b html`` without the extension, on the same documents
  whose examples and cards are plain literal blocks;
- the full cycle from nothing (``rulings build``): extraction, running, html,
  reconciliation;
- the cycle with nothing changed, and after editing one step of one example of one
  document (each the median of ``--repeat`` runs);
- peak memory: the largest resident set of any process of each phase;
- html with the extension built alone from nothing (fresh environment, no kept readings
  or search cuts), each time right before a plain html build, the ratio being the median
  of those pairs (``--pairs``; 0 leaves them out: at 100 000 examples each pair takes
  minutes, and the issue's targets for the ratio are at 1 000 and 10 000);
- the live edit loop (``--saves N``): ``rulings serve`` on the same project, then N saves
  of one step edited, each timed from the file written to its page sent by the server
  after the server's reload notice named it (what a reader's browser waits for), the
  median counting; the next save waits until the other pages have caught up;

``--own`` measures a copy of the project's own documents instead of a synthetic spec
(the size of the site as it is: the serve target "at the project's size"),

and prints the table of docs/performance.md, ratios included.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rulings.project import GAMES

PER_DOCUMENT = 100
OURS = ("example", "card", "effect", "rulings-dashboard", "rulings-vocabulary", "rulings-blocks", "rulings-cards")
_DIRECTIVE = re.compile(r"^(\s*)\.\. (" + "|".join(map(re.escape, OURS)) + r")::(.*)$")
INDEX = """\
=========
benchmark
=========

.. rulings-dashboard::

.. toctree::
   :glob:

   */*
"""


# -- the synthetic spec ---------------------------------------------------------------------

def _blocks(text: str) -> list[str]:
    """The ``example`` directives of a document, each as its lines."""
    lines = text.splitlines()
    out, i = [], 0
    while i < len(lines):
        m = _DIRECTIVE.match(lines[i])
        if m and m.group(2) == "example" and not m.group(1):
            block = [lines[i]]
            i += 1
            while i < len(lines) and (not lines[i].strip() or lines[i].startswith((" ", "\t"))):
                block.append(lines[i])
                i += 1
            while block and not block[-1].strip():
                block.pop()
            out.append(block)
        else:
            i += 1
    return out


def real_examples(spec: Path) -> dict[str, list[list[str]]]:
    """Every example of the project's documents, by game (documents that define cards of
    their own are left out: their examples name cards no other document has)."""
    out: dict[str, list[list[str]]] = {}
    for game in GAMES:
        for path in sorted((spec / game).glob("*.rst")):
            text = path.read_text(encoding="utf-8")
            if re.search(r"^\.\. (card|effect)::", text, re.M) or text.lstrip().startswith(":"):
                continue
            out.setdefault(game, []).extend(_blocks(text))
    return out


def _renamed(block: list[str], n: int) -> list[str]:
    out = []
    for line in block:
        if line.startswith(".. example::"):
            line = f"{line.rstrip()}（{n}）"
        m = re.match(r"^(\s+):id:\s*(\S+)", line)
        if m:
            line = f"{m.group(1)}:id: bench-{n}-{m.group(2)}"
        out.append(line)
    if not any(re.match(r"^\s+:id:", line) for line in block):
        out.insert(1, f"   :id: bench-{n}")
    return out


def write_spec(root: Path, source: Path, examples: int) -> int:
    """A project at ``root`` with ``examples`` examples copied from ``source``'s."""
    spec = root / "spec"
    spec.mkdir(parents=True)
    for name in ("conf.py", "docutils.conf"):
        shutil.copy(source / "spec" / name, spec / name)
    (spec / "index.rst").write_text(INDEX, encoding="utf-8")
    for cards in (source / "spec").glob("*/cards"):
        shutil.copytree(cards, spec / cards.relative_to(source / "spec"))
    shutil.copytree(source / "tests" / "examples", root / "tests" / "examples",
                    ignore=shutil.ignore_patterns("__pycache__", "conftest.py"))
    shutil.copy(source / "pyproject.toml", root / "pyproject.toml")
    real = real_examples(source / "spec")
    order = [(game, block) for game in GAMES for block in real.get(game, [])]
    if not order:
        raise SystemExit(f"{source / 'spec'}: no examples to copy")
    documents: dict[str, list[list[str]]] = {}
    for n in range(examples):
        game, block = order[n % len(order)]
        documents.setdefault(game, []).append(_renamed(block, n))
    written = 0
    for game, blocks in documents.items():
        for d in range(0, len(blocks), PER_DOCUMENT):
            title = f"基准 {game} {d // PER_DOCUMENT:04d}"
            parts = ["=" * 20, title, "=" * 20, ""]
            for block in blocks[d:d + PER_DOCUMENT]:
                parts += ["这一段说明裁定。", "", *block, ""]
            (spec / game / f"bench-{d // PER_DOCUMENT:04d}.rst").write_text("\n".join(parts), encoding="utf-8")
            written += len(blocks[d:d + PER_DOCUMENT])
    return written


def copy_own(root: Path, source: Path) -> int:
    """A project at ``root`` holding a copy of ``source``'s documents, cards and runner, as
    they are (``--own``); the number of its examples."""
    shutil.copytree(source / "spec", root / "spec", ignore=shutil.ignore_patterns("__pycache__", "_build"))
    shutil.copytree(source / "tests" / "examples", root / "tests" / "examples",
                    ignore=shutil.ignore_patterns("__pycache__", "conftest.py"))
    shutil.copy(source / "pyproject.toml", root / "pyproject.toml")
    return sum(len(_blocks(p.read_text(encoding="utf-8"))) for p in (root / "spec").rglob("*.rst"))


def plain_copy(root: Path, target: Path) -> None:
    """The same sources without the extension: our directives become literal blocks."""
    shutil.copytree(root / "spec", target)
    for path in target.rglob("*.rst"):
        lines = path.read_text(encoding="utf-8").splitlines()
        out = []
        for k, line in enumerate(lines):
            m = _DIRECTIVE.match(line)
            if m:
                # a directive with a body becomes a paragraph and a literal block; one
                # without (the dashboard) a paragraph, so that what follows it (the
                # toctree: every page's navigation) is read as it is with the extension
                body = any(n.strip() and len(n) - len(n.lstrip()) > len(m.group(1))
                           for n in lines[k + 1:k + 3])
                out += [f"{m.group(1)}{m.group(3).strip() or m.group(2)}{'::' if body else ''}", ""]
            else:
                out.append(line)
        path.write_text("\n".join(out) + "\n", encoding="utf-8")
    with (target / "conf.py").open("a", encoding="utf-8") as f:
        f.write("\nextensions = []\n")


# -- measuring ------------------------------------------------------------------------------

_PEAK = ("import resource, subprocess, sys; rc = subprocess.call(sys.argv[1:]); "
         "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr); sys.exit(rc)")


def measure(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> tuple[float, int, str]:
    """Seconds, peak resident set in MB of the largest process of ``cmd``, output."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _PEAK, *cmd], cwd=cwd, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    lines = done.stderr.strip().splitlines()
    peak = int(lines[-1]) // 1024 if lines and lines[-1].isdigit() else 0
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} exited {done.returncode}:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return seconds, peak, done.stdout + done.stderr


#: html with the extension alone, from nothing, in the project given as argument
_HTML_ALONE = ("import sys; from pathlib import Path; from rulings.project import Paths; "
               "from rulings.sphinxext.build import build; "
               "sys.exit(build(Paths(Path(sys.argv[1])), 'html', fresh=True).status)")


def is_bench_folder(folder: Path) -> bool:
    """Whether ``folder`` may be replaced by a benchmark: empty, not a file, or what an
    earlier ``rulings bench --keep`` left (only its project, copies and timings)."""
    if not folder.is_dir():
        return False
    inside = {p.name for p in folder.iterdir()}
    if not inside:
        return True
    return "project" in inside and inside <= BENCH_FILES and (
        any((folder / "project" / "spec").glob("*/bench-*.rst")) or "timings.json" in inside)


#: what a benchmark's folder holds (``build``: the search word list the plain copy's
#: ``conf.py`` makes beside it, as the project's does in its own build folder)
BENCH_FILES = {"project", "plain", "plain-html", "plain-doctrees", "timings.json", "build", "serve.log"}


def _own_environment() -> dict[str, str]:
    """This process's environment without what would point what is measured at another
    project's build (a ``rulings`` or a run this process may be inside of)."""
    return {k: v for k, v in os.environ.items() if k not in ("RULINGS_BUILD", "RULINGS_EXTRACTED", "RULINGS_PLAN")}


def run(examples: int, *, repeat: int = 3, jobs: int | None = None, keep: Path | None = None,
        stream=sys.stdout, pairs: int = 2, source: Path | None = None, saves: int = 0, own: bool = False) -> dict:
    """Measure; ``source``: the project whose examples and cards the synthetic spec is
    made of (default: the checkout this code is in); ``own``: a copy of ``source``'s own
    documents instead; ``saves``: edits timed through ``rulings serve``."""
    source = source or Path(__file__).resolve().parents[1]
    work = Path(keep) if keep else Path(tempfile.mkdtemp(prefix="rulings-bench-"))
    if work.exists() and any(work.iterdir()):
        shutil.rmtree(work)
    root = work / "project"
    if own:
        n = copy_own(root, source)
        print(f"the project's own documents: {n} examples at {root}", file=stream)
    else:
        n = write_spec(root, source, examples)
        print(f"synthetic spec: {n} examples in {len(list((root / 'spec').glob('*/bench-*.rst')))} documents "
              f"at {root}", file=stream)
    plain_copy(root, work / "plain")
    env = _own_environment()
    timings = work / "timings.json"
    env["RULINGS_TIMINGS"] = str(timings)
    rulings = [sys.executable, "-m", "rulings.cli", "--root", str(root)]
    jobs_args = ["-j", str(jobs)] if jobs else []
    out: dict = {"examples": n, "jobs": jobs or f"auto ({os.cpu_count()} cores)"}

    seconds, peak, _ = measure([sys.executable, "-m", "sphinx", "-q", "-b", "html", "-d", str(work / "plain-doctrees"),
                                str(work / "plain"), str(work / "plain-html")], work, env)
    out["plain html"] = (seconds, peak)
    print(f"plain html (no extension): {seconds:.1f} s", file=stream)

    seconds, peak, text = measure([*rulings, "build", *jobs_args], root, env)
    phases = json.loads(timings.read_text())
    out["full cycle"] = (seconds, peak)
    out["phases"] = phases
    verdict = next((line for line in reversed(text.splitlines()) if " passed, " in line), "no verdict printed")
    if not verdict.startswith(f"{n} passed"):
        print(f"note: not every example passed: {verdict}", file=stream)
    print(f"full cycle: {seconds:.1f} s ({', '.join(f'{k} {v:.1f} s' for k, v in phases.items())})", file=stream)

    def cycle(label: str, edit=None) -> None:
        runs, peaks, parts = [], [], []
        for i in range(repeat):
            if edit:
                edit(i)
            seconds, peak, _ = measure([*rulings, "build", *jobs_args], root, env)
            runs.append(seconds)
            peaks.append(peak)
            parts.append(json.loads(timings.read_text()))
        out[label] = (statistics.median(runs), max(peaks))
        out[label + " phases"] = parts[runs.index(sorted(runs)[len(runs) // 2])]
        print(f"{label}: {statistics.median(runs):.1f} s (median of {repeat})", file=stream)

    cycle("nothing changed")
    document, edit = editable(root)
    cycle("one document edited", edit)
    if saves:
        out["saves"] = time_saves(root, document, editable(root, document)[1], saves, env, stream)
        print(f"rulings serve, save -> page: {statistics.median(out['saves']):.2f} s (median of {saves}: "
              + ", ".join(f"{s:.2f}" for s in out["saves"]) + ")", file=stream)

    # html with the extension as a maintainer would build it alone, from nothing: a fresh
    # environment and none of the kept readings or search cuts; each such build is paired
    # with a plain build right after it, so that a shared machine's load hits both alike
    ratios, standalone, plains = [], [], []
    if not pairs:
        print("html with the extension alone: not measured (--pairs 0)", file=stream)
    for _ in range(pairs):
        for kept in ("doctrees", "site", "reading", "search-cuts", "html-inputs.txt"):
            path = root / "build" / kept
            shutil.rmtree(path) if path.is_dir() else path.unlink(missing_ok=True)
        seconds, peak, _ = measure([sys.executable, "-c", _HTML_ALONE, str(root)], source, env)
        shutil.rmtree(work / "plain-html", ignore_errors=True)
        shutil.rmtree(work / "plain-doctrees", ignore_errors=True)
        plain, _, _ = measure([sys.executable, "-m", "sphinx", "-q", "-b", "html", "-d", str(work / "plain-doctrees"),
                               str(work / "plain"), str(work / "plain-html")], work, env)
        standalone.append((seconds, peak))
        plains.append(plain)
        ratios.append(seconds / plain)
    if pairs:
        out["html alone"] = (statistics.median(s for s, _ in standalone), max(p for _, p in standalone))
        out["plain html again"] = statistics.median(plains)
        out["html ratio"] = statistics.median(ratios)
    out["pairs"] = ratios
    out["html ratio in the cycle"] = out["phases"]["html"] / out["plain html"][0]
    print(table(out), file=stream)
    if not keep:
        shutil.rmtree(work, ignore_errors=True)
    return out


def editable(root: Path, document: Path | None = None):
    """The first document of ``root``'s spec (or ``document``) with a step to edit, and
    the edit (:func:`step_edit`)."""
    for path in [document] if document else sorted((root / "spec").glob("*/*.rst")):
        edit = step_edit(path)
        if edit is not None:
            return path, edit
    raise SystemExit(f"{document or root / 'spec'}: no step to edit (a Then step followed by an And step)")


def time_saves(root: Path, document: Path, edit, saves: int, env: dict[str, str], stream) -> list[float]:
    """``rulings serve`` on the built project ``root``; ``saves`` edits of ``document``,
    each timed from the file written to its page received after the server's notice
    named it.  The server is stopped at the end (and on any error)."""
    import socket
    from urllib.request import urlopen

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    # the server's notices name pages by document (as its reload script compares them)
    page = document.relative_to(root / "spec").with_suffix("").as_posix()
    log = open(root.parent / "serve.log", "w", encoding="utf-8")
    server = subprocess.Popen([sys.executable, "-m", "rulings.cli", "--root", str(root), "serve", "--port", str(port)],
                              cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)

    def changes(since: int | None) -> dict:
        query = "" if since is None else f"?since={since}"
        with urlopen(base + "/_rulings/changes" + query, timeout=60) as answer:
            return json.loads(answer.read())

    def caught_up(deadline: float) -> dict:
        state = None
        while time.monotonic() < deadline:
            if server.poll() is not None:
                raise SystemExit(f"rulings serve stopped ({server.returncode}): see {log.name}")
            try:
                state = changes(None if state is None else state["version"])
            except OSError:
                time.sleep(0.2)
                continue
            if state["behind"] is None:
                return state
        raise SystemExit(f"rulings serve did not catch up within the time allowed: see {log.name}")

    timed = []
    try:
        state = caught_up(time.monotonic() + 1800)
        for i in range(saves):
            time.sleep(1.0)  # the watch's own batching starts from a quiet folder
            version = state["version"]
            start = time.perf_counter()
            edit(i)
            while True:
                news = changes(version)
                version = news["version"]
                if page in news["pages"] or "*" in news["pages"]:
                    break
                if server.poll() is not None:
                    raise SystemExit(f"rulings serve stopped ({server.returncode}): see {log.name}")
                if time.perf_counter() - start > 600:
                    raise SystemExit(f"{page}: not written again within 600 s of the save: see {log.name}")
            with urlopen(f"{base}/{page}.html", timeout=60) as answer:
                answer.read()
            timed.append(time.perf_counter() - start)
            print(f"  save {i + 1}: {timed[-1]:.2f} s", file=stream)
            state = caught_up(time.monotonic() + 1800)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        log.close()
    return timed


def step_edit(document: Path):
    """An edit of one step of one example of ``document`` that keeps its meaning: an And
    step right after a Then step is written with the Then keyword (and back, on the next
    edit).  The example's text, hence its hash, changes: it runs again and its page is
    read again, as after a maintainer's edit of a step."""
    from gherkin.dialect import Dialect

    game = document.parent.name
    d = Dialect.for_name(GAMES[game][0])
    then = [k.strip() for k in d.then_keywords if k.strip() != "*"]
    and_ = [k.strip() for k in d.and_keywords if k.strip() != "*"]
    lines = document.read_text(encoding="utf-8").splitlines()
    for k in range(1, len(lines)):
        previous, line = lines[k - 1].strip(), lines[k].strip()
        if previous.split(" ", 1)[0] in then and line.split(" ", 1)[0] in and_:
            break
    else:
        return None
    indent = lines[k][:len(lines[k]) - len(lines[k].lstrip())]
    words = line.split(" ", 1)
    versions = [lines[k], f"{indent}{then[0]} {words[1]}"]

    def edit(i: int) -> None:
        text = document.read_text(encoding="utf-8").splitlines()
        text[k] = versions[(i + 1) % 2]
        document.write_text("\n".join(text) + "\n", encoding="utf-8")

    return edit


def table(out: dict) -> str:
    phases = out["phases"]
    rows = [
        ("plain html, no extension", out["plain html"][0], out["plain html"][1]),
        ("extraction (`-b gherkin`), from nothing", phases.get("extract", 0), None),
        ("running every example", phases.get("run", 0), None),
        ("html with the extension, from nothing", phases.get("html", 0), None),
        ("reconciliation", phases.get("reconcile", 0), None),
        ("`rulings build` from nothing (full cycle)", *out["full cycle"]),
        ("`rulings build`, nothing changed", *out["nothing changed"]),
        ("`rulings build`, one step of one example edited", *out["one document edited"]),
    ]
    if out["pairs"]:
        rows += [("html with the extension alone, from nothing (no kept readings or cuts)", *out["html alone"]),
                 ("plain html again, right after each of those", out["plain html again"], None)]
    edited = out.get("one document edited phases", {})
    lines = [f"{out['examples']} examples, {out['jobs']} job(s)", "",
             "| what | seconds | peak MB |", "|---|---:|---:|"]
    lines += [f"| {what} | {s:.1f} | {'' if mb is None else mb} |" for what, s, mb in rows]
    lines += ["", "one step edited, by phase: " + ", ".join(f"{k} {v:.1f} s" for k, v in edited.items()),
              (f"html with the extension alone / plain html: {out['html ratio']:.2f}× (median of the pairs "
               + ", ".join(f"{r:.2f}" for r in out["pairs"]) + ")") if out["pairs"] else
              "html with the extension alone / plain html: not measured (--pairs 0)",
              f"html phase of the cycle (after the extraction read) / plain html: {out['html ratio in the cycle']:.2f}×",
              f"running: {1000 * phases.get('run', 0) / max(out['examples'], 1):.2f} ms per example"]
    if out.get("saves"):
        lines.append(f"`rulings serve`, save -> page received: {statistics.median(out['saves']):.2f} s (median of "
                     + ", ".join(f"{s:.2f}" for s in out["saves"]) + ")")
    return "\n".join(lines)


# -- the test suite ---------------------------------------------------------------------------

#: the test command of the README (issue 23: at most 60 s, median of three, on two idle cores)
SUITE = ("make", "test")
#: the fixed loop timed before each run: the same work on an idle machine takes the same CPU
#: time, so a slow reading of it says the machine (its host) was slow, not the suite
REFERENCE_LOOP = 30_000_000


def reference_loop(n: int = REFERENCE_LOOP) -> float:
    """CPU seconds of ``n`` additions in a Python loop."""
    start, total = time.process_time(), 0
    for i in range(n):
        total += i
    return time.process_time() - start


def suite(root: Path, *, repeat: int = 3, idle: float = 120.0, command: tuple[str, ...] = SUITE,
          loop: int = REFERENCE_LOOP, stream=sys.stdout) -> dict:
    """Time ``command`` (the test suite) ``repeat`` times in ``root``, each run after
    ``idle`` seconds without work: its wall time, the CPU time of everything it started,
    the machine's load average as it starts and the reference loop's CPU time just
    before it; the median wall time counts.  Each run's output is kept in
    build/bench-suite/run-N.log; a run that fails is said, and is no time of the suite."""
    logs = root / "build" / "bench-suite"
    logs.mkdir(parents=True, exist_ok=True)
    env = _own_environment()
    runs = []
    print(f"{' '.join(command)} in {root}, {repeat} run(s), {idle:g} s idle before each, "
          f"{os.cpu_count()} cores", file=stream)
    for i in range(1, repeat + 1):
        time.sleep(idle)
        load = os.getloadavg()
        reference = reference_loop(loop)
        before = os.times()
        start = time.perf_counter()
        with open(logs / f"run-{i}.log", "wb") as log:
            code = subprocess.run(list(command), cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT).returncode
        wall = time.perf_counter() - start
        after = os.times()
        cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
        runs.append({"wall": wall, "cpu": cpu, "system": after.children_system - before.children_system,
                     "load": load, "reference": reference, "status": code})
        print(f"run {i}: {wall:.2f} s, CPU {cpu:.1f} s, load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, "
              f"reference loop {reference:.2f} s" + ("" if code == 0 else f", FAILED (exit {code}): {log.name}"),
              file=stream)
    passed = [r["wall"] for r in runs if r["status"] == 0]
    out = {"command": " ".join(command), "runs": runs,
           "median": statistics.median(passed) if len(passed) == len(runs) else None}
    if out["median"] is None:
        print("not every run passed: no time of the suite", file=stream)
    else:
        print(f"median: {out['median']:.2f} s (" + ", ".join(f"{w:.2f}" for w in passed) + ")", file=stream)
    return out

"""Issue 28: ``rulings build`` with nothing changed since its last complete cycle makes no
Sphinx application (``extraction.unchanged_cycle``: the cycle's stamp), says what a full
cycle would say and exits as it would; anything its outputs rest on that changed — a
document, a card file, conf.py, a static file, the engine, the runner, a page of the site,
a results file written by ``rulings check``, a build killed half way — makes a full
cycle, whose pages are the pages the stamp stood for."""

from __future__ import annotations

import hashlib
import json
import shutil
import sys

import pytest

from rulings import digests, extraction
from rulings.project import Paths
from tests.conftest import FEW_CARDS
from tests.unit.test_bad_input import GOOD, document, example
from tests.unit.test_killed_build import WRONG

#: the pipeline, not the cards: the sandboxes hold the cards the documents name;
#: one pytest-xdist worker builds the module's project (``built_once``: a module fixture
#: is made by each worker that runs a test of the module)
pytestmark = [pytest.mark.sandbox_cards(*FEW_CARDS), pytest.mark.xdist_group("unchanged-cycle")]


def _project(sandbox) -> None:
    """Two documents: one passing example; one failing example, an example that cannot be
    read and a problem of its prose (warnings and a non-zero status to say again)."""
    sandbox.write("spec/ygo/good.rst", document("好文档", example("good-1", GOOD)))
    sandbox.write("spec/ygo/other.rst", document("别的文档", "见 :nosuchrole:`x`。\n\n", example("other-1", WRONG),
                                                 example("other-2", "   当 没有这个步骤\n")))


def _build(sandbox, *args):
    """``rulings build --timings``: (the process, whether the stamp stood for the cycle)."""
    done = sandbox.rulings("build", "--timings", *args)
    assert "Traceback" not in sandbox.output(done), sandbox.output(done)
    timings = [line for line in done.stderr.splitlines() if line.startswith("timings: ")]
    assert len(timings) == 1, sandbox.output(done)
    return done, timings[0].startswith("timings: unchanged ")


def _said(done) -> tuple[int, str, str]:
    return done.returncode, done.stdout, "\n".join(line for line in done.stderr.splitlines()
                                                   if not line.startswith("timings: "))


def _pages(sandbox) -> dict[str, str]:
    site = sandbox.build / "site"
    return {p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(site.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def built_once(sandboxes):
    """The project built once for the module (a full cycle, which leaves the stamp), and
    a copy of it as that cycle left it (issue 23: one build, not one per test)."""
    sandbox = sandboxes("cycle")
    _project(sandbox)
    first, fast = _build(sandbox)
    assert not fast and first.returncode == 0, sandbox.output(first)
    assert first.stdout.strip().splitlines()[-1] == "1 passed, 1 failed, 1 not-run", sandbox.output(first)
    kept = sandbox.root.parent / "as-built"
    shutil.copytree(sandbox.root, kept, symlinks=True)
    return sandbox, kept


@pytest.fixture
def built(built_once, monkeypatch):
    """The project as its full cycle left it, for one test to change: copied back to the
    folder it was built in (the stamp's inputs name the project's folders), every file
    with its modification time (the stamp lists the site's pages by size and time)."""
    sandbox, kept = built_once
    shutil.rmtree(sandbox.root)
    shutil.copytree(kept, sandbox.root, symlinks=True)
    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    return sandbox


def _refused(sandbox) -> set[str]:
    """Why the stamp no longer stands: which of what ``extraction.unchanged_cycle``
    compares differs now ("site", "outputs", "inputs"), or {"stamp"} when there is no
    stamp to read; empty when it stands."""
    paths = Paths(sandbox.root)
    try:
        stamped = json.loads(extraction.cycle_stamp_file(paths).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"stamp"}
    now = {"site": extraction.site_files(paths), "outputs": extraction.cycle_outputs(paths),
           "inputs": extraction.cycle_inputs(paths)}
    return {part for part, value in now.items() if stamped.get(part) != value}


def test_nothing_changed_is_said_again_without_sphinx_and_the_pages_are_those_of_a_full_cycle(built):
    sandbox = built
    slow, fast = _build(sandbox)
    assert fast, sandbox.output(slow)
    assert "nothing changed: no example runs (2 results up to date)" in slow.stdout
    assert "nosuchrole" in slow.stderr and "other-2" in slow.stdout
    # the same lines and status as a full cycle with nothing to run, and its pages are
    # those a full cycle writes from nothing but the environment (the site gone, the
    # stamp no longer stands: issue 23, one full cycle for both)
    pages = _pages(sandbox)
    # a page deleted (issue 23: this story, not a project copied for it alone): the stamp
    # no longer stands, and the full cycle writes the page again (Sphinx's "target
    # missing" for that page alone; the whole site gone below is its other path, every
    # page outdated with the build info gone)
    _delete_page(sandbox)
    assert _refused(sandbox) == {"site"}
    after, fast = _build(sandbox)
    assert not fast, sandbox.output(after)
    assert (sandbox.build / "site" / "ygo" / "good.html").exists()
    assert _said(after) == _said(slow), (sandbox.output(slow), sandbox.output(after))
    # which leaves the stamp again (what the next ``rulings build`` asks first)
    assert extraction.unchanged_cycle(Paths(sandbox.root)) is not None, _refused(sandbox)
    shutil.rmtree(sandbox.build / "site")
    full, fast = _build(sandbox)
    assert not fast
    assert _said(slow) == _said(full), (sandbox.output(slow), sandbox.output(full))
    assert _pages(sandbox) == pages
    # and the full cycle leaves the stamp again, for what it did
    again, fast = _build(sandbox)
    assert fast, sandbox.output(again)
    assert _said(again) == _said(full), (sandbox.output(full), sandbox.output(again))


def _edit_document(sandbox) -> None:
    sandbox.write("spec/ygo/good.rst", document("好文档", example("good-1", GOOD, title="改过的标题")))


def _edit_card_file(sandbox) -> None:
    path = sandbox.root / "spec" / FEW_CARDS[0][0]
    path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")


def _edit_conf(sandbox) -> None:
    path = sandbox.root / "spec" / "conf.py"
    path.write_text(path.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")


def _add_static_file(sandbox) -> None:
    sandbox.write("spec/_static/extra.css", "body { color: black; }\n")


def _edit_runner(sandbox) -> None:
    path = next((sandbox.root / "tests" / "examples").glob("test_*.py"))
    path.write_text(path.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")


def _delete_page(sandbox) -> None:
    (sandbox.build / "site" / "ygo" / "good.html").unlink()


def _write_page(sandbox) -> None:
    page = sandbox.build / "site" / "ygo" / "good.html"
    page.write_text(page.read_text(encoding="utf-8").replace("passed", "failed"), encoding="utf-8")


def _check_writes_results(sandbox) -> None:
    done = sandbox.rulings("check", "spec/ygo/good.rst")
    assert "running 1 of 1 examples: 1 asked for" in done.stdout, sandbox.output(done)


def _stamp_half_written(sandbox) -> None:
    stamp = extraction.cycle_stamp_file(Paths(sandbox.root))
    stamp.write_bytes(stamp.read_bytes()[:100])


#: each change and what of the stamp it no longer matches: ``unchanged_cycle`` is what
#: ``rulings build`` asks first (cli.cmd_build: None is a full cycle), so these are
#: checked on the stamp itself, each from the project as its full cycle left it
REFUSED_BY = {_edit_document: "inputs", _edit_card_file: "inputs", _edit_conf: "inputs", _add_static_file: "inputs",
              _edit_runner: "inputs", _write_page: "site", _check_writes_results: "outputs",
              _stamp_half_written: "stamp"}


@pytest.mark.parametrize("change", list(REFUSED_BY))
def test_a_change_refuses_the_stamp_for_what_it_changed(built, change):
    paths = Paths(built.root)
    assert extraction.unchanged_cycle(paths) is not None and not _refused(built)
    change(built)
    assert extraction.unchanged_cycle(paths) is None, change.__name__
    assert _refused(built) == {REFUSED_BY[change]}, change.__name__


def test_the_inputs_the_check_computed_are_handed_to_the_cycle_that_starts(built):
    """Issue 28: ``rulings build`` asks the stamp first, which digests the documents and
    the engine; the full cycle that follows takes that digest (``seen``) instead of
    reading every document and the engine again (0.13 s of CPU at 100 000 examples)."""
    paths = Paths(built.root)
    seen: dict = {}
    assert extraction.unchanged_cycle(paths, seen) is not None
    assert seen["inputs"] == extraction.cycle_inputs(paths)
    _edit_document(built)
    seen.clear()
    assert extraction.unchanged_cycle(paths, seen) is None
    assert seen["inputs"] == extraction.cycle_inputs(paths)
    # a page written by someone else refuses the stamp before the inputs are digested
    _write_page(built)
    seen.clear()
    assert extraction.unchanged_cycle(paths, seen) is None and "inputs" not in seen


# A page deleted is written again by the full cycle, which leaves the stamp again:
# test_nothing_changed_is_said_again_without_sphinx_and_the_pages_are_those_of_a_full_cycle.
# (A build killed half way, at each of its phases, takes the stamp away as it starts, and
# the full cycle after it leaves the stamp again: tests/unit/test_killed_build.py.)


def test_an_edit_while_the_cycle_runs_makes_the_next_one_full(built):
    """The inputs are taken as the cycle starts: a document saved while it runs (after the
    extraction read it) is read by the next cycle, not stamped as built — the cycle
    leaves its stamp, of the inputs as they were when it started."""
    sandbox = built
    edit = "import sys\nfrom pathlib import Path\nfrom rulings import cli, runs\n" \
           "real = runs.reconcile\n" \
           "def reconcile(paths, **kw):\n" \
           "    p = Path(sys.argv[1]) / 'spec' / 'ygo' / 'good.rst'\n" \
           "    p.write_text(p.read_text(encoding='utf-8').replace('good-1\\n', 'good-1\\n', 1) + '\\n', encoding='utf-8')\n" \
           "    return real(paths, **kw)\n" \
           "runs.reconcile = reconcile\n" \
           "sys.exit(cli.main(['--root', sys.argv[1], 'build']))\n"
    _edit_document(sandbox)
    script = sandbox.root / "edit.py"
    script.write_text(edit, encoding="utf-8")
    done = sandbox.python(str(script), str(sandbox.root))
    assert done.returncode == 0 and "Traceback" not in sandbox.output(done), sandbox.output(done)
    assert _refused(sandbox) == {"inputs"}

def test_an_engine_change_makes_a_full_cycle(built, tmp_path, monkeypatch):
    """The engine's code as its digests read it (a copy, as tests/unit/test_digests.py
    does): any file of it changed, the stamp no longer stands."""
    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    paths = Paths(built.root)
    monkeypatch.setattr(digests, "_ONCE", {})
    assert extraction.unchanged_cycle(paths) is not None
    copy = tmp_path / "engine"
    shutil.copytree(digests.ENGINE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(digests, "ENGINE", copy)
    digests.forget()
    assert extraction.unchanged_cycle(paths) is not None
    for path in ("ygo/steps.py", "ygo/trace_words.py", "core/zones.py", "sphinxext/render.py"):
        target = copy / path
        original = target.read_text(encoding="utf-8")
        target.write_text(original + "\n# edited\n", encoding="utf-8")
        digests.forget()
        assert extraction.unchanged_cycle(paths) is None, path
        target.write_text(original, encoding="utf-8")
        digests.forget()
        assert extraction.unchanged_cycle(paths) is not None, path


def test_a_library_installed_or_upgraded_makes_a_full_cycle(built, tmp_path, monkeypatch):
    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    paths = Paths(built.root)
    monkeypatch.setattr(digests, "_ONCE", {})
    assert extraction.unchanged_cycle(paths) is not None
    # a folder of the environment's path, as a new installation would add one
    monkeypatch.setattr(sys, "prefix", str(tmp_path))
    (tmp_path / "site-packages" / "furo_extras-1.0.dist-info").mkdir(parents=True)
    monkeypatch.syspath_prepend(str(tmp_path / "site-packages"))
    digests.forget()
    assert extraction.unchanged_cycle(paths) is None
    (tmp_path / "site-packages" / "furo_extras-1.0.dist-info").rename(tmp_path / "site-packages" / "furo_extras-1.1.dist-info")
    digests.forget()
    assert extraction.unchanged_cycle(paths) is None
    # uninstalled again: the installations as the stamp saw them
    (tmp_path / "site-packages" / "furo_extras-1.1.dist-info").rmdir()
    monkeypatch.setattr(sys, "prefix", sys.exec_prefix)
    digests.forget()
    assert extraction.unchanged_cycle(paths) is not None


#: ``python full.py ROOT [OPTION]``: ``rulings build --timings [OPTION]`` of ROOT, which
#: stops with status 3 where a full cycle starts (its first Sphinx build)
FULL = """\
import sys

from rulings import cli
from rulings.sphinxext import build


def full(*args, **kwargs):
    print("a full cycle starts")
    sys.exit(3)


build.build = full
sys.exit(cli.main(["--root", sys.argv[1], "build", "--timings", *sys.argv[2:]]))
"""


def test_an_option_that_asks_for_work_makes_a_full_cycle(built):
    """Where the stamp stands, the option alone makes ``rulings build`` start a full cycle."""
    script = built.root / "full.py"
    script.write_text(FULL, encoding="utf-8")
    plain = built.python(str(script), str(built.root))
    assert plain.returncode == 0 and "timings: unchanged " in plain.stderr, built.output(plain)
    # each option from the project as the plain command found it: the stamp standing
    # (a full cycle takes it away as it starts; it is put back for the next option)
    stamp = extraction.cycle_stamp_file(Paths(built.root))
    stamped = stamp.read_bytes()
    for option in ("--fresh", "--all", "--coverage"):
        stamp.write_bytes(stamped)
        assert extraction.unchanged_cycle(Paths(built.root)) is not None, option
        asked = built.python(str(script), str(built.root), option)
        assert asked.returncode == 3 and "a full cycle starts" in asked.stdout, (option, built.output(asked))


def test_reconciling_takes_the_plans_bases_only_while_their_files_are_the_same(built, monkeypatch):
    """Each example's basis is computed once per cycle: reconcile takes the plan's, with
    the same counts and problems as computing them again; not once the cards changed."""
    from rulings import incremental, runs

    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    paths = Paths(built.root)
    plan = runs.plan_run(paths)
    assert plan.made_from
    computed = runs.reconcile(paths)
    calls = []
    real = incremental.basis_of
    monkeypatch.setattr(incremental, "basis_of", lambda *a, **k: calls.append(a) or real(*a, **k))
    taken = runs.reconcile(paths, plan=plan)
    assert not calls
    assert (taken.counts, taken.problems) == (computed.counts, computed.problems)
    # the cards written again (what a concurrent extraction would do): computed again
    cards = next(paths.cards.glob("*.json"))
    data = cards.read_bytes()
    cards.unlink()
    cards.write_bytes(data)
    again = runs.reconcile(paths, plan=plan)
    assert calls and (again.counts, again.problems) == (computed.counts, computed.problems)

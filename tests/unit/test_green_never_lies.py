"""Issue 26, "a green site never lies": the cases tested by calling the code directly
(the whole pipeline's cases are rows of tests/unit/test_bad_input.py)."""

from __future__ import annotations

import re

import pytest

from rulings.sphinxext.gherkin import parse_example
from rulings.sphinxext.reading import checks_nothing
from tests.unit.built_project import built, built_project  # noqa: F401 (fixtures)

# The pipeline's cases start from a small project built once (tests/unit/built_project.py:
# spec/ygo/good.rst with example good-1 and spec/ygo/other.rst with other-1, both passed,
# the site built), each test changing a copy of it.


@pytest.mark.parametrize("body, line, words", [
    (["ならば x"], 0, "「ならば」がどの「前提」「もし」よりも前にある"),
    (["前提 x"], 0, "この例は何も確かめていない：「ならば」のステップがない"),
    (["前提 x", "もし y"], 1, "この例は何も確かめていない"),
    (["前提 x", "かつ z", "もし y"], 2, "この例は何も確かめていない"),
    (["ならば x", "もし y", "前提 x"], 0, "「ならば」がどの「前提」「もし」よりも前にある"),
])
def test_an_example_that_checks_nothing_says_so_in_japanese_at_its_line(body, line, words):
    found = checks_nothing("ja", parse_example("ja", "t", body).steps)
    assert [(at, words in message) for message, at in found] == [(line, True)], found


@pytest.mark.parametrize("body", [["前提 x", "ならば y"], ["前提 x", "もし y", "ならば z", "かつ w"],
                                  ["もし y", "前提 x", "ならば z"],
                                  # an action from the game's opening, then what it did
                                  ["もし y", "ならば z"], ["もし y", "ならば x", "前提 x", "ならば z"]])
def test_an_example_with_a_given_before_its_then_checks_something(body):
    assert checks_nothing("ja", parse_example("ja", "t", body).steps) == []



# -- case 6: two examples with one title in one document keep both their results ----------

def _scenario(ident: str, title: str) -> dict:
    return {"id": ident, "hash": "0123456789abcdef", "title": title, "line": 5, "outline": False,
            "body": ["假如 自己通常召唤「破坏龙 甘多拉」", "那么 「破坏龙 甘多拉」是通常召唤的怪兽"]}


def test_a_feature_keeps_every_example_whatever_their_titles(tmp_path):
    from pytest_bdd.parser import FeatureParser

    from rulings.project import scenario_title
    from rulings.sphinxext.gherkin import feature_text

    scenarios = [_scenario("a", "同名"), _scenario("b", "同名"), _scenario("c", "同名 (c)"), _scenario("d", "同名")]
    (tmp_path / "x.feature").write_text(feature_text(language="zh-CN", game="ygo", title="文档", source="x.rst",
                                                     scenarios=scenarios), encoding="utf-8")
    feature = FeatureParser(str(tmp_path), "x.feature", "utf-8").parse()
    found = {}
    for name, sc in feature.scenarios.items():
        ident = next(t.split(":", 1)[1] for t in sc.tags if t.startswith("rulings-id:"))
        found[ident] = scenario_title(name, ident, sc.tags)
    assert found == {"a": "同名", "b": "同名", "c": "同名 (c)", "d": "同名"}


# -- case 6 (two examples with one title keep both their results), case 7 and the command
# line: `check PATH…` and `check -k` are about the examples they ran

def test_check_of_some_documents_or_k_reports_and_exits_on_their_examples(built, monkeypatch):
    from rulings import cli
    from rulings.project import Paths
    from tests.unit.test_bad_input import GOOD, document, example

    monkeypatch.delenv("RULINGS_BUILD", raising=False)  # the project's own build/ (its commands')

    wrong = GOOD.replace("仍然是", "不再是")
    # good.rst (good-1) and other.rst (other-1) passed; three documents more
    built.write("spec/ygo/broken.rst", document("坏的", "见 :nosuchrole:`x`。\n\n", example("broken-1", wrong)))
    built.write("spec/ygo/k.rst", document("选择", example("pick-me-1", title="被选中的例子"),
                                            example("other-2", title="别的例子")))
    built.write("spec/ygo/same.rst", document("同名文档", example("same-a", title="同一个标题"),
                                               example("same-b", wrong, title="同一个标题")))
    everything = built.rulings("check")
    assert everything.returncode == 1, built.output(everything)
    assert everything.stdout.strip().splitlines()[-1] == "5 passed, 2 failed"
    # two examples with one title both keep their results, and the console names the one that failed
    results = built.results()
    assert (results["same-a"]["status"], results["same-b"]["status"]) == ("passed", "failed"), built.output(everything)
    assert results["same-b"]["title"] == "同一个标题"
    assert re.search(r"same\.rst:\d+: failed: same-b ", everything.stdout), everything.stdout
    assert "two examples of this document have the title '同一个标题'" in everything.stdout  # a problem, said
    fine = built.rulings("check", "spec/ygo/good.rst")
    out = built.output(fine)
    assert fine.returncode == 0, out
    assert "broken" not in fine.stdout.replace(str(built.root), ""), out
    assert fine.stdout.strip().splitlines()[-2:] == [
        "checked 1 example(s): those of the documents given; 2 problem(s) in other documents not reported",
        "1 passed, 0 failed"], out
    # a folder: the documents under it (their results as they are: the run of a document's
    # examples asked for is good.rst's above)
    folder = built.rulings("check", "--no-run", "spec/ygo/")
    assert folder.returncode == 1 and folder.stdout.strip().splitlines()[-2:] == [
        "checked 7 example(s): those of the documents given", "5 passed, 2 failed"], built.output(folder)
    only_broken = built.rulings("check", "--no-run", "spec/ygo/broken.rst")
    out = built.output(only_broken)
    assert only_broken.returncode == 1, out
    assert re.search(r"spec/ygo/broken\.rst:\d+: .*Unknown interpreted text role", only_broken.stdout), out
    assert re.search(r"broken\.rst:\d+: failed: broken-1 ", only_broken.stdout), out
    assert "good-1" not in only_broken.stdout, out
    assert only_broken.stdout.strip().splitlines()[-1] == "0 passed, 1 failed", out
    # a selection with no example ran nothing: said so, and not a pass
    nothing = built.rulings("check", "spec/ygo/cards/")
    assert nothing.returncode == 2, built.output(nothing)
    assert nothing.stdout.strip().splitlines()[-1].startswith("rulings check spec/ygo/cards/: no example in the "), \
        built.output(nothing)
    assert "running" not in nothing.stdout
    # -k: by id, case aside; it runs what it selects, says how many, and keeps the others' results
    before = built.results()
    by_id = built.rulings("check", "-k", "PICK-me")
    assert by_id.returncode == 0, built.output(by_id)
    assert "-k PICK-me: 1 of 7 examples selected" in by_id.stdout
    assert "running 1 of 1 examples: 1 asked for" in by_id.stdout, by_id.stdout
    assert "  pick-me-1: asked for" in by_id.stdout
    assert by_id.stdout.strip().splitlines()[-1] == "1 passed, 0 failed", built.output(by_id)
    after = built.results()
    assert {k: after[k] for k in after if k != "pick-me-1"} == {k: before[k] for k in before if k != "pick-me-1"}
    # an underscore for a hyphen (pytest's names of tests) selects nothing: an error, nothing ran
    none = built.rulings("check", "-k", "pick_me")
    assert none.returncode not in (0, 1), built.output(none)
    assert none.stdout.strip().splitlines()[-1] == \
        "rulings check -k 'pick_me': no example's id or title contains it (7 examples looked at); nothing ran"
    assert "running" not in none.stdout
    # and by title (what the command above runs -k through)
    assert cli.select_examples(Paths(built.root), "别的") == (
        {"other-2"}, "-k 别的: 1 of 7 examples selected (id or title contains it)")


def _plan_of(manifest, results, cards, **kw):
    from rulings import incremental

    return incremental.plan(manifest, results, cards, **kw)


def _recorded(plan, manifest, status="passed"):
    return {e["id"]: {"hash": e["hash"], "outcome": "passed", "status": status, "basis": plan.basis[e["id"]]}
            for e in manifest}


def test_an_example_no_longer_pending_runs_again(tmp_path):
    manifest = [{"id": "p", "hash": "h", "game": "ygo", "extracted": True, "cards": [], "declared": "pending"}]
    first = _plan_of(manifest, {}, tmp_path)
    results = _recorded(first, manifest, status="pending")
    assert _plan_of(manifest, results, tmp_path).run == {}
    manifest[0]["declared"] = None
    assert _plan_of(manifest, results, tmp_path).run == {"p": "no longer pending"}
    # and the other way: a ruling declared pending again is run as pending
    results = _recorded(first, manifest, status="passed")
    manifest[0]["declared"] = "pending"
    assert _plan_of(manifest, results, tmp_path).run == {"p": "declared pending"}


def test_a_result_rests_on_the_runner_and_the_wording(tmp_path, monkeypatch):
    import shutil

    from rulings import digests, incremental

    runner = tmp_path / "examples"
    runner.mkdir()
    (runner / "test_ygo.py").write_text('from rulings.bdd import bind\n\nbind("ygo")\n', encoding="utf-8")
    manifest = [{"id": "a", "hash": "h", "game": "ygo", "extracted": True, "cards": [], "declared": None}]
    results = _recorded(_plan_of(manifest, {}, tmp_path, runner=runner), manifest)
    assert _plan_of(manifest, results, tmp_path, runner=runner).run == {}
    (runner / "test_ygo.py").write_text('from rulings.bdd import bind\n\nbind("ygo")\n# edited\n', encoding="utf-8")
    assert _plan_of(manifest, results, tmp_path, runner=runner).run == {"a": "runner changed"}
    results = _recorded(_plan_of(manifest, {}, tmp_path, runner=runner), manifest)

    copy = tmp_path / "engine"
    shutil.copytree(incremental.ENGINE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(digests, "ENGINE", copy)
    monkeypatch.setattr(digests, "_ONCE", {})
    results = _recorded(_plan_of(manifest, {}, tmp_path, runner=runner), manifest)
    with (copy / "wording.py").open("a", encoding="utf-8") as f:
        f.write("\n# an edit\n")
    monkeypatch.setattr(digests, "_ONCE", {})
    assert _plan_of(manifest, results, tmp_path, runner=runner).run == {"a": "wording of ygo changed"}


def test_a_result_rests_on_the_libraries_it_ran_through(tmp_path, monkeypatch):
    """Issue 23: a new pytest-bdd or Gherkin parser may read or run an example differently;
    its result rested on the versions it ran through."""
    from rulings import digests, incremental

    manifest = [{"id": "a", "hash": "h", "game": "ygo", "extracted": True, "cards": [], "declared": None}]
    results = _recorded(_plan_of(manifest, {}, tmp_path), manifest)
    assert _plan_of(manifest, results, tmp_path).run == {}
    monkeypatch.setitem(digests._ONCE, ("libraries",), "another version")
    assert _plan_of(manifest, results, tmp_path).run == {"a": "libraries changed"}



# -- case 8: a document that stops the reading is an error naming it; the others stand ----

def test_a_document_that_crashes_the_reading_is_an_error_naming_it(built):
    from tests.unit.test_bad_input import card, card_file, document

    built.write("spec/ygo/quotes.rst", document("引用", "".join(" " * i + "x\n\n" for i in range(300))))
    built.write("spec/ygo/lists.rst", document("列表", "".join("  " * i + "- x\n\n" for i in range(150))))
    built.write("spec/ygo/cards/hooked.rst", card_file(card(
        "坏卡", "   :kind: 效果怪兽\n   :level: 4\n   :hook: synchro-with-hand-monster 还没有这种积木\n")))
    done = built.rulings("build")
    assert done.returncode != 2 and "build stopped" not in built.output(done), built.output(done)
    assert 'data-status="passed"' in built.html("ygo/good")
    assert "这份文档在读取时出错" in built.html("ygo/quotes")
    done = built.rulings("check")
    output = built.output(done)
    assert done.returncode == 1, output
    assert "Traceback" not in output and "build stopped" not in output, output
    assert re.search(r"spec/ygo/quotes\.rst:\d+: ERROR: reading this document stopped: RecursionError", output), output
    assert re.search(r"spec/ygo/lists\.rst(:\d+)?: ERROR: reading this document stopped: RecursionError", output)
    assert re.search(r"spec/ygo/cards/hooked\.rst:7: WARNING: card 「坏卡」: the card cannot be made: TypeError", output)
    assert done.stdout.strip().splitlines()[-1] == "2 passed, 0 failed", output
    assert built.results()["good-1"]["status"] == "passed"


# -- case 3: a run that dies is a failure, and leaves no old pass standing ------------------

KILLED = """\
import os
import signal


def pytest_runtest_call(item):
    os.kill(os.getpid(), signal.SIGKILL)
"""

DISK_FULL = """\
import errno

import rulings.results


def _full(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


rulings.results.write_atomic = _full
"""

WORKER_LOST = """\
import os


def pytest_runtest_call(item):
    if os.environ.get("PYTEST_XDIST_WORKER") == "gw1":
        os._exit(1)
"""


def test_a_run_that_dies_fails_the_command_and_leaves_no_old_pass(built_project):
    for breakage, command, how in ((KILLED, ("build",), r"killed by SIGKILL"),
                                   (DISK_FULL, ("check",), r"pytest ended with status 3"),
                                   (WORKER_LOST, ("check", "-j", "2"), r"a worker was lost")):
        box = built_project.copy()  # good-1 and other-1 passed
        (box.root / "tests" / "examples" / "conftest.py").write_text(breakage, encoding="utf-8")
        done = box.rulings(*command)
        output = box.output(done)
        # the runner is part of what a result rests on: both run again
        assert "running 2 of 2 examples: 2 runner changed" in done.stdout, (how, output)
        assert done.returncode != 0, (how, output)
        assert "Traceback" not in output, (how, output)
        lost = 1 if breakage is WORKER_LOST else 2
        lines = [line for line in done.stdout.splitlines() if line.startswith("the run of the examples failed")]
        assert len(lines) == 1 and re.match(rf"the run of the examples failed \({how}\): {lost} of 2 examples that "
                                            r"should have run have no new result; their earlier results are "
                                            r"dropped$", lines[0]), (how, output)
        assert len(set(box.results()) & {"good-1", "other-1"}) == 2 - lost, (how, output)
        assert done.stdout.strip().splitlines()[-1].startswith(f"{2 - lost} passed, 0 failed, {lost} not-run"), \
            (how, output)


# -- extra 1: what the site's pages show is recorded once they are written ----------------

KILL_WHILE_WRITING = """\
import os
import sys
from pathlib import Path

from sphinx.builders.html import StandaloneHTMLBuilder

from rulings.project import Paths
from rulings.sphinxext.build import build

write_doc = StandaloneHTMLBuilder.write_doc


def dies(self, docname, doctree):
    if docname == "ygo/good":
        os._exit(9)  # killed while the pages are written: nothing after this runs
    return write_doc(self, docname, doctree)


StandaloneHTMLBuilder.write_doc = dies
build(Paths(Path(sys.argv[1])), "html")
"""


def test_a_page_not_written_because_the_build_was_killed_is_written_next_time(built, monkeypatch):
    import json

    from rulings.project import Paths
    from rulings.sphinxext.build import build

    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    assert 'data-status="passed"' in built.html("ygo/good")
    # the result changes (as a run would change it); the page must follow
    data = json.loads((built.build / "results.json").read_text(encoding="utf-8"))
    data["results"]["good-1"].update(status="failed", outcome="failed", message="引擎得出：不同",
                                     failing_step="那么 「破坏龙 甘多拉」仍然是通常召唤的怪兽")
    (built.build / "results.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    script = built.root / "kill_while_writing.py"
    script.write_text(KILL_WHILE_WRITING, encoding="utf-8")
    killed = built.python(str(script), str(built.root))
    assert killed.returncode == 9, killed.stderr
    assert 'data-status="passed"' in built.html("ygo/good")  # not written: the build died first
    outcome = build(Paths(built.root), "html")
    assert outcome.status <= 1, outcome.warnings
    assert 'data-status="failed"' in built.html("ygo/good")


# -- extra 4: a signal to rulings ends its children; nothing written after replaces results --

#: the run's first example says it started (the ids of pytest and of its parent, rulings),
#: then takes a minute
SLOW = """\
import os
import time
from pathlib import Path


def pytest_runtest_call(item):
    Path({started!r}).write_text(f"{{os.getpid()}} {{os.getppid()}}", encoding="utf-8")
    time.sleep(60)
"""


def test_a_signal_to_rulings_ends_the_run_and_nothing_replaces_the_results_after(built, tmp_path):
    import os
    import signal
    import time
    from concurrent.futures import ThreadPoolExecutor

    # good-1 and other-1 passed; the runner changes, so both run again
    started = tmp_path / "started"
    (built.root / "tests" / "examples" / "conftest.py").write_text(SLOW.format(started=str(started)),
                                                                    encoding="utf-8")
    with ThreadPoolExecutor(max_workers=1) as pool:
        running = pool.submit(built.rulings, "build")  # `rulings build`, a process of its own
        deadline = time.monotonic() + 120
        ids = []
        while len(ids) < 2 and time.monotonic() < deadline and not running.done():
            time.sleep(0.2)
            ids = started.read_text(encoding="utf-8").split() if started.exists() else []
        assert len(ids) == 2, built.output(running.result())
        pytest_pid, rulings_pid = map(int, ids)
        os.kill(rulings_pid, signal.SIGTERM)
        done = running.result(timeout=60)
    out = built.output(done)
    assert done.returncode == 128 + signal.SIGTERM, out
    lines = [line for line in done.stdout.splitlines() if line.startswith("rulings: stopped by SIGTERM")]
    assert len(lines) == 1 and "2 of 2 examples that should have run have no new result" in lines[0], out
    # rulings has ended: what could still write the results is the run (pytest, in a
    # process group of its own, which sleeps 60 s before it would save them) or any other
    # process working in the project.  None is left (each checked at once; the deadline
    # is for the kernel to reap what was killed, not a measure of anything)
    deadline = time.monotonic() + 10
    while (left := _left_in(built.root, pytest_pid)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not left, f"the run of the examples outlived rulings: {left}"
    # so nothing will replace the results: no old pass for the examples that should have run
    results = built.build / "results.json"
    assert not results.exists() or not {"good-1", "other-1"} & set(built.results())


def _left_in(root, group: int) -> list[str]:
    """The processes still alive (not zombies) of process group ``group`` or whose working
    folder is in ``root``."""
    import os
    from pathlib import Path

    left = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            cwd = os.readlink(proc / "cwd")
        except OSError:
            continue  # gone meanwhile, or not ours to read
        if stat[0] != "Z" and (int(stat[2]) == group or cwd == str(root) or cwd.startswith(f"{root}/")):
            left.append(f"{proc.name} ({cwd})")
    return left


# -- extra 2: freshness by content, never by the time of a file; every sidebar follows ------

def test_an_edit_under_an_older_time_is_run_again_and_every_sidebar_shows_it(built):
    """A document edited under its old modification time (a copy or an archive keeps old
    times) is read and run again; and each page's sidebar carries every document's status
    dot: when one document starts failing, a page written before must not keep its green
    dot for it (found by the serve branch: the other pages were not written again)."""
    import os

    from tests.unit.test_bad_input import GOOD, document, example

    def dot(page: str) -> str:
        html = built.html(f"ygo/{page}")
        m = re.search(r'href="good\.html"[^>]*>.*?data-status="([a-z-]+)"', html, re.S)
        assert m, html[:2000]
        return m.group(1)

    assert dot("other") == "passed"
    path = built.root / "spec" / "ygo" / "good.rst"
    before = path.stat()
    path.write_text(document("好文档", example("good-1", GOOD.replace("仍然是", "不再是"))), encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    done = built.rulings("build")
    assert "good-1: text changed" in done.stdout, built.output(done)
    assert done.stdout.strip().splitlines()[-1] == "1 passed, 1 failed", built.output(done)
    assert built.results()["good-1"]["status"] == "failed"
    assert "不再是通常召唤的怪兽" in built.html("ygo/good")
    assert dot("other") == "failed", "the page not edited must show the document that now fails"


# -- extra 10: a plain sphinx-build says how many examples have no current result ----------

def test_plain_sphinx_build_warns_with_the_count_not_run_or_stale_and_fails_under_W(built):
    """A plain sphinx-build: every result current, no warning; a result run against
    another engine (an engine edit since) is stale on the page, not passed
    (results.status_of with the basis now); an edited or new example is counted too, and
    under -W the build fails.  rulings runs them again, and reconciles the counts itself.

    (Issue 23: the stale and the edited examples in one build, not two.  The warning is
    Sphinx's own: the build says it counted it ("build succeeded, 1 warning."), and
    Sphinx fails a build under -W on that same count, sphinx.application.Sphinx.build.)"""
    import json as json_mod

    from tests.unit.test_bad_input import GOOD, document, example

    def shown(page: str) -> dict[str, str]:
        html = (built.build / "plain" / "ygo" / f"{page}.html").read_text(encoding="utf-8")
        return dict(re.findall(r'data-example-id="([^"]+)" data-status="([^"]+)"', html))

    fine = built.sphinx_build("-W", "-b", "html", "spec", "build/plain")
    assert fine.returncode == 0, fine.stderr
    assert "no current result" not in built.output(fine), built.output(fine)
    assert (shown("good"), shown("other")) == ({"good-1": "passed"}, {"other-1": "passed"})
    path = built.build / "results.json"
    data = json_mod.loads(path.read_text(encoding="utf-8"))
    data["results"]["good-1"]["basis"]["engine"] = "an older engine"
    path.write_text(json_mod.dumps(data, ensure_ascii=False), encoding="utf-8")
    built.write("spec/ygo/other.rst", document("别的文档", example("other-1", GOOD.replace("仍然是", "依然是"))))
    built.write("spec/ygo/new.rst", document("新", example("new-1")))
    stale = built.sphinx_build("-b", "html", "spec", "build/plain")
    assert stale.returncode == 0, stale.stderr
    assert "WARNING: 3 of 3 examples have no current result (1 not run, 2 stale)" in stale.stderr, stale.stderr
    assert "build succeeded, 1 warning." in stale.stdout, built.output(stale)  # what -W fails on
    # stale by the engine (good-1), by its text (other-1); never run (new-1)
    assert (shown("good"), shown("other"), shown("new")) == (
        {"good-1": "stale"}, {"other-1": "stale"}, {"new-1": "not-run"}), built.output(stale)
    # rulings runs them again against the engine as it is, and says no such warning
    again = built.rulings("build")
    out = built.output(again)
    assert "running 3 of 3 examples: 1 engine of ygo changed, 1 new, 1 text changed" in out, out
    assert "no current result" not in out, out


# -- the README's walk-through works when pasted as written --------------------------------

def test_the_readme_walk_through_works_when_pasted_as_written(tmp_path):
    from tests.conftest import ROOT, make_sandbox

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Writing an example", 1)[1].split("\n## ", 1)[0]
    before, block = section.split("```rst\n", 1)
    block = block.split("```", 1)[0]
    # the file to put it in, and the sentence to put it under, as the walk-through names them
    [document] = re.findall(r"`(spec/[\w/.-]+\.rst)`", before)
    [sentence] = re.findall(r"\(`([^`]+)`\)", before)
    [ident] = re.findall(r"^   :id: (\S+)$", block, re.M)
    taken = {m for path in (ROOT / "spec").rglob("*.rst")
             for m in re.findall(r"^\s*:id:\s*(\S+)\s*$", path.read_text(encoding="utf-8"), re.M)}
    assert ident not in taken, f"the walk-through's id {ident!r} is already taken in spec/"
    text = (ROOT / document).read_text(encoding="utf-8")
    assert text.count(sentence + "\n") == 1, sentence
    at = text.index(sentence + "\n") + len(sentence) + 1
    pasted = text[:at] + "\n" + block + text[at:]
    # the project with the card files of the document's game that define a card it names
    # (issue 23: 13 of 18, a fifth less to read; a card it names left out would be an
    # unknown card, a problem of the document, and the check would fail)
    game = document.split("/")[1]
    named = set(re.findall(r"「([^」]+)」", pasted))
    cards = tuple(p.relative_to(ROOT / "spec").as_posix() for p in sorted((ROOT / "spec" / game / "cards").glob("*.rst"))
                  if named & set(re.findall(r"^\.\. card:: (.+?)\s*$", p.read_text(encoding="utf-8"), re.M)))
    sandbox = make_sandbox(tmp_path / "project", cards)
    sandbox.write(document, pasted)
    # the command the walk-through gives for a quick verdict names that document; run on the
    # pasted example alone (the document's other examples are the project's own check's):
    # with -k, a problem of its document is reported too and fails the check
    command = re.search(r"`\.venv/bin/rulings (check [^`]+)`", section).group(1).split()
    assert command == ["check", document]
    done = sandbox.rulings("check", "-k", ident)
    out = sandbox.output(done)
    assert done.returncode == 0, out
    assert "running 1 of 1 examples: 1 asked for" in done.stdout, out
    assert sandbox.results()[ident]["status"] == "passed", out

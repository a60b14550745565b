"""Incremental by content: an example runs again only when its text, its game's engine
or the cards it names changed; `-j 2` gives the results a serial run gives (in the story of test_only_what_changed_runs_again); `rulings
check PATH` runs some documents and keeps the other results; the gherkin builder does
not call an unchanged document outdated."""

from __future__ import annotations

import ast
import json
import re
import shutil
from pathlib import Path

import pytest

from rulings import digests, incremental
from rulings.project import GAMES
from tests import sources
from tests.conftest import FEW_CARDS

#: the pipeline, not the cards: the sandboxes hold the cards the documents name
pytestmark = pytest.mark.sandbox_cards(*FEW_CARDS)

YGO = """\
==========
增量测试{n}
==========

.. example:: 通常召唤的怪兽变成里侧
   :id: inc{n}-1

   假如 自己在之前的回合召唤了「破坏龙 甘多拉」
   当 「破坏龙 甘多拉」变成里侧守备表示
   那么 「破坏龙 甘多拉」{verdict}通常召唤的怪兽

.. example:: 上级召唤的怪兽变成里侧
   :id: inc{n}-2

   假如 自己解放「破坏龙 甘多拉」和「番兵石人」上级召唤「真龙剑皇 卓辉星·拼图」
   当 「真龙剑皇 卓辉星·拼图」变成里侧守备表示
   那么 「真龙剑皇 卓辉星·拼图」仍然是上级召唤的怪兽
"""


def _without_durations(results: dict) -> dict:
    return {k: {f: v for f, v in entry.items() if f != "duration"} for k, entry in results.items()}


# -- the plan, on its own ---------------------------------------------------------------

def _example(example_id: str, game: str, cards=("破坏龙 甘多拉",), text_hash="h1") -> dict:
    return {"id": example_id, "hash": text_hash, "game": game, "extracted": True, "cards": list(cards),
            "source": f"spec/{game}/x.rst", "declared": None}


def _cards_dir(tmp_path: Path, ygo_cards: list[dict]) -> Path:
    folder = tmp_path / "cards"
    folder.mkdir(exist_ok=True)
    (folder / "ygo.json").write_text(json.dumps({"format": 1, "game": "ygo", "cards": ygo_cards},
                                                ensure_ascii=False), encoding="utf-8")
    return folder


GANDORA = {"name": "破坏龙 甘多拉", "game": "ygo", "source": "a.rst", "line": 1,
           "fields": {"english": "Gandora the Dragon of Destruction", "atk": "0"}, "effects": []}
MASTER = {"name": "真龙剑皇 卓辉星·拼图", "game": "ygo", "source": "a.rst", "line": 9,
          "fields": {"atk": "2950"}, "effects": [{"text": "解放「破坏龙 甘多拉」"}]}


def _recorded(plan: incremental.Plan, manifest: list[dict]) -> dict:
    return {e["id"]: {"hash": e["hash"], "outcome": "passed", "status": "passed", "basis": plan.basis[e["id"]]}
            for e in manifest}


def test_nothing_changed_runs_nothing_and_each_change_names_its_reason(tmp_path):
    cards = _cards_dir(tmp_path, [GANDORA, MASTER])
    manifest = [_example("a", "ygo"), _example("b", "ygo", cards=["真龙剑皇 卓辉星·拼图"]), _example("c", "mtg", cards=[])]
    first = incremental.plan(manifest, {}, cards)
    assert first.run == {"a": "new", "b": "new", "c": "new"}
    results = _recorded(first, manifest)
    again = incremental.plan(manifest, results, cards)
    assert again.run == {} and again.summary().startswith("nothing changed")

    manifest[0]["hash"] = "h2"
    assert incremental.plan(manifest, results, cards).run == {"a": "text changed"}
    manifest[0]["hash"] = "h1"

    # a card named by another card's record counts for the examples naming that one
    _cards_dir(tmp_path, [{**GANDORA, "fields": {**GANDORA["fields"], "atk": "100"}}, MASTER])
    changed = incremental.plan(manifest, results, cards)
    assert changed.run == {"a": "cards changed", "b": "cards changed"}
    assert changed.summary() == "running 2 of 3 examples: 2 cards changed"

    # where a card is written does not change what it does
    _cards_dir(tmp_path, [{**GANDORA, "line": 40, "source": "b.rst"}, MASTER])
    assert incremental.plan(manifest, results, cards).run == {}


def test_a_name_written_by_its_alias_finds_the_card(tmp_path):
    cards = _cards_dir(tmp_path, [GANDORA])
    by_alias = incremental.CardDigests.read(cards / "ygo.json").digest(["Gandora the Dragon of Destruction"])
    assert by_alias == incremental.CardDigests.read(cards / "ygo.json").digest(["破坏龙 甘多拉"])


def test_editing_one_games_engine_runs_only_that_games_examples(tmp_path, monkeypatch):
    """A real edit, in a copy of the engine's sources."""
    copy = tmp_path / "engine"
    shutil.copytree(incremental.ENGINE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(digests, "ENGINE", copy)
    monkeypatch.setattr(digests, "_ONCE", {})
    cards = _cards_dir(tmp_path, [GANDORA])
    manifest = [_example(f"{game}-{n}", game, cards=[]) for game in GAMES for n in range(2)]
    results = _recorded(incremental.plan(manifest, {}, cards), manifest)

    with (copy / "mtg" / "layers.py").open("a", encoding="utf-8") as f:
        f.write("\n# an edit\n")
    monkeypatch.setattr(digests, "_ONCE", {})
    assert incremental.plan(manifest, results, cards).run == {"mtg-0": "engine of mtg changed",
                                                              "mtg-1": "engine of mtg changed"}
    # the shared engine is every game's
    with (copy / "core" / "zones.py").open("a", encoding="utf-8") as f:
        f.write("\n# an edit\n")
    monkeypatch.setattr(digests, "_ONCE", {})
    assert set(incremental.plan(manifest, results, cards).run) == {e["id"] for e in manifest}
    # the Sphinx extension and the CLI are not on the path of a run
    for path in (copy / "sphinxext" / "render.py", copy / "cli.py"):
        with path.open("a", encoding="utf-8") as f:
            f.write("\n# an edit\n")
    monkeypatch.setattr(digests, "_ONCE", {})
    assert set(incremental.plan(manifest, results, cards).run) == {e["id"] for e in manifest}
    results = _recorded(incremental.plan(manifest, {}, cards), manifest)
    assert incremental.plan(manifest, results, cards).run == {}


@sources.READS_THE_CODE
def test_a_game_imports_nothing_of_the_engine_beyond_what_its_digest_covers():
    """What ``digests.engine`` and ``digests.wording`` hash must be all a game's examples
    run through (tests/unit/test_digests.py checks the shared modules and the binding too)."""
    covered = {Path(p).stem for p in (*digests.SHARED, *digests.SHARED_WORDING) if "/" not in p} - {"__init__"}
    covered_packages = {p.split("/")[0] for p in digests.SHARED if "/" in p}
    for game, (_, package) in GAMES.items():
        own = package.split(".")[-1]
        for path in (incremental.ENGINE / own).rglob("*.py"):
            for node in sources.nodes(path):
                names = []
                if isinstance(node, ast.ImportFrom) and not node.level and node.module:
                    names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
                elif isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                for name in names:
                    parts = name.split(".")
                    if parts[0] != "rulings" or len(parts) == 1:
                        continue
                    assert parts[1] in covered | covered_packages | {own} or name.startswith(f"{package}."), \
                        f"{path}: imports {name}, which digests.engine({game!r}) does not cover"


# -- end to end, in a sandbox -------------------------------------------------------------

def _last_lines(done) -> str:
    return done.stdout + done.stderr


def test_only_what_changed_runs_again(sandbox):
    sandbox.write("spec/ygo/inc0.rst", YGO.format(n=0, verdict="仍然是"))
    sandbox.write("spec/ygo/inc1.rst", YGO.format(n=1, verdict="仍然是"))
    first = sandbox.rulings("check")
    assert first.returncode == 0, _last_lines(first)
    assert "running 4 of 4 examples: 4 new" in first.stdout
    before = (sandbox.build / "results.json").read_bytes()

    again = sandbox.rulings("check")
    assert again.returncode == 0, _last_lines(again)
    assert "nothing changed: no example runs (4 results up to date)" in again.stdout
    assert (sandbox.build / "results.json").read_bytes() == before

    # prose only: the document is read again, no example runs
    sandbox.write("spec/ygo/inc1.rst", YGO.format(n=1, verdict="仍然是") + "\n更多的说明。\n")
    prose = sandbox.rulings("check")
    assert "nothing changed: no example runs" in prose.stdout, _last_lines(prose)

    sandbox.write("spec/ygo/inc0.rst", YGO.format(n=0, verdict="依然是"))
    edited = sandbox.rulings("check")
    assert edited.returncode == 0, _last_lines(edited)
    assert "running 1 of 4 examples: 1 text changed" in edited.stdout and "inc0-1: text changed" in edited.stdout
    after = sandbox.results()
    assert _without_durations({k: v for k, v in after.items() if k != "inc0-1"}) == \
        _without_durations({k: v for k, v in json.loads(before)["results"].items() if k != "inc0-1"})

    # a document named on the command line runs whatever its results; the others are kept
    named = sandbox.rulings("check", str(sandbox.root / "spec" / "ygo" / "inc1.rst"))
    assert named.returncode == 0, _last_lines(named)
    assert "running 2 of 2 examples: 2 asked for" in named.stdout
    assert set(sandbox.results()) == {"inc0-1", "inc0-2", "inc1-1", "inc1-2"}
    # and its report is about them (issue 26: the command line tells the truth)
    assert named.stdout.strip().splitlines()[-1] == "2 passed, 0 failed"
    before = sandbox.results()
    picked = sandbox.rulings("check", "-k", "inc0-2")
    assert picked.returncode == 0, _last_lines(picked)
    assert "-k inc0-2: 1 of 4 examples selected" in picked.stdout, _last_lines(picked)
    after = sandbox.results()
    # the others kept their entries to the last byte (durations included): not run
    assert {k for k in after if after[k] != before[k]} == {"inc0-2"}
    # an example removed, nothing else changed: nothing runs, and its result goes
    sandbox.write("spec/ygo/inc1.rst", YGO.format(n=1, verdict="仍然是").split(".. example:: 上级")[0])
    removed = sandbox.rulings("check")
    assert removed.returncode == 0, _last_lines(removed)
    assert "nothing changed: no example runs (3 results up to date)" in removed.stdout
    assert set(sandbox.results()) == {"inc0-1", "inc0-2", "inc1-1"}
    outside = sandbox.rulings("check", str(sandbox.root / "tests"))
    assert outside.returncode == 2 and "not under" in outside.stdout

    # two workers give the results of one (issue 23: in this story, not a sandbox of its
    # own): a document whose first example fails, run in this one process, then every
    # example again in two; each result, passed or failed, as one process gave it
    sandbox.write("spec/ygo/inc2.rst", YGO.format(n=2, verdict="不再是"))
    serial = sandbox.rulings("check")
    assert serial.returncode == 1 and "running 2 of 5 examples: 2 new" in serial.stdout, _last_lines(serial)
    assert serial.stdout.strip().splitlines()[-1] == "4 passed, 1 failed", _last_lines(serial)
    one = _without_durations(sandbox.results())
    assert one["inc2-1"]["status"] == "failed" and len(one) == 5
    parallel = sandbox.rulings("check", "--all", "-j", "2")
    assert parallel.stdout.strip().splitlines()[-1] == "4 passed, 1 failed", _last_lines(parallel)
    assert "running 5 of 5 examples" in parallel.stdout
    two = _without_durations(sandbox.results())
    assert json.dumps(one, sort_keys=True, ensure_ascii=False) == json.dumps(two, sort_keys=True, ensure_ascii=False)


def test_a_document_whose_feature_did_not_change_is_not_outdated(sandbox):
    sandbox.write("spec/ygo/inc0.rst", YGO.format(n=0, verdict="仍然是"))

    def gherkin():
        done = sandbox.sphinx_build("-b", "gherkin", "-d", str(sandbox.build / "doctrees" / "gherkin"),
                                    "spec", str(sandbox.build / "features"))
        assert done.returncode == 0, done.stderr
        return done.stdout

    gherkin()
    sandbox.write("spec/ygo/inc0.rst", YGO.format(n=0, verdict="仍然是") + "\n更多的说明。\n")
    assert "targets for 1 source files that are out of date" in gherkin()
    assert "targets for 0 source files that are out of date" in gherkin()


# `rulings serve` running the edited example on a save, keeping the other results,
# showing the new result and stopping its server on a signal: tests/unit/test_serve.py
# (test_a_save_runs_the_edited_example_writes_its_page_and_reloads_it, which asserts all
# of that and more on these documents)


def test_the_benchmark_spec_is_the_projects_examples_renamed_and_its_plain_twin_has_no_directive(tmp_path):
    from rulings import bench

    root = Path(__file__).resolve().parents[2]
    n = bench.write_spec(tmp_path / "project", root, 150)
    assert n == 150
    documents = sorted((tmp_path / "project" / "spec").glob("*/bench-*.rst"))
    texts = "\n".join(p.read_text(encoding="utf-8") for p in documents)
    ids = re.findall(r"^\s+:id: (\S+)", texts, re.M)
    assert len(ids) == 150 and len(set(ids)) == 150 and all(i.startswith("bench-") for i in ids)
    assert texts.count(".. example::") == 150
    bench.plain_copy(tmp_path / "project", tmp_path / "plain")
    plain = "\n".join(p.read_text(encoding="utf-8") for p in (tmp_path / "plain").rglob("*.rst"))
    assert not re.search(r"^\s*\.\. (example|card|effect|rulings-[a-z]+)::", plain, re.M)
    assert (tmp_path / "plain" / "conf.py").read_text(encoding="utf-8").rstrip().endswith("extensions = []")
    # the edit cycle edits one step (not the title) and undoes it on the next edit
    before = documents[0].read_text(encoding="utf-8").splitlines()
    edit = bench.step_edit(documents[0])
    edit(0)
    after = documents[0].read_text(encoding="utf-8").splitlines()
    changed = [(a, b) for a, b in zip(before, after) if a != b]
    assert len(before) == len(after) and len(changed) == 1
    assert changed[0][0].split()[1:] == changed[0][1].split()[1:] and changed[0][0].split()[0] != changed[0][1].split()[0]
    edit(1)
    assert documents[0].read_text(encoding="utf-8").splitlines() == before


def test_sphinx_is_not_started_when_nothing_it_reads_changed(sandbox, monkeypatch):
    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    from rulings.sphinxext import build as build_mod
    from rulings.project import Paths

    sandbox.write("spec/ygo/inc0.rst", YGO.format(n=0, verdict="仍然是") + "\n.. example:: 坏的\n   :id: bad\n\n"
                  "   当 没有这个步骤\n")
    first = build_mod.build(Paths(sandbox.root), "gherkin")
    assert first.warnings and first.status == 0

    def no_sphinx(*args, **kwargs):
        raise AssertionError("Sphinx started")

    monkeypatch.setattr(build_mod, "Sphinx", no_sphinx)
    again = build_mod.build(Paths(sandbox.root), "gherkin")
    # the problems of the last build are reported again, not forgotten
    assert again.warnings == first.warnings and again.status == 0
    sandbox.write("spec/ygo/inc0.rst", YGO.format(n=0, verdict="仍然是"))
    changed = build_mod.build(Paths(sandbox.root), "gherkin")
    assert changed.status == 2 and "Sphinx started" in changed.warnings[-1]


def test_each_document_is_read_once_per_cycle_by_whichever_build_comes_first(sandbox, monkeypatch):
    """The gherkin and html builds share one environment: html reads nothing the gherkin
    build read (Sphinx keeps the environment although the builder changed), and writes
    the pages read since it last wrote, the pages whose results changed, and no page of a
    deleted document."""
    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    from sphinx.builders import Builder

    from rulings.project import Paths
    from rulings.sphinxext import build as build_mod

    read: dict[str, list[str]] = {}
    real_read_doc = Builder.read_doc

    def read_doc(self, docname, *args, **kwargs):
        read.setdefault(self.name, []).append(docname)
        return real_read_doc(self, docname, *args, **kwargs)

    monkeypatch.setattr(Builder, "read_doc", read_doc)
    paths = Paths(sandbox.root)

    def cycle(run: bool = False) -> dict[str, list[str]]:
        read.clear()
        assert build_mod.build(paths, "gherkin").status == 0
        if run:
            done = sandbox.rulings("check")
            assert done.returncode in (0, 1), _last_lines(done)
        assert build_mod.build(paths, "html").status == 0
        return {name: sorted(docs) for name, docs in read.items()}

    sandbox.write("spec/ygo/inc0.rst", YGO.format(n=0, verdict="仍然是"))
    sandbox.write("spec/ygo/inc1.rst", YGO.format(n=1, verdict="仍然是"))
    first = cycle()
    assert {"ygo/inc0", "ygo/inc1", "index"} <= set(first["gherkin"]) and "html" not in first, first
    assert 'data-status="not-run"' in sandbox.html("ygo/inc1")

    # the examples run (in another process): the pages whose results changed are written,
    # not read
    ran = cycle(run=True)
    assert ran == {}, ran
    assert 'data-status="passed"' in sandbox.html("ygo/inc1")
    assert 'data-status="not-run"' not in sandbox.html("ygo/inc1")

    sandbox.write("spec/ygo/inc0.rst", YGO.format(n=0, verdict="依然是"))
    edited = cycle()
    assert edited == {"gherkin": ["ygo/inc0"]}, edited
    assert "依然是" in sandbox.html("ygo/inc0")
    # edited since its last run: stale, on its page and on the dashboard
    assert 'data-status="stale"' in sandbox.html("ygo/inc0")
    assert 'data-status="stale"' in sandbox.html("index")

    (sandbox.root / "spec" / "ygo" / "inc1.rst").unlink()
    cycle()
    assert not (sandbox.build / "site" / "ygo" / "inc1.html").exists()
    assert "ygo/inc1" not in sandbox.html("index")
    # one environment for both builders
    assert sorted(p.name for p in (sandbox.build / "doctrees").iterdir()) == ["shared"]


def test_examples_resting_on_the_same_inputs_share_one_basis_computed_once(tmp_path, monkeypatch):
    """Issue 28: a plan computes the basis of each (game, cards, phrases) once: at 100 000
    examples computing it per example was half the plan of a one-step edit.  Each
    example's basis is still what ``basis_of`` gives it alone."""
    cards = _cards_dir(tmp_path, [GANDORA, MASTER])
    manifest = [_example(f"a{i}", "ygo") for i in range(5)] + [_example("b", "ygo", cards=["真龙剑皇 卓辉星·拼图"]),
                                                               _example("c", "mtg", cards=[])]
    manifest[1]["phrases"] = manifest[2]["phrases"] = ["ygo:given:x"]
    alone = {e["id"]: incremental.basis_of(e, {"ygo": incremental.CardDigests.read(cards / "ygo.json")})
             for e in manifest}
    made = []
    real = incremental.basis_of

    def counted(example, *args, **kwargs):
        made.append(example["id"])
        return real(example, *args, **kwargs)

    monkeypatch.setattr(incremental, "basis_of", counted)
    plan = incremental.plan(manifest, {}, cards)
    assert plan.basis == alone
    # a0, a3, a4 alike; a1, a2 alike (their phrases); b; c
    assert len(made) == 4, made
    assert plan.basis["a1"] != plan.basis["a0"] and plan.basis["b"] != plan.basis["a0"]

"""Sharding for CI across machines (issue 28): `rulings check --shard I/N` runs a stable
share of the examples and writes the shard's results file; `rulings merge` combines the
shards' files into the results file of a single run, byte for byte in statuses and
messages, and refuses shards that would make a merged result lie."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from rulings import results as results_mod
from rulings import shards
from tests.conftest import FEW_CARDS
from tests.unit.test_cli import _in_process
from tests.unit.test_bad_input import GOOD, document, example

#: sharding, not the cards: the sandbox holds the cards the documents name
#: one pytest-xdist worker runs them all (``make test``: --dist loadgroup): the project
#: the module fixture runs is made once, not once on each worker
pytestmark = [pytest.mark.sandbox_cards(*FEW_CARDS, ("ygo/cards/battle-and-targets.rst", ("电池人-纽扣型",)),
                                        ("mtg/cards/face-down.rst", ("にやにや笑いの悪魔",))),
              pytest.mark.xdist_group("shard")]

WRONG = GOOD.replace("仍然是", "不再是")
OUTLINE = """\
   假如 自己的卡组有「黑魔术师」
   而且 自己<出场>「电池人-纽扣型」
   当 进入对方的下一个回合
   而且 对方特殊召唤「暗黑骑士 盖亚」
   而且 「暗黑骑士 盖亚」攻击「电池人-纽扣型」
   而且 连锁处理
   那么 「电池人-纽扣型」在墓地
   而且 「黑魔术师」在<去处>

   例子:
     | 出场     | 去处 |
     | 盖放     | 手卡 |
     | 通常召唤 | 卡组 |
"""
#: a Level 10 monster Normal Summoned without tributes: the engine refuses the set-up
IMPOSSIBLE = """\
   假如 自己通常召唤「真龙剑皇 卓辉星·拼图」
   那么 「真龙剑皇 卓辉星·拼图」是通常召唤的怪兽
"""
MTG = """\
   前提 あなたは「にやにや笑いの悪魔」を変異で裏向きに唱える
   もし スタックの一番上を解決する
   ならば 「にやにや笑いの悪魔」は戦場にある
   かつ 「にやにや笑いの悪魔」は裏向きである
"""
MTG_SPELL = """\
   前提 あなたの手札に「にやにや笑いの悪魔」がある
   もし あなたは「にやにや笑いの悪魔」を変異で裏向きに唱える
   ならば 「にやにや笑いの悪魔」はスタックにある
"""

#: every shard of four holds at least one of these (shard_of is a digest of the id)
YGO_DOC = document("分片", example("shard-pass"), example("shard-pass-again", title="再一次"),
                   example("shard-fail", WRONG, title="故意写错的期待"),
                   example("shard-pending", options="   :status: pending\n", title="待定的例子"),
                   example("shard-outline", OUTLINE, title="反转过才抽卡"),
                   example("shard-error", IMPOSSIBLE, title="不可能的召唤"))
MTG_DOC = document("シャード", example("shard-mtg-spell", MTG_SPELL, title="裏向きの呪文"),
                   example("shard-mtg-resolves", MTG, title="裏向きで戦場に出る"))
IDS = ["shard-error", "shard-fail", "shard-mtg-resolves", "shard-mtg-spell", "shard-outline", "shard-pass",
       "shard-pass-again", "shard-pending"]


def _run(box, *args: str, build: Path | None = None) -> subprocess.CompletedProcess:
    """``rulings ARGS`` in the sandbox; with ``build``, in that build folder instead of the
    project's ``build/`` (another machine of a CI matrix)."""
    env = box.env()
    if build is not None:
        env["RULINGS_BUILD"] = str(build)
    return box.python("-m", "rulings.cli", "--root", str(box.root), *args, env=env)


def _without_durations(text: str) -> str:
    """A results file's text, each entry's duration (the one thing two runs of the same
    examples do not share) blanked; everything else byte for byte."""
    blanked, n = re.subn(r'"duration":[0-9.e-]+,', '"duration":0,', text)
    assert n == text.count("\n") - 2, "one duration an entry"
    return blanked


@pytest.fixture(scope="module")
def sharded(sandboxes, tmp_path_factory):
    """A project of a few examples (passed, failed, pending, an outline, a set-up the
    engine refuses, two games): one run of every example, and four shards each run
    on a machine of its own, their files in ``shards``.

    Each machine of a CI matrix checks out the same commit: its extraction is that
    commit's.  So the documents are extracted once (``rulings extract``: no results);
    each shard then runs in a build folder that starts as a copy of that extraction and
    holds nothing of the other runs (no results), copied to ``build/`` (the path it was
    extracted at: Sphinx reads nothing again, the run is what each machine does) and
    moved aside to ``machine-I`` after its run (issue 23: five extractions -> two).
    The single run extracts on its own, from nothing, in a build folder at another path:
    the four shards merged are compared with a run that shares nothing with them but
    the documents.  A test that runs on a machine afterwards puts its folder
    back at ``build/`` (``on_machine``)."""
    box = sandboxes("shard")
    box.write("spec/ygo/shard.rst", YGO_DOC)
    box.write("spec/mtg/shard.rst", MTG_DOC)
    out = tmp_path_factory.mktemp("shards")
    extracted = _run(box, "extract")
    assert extracted.returncode == 0 and not (box.build / "results.json").exists(), box.output(extracted)
    template = out / "extracted"
    box.build.rename(template)
    # the single run, from nothing, in a build folder at another path than the shards'
    box.single = _run(box, "check", build=out / "single")
    box.single_text = (out / "single" / "results.json").read_text(encoding="utf-8")
    box.shard_outputs = {}
    for i in range(1, 5):
        shutil.copytree(template, box.build, symlinks=True)
        box.shard_outputs[i] = _run(box, "check", "--shard", f"{i}/4", "--out", str(out / f"shard-{i}.json"))
        box.build.rename(out / f"machine-{i}")
    box.shards = out
    return box


def on_machine(box, name: str) -> None:
    """The build folder ``name`` (``machine-I`` of the fixture) back where it was made,
    for the next commands of ``box`` (a copy: the folder kept is the fixture's)."""
    shutil.rmtree(box.build, ignore_errors=True)
    shutil.copytree(box.shards / name, box.build, symlinks=True)


def test_each_shard_runs_its_share_and_says_so(sharded):
    for i, done in sharded.shard_outputs.items():
        mine = sorted(x for x in IDS if shards.shard_of(x, 4) == i)
        assert mine, "every shard holds an example"
        assert f"shard {i}/4: {len(mine)} of {len(IDS)} examples" in done.stdout, sharded.output(done)
        assert f"running {len(mine)} of {len(mine)} examples: {len(mine)} new" in done.stdout, sharded.output(done)
        assert f"shard {i}/4: {len(mine)} results written to {sharded.shards / f'shard-{i}.json'}" in done.stdout
        # its verdict is its examples': a shard with the failed example fails, as `check` would
        bad = {"shard-fail", "shard-error"} & set(mine)
        assert done.returncode == (1 if bad else 0), sharded.output(done)
        meta, entries = shards.read(sharded.shards / f"shard-{i}.json")
        assert sorted(entries) == mine and meta["index"] == i and meta["count"] == 4 and meta["total"] == len(IDS)


def test_four_shards_merged_are_one_run_byte_for_byte(sharded, tmp_path):
    assert sharded.single.returncode == 1, sharded.output(sharded.single)
    merged = tmp_path / "merged.json"
    done = _run(sharded, "merge", *(str(sharded.shards / f"shard-{i}.json") for i in (3, 1, 4, 2)),
                "--out", str(merged))
    assert done.returncode == 0, sharded.output(done)
    assert done.stdout.strip() == f"merged 4 shards: {len(IDS)} results → {merged}"
    # statuses, messages, traces, keys and their order: the same text
    assert _without_durations(merged.read_text(encoding="utf-8")) == _without_durations(sharded.single_text)
    entries = json.loads(merged.read_text(encoding="utf-8"))["results"]
    assert list(entries) == IDS
    assert {k: e["status"] for k, e in entries.items()} == {
        "shard-error": "error", "shard-fail": "failed", "shard-mtg-resolves": "passed", "shard-mtg-spell": "passed",
        "shard-outline": "passed", "shard-pass": "passed", "shard-pass-again": "passed", "shard-pending": "pending"}
    assert entries["shard-fail"]["message"] and entries["shard-error"]["message"]
    assert entries["shard-outline"]["runs"] == 2 and any(t.startswith("-- 例子:") for t in entries["shard-outline"]["trace"])


def test_a_shard_without_a_run_writes_its_file_only_from_current_results(sharded, tmp_path):
    on_machine(sharded, "machine-2")
    # --no-run on the shard's own machine: its results are this commit's, the same file
    again = _run(sharded, "check", "--shard", "2/4", "--no-run", "--out", str(tmp_path / "again.json"))
    assert (tmp_path / "again.json").read_bytes() == (sharded.shards / "shard-2.json").read_bytes(), \
        sharded.output(again)
    # on a machine that never ran them (the same extraction, no results): no file, and it says why
    (sharded.build / "results.json").unlink()
    none = _run(sharded, "check", "--shard", "2/4", "--no-run", "--out", str(tmp_path / "none.json"))
    assert none.returncode == 1 and not (tmp_path / "none.json").exists(), sharded.output(none)
    mine = sorted(x for x in IDS if shards.shard_of(x, 4) == 2)
    assert (f"shard 2/4: results not written to {tmp_path / 'none.json'}: {len(mine)} of its examples have no "
            f"result of this run ({', '.join(mine)})") in none.stdout, sharded.output(none)


def test_the_last_job_of_a_ci_matrix_merges_and_builds_and_never_shows_an_old_pass(sharded, tmp_path, monkeypatch):
    """docs/ci-sharding.md: the last job, on a machine of its own (a copy of the project at
    another path, nothing built), merges the shards' files and builds without running
    anything; the site shows the merged results.  An example edited after the shards ran:
    the merge still takes their results, and the build runs it again rather than show its
    old pass; a shard run now (other inputs) is not merged with the shards of before.
    (The merges as ``main`` runs them, in this process: ``rulings merge`` as a process of
    its own is test_four_shards_merged_….)"""
    import shutil

    monkeypatch.delenv("RULINGS_BUILD", raising=False)  # the last job's own build/, in this process too

    def merge(*args: str) -> subprocess.CompletedProcess:
        return _in_process("--root", str(box.root), "merge", *args, cwd=box.root)

    box = type(sharded)(tmp_path / "last-job")
    for part in ("spec", "tests", "pyproject.toml"):
        copy = shutil.copytree if (sharded.root / part).is_dir() else shutil.copy
        copy(sharded.root / part, box.root / part)
    files = [str(sharded.shards / f"shard-{i}.json") for i in range(1, 5)]
    done = merge(*files)
    assert done.returncode == 0 and done.stdout.strip().endswith(f"→ {box.build / 'results.json'}"), box.output(done)
    built = _run(box, "build")
    assert "nothing changed: no example runs (8 results up to date)" in built.stdout, box.output(built)
    assert built.stdout.strip().splitlines()[-1] == "5 passed, 1 failed, 1 pending, 1 not-run", box.output(built)
    assert _shown(box, "ygo/shard") == {"shard-pass": "passed", "shard-pass-again": "passed", "shard-fail": "failed",
                                        "shard-pending": "pending", "shard-outline": "passed", "shard-error": "not-run"}
    assert _shown(box, "mtg/shard") == {"shard-mtg-spell": "passed", "shard-mtg-resolves": "passed"}
    verdict = _run(box, "check", "--no-run")
    assert verdict.returncode == 1 and "5 passed, 1 failed, 1 pending, 1 not-run" in verdict.stdout, \
        box.output(verdict)
    box.write("spec/ygo/shard.rst", YGO_DOC.replace(GOOD, WRONG, 1))
    assert merge(*files).returncode == 0
    again = _run(box, "build")
    assert "running 1 of" in again.stdout and "shard-pass: text changed" in again.stdout, box.output(again)
    assert f"{len(IDS) - 4} passed, 2 failed, 1 pending, 1 not-run" in again.stdout, box.output(again)
    assert box.results()["shard-pass"]["status"] == "failed"
    assert _shown(box, "ygo/shard")["shard-pass"] == "failed"
    # the shard of the edited example, run again
    assert shards.shard_of("shard-pass", 4) == 3
    redone = _run(box, "check", "--shard", "3/4", "--out", str(tmp_path / "shard-3.json"))
    assert redone.returncode == 1, box.output(redone)
    assert shards.read(tmp_path / "shard-3.json")[1]["shard-pass"]["status"] == "failed"  # the edit's verdict
    mixed = merge(files[0], files[1], str(tmp_path / "shard-3.json"), files[3],
                 "--out", str(tmp_path / "x.json"))
    assert mixed.returncode == 2 and mixed.stdout == "", box.output(mixed)
    [line] = mixed.stderr.strip().splitlines()
    assert "ran on different inputs" in line, line
    assert not (tmp_path / "x.json").exists()
    # Sphinx cannot even start: the shard writes nothing (its earlier file is removed)
    with (box.root / "spec" / "conf.py").open("a", encoding="utf-8") as f:
        f.write("\nraise RuntimeError('a broken configuration')\n")
    stopped = _run(box, "check", "--shard", "3/4", "--out", str(tmp_path / "shard-3.json"))
    assert stopped.returncode == 1 and not (tmp_path / "shard-3.json").exists(), box.output(stopped)
    assert f"shard 3/4: results not written to {tmp_path / 'shard-3.json'}: the extraction stopped" in stopped.stdout


def _shown(box, docname: str) -> dict[str, str]:
    """The status each example of a page shows."""
    return dict(re.findall(r'data-example-id="([^"]+)" data-status="([^"]+)"', box.html(docname)))


def test_an_empty_shard_passes(sharded, tmp_path):
    # a shard of N that holds none of the examples (an extraction current on that machine)
    count = 12
    empty = next(i for i in range(1, count + 1) if not any(shards.shard_of(x, count) == i for x in IDS))
    on_machine(sharded, "machine-1")
    done = _run(sharded, "check", "--shard", f"{empty}/{count}", "--out", str(tmp_path / "empty.json"))
    assert done.returncode == 0, sharded.output(done)
    assert f"shard {empty}/{count}: 0 of {len(IDS)} examples" in done.stdout, sharded.output(done)
    meta, entries = shards.read(tmp_path / "empty.json")
    assert entries == {} and (meta["index"], meta["count"], meta["total"]) == (empty, count, len(IDS))


# -- refusals, on shard files written here -------------------------------------------------

def _entry(example_id: str) -> dict:
    return {"hash": "0123456789abcdef", "status": "passed", "outcome": "passed", "title": example_id,
            "basis": {"engine": "e", "cards": "c"}, "trace": ["[x] y"]}


def _write_shards(folder: Path, ids, count: int, inputs: str = "same", skip=()) -> list[Path]:
    out = []
    for i in range(1, count + 1):
        if i in skip:
            continue
        path = folder / f"s{i}.json"
        shards.write(path, {x: _entry(x) for x in ids if shards.shard_of(x, count) == i}, index=i, count=count,
                     inputs=inputs, total=len(ids))
        out.append(path)
    return out


MANY = [f"ex-{n}" for n in range(40)]


def test_merge_of_written_shards_is_the_single_file(tmp_path):
    files = _write_shards(tmp_path, MANY, 3)
    merged, line = shards.merge(files)
    assert line == "merged 3 shards: 40 results"
    results_mod.save(tmp_path / "merged.json", merged)
    results_mod.save(tmp_path / "single.json", {x: _entry(x) for x in MANY})
    assert (tmp_path / "merged.json").read_bytes() == (tmp_path / "single.json").read_bytes()
    # a shard's file is a results file: the readers of results read it
    assert set(results_mod.load_entries(files[0])) == {x for x in MANY if shards.shard_of(x, 3) == 1}


def test_a_shard_writes_only_results_of_its_examples_as_they_are_now():
    example = {"id": "x", "hash": "h1", "declared": None}
    basis = {"engine": "e", "cards": "c", "runner": "r"}
    entry = {"hash": "h1", "status": "passed", "basis": dict(basis)}
    assert shards.current(entry, example, basis)
    assert not shards.current(None, example, basis)
    assert not shards.current({**entry, "hash": "h0"}, example, basis)  # text edited since
    assert not shards.current(entry, example, {**basis, "engine": "e2"})  # engine changed since
    assert not shards.current({**entry, "basis": None}, example, basis)  # no record of what it ran against
    assert not shards.current(entry, {**example, "declared": "pending"}, basis)  # declared pending since
    assert not shards.current({**entry, "status": "pending"}, example, basis)  # no longer pending


def test_more_shards_than_examples_leave_some_empty_and_still_merge(tmp_path):
    ids = ["only-one", "and-another"]
    files = _write_shards(tmp_path, ids, 8)
    assert sum(len(shards.read(f)[1]) == 0 for f in files) >= 6
    merged, line = shards.merge(files)
    assert sorted(merged) == sorted(ids) and line == "merged 8 shards: 2 results"


@pytest.mark.parametrize("case, words", [
    ("missing", "shard 2/3 missing: merging needs all 3 shards (2 given)"),
    ("twice", "shard 1/3 given twice: "),
    ("counts", "shards of one run share their N"),
    ("inputs", "ran on different inputs (documents, engine, cards or runner): run every shard on the same commit"),
    ("wrong-shard", "belongs to shard"),
    ("overlap", "has a result in two shards"),
    ("cut", "says it holds"),
    ("whole-run", "the results of a whole run, not of a shard"),
    ("not-results", "not a shard's results file"),
    ("incomplete", "the shards hold 39 results of 40 examples"),
])
def test_merge_refuses_what_would_lie(tmp_path, case, words):
    files = _write_shards(tmp_path, MANY, 3)
    if case == "missing":
        files = [files[0], files[2]]
    elif case == "twice":
        files = [*files, files[0]]
    elif case == "counts":
        (tmp_path / "two").mkdir()
        files = [*files, _write_shards(tmp_path / "two", MANY, 2)[0]]
    elif case == "inputs":
        other = tmp_path / "other"
        other.mkdir()
        files[1] = _write_shards(other, MANY, 3, inputs="another commit")[1]
    elif case in ("wrong-shard", "overlap", "incomplete"):
        meta, entries = shards.read(files[1])
        mine = {k: entries[k] for k in entries}
        if case == "wrong-shard":
            stranger = next(x for x in (f"other-{n}" for n in range(99)) if shards.shard_of(x, 3) == 3)
            mine[stranger] = _entry(stranger)
        elif case == "overlap":
            mine.update({k: _entry(k) for k in list(shards.read(files[0])[1])[:1]})
        else:
            mine.pop(sorted(mine)[0])
        shards.write(files[1], mine, index=2, count=3, inputs=meta["inputs"], total=meta["total"])
    elif case == "cut":
        lines = files[1].read_text(encoding="utf-8").splitlines(keepends=True)
        files[1].write_text(lines[0] + lines[1].rstrip("\n").rstrip(",") + "\n" + lines[-1], encoding="utf-8")
    elif case == "whole-run":
        results_mod.save(files[1], {x: _entry(x) for x in MANY})
    elif case == "not-results":
        files[1].write_text("{}", encoding="utf-8")
    with pytest.raises(shards.ShardError) as err:
        shards.merge(files)
    assert words in str(err.value) and "\n" not in str(err.value), str(err.value)


def test_the_share_of_an_example_rests_on_its_id_alone():
    before = {x: shards.shard_of(x, 4) for x in MANY}
    others = [f"new-{n}" for n in range(500)]
    # adding or removing other examples moves none
    assert {x: shards.shard_of(x, 4) for x in MANY[::2]} == {x: before[x] for x in MANY[::2]}
    sizes = [sum(shards.shard_of(x, 4) == i for x in others) for i in range(1, 5)]
    assert min(sizes) > 90, sizes  # about a quarter each
    assert {shards.shard_of(x, 1) for x in others} == {1}


@pytest.mark.parametrize("args, words", [
    (["check", "--shard", "0/4"], "argument --shard: 0/4: I is 1 to N (the first shard is 1/4)"),
    (["check", "--shard", "5/4"], "argument --shard: 5/4: I is 1 to N"),
    (["check", "--shard", "1/0"], "argument --shard: 1/0: N is the number of shards, 1 or more"),
    (["check", "--shard", "2"], "argument --shard: '2' is not I/N (shard I of N, e.g. 2/4)"),
    (["check", "--shard", "a/b"], "argument --shard: 'a/b' is not I/N"),
    (["check", "--shard", "1/4", "-k", "x"], "--shard runs a share of every example: give no PATH and no -k"),
    (["check", "--shard", "1/4", "spec"], "--shard runs a share of every example: give no PATH and no -k"),
    (["check", "--out", "x.json"], "--out is where a shard's results go: give it with --shard I/N"),
    (["merge"], "the following arguments are required: FILE"),
    (["merge", "nowhere.json", "--out", "x.json"], "nowhere.json: cannot read it"),
])
def test_bad_shard_arguments_are_refused_in_one_line(tmp_path, args, words):
    # as main runs them (test_cli.py: a refusal as a process of its own says it)
    out = _in_process(*args, cwd=tmp_path)
    assert out.returncode == 2, out
    assert out.stdout == "" and "Traceback" not in out.stderr, out
    [line] = out.stderr.strip().splitlines()
    assert line.startswith("rulings") and words in line, line
    assert not (tmp_path / "x.json").exists()

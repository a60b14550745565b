"""The results file: replaced atomically, never trusted for other text, and a run that
is killed halfway leaves the previous file whole."""

from __future__ import annotations

import json
import os
import re
import signal
import time

import pytest

from rulings import results
from tests.unit.built_project import built, built_project  # noqa: F401 (fixtures)

# a plugin for the project's run: hold its last example (the other one ran) until killed,
# having said the ids of the run (pytest) and of its parent (rulings)
HOLD = """\
import os, pathlib, time

def pytest_runtest_call(item):
    if item is item.session.items[-1]:
        pathlib.Path({marker!r}).write_text(f"{{os.getpid()}} {{os.getppid()}}")
        time.sleep(120)
"""


def test_save_replaces_the_file_in_one_step(tmp_path):
    path = tmp_path / "results.json"
    results.save(path, {"a": {"hash": "1", "status": "passed"}})
    assert results.load(path) == {"a": {"hash": "1", "status": "passed"}}
    results.save(path, {"b": {"hash": "2", "status": "failed"}})
    assert results.load(path) == {"b": {"hash": "2", "status": "failed"}}
    assert [p.name for p in tmp_path.iterdir()] == ["results.json"]


def test_a_failure_while_saving_leaves_the_previous_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "results.json"
    results.save(path, {"a": {"hash": "1", "status": "passed"}})
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        results.save(path, {"a": {"hash": "1", "status": "failed"}})
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["results.json"]  # no temporary file left


UNUSABLE = [
    ('{"format": 1, "results": {"a": {"ha', "not a readable results file"),
    ('{"format": 0, "results": {}}', "results format 0, expected 1"),
    ('["a", "b"]', "results format None"),
    ('{"format": 1, "results": {"a": "passed"}}', "are not results"),
    (b"\xff\xfe{", "not a readable results file"),
    # written one entry a line, as save writes it, and broken on one line
    ('{"format":1,"results":{\n"a":{"hash":"1"},\n"b":"passed"\n}}\n', "are not results"),
    ('{"format":1,"results":{\n"a":{"hash":"1"},\n"b":{"ha\n}}\n', "not a readable results file"),
    ('{"format":1,"results":{\n"a":{"hash":"1"},\n"b":{"hash":"2"}', "not a readable results file"),
    (b'{"format":1,"results":{\n"a":{"hash":"\xff"}\n}}\n', "not a readable results file"),
]


@pytest.mark.parametrize("load", [results.load, results.load_entries], ids=["load", "load_entries"])
@pytest.mark.parametrize("text, message", UNUSABLE)
def test_unusable_results_files_are_named(tmp_path, load, text, message):
    """Either way of reading the file reports the same errors, naming it."""
    path = tmp_path / "results.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    with pytest.raises(results.ResultsError) as err:
        load(path)
    assert str(path) in str(err.value) and message in str(err.value)


ENTRIES = {
    "ygo-a": {"hash": "1", "status": "passed", "trace": ["[move] 「台风」 hand → graveyard", 'a "quoted" \\ word']},
    "mtg/b:c.d": {"hash": "2", "status": "failed", "message": "1\n2", "basis": {"engine": "x"}},
    "中文-id": {"hash": "3", "status": "pending", "trace": []},
}


def test_entries_are_those_of_load_each_parsed_when_looked_up(tmp_path):
    path = tmp_path / "results.json"
    results.save(path, ENTRIES)
    entries = results.load_entries(path)
    assert isinstance(entries, results.Entries)  # the layout save writes is read line by line
    assert entries == results.load(path) == ENTRIES
    assert sorted(entries) == sorted(ENTRIES) and len(entries) == 3 and "ygo-a" in entries
    assert entries.get("nothing") is None
    # each lookup is a new entry: a caller changing what it got changes nothing else
    entries["ygo-a"]["status"] = "failed"
    assert entries["ygo-a"]["status"] == "passed"
    # without its trace, and the trace as text, the same from either
    whole = results.load(path)
    for example_id, entry in ENTRIES.items():
        expected = {k: v for k, v in entry.items() if k != "trace"}
        assert {k: v for k, v in results.brief(entries, example_id).items()} == expected
        assert {k: v for k, v in results.brief(whole, example_id).items() if k != "trace"} == expected
        assert results.trace_text(entries, example_id) == results.trace_text(whole, example_id)
    assert json.loads(results.trace_text(entries, "ygo-a")) == ENTRIES["ygo-a"]["trace"]
    assert results.trace_text(entries, "mtg/b:c.d") is None and results.brief(entries, "nothing") is None


@pytest.mark.parametrize("layout", ["indented", "duplicate key", "empty", "two entries a line"])
def test_entries_in_any_other_layout_are_loaded_whole(tmp_path, layout):
    path = tmp_path / "results.json"
    text = {
        "indented": json.dumps({"format": 1, "results": ENTRIES}, indent=2, ensure_ascii=False),
        "duplicate key": '{"format":1,"results":{\n"a":{"hash":"1"},\n"a":{"hash":"2"}\n}}\n',
        "empty": '{"format":1,"results":{}}\n',
        "two entries a line": '{"format":1,"results":{\n"a":{"hash":"1"},"b":{"hash":"2"}\n}}\n',
    }[layout]
    path.write_text(text, encoding="utf-8")
    assert results.load_entries(path) == results.load(path)


def test_a_missing_file_is_no_entries(tmp_path):
    assert results.load_entries(tmp_path / "results.json") == {}


def test_a_missing_file_is_no_results(tmp_path):
    assert results.load(tmp_path / "results.json") == {}


def test_a_result_counts_only_for_the_text_it_was_recorded_for():
    entries = {"x": {"hash": "h1", "status": "passed"}, "e": {"hash": "h1", "status": "error", "outcome": "error"}}
    assert results.status_of("x", "h1", None, entries)[0] == "passed"
    assert results.status_of("x", "h2", None, entries)[0] == "stale"
    assert results.status_of("y", "h1", None, entries)[0] == "not-run"
    assert results.status_of("e", "h1", None, entries)[0] == "not-run"  # an error in the example
    assert results.status_of("x", "h2", "pending", entries) == ("pending", None)


def test_a_result_counts_only_against_the_engine_cards_and_runner_it_ran_on():
    """The one status function: given what a run would rest on now, a result computed
    against anything else is stale, not passed (a plain sphinx-build after an engine edit)."""
    entries = {"x": {"hash": "h1", "status": "passed", "basis": {"engine": "e1", "cards": "c1"}},
               "old": {"hash": "h1", "status": "passed"}}
    assert results.status_of("x", "h1", None, entries, {"engine": "e1", "cards": "c1"})[0] == "passed"
    assert results.status_of("x", "h1", None, entries, {"engine": "e2", "cards": "c1"})[0] == "stale"
    assert results.status_of("x", "h1", None, entries, {"engine": "e1", "cards": "c2"})[0] == "stale"
    assert results.status_of("old", "h1", None, entries, {"engine": "e1"})[0] == "stale"
    assert results.status_of("x", "h1", None, entries)[0] == "passed"  # no basis to compare


def test_the_hash_ignores_trailing_space_but_not_words():
    assert results.text_hash("zh-CN", "t", "a\nb  ") == results.text_hash("zh-CN", " t ", "a\nb")
    assert results.text_hash("zh-CN", "t", "a\nb") != results.text_hash("zh-CN", "t", "a\nc")
    assert results.text_hash("zh-CN", "t", "a") != results.text_hash("ja", "t", "a")


def _statuses(html: str) -> dict[str, str]:
    return dict(re.findall(r'data-example-id="([^"]+)" data-status="([^"]+)"', html))


def test_a_killed_run_leaves_the_previous_results_and_the_site_shows_no_carried_over_pass(built, tmp_path,
                                                                                         monkeypatch):
    """``rulings check`` and its run killed outright (SIGKILL: nothing of them can
    clean up) while the run holds its last example, the one before it done."""
    from concurrent.futures import ThreadPoolExecutor

    from rulings.sphinxext.build import Paths, build
    from tests.unit.test_bad_input import GOOD, document, example

    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    before = (built.build / "results.json").read_bytes()  # good-1 and other-1 passed
    # edit one example; the runner changes too (the plugin): both run
    built.write("spec/ygo/good.rst", document("好文档", example("good-1", GOOD.replace("仍然是", "依然是"))))
    marker = tmp_path / "holding"
    built.write("tests/examples/conftest.py", HOLD.format(marker=str(marker)))
    with ThreadPoolExecutor(max_workers=1) as pool:
        running = pool.submit(built.rulings, "check")
        deadline = time.monotonic() + 120
        ids = []
        while len(ids) < 2:
            assert not running.done(), built.output(running.result())
            assert time.monotonic() < deadline
            time.sleep(0.05)
            ids = marker.read_text().split() if marker.exists() else []
        pytest_pid, rulings_pid = map(int, ids)
        os.kill(rulings_pid, signal.SIGKILL)
        os.killpg(pytest_pid, signal.SIGKILL)
        done = running.result(timeout=60)
    assert done.returncode == -signal.SIGKILL, built.output(done)

    assert (built.build / "results.json").read_bytes() == before
    json.loads(before)  # whole
    build(Paths(built.root), "html")
    shown = _statuses(built.html("ygo/good")) | _statuses(built.html("ygo/other"))
    assert shown == {"good-1": "stale", "other-1": "passed"}
    checked = built.rulings("check", "--no-run")
    assert checked.returncode != 0 and "stale: good-1" in checked.stdout


def test_a_change_of_the_extension_renders_unchanged_documents_again(built, monkeypatch):
    """Features written by older code are not kept because their document did not change."""
    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    from rulings.sphinxext import reading
    from rulings.sphinxext.build import Paths, build

    assert build(Paths(built.root), "gherkin").status == 0
    feature = built.build / "features" / "ygo" / "good.feature"
    good = feature.read_text(encoding="utf-8")
    feature.write_text("# written by an older extension\n" + good, encoding="utf-8")
    build(Paths(built.root), "gherkin")
    assert feature.read_text(encoding="utf-8") != good  # incremental: the document did not change
    version = reading.format_version()
    monkeypatch.setattr(reading, "format_version", lambda: version + 1)
    build(Paths(built.root), "gherkin")
    assert feature.read_text(encoding="utf-8") == good


def test_a_card_removed_from_its_card_file_is_noticed_in_unchanged_documents(built, monkeypatch):
    """A card dropped from the cards is reported although no document with examples
    changed, the example is not run, and the page says why; putting it back heals it."""
    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    from rulings.sphinxext.build import Paths, build

    assert build(Paths(built.root), "gherkin").warnings == []
    card_file = next(p for p in (built.root / "spec" / "ygo" / "cards").glob("*.rst")
                     if ".. card:: 破坏龙 甘多拉\n" in p.read_text(encoding="utf-8"))
    original = card_file.read_text(encoding="utf-8")
    card_file.write_text(original.replace(".. card:: 破坏龙 甘多拉\n", ".. card:: 破坏龙 甘多拉二\n"), encoding="utf-8")
    warnings = build(Paths(built.root), "gherkin").warnings
    assert any(re.search(r"good\.rst:8: .*unknown card 「破坏龙 甘多拉」", w) for w in warnings), warnings
    entry = built.manifest()["good-1"]
    assert entry["extracted"] is False and "unknown card 「破坏龙 甘多拉」" in entry["error"]
    assert not (built.build / "features" / "ygo" / "good.feature").exists()
    card_file.write_text(original, encoding="utf-8")
    assert build(Paths(built.root), "gherkin").warnings == []
    assert built.manifest()["good-1"]["extracted"] is True


def test_write_atomic_syncs_the_results_but_not_a_cache(tmp_path, monkeypatch):
    import os

    from rulings.results import write_atomic

    synced = []
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(fd))
    write_atomic(tmp_path / "results.json", "{}\n")
    assert len(synced) == 1
    write_atomic(tmp_path / "reading" / "doc.json", "old")
    write_atomic(tmp_path / "reading" / "doc.json", "new", durable=False)
    assert len(synced) == 2  # the first write of the cache was durable, the second not
    assert (tmp_path / "reading" / "doc.json").read_text() == "new"
    # renamed over the old file: no temporary file left beside it
    assert sorted(p.name for p in (tmp_path / "reading").iterdir()) == ["doc.json"]


def test_a_run_writes_its_entries_over_the_previous_ones_read_one_at_a_time(tmp_path):
    path = tmp_path / "results.json"
    results.save(path, ENTRIES)
    previous = results.load_entries(path)
    new = {"ygo-a": {"hash": "9", "status": "failed", "trace": ["again"]}, "new-one": {"hash": "5", "status": "passed"}}
    kept = {"ygo-a", "中文-id"}  # "mtg/b:c.d" is no longer documented
    results.save(path, results.Merged(new, previous, kept | set(new)))
    expected = {"ygo-a": new["ygo-a"], "中文-id": ENTRIES["中文-id"], "new-one": new["new-one"]}
    assert results.load(path) == expected
    # the same bytes as the whole file written at once
    assert path.read_text(encoding="utf-8") == results.dump_lines({"format": results.FORMAT, "results": expected},
                                                                   "results")
    assert [p.name for p in tmp_path.iterdir()] == ["results.json"]

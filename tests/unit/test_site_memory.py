"""What the html build of ``rulings build`` lets go of while it writes pages
(engine/sphinxext/writing_memory.py), and the results as the site build keeps them
(engine/results.py: read from the open file, each trace by its digest) — issue 28's
peak memory at 100 000 examples.  The pages are the same bytes either way."""

from __future__ import annotations

import gc
import inspect
import json
import os
import shutil

import pytest

from rulings import results
from rulings.sphinxext import writing_memory

DOC = """\
======
内存页
======

.. example:: 通常召唤的怪兽变成里侧
   :id: mem-normal
   :source: https://www.db.yugioh-card.com/yugiohdb/faq_search.action?ope=5&fid=6109
   :date: 15/2/5

   假如 自己在之前的回合召唤了「破坏龙 甘多拉」
   当 「破坏龙 甘多拉」变成里侧守备表示
   那么 「破坏龙 甘多拉」仍然是通常召唤的怪兽

.. example:: 灵摆召唤的怪兽变成里侧
   :id: mem-outline

   假如 自己<方式>召唤「异色眼灵摆龙」
   当 「异色眼灵摆龙」变成里侧守备表示
   那么 「异色眼灵摆龙」不再是<方式>召唤的怪兽

   例子:
     | 方式 |
     | 灵摆 |

.. example:: 写坏的例子

   这不是一个步骤
"""


def test_sphinx_still_keeps_what_is_let_go_of_under_these_names():
    """Sphinx's own names (a release that renames them makes this do nothing)."""
    from sphinx.builders import Builder
    from sphinx.environment import BuildEnvironment
    from sphinx.events import core_events

    assert "_pickled_doctree_cache" in inspect.getsource(BuildEnvironment.get_doctree)
    assert "write-started" in core_events
    assert "'write-started'" in inspect.getsource(Builder.write)


_LIGHT_RECORDS = writing_memory.light_records


def _site(project, only_build: bool, monkeypatch) -> dict[str, bytes]:
    """The pages of a gherkin build then an html build (which reads nothing: every
    doctree from disk, as in ``rulings build``)."""
    seen = []
    real = _LIGHT_RECORDS

    def light(app, builder):
        app._rulings_only_build = only_build
        real(app, builder)
        records = [r for rs in app.env.rulings_examples.values() for r in rs]
        seen.append(any(writing_memory.PAGE_ONLY & set(r) for r in records))

    monkeypatch.setattr(writing_memory, "light_records", light)
    shutil.rmtree(project.build_dir, ignore_errors=True)
    project.sphinx("gherkin")
    project.sphinx("html")
    assert seen and seen[-1] is not only_build  # the html build's records, whole or not
    site = project.build_dir / "sphinx" / "html"
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*.html")}


def test_pages_are_the_same_with_the_records_made_light(small_project, monkeypatch):
    small_project.write("spec/ygo/memory.rst", DOC)
    whole = _site(small_project, False, monkeypatch)
    light = _site(small_project, True, monkeypatch)
    assert whole == light
    page = light["ygo/memory.html"].decode()
    # what only the page shows came from its doctree: the steps, the table, the date, the raw body
    assert "破坏龙 甘多拉" in page and "rulings-outline" in page and "2015-02-05" in page
    assert "这不是一个步骤" in page


def test_light_records_are_new_dicts_and_whole_gives_the_record_back():
    record = {"id": "a", "title": "t", "status": "passed", "steps": [("当", "when", "x", 3, None)], "body": ["当 x"],
              "body_lines": range(3, 4), "header": [], "rows": [], "outline": False, "date": "", "dates": [],
              "parsed": True, "parse_error": None, "parse_reason": None, "cards": {"c": 3}, "phrases": []}

    class App:
        _rulings_only_build = True

        class env:  # noqa: N801 - as Sphinx names it
            rulings_examples = {"doc": [record]}

    class Html:
        format = "html"

    writing_memory.light_records(App, Html)
    light = App.env.rulings_examples["doc"][0]
    assert light is not record and not writing_memory.PAGE_ONLY & set(light) and "steps" in record
    assert writing_memory.whole(record, {**light, "status": "failed"}) == {**record, "status": "failed"}
    assert writing_memory.whole(record, record) is record
    # not in an application that builds again (rulings serve), nor for another builder
    App.env.rulings_examples = {"doc": [record]}
    App._rulings_only_build = False
    writing_memory.light_records(App, Html)
    assert App.env.rulings_examples["doc"][0] is record
    App._rulings_only_build, Html.format = True, "gherkin"
    writing_memory.light_records(App, Html)
    assert App.env.rulings_examples["doc"][0] is record


ENTRIES = {
    "ygo-a": {"hash": "1", "status": "passed", "basis": {"engine": "e", "cards": "c"}, "trace": ["「台风」 → 墓地", "b"]},
    "ygo-b": {"hash": "2", "status": "passed", "basis": {"engine": "e", "cards": "c"}, "trace": []},
    "mtg/c": {"hash": "3", "status": "failed", "message": "1\n2", "basis": {"engine": "e", "cards": "d"}},
}


def test_entries_read_from_a_file_keep_no_trace_and_read_each_entry_again(tmp_path):
    path = tmp_path / "results.json"
    results.save(path, ENTRIES)
    entries = results.load_entries(path)
    assert entries._traces == {} and entries._fd is not None
    assert entries == ENTRIES == results.load(path)
    # the same basis is one object, the names of the fields one string each
    assert results.brief(entries, "ygo-a")["basis"] is results.brief(entries, "ygo-b")["basis"]
    assert results.brief(entries, "mtg/c")["basis"] == {"engine": "e", "cards": "d"}
    # each trace by the digest of its text, as for any other mapping of entries
    for example_id in ENTRIES:
        assert results.trace_digest(entries, example_id) == results.trace_digest(ENTRIES, example_id)
        assert results.trace_text(entries, example_id) == results.trace_text(ENTRIES, example_id)
    assert results.trace_digest(entries, "mtg/c") is None
    assert results.trace_digest(entries, "ygo-b") != results.trace_digest(entries, "ygo-a")
    # a run renames a new file over it: the entries read are still those of the file read
    results.save(path, {"ygo-a": {"hash": "9", "status": "failed", "trace": ["again"]}})
    assert entries["ygo-a"] == ENTRIES["ygo-a"] and len(entries) == 3
    again = results.load_entries(path)
    assert again == {"ygo-a": {"hash": "9", "status": "failed", "trace": ["again"]}}
    assert results.trace_digest(again, "ygo-a") != results.trace_digest(entries, "ygo-a")
    # the file is closed once the entries are let go of
    fd = entries._fd
    del entries
    gc.collect()
    with pytest.raises(OSError):
        os.fstat(fd)


def test_a_page_s_results_digest_follows_its_trace(tmp_path):
    from rulings.sphinxext import state

    path = tmp_path / "results.json"
    results.save(path, ENTRIES)
    records = [{"id": "ygo-a", "status": "passed"}, {"id": "mtg/c", "status": "failed"}]
    before = state.results_digest(records, results.load_entries(path))
    assert before == state.results_digest(records, json.loads(json.dumps(ENTRIES)))
    results.save(path, {**ENTRIES, "ygo-a": {**ENTRIES["ygo-a"], "trace": ["另一个"], "duration": 3.0}})
    assert state.results_digest(records, results.load_entries(path)) != before
    results.save(path, {**ENTRIES, "ygo-a": {**ENTRIES["ygo-a"], "duration": 3.0}})
    assert state.results_digest(records, results.load_entries(path)) == before  # not how long it took


def test_a_process_forked_to_read_hands_back_only_the_documents_it_read(monkeypatch):
    """state.PerDocument: pickled whole, except in a process forked to read a share of
    the documents (Sphinx's parallel reading merges only those from it)."""
    import pickle

    from rulings.sphinxext import state

    examples = state.PerDocument({"a": [{"id": "1"}], "b": [{"id": "2"}], "c": []})
    monkeypatch.setattr(state, "_READ_HERE", {})
    monkeypatch.setattr(state, "_BUILD_PID", os.getpid())
    state._READ_HERE[os.getpid()] = {"a"}
    # the process that reads (or forks the readers), and a build that read some itself
    assert pickle.loads(pickle.dumps(examples)) == examples
    assert type(pickle.loads(pickle.dumps(examples))) is state.PerDocument
    pid = os.fork()
    if pid == 0:  # a reader forked from it, which read "b"
        state._READ_HERE.setdefault(os.getpid(), set()).add("b")
        os._exit(0 if pickle.loads(pickle.dumps(examples)) == {"b": [{"id": "2"}]} else 1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0


def test_the_records_are_pickled_again_only_for_the_documents_that_changed(monkeypatch):
    """state.KeptPickled (env.rulings_examples): each document's records pickled on their
    own; saving again writes the kept bytes of a document whose records are as they were
    and pickles afresh one whose verdict fields, records or entry changed — whoever
    changed them — so a saved environment never holds an old verdict."""
    import pickle

    from rulings.sphinxext import state

    monkeypatch.setattr(state, "_BUILD_PID", None)
    examples = state.KeptPickled({"a": [{"id": "1", "status": "passed"}], "b": [{"id": "2", "status": "failed"}],
                                  "c": [{"id": "3", "status": "passed", "extracted": True}]})
    loaded = pickle.loads(pickle.dumps(examples))
    assert type(loaded) is state.KeptPickled and loaded == examples
    pickled = []
    real = pickle.dumps
    monkeypatch.setattr(state.pickle, "dumps", lambda value, *a, **k: pickled.append(value) or real(value, *a, **k))
    assert pickle.loads(real(loaded)) == examples and pickled == []  # nothing changed: nothing pickled again
    loaded["a"][0]["status"] = "failed"  # decided again in place, nobody said so
    loaded["b"].append({"id": "4", "status": "passed"})  # a record added
    loaded["c"][0].update(extracted=False, error="卡片", reason="卡片")
    loaded["d"] = [{"id": "5", "status": "not-run"}]  # a document read
    again = pickle.loads(real(loaded))
    assert again == loaded and again["a"][0]["status"] == "failed" and len(again["b"]) == 2
    assert again["c"][0]["error"] == "卡片"
    assert sorted(map(str, pickled)) == sorted(map(str, [loaded[d] for d in "abcd"]))
    pickled.clear()
    loaded["e"] = loaded.pop("a")  # an entry moved: the bytes follow the records, not the name
    del loaded["b"]
    assert pickle.loads(real(loaded)) == {"c": loaded["c"], "d": loaded["d"], "e": loaded["e"]}


def test_a_forked_reader_hands_back_only_its_documents_records(monkeypatch):
    """state.KeptPickled in a process forked to read: only the documents it read, and
    the bytes it pickled are not kept (they are the parent's to keep)."""
    import pickle

    from rulings.sphinxext import state

    examples = state.KeptPickled({"a": [{"id": "1"}], "b": [{"id": "2"}]})
    monkeypatch.setattr(state, "_READ_HERE", {})
    monkeypatch.setattr(state, "_BUILD_PID", os.getpid())
    assert pickle.loads(pickle.dumps(examples)) == examples
    pid = os.fork()
    if pid == 0:
        state._READ_HERE.setdefault(os.getpid(), set()).add("b")
        examples["b"][0]["status"] = "passed"
        back = pickle.loads(pickle.dumps(examples))
        os._exit(0 if back == {"b": [{"id": "2", "status": "passed"}]} and type(back) is state.KeptPickled else 1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0


def test_the_domain_s_objects_are_pickled_per_document_and_indexed_again():
    """domain.RulingsDomain: by_doc holds each document's objects (pickled per document),
    objects is an index rebuilt from it after loading: the same lookups as before saving."""
    import pickle
    from types import SimpleNamespace

    from rulings.sphinxext.domain import RulingsDomain

    env = SimpleNamespace(domaindata={})
    domain = RulingsDomain(env)
    domain.note("example", "e-1", "a", "example-e-1", "甲")
    domain.note("example", "e-2", "b", "example-e-2", "乙")
    domain.note("example", "e-1", "b", "example-e-1b", "甲")  # the first place wins
    data = pickle.loads(pickle.dumps(env.domaindata["rulings"]))
    again = RulingsDomain(SimpleNamespace(domaindata={"rulings": data}))
    assert again.objects == domain.objects and again.by_doc == domain.by_doc
    assert sorted(again.get_objects()) == sorted(domain.get_objects())
    again.note("card", "卡", "a", "card-x", "卡")  # a added to after loading: saved with it
    last = RulingsDomain(SimpleNamespace(domaindata={"rulings": pickle.loads(pickle.dumps(data))}))
    assert last.objects[("card", "卡")] == ("a", "card-x", "卡", 1)
    last.clear_doc("a")
    assert set(last.objects) == {("example", "e-2")}


def test_many_records_pickled_afresh_are_not_kept(monkeypatch):
    """state.KeptPickled: bytes pickled by a save are kept for the next one unless they
    are many (KEEP_FRESH_BYTES: a build from nothing would hold every record twice)."""
    import pickle

    from rulings.sphinxext import state

    monkeypatch.setattr(state, "_BUILD_PID", None)
    examples = state.KeptPickled({"a": [{"id": "1"}], "b": [{"id": "2"}]})
    pickle.dumps(examples)
    assert set(examples._kept) == {"a", "b"}
    monkeypatch.setattr(state, "KEEP_FRESH_BYTES", 0)
    examples["a"][0]["status"] = "passed"
    assert pickle.loads(pickle.dumps(examples)) == examples
    assert set(examples._kept) == {"b"}  # kept from before, still its records


def test_pickling_the_records_leaves_no_utf8_copy_beside_their_strings(monkeypatch):
    """state.KeptPickled pickles a copy of each document's records with new non-ASCII
    strings: CPython's pickler keeps a UTF-8 copy beside each string it encodes, for as
    long as the string lives (26.6 MB alive through the extraction at 10 000 examples).
    The bytes are the ones the records themselves pickle to, what they share shared."""
    import pickle
    import sys

    from rulings.sphinxext import state

    monkeypatch.setattr(state, "_BUILD_PID", None)
    step = ("ならば", "then", "自分の「カード」は破壊されない", 12, None)
    records = [{"id": "e-1", "title": "破壊されない効果", "steps": [step, step], "body_lines": range(3, 9),
                "cards": {"青眼の白龍": 12}, "line": 3},
               {"id": "e-2", "title": "Plain", "steps": [step], "rows": [["卡", "1"]]}]
    strings = [records[0]["title"], step[0], step[2], next(iter(records[0]["cards"])), records[1]["rows"][0][0]]
    sizes = [sys.getsizeof(s) for s in strings]
    plain = pickle.dumps(records, protocol=pickle.HIGHEST_PROTOCOL)  # (gives the copies to these strings)
    for s in strings:
        # new strings again, as the environment loaded from its file has them
        assert sys.getsizeof(s.encode().decode()) < sys.getsizeof(s)
    fresh = [pickle.loads(plain)]
    examples = state.KeptPickled({"a": fresh[0]})
    back = pickle.loads(pickle.dumps(examples))
    kept = [fresh[0][0]["title"], fresh[0][0]["steps"][0][0], fresh[0][0]["steps"][0][2],
            next(iter(fresh[0][0]["cards"])), fresh[0][1]["rows"][0][0]]
    assert [sys.getsizeof(s) for s in kept] == sizes  # no UTF-8 copy beside them
    assert examples._kept["a"][0] == plain  # the same bytes
    assert back == {"a": records}
    assert back["a"][0]["steps"][0] is back["a"][0]["steps"][1] is back["a"][1]["steps"][0]


def test_the_bytes_kept_for_a_next_save_are_let_go_of_when_pages_are_written(monkeypatch):
    """The html build of `rulings build` saves the environment before writing and never
    again: the records' and the domain's bytes kept for a next save go when writing
    starts (the domain's: 2.4 MB at 10 000 examples), not in rulings serve's builds."""
    import pickle
    from types import SimpleNamespace

    from rulings.sphinxext import state

    monkeypatch.setattr(state, "_BUILD_PID", None)

    def env():
        examples = state.KeptPickled({"doc": [{"id": "a", "title": "甲", "steps": []}]})
        by_doc = state.KeptPickled({"doc": {("example", "a"): ("doc", "example-a", "甲", 1)}})
        pickle.dumps((examples, by_doc))
        assert examples._kept and by_doc._kept
        return SimpleNamespace(rulings_examples=examples, domaindata={"rulings": {"by_doc": by_doc}})

    html = SimpleNamespace(format="html")
    app = SimpleNamespace(_rulings_only_build=True, env=env())
    writing_memory.light_records(app, html)
    assert not app.env.rulings_examples._kept and not app.env.domaindata["rulings"]["by_doc"]._kept
    again = SimpleNamespace(_rulings_only_build=False, env=env())
    writing_memory.light_records(again, html)
    assert again.env.domaindata["rulings"]["by_doc"]._kept

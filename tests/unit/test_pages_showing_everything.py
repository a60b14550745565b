"""state._pages_showing_everything: a card file is written again exactly when what it
shows changed — the examples naming its cards, their titles and statuses — and, given
the documents that changed since the pages were last written, only the card files whose
cards an example of those documents names (now or then) are looked at again: the others
keep their digests, which are those a look at every card file would give."""

from __future__ import annotations

import copy
from types import SimpleNamespace

from rulings.sphinxext import state


def _env():
    card = lambda name: {"game": "ygo", "name": name, "fields": {}, "problems": []}  # noqa: E731
    example = lambda ident, *names: {"id": ident, "title": f"标题 {ident}", "docname": "", "status": "passed",  # noqa: E731
                                     "game": "ygo", "cards": {n: 3 for n in names}}
    examples = {"d1": [example("e-1", "甲")], "d2": [example("e-2", "乙"), example("e-3", "甲", "乙")],
                "d3": [example("e-4")]}
    for docname, records in examples.items():
        for r in records:
            r["docname"] = docname
    return SimpleNamespace(rulings_dashboards={"cards/a", "cards/b", "cards/c"},
                           rulings_cards={"cards/a": [card("甲")], "cards/b": [card("乙")], "cards/c": [card("丙")]},
                           rulings_examples=examples, found_docs={"cards/a", "cards/b", "cards/c", "d1", "d2", "d3"})


def _full(env) -> dict[str, str]:
    previous: dict[str, str] = {}
    state._pages_showing_everything(env, previous)
    return previous


def test_only_the_card_files_of_what_changed_are_looked_at_and_the_digests_are_the_full_look_s(monkeypatch):
    env = _env()
    previous, written = {}, {}
    assert state._pages_showing_everything(env, previous, written, {"d1", "d2", "d3"}) == {"cards/a", "cards/b", "cards/c"}
    assert written["named"] == {"d1": ["ygo\t甲"], "d2": ["ygo\t乙", "ygo\t甲"]}
    assert state._pages_showing_everything(env, previous, written, {"d3"}) == set()

    looked = []
    real = state.digests.of_json
    monkeypatch.setattr(state.digests, "of_json", lambda value, *a: looked.append(value) or real(value, *a))
    # a status changed in d1: the file of 甲 only
    env.rulings_examples["d1"][0]["status"] = "failed"
    assert state._pages_showing_everything(env, previous, written, {"d1"}) == {"cards/a"}
    assert len(looked) == 1
    assert previous == _full(env)
    # d1 read again, its example now naming 乙 instead of 甲: both files (甲 named then)
    env.rulings_examples["d1"] = [dict(env.rulings_examples["d1"][0], cards={"乙": 4})]
    assert state._pages_showing_everything(env, previous, written, {"d1"}) == {"cards/a", "cards/b"}
    assert written["named"]["d1"] == ["ygo\t乙"] and previous == _full(env)
    # d2 removed: the files of what it named
    del env.rulings_examples["d2"]
    env.found_docs.discard("d2")
    assert state._pages_showing_everything(env, previous, written, {"d2"}) == {"cards/a", "cards/b"}
    assert "d2" not in written["named"] and previous == _full(env)


def test_a_changed_card_file_or_no_record_looks_at_every_card_file(monkeypatch):
    env = _env()
    previous, written = {}, {}
    state._pages_showing_everything(env, previous, written, {"d1"})
    kept = copy.deepcopy(written)
    # a title changed without d3 being listed, and a card file read again: every file
    env.rulings_examples["d2"][0]["title"] = "新标题"
    assert state._pages_showing_everything(env, previous, written, {"cards/c"}) == {"cards/b"}
    # no record of what was named (an older build's): every file
    env.rulings_examples["d2"][0]["title"] = "又一个标题"
    del kept["named"]
    assert state._pages_showing_everything(env, previous, kept, {"d3"}) == {"cards/b"}
    assert previous == _full(env)

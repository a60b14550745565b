"""Issue 28: the attention page looks a result up only where it decides the example's
section (a not-run example: broken, or merely without a result).  At 100 000 examples,
looking up every example's result was 1.8 s of a one-step edit cycle."""

from __future__ import annotations

from types import SimpleNamespace

from rulings.results import STATUSES
from rulings.sphinxext import attention


def _env(records):
    docs = {r["docname"] for r in records}
    examples = {}
    for r in records:
        examples.setdefault(r["docname"], []).append(r)
    return SimpleNamespace(rulings_examples=examples, found_docs=docs, titles={})


def _record(i, status, **more):
    return {"id": f"d/e{i}", "docname": "d", "title": f"e{i}", "source": "d.rst", "line": i, "game": "ygo",
            "language": "zh-CN", "status": status, "error": None, "reason": None, **more}


def test_results_looked_up_only_for_not_run_examples(monkeypatch):
    records = [_record(i, s) for i, s in enumerate(STATUSES)]
    records += [_record(10, "not-run"), _record(11, "not-run", error="broken", reason="坏了")]
    asked = []

    def result_of(env, record, results=None, *, trace=True):
        asked.append(record["id"])
        # a not-run example whose run errored is listed as broken (not merely without a result)
        return {"outcome": "error"} if record["id"] == "d/e10" else {}

    monkeypatch.setattr(attention, "result_of", result_of)
    monkeypatch.setattr(attention, "load_results", lambda env: ({}, None))
    app = SimpleNamespace(builder=SimpleNamespace(get_target_uri=lambda d: d + ".html"))
    body = attention._page_body(app, _env(records))
    not_run = {r["id"] for r in records if r["status"] == "not-run"}
    # looked up while sorting the examples into sections: the not-run ones only (each
    # listed example is asked again for the reason shown beside it)
    listed = [r for r in records if r["status"] != "passed"]
    sorting = asked[:len(asked) - len(listed)]
    assert set(sorting) == not_run, asked
    assert 'data-example-id="d/e10"' in body.split('id="no-result"')[0]
    for r in records:
        if r["status"] != "passed":
            assert f'data-example-id="{r["id"]}"' in body
    passed = [r["id"] for r in records if r["status"] == "passed"]
    assert passed and all(f'data-example-id="{i}"' not in body for i in passed)
    assert not set(passed) & set(asked)

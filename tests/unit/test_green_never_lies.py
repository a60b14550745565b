"""Issue 26, "a green site never lies": the cases tested by calling the code directly
(the whole pipeline's cases are rows of tests/unit/test_bad_input.py)."""

from __future__ import annotations

import re

import pytest

from engine.sphinxext.gherkin import parse_example
from engine.sphinxext.reading import checks_nothing


@pytest.mark.parametrize("body, line, words", [
    (["ならば x"], 0, "「ならば」がどの「前提」よりも前にある"),
    (["前提 x"], 0, "この例は何も確かめていない：「ならば」のステップがない"),
    (["前提 x", "もし y"], 1, "この例は何も確かめていない"),
    (["前提 x", "かつ z", "もし y"], 2, "この例は何も確かめていない"),
    (["もし y", "ならば x", "前提 x"], 1, "「ならば」がどの「前提」よりも前にある"),
])
def test_an_example_that_checks_nothing_says_so_in_japanese_at_its_line(body, line, words):
    found = checks_nothing("ja", parse_example("ja", "t", body).steps)
    assert [(at, words in message) for message, at in found] == [(line, True)], found


@pytest.mark.parametrize("body", [["前提 x", "ならば y"], ["前提 x", "もし y", "ならば z", "かつ w"],
                                  ["もし y", "前提 x", "ならば z"]])
def test_an_example_with_a_given_before_its_then_checks_something(body):
    assert checks_nothing("ja", parse_example("ja", "t", body).steps) == []



# -- case 6: two examples with one title in one document keep both their results ----------

def _scenario(ident: str, title: str) -> dict:
    return {"id": ident, "hash": "0123456789abcdef", "title": title, "line": 5, "outline": False,
            "body": ["假如 自己通常召唤「破坏龙 甘多拉」", "那么 「破坏龙 甘多拉」是通常召唤的怪兽"]}


def test_a_feature_keeps_every_example_whatever_their_titles(tmp_path):
    from pytest_bdd.parser import FeatureParser

    from engine.project import scenario_title
    from engine.sphinxext.gherkin import feature_text

    scenarios = [_scenario("a", "同名"), _scenario("b", "同名"), _scenario("c", "同名 (c)"), _scenario("d", "同名")]
    (tmp_path / "x.feature").write_text(feature_text(language="zh-CN", game="ygo", title="文档", source="x.rst",
                                                     scenarios=scenarios), encoding="utf-8")
    feature = FeatureParser(str(tmp_path), "x.feature", "utf-8").parse()
    found = {}
    for name, sc in feature.scenarios.items():
        ident = next(t.split(":", 1)[1] for t in sc.tags if t.startswith("rulings-id:"))
        found[ident] = scenario_title(name, ident, sc.tags)
    assert found == {"a": "同名", "b": "同名", "c": "同名 (c)", "d": "同名"}


def test_two_examples_with_one_title_both_keep_their_results(sandbox):
    from tests.unit.test_bad_input import GOOD, document, example

    wrong = GOOD.replace("仍然是", "不再是")
    sandbox.write("spec/ygo/same.rst", document("同名文档", example("same-a", title="同一个标题"),
                                                  example("same-b", wrong, title="同一个标题")))
    done = sandbox.rulings("check")
    results = sandbox.results()
    assert results["same-a"]["status"] == "passed", sandbox.output(done)
    assert results["same-b"]["status"] == "failed", sandbox.output(done)
    assert results["same-b"]["title"] == "同一个标题"
    assert re.search(r"same\.rst:\d+: failed: same-b ", done.stdout), done.stdout

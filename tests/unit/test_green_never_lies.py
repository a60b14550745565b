"""Issue 26, "a green site never lies": the cases tested by calling the code directly
(the whole pipeline's cases are rows of tests/unit/test_bad_input.py)."""

from __future__ import annotations

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


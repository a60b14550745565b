"""A body of steps alone is read without the official Gherkin parser
(``gherkin._steps_alone``); it must read exactly as the parser reads it: compared on every
example of spec/, on generated bodies of steps, and on lines chosen to sit on the edges
of the rule (keywords without text, other keywords at the start of a step's text,
whitespace of every kind, lines that are not steps).  Any difference, and any release of
the parser that reads such a body otherwise, fails here."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings.bench import real_examples
from rulings.project import GAMES
from rulings.sphinxext import gherkin
from rulings.sphinxext.gherkin import ExampleError, dialect, parse_example

ROOT = Path(__file__).resolve().parents[2]


def _read(language: str, body: list[str], fast: bool, monkeypatch) -> object:
    """What parse_example gives (or the error it raises), with or without the short way."""
    monkeypatch.setattr(gherkin, "_FAST", fast)
    try:
        return parse_example(language, "标题", body)
    except ExampleError as err:
        return ("error", err.message, err.line)


def _same(language: str, body: list[str], monkeypatch) -> None:
    official = _read(language, body, False, monkeypatch)
    ours = _read(language, body, True, monkeypatch)
    assert ours == official, body


def _bodies_of_spec() -> list[tuple[str, list[str]]]:
    out = []
    for game, blocks in real_examples(ROOT / "spec").items():
        language = GAMES[game][0]
        for block in blocks:
            # the directive's body: the indented lines after the options, dedented
            lines = [line[3:] for line in block[1:]]
            start = next(i for i, line in enumerate(lines) if not line.startswith(":"))
            out.append((language, lines[start:]))
    return out


def test_every_example_of_the_spec_reads_the_same(monkeypatch):
    bodies = _bodies_of_spec()
    assert len(bodies) > 300
    alone = 0
    for language, body in bodies:
        alone += gherkin._steps_alone(language, body) is not None
        _same(language, body, monkeypatch)
    # the short way is the common one
    assert alone > len(bodies) * 0.8


def _keywords(language: str) -> list[str]:
    d = dialect(language)
    return d.given_keywords + d.when_keywords + d.then_keywords + d.and_keywords + d.but_keywords


_SPACES = " \t\u3000\u00a0\x0b\x0c"
_TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r"), max_size=12)


@st.composite
def step_bodies(draw):
    # French has keywords that begin other keywords (Sachant / Sachant que)
    language = draw(st.sampled_from(["zh-CN", "ja", "en", "fr"]))
    words = _keywords(language)
    lines = []
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.integers(0, 9))
        if kind == 0:
            lines.append(draw(st.text(st.sampled_from(_SPACES), max_size=3)))  # a blank line
        elif kind == 1:
            lines.append(draw(_TEXT))  # anything at all
        else:
            lead = draw(st.text(st.sampled_from(_SPACES), max_size=2))
            word = draw(st.sampled_from(words))
            # the text may itself start with a keyword, a space or nothing
            text = draw(st.one_of(_TEXT, st.sampled_from(words).map(lambda w: w + "x"), st.just("")))
            lines.append(lead + word + text)
    return language, lines


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(step_bodies())
def test_generated_bodies_read_the_same(monkeypatch, case):
    language, body = case
    _same(language, body, monkeypatch)


@pytest.mark.parametrize("language, body", [
    ("zh-CN", ["假如 自己通常召唤「破坏龙 甘多拉」", "", "当 「破坏龙 甘多拉」变成里侧守备表示", "那么 它仍然是通常召唤的怪兽"]),
    ("zh-CN", ["假如", "当", "那么"]),                            # keywords without text
    ("zh-CN", ["假如假如 a", "而且当 b", "那么 c"]),                # a keyword right after a keyword
    ("zh-CN", ["而且 a", "那么 b"]),                                # cannot start with And
    ("zh-CN", ["假如 a", "# a comment", "那么 b"]),                  # not steps alone: the parser's
    ("zh-CN", ["假如 a", "  | x |", "那么 b"]),
    ("zh-CN", ["* a", "那么 b"]),
    ("zh-CN", ["假如 <x> 了", "那么 b"]),                            # a placeholder without a table
    ("ja", ["前提 あなたが 「x」 を唱える", "もし 裏向きになる", "ならば 表向きではない", "かつ y", "しかし z"]),
    ("ja", ["前提\u3000全角の空白", "ならば\tタブ"]),
    ("en", ["Given a", "And b", "When c", "Then d", "But e", "* f"]),
    ("en", ["Givena", "Then b"]),                                   # English keywords end with a space
    ("fr", ["Sachant que x", "Alors y", "Mais qu'il z"]),            # the longest keyword wins
])
def test_edge_cases_read_the_same(monkeypatch, language, body):
    _same(language, body, monkeypatch)

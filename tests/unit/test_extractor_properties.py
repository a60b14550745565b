"""Properties of the extractor, tried on many generated inputs (Hypothesis).

1. A body built from valid steps (and data tables) round-trips: the parsed example and
   the scenario in the written feature hold the same steps, in the same order.
2. Arbitrary text in a body never crashes: it parses, or raises ExampleError with a line
   inside the body; a real Sphinx build of such text reports each problem at file:line.
"""

from __future__ import annotations

import random
import re

from gherkin.parser import Parser
from gherkin.token_scanner import TokenScanner
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings.sphinxext.gherkin import ExampleError, dialect, feature_text, parse_example
from tests.conftest import FEW_CARDS

LANGUAGES = ("zh-CN", "ja")
# characters that end a line for docutils or Python, or mean something to Gherkin/rst
_LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
_TEXT = st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters=_LINE_BREAKS + "<>|\\")
step_text = (st.text(_TEXT, min_size=1, max_size=30).map(str.strip)
             .filter(lambda t: t and not t.startswith(("#", "@", '"""', "```"))))
cell = st.text(_TEXT, max_size=8).map(str.strip)


def _words(language: str, kind: str) -> list[str]:
    d = dialect(language)
    words = {"given": d.given_keywords, "when": d.when_keywords, "then": d.then_keywords,
             "and": d.and_keywords, "but": d.but_keywords}[kind]
    return [w.strip() for w in words if w.strip() != "*"]


@st.composite
def bodies(draw):
    language = draw(st.sampled_from(LANGUAGES))
    n = draw(st.integers(1, 6))
    steps = []
    for i in range(n):
        kind = "given" if i == 0 else draw(st.sampled_from(("given", "when", "then", "and", "but")))
        keyword = draw(st.sampled_from(_words(language, kind)))
        text = draw(step_text)
        table = None
        if draw(st.booleans()) and draw(st.booleans()):
            width = draw(st.integers(1, 3))
            table = draw(st.lists(st.lists(cell, min_size=width, max_size=width), min_size=1, max_size=3))
        steps.append((keyword, text, table))
    body = []
    for keyword, text, table in steps:
        body.append(f"{keyword} {text}")
        for row in table or []:
            body.append("  | " + " | ".join(row) + " |")
    return language, steps, body


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(bodies())
def test_valid_steps_round_trip_into_the_scenario(case):
    language, steps, body = case
    parsed = parse_example(language, "例", body)
    assert [(s.keyword, s.text, s.table) for s in parsed.steps] == steps
    # the body line of each step is where it was written
    assert [body[s.line] for s in parsed.steps] == [f"{k} {t}" for k, t, _ in steps]

    record = {"id": "prop-1", "hash": "0" * 16, "title": "例", "line": 1, "outline": False, "body": body}
    text = feature_text(language=language, game="g", title="T", source="spec/x.rst", scenarios=[record])
    document = Parser().parse(TokenScanner(text))
    (child,) = document["feature"]["children"]
    scenario = child["scenario"]
    got = [(s["keyword"].strip(), s["text"],
            [[c["value"] for c in r["cells"]] for r in s["dataTable"]["rows"]] if "dataTable" in s else None)
           for s in scenario["steps"]]
    assert got == steps
    assert [t["name"] for t in scenario["tags"]] == ["@rulings-id:prop-1", "@rulings-hash:" + "0" * 16]


any_line = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters=_LINE_BREAKS), max_size=40)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(LANGUAGES), st.lists(any_line, max_size=8))
def test_arbitrary_text_gives_an_error_with_a_line_or_a_scenario(language, body):
    try:
        parsed = parse_example(language, "例", body)
    except ExampleError as err:
        assert err.message
        assert err.line is None or 0 <= err.line < max(len(body), 1), (err.line, body)
    else:
        assert parsed.steps
        for step in parsed.steps:
            assert 0 <= step.line < len(body)


def _garbage(rng: random.Random) -> list[str]:
    pieces = ["假如", "当", "那么", "而且", "Given", "前提", "|", " | a | b |", "<x>", "例子:", "Examples:", "@tag",
              '"""', "#", "「破坏龙 甘多拉」", "召唤", "::", ".. ", ":id: x", "`", "*", "\t", "\x00", "\u200b",
              "<script>", "&amp;", "　"]
    lines = []
    for _ in range(rng.randint(0, 6)):
        lines.append("".join(rng.choice(pieces) + (" " if rng.random() < .5 else "") for _ in range(rng.randint(0, 5))))
    return lines


@pytest.mark.sandbox_cards(*FEW_CARDS)
def test_a_real_build_of_generated_bodies_reports_each_problem_at_its_line(sandbox, monkeypatch):
    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    rng = random.Random(6)
    parts, starts = ["======\n随机\n======\n"], []
    line = 4
    for i in range(40):
        body = _garbage(rng)
        block = f"\n.. example:: 随机 {i}\n   :id: fuzz-{i}\n\n" + "".join(f"   {b}\n" for b in body)
        starts.append(line + 1)
        parts.append(block)
        line += block.count("\n")
    sandbox.write("spec/ygo/fuzz.rst", "".join(parts))
    from rulings.sphinxext.build import Paths, build

    outcome = build(Paths(sandbox.root), "gherkin")
    assert not (sandbox.build / "gherkin-crash.txt").exists(), (sandbox.build / "gherkin-crash.txt").read_text()
    manifest = sandbox.manifest()
    for warning in outcome.warnings:
        assert re.search(r"fuzz\.rst:\d+: (WARNING|ERROR)", warning) or not warning.startswith("/"), warning
    for i in range(40):
        record = manifest.get(f"fuzz-{i}")
        if record is None:  # docutils itself refused the directive: said so at its line
            assert any(f"fuzz.rst:{starts[i]}:" in w for w in outcome.warnings), (i, outcome.warnings)
            continue
        if not record["extracted"]:
            assert record["error"]
            assert any(re.search(rf"fuzz\.rst:\d+: .*fuzz-{i}\b|fuzz\.rst:{starts[i]}:", w)
                       for w in outcome.warnings), (i, record, outcome.warnings)

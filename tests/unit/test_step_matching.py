"""Matching a step in one pass (PhraseBook.read) decides exactly what trying every phrase
of the vocabulary, one regex at a time, decides: over every step of the project's
documents, and over near misses of them."""

import re
import textwrap
from pathlib import Path

import pytest

from rulings import vocabulary as vocab_mod
from rulings.sphinxext.gherkin import ExampleError, parse_example

SPEC = Path(__file__).resolve().parents[2] / "spec"
_DIRECTIVE = re.compile(r"^\.\. example::(.*)$")


def _bodies(text: str):
    """(title, body lines) of each example directive of a document."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = _DIRECTIVE.match(line)
        if not m:
            continue
        block = []
        for later in lines[i + 1:]:
            if later.strip() and not later.startswith((" ", "\t")):
                break
            block.append(later)
        body = textwrap.dedent("\n".join(block)).splitlines()
        if body and re.match(r"^:\w+:", body[0]):
            # the options (a value may go on over several lines) end at the first blank line
            body = body[body.index(""):] if "" in body else []
        yield m.group(1).strip(), body


def steps_of(game: str) -> list[tuple[str, str]]:
    language = vocab_mod.load(game).language
    out = []
    for path in sorted((SPEC / game).rglob("*.rst")):
        for title, body in _bodies(path.read_text(encoding="utf-8")):
            try:
                parsed = parse_example(language, title, body)
            except ExampleError:
                continue
            out += [(step.kind, text) for instance in parsed.instances() for step, text in instance]
    return out


def _ranked(vocabulary) -> tuple[dict[str, int], dict[str, list]]:
    """(fixed characters of each template, {kind: [(phrase, its regex compiled here)], most
    fixed characters first}): made once per vocabulary (the same for every step)."""
    specificity = {p.template: len(re.sub(r"\{(\w+)(?::(\w+))?\}", "", p.template)) for p in vocabulary.phrases}
    ranked = {kind: [(p, re.compile(p.regex)) for p in sorted((p for p in vocabulary.phrases if p.kind == kind),
                                                               key=lambda p: -specificity[p.template])]
              for kind in {p.kind for p in vocabulary.phrases}}
    return specificity, ranked


def naive(vocabulary, kind: str, text: str, ranked=None):
    """What the matching decided before it was one pass: every phrase compiled and tried
    (``ranked``: ``_ranked(vocabulary)``, when it is already made)."""
    specificity, ranked = ranked or _ranked(vocabulary)
    found = [(p, m) for p, regex in ranked.get(kind, ()) if (m := regex.fullmatch(text))]
    if not found:
        return None
    phrase, m = found[0]
    tied = [p.template for p, _ in found if specificity[p.template] == specificity[phrase.template]]
    raw = {k: v for k, v in m.groupdict().items() if not k.endswith("__copy")}
    cards = [raw[name] for name, term in phrase.params if term.names_card]
    return phrase, raw, tied if len(tied) > 1 else [], cards


@pytest.mark.parametrize("game", sorted(vocab_mod.available_games()))
def test_one_pass_decides_what_trying_every_phrase_decides(game):
    vocabulary = vocab_mod.load(game)
    steps = steps_of(game)
    assert len(steps) > 50, "the documents' steps were not found"
    # near misses: no phrase matches, or another one does
    probes = steps + [(kind, text + "了") for kind, text in steps[::7]] + [(kind, text[1:]) for kind, text in steps[::7]]
    probes += [(other, text) for kind, text in steps[::11] for other in vocab_mod.STEP_KINDS if other != kind]
    matched = 0
    ranked = _ranked(vocabulary)
    for kind, text in probes:
        expected = naive(vocabulary, kind, text, ranked)
        found = vocabulary.read(kind, text)
        if expected is None:
            assert found is None and vocabulary.raw_match(kind, text) is None, (kind, text)
            assert vocabulary.match(kind, text) is None and vocabulary.card_names_in(kind, text) == []
            continue
        matched += 1
        phrase, raw, tied, cards = expected
        assert (found.phrase, found.raw, list(found.tied), found.card_names) == (phrase, raw, tied, cards), (kind, text)
        assert vocabulary.raw_match(kind, text) == (phrase, raw)
        assert vocabulary.ambiguous(kind, text) == tied
        assert vocabulary.card_names_in(kind, text) == cards
        assert vocabulary.match(kind, text)[0] is phrase
    assert matched >= len(steps) * 0.9


def test_a_tie_is_reported_whatever_the_order_of_registration():
    book = vocab_mod.PhraseBook("test", "zh-CN")
    book.term(vocab_mod.Term("card", r"[^「」]+", names_card=True))
    book.term(vocab_mod.Term("x", r"[甲乙]"))
    book.phrase("given", "{x}召唤「{card}」")(lambda world, x, card: None)
    book.phrase("given", "召唤「{card}」{x}")(lambda world, x, card: None)
    book.phrase("given", "召唤「{card}」")(lambda world, card: None)
    book.phrase("given", "甲召唤「{card}」甲")(lambda world, card: None)
    found = book.read("given", "甲召唤「丙」甲")
    assert found.phrase.template == "甲召唤「{card}」甲" and found.tied == ()
    found = book.read("given", "甲召唤「丙」")
    assert found.phrase.template == "{x}召唤「{card}」" and found.tied == () and found.card_names == ["丙"]
    book.phrase("given", "{x}召唤「丙」")(lambda world, x: None)
    assert book.read("given", "甲召唤「丙」").tied == ()  # more fixed characters: chosen alone
    book.phrase("given", "甲召唤「{card}」")(lambda world, card: None)
    assert book.ambiguous("given", "乙召唤「丙」") == []
    assert set(book.read("given", "甲召唤「丙」").tied) == {"{x}召唤「丙」", "甲召唤「{card}」"}
    assert book.read("given", "召唤「丙」乙").raw == {"card": "丙", "x": "乙"}
    assert book.read("given", "召唤「丙」丁") is None

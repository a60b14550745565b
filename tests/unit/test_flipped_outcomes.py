"""Every documented example asserts something the engine computes.

Each Then step of each example is flipped — 是↔不是, 可以↔不能, a number changed, a place
or other closed word swapped for another — and the example must then fail at that very
step with ExpectationFailed: for the reason it asserts, not because the flipped step is
undefined or the engine breaks.  (Issue 3: "flipping the expected outcome of any example
makes it fail for the reason that it asserts".)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pytest_bdd.feature import get_features

from engine import vocabulary as vocab_mod
from engine.bdd import _game_of, extract
from engine.sphinxext.build import Paths, find_root
from engine.core.errors import RulingsError
from engine.vocabulary import ExpectationFailed

ROOT = find_root(Path(__file__).parent)


def _documented():
    extract(ROOT)
    files = sorted(Paths(ROOT).features.rglob("*.feature"))
    for feature in get_features([str(p) for p in files]):
        game = _game_of(Path(feature.filename))
        for template in feature.scenarios.values():
            example_id = next(t.split(":", 1)[1] for t in template.tags if t.startswith("rulings-id:"))
            contexts = [ctx for ex in template.examples for ctx in ex.as_contexts()] if template.examples else [{}]
            yield game, example_id, [template.render(ctx) for ctx in contexts], "rulings-pending" in template.tags


EXAMPLES = list(_documented())


#: a step that states an absence ("は護法{2}を持たない") stays true when its number changes
NEGATIVE = re.compile(r"ない|不|没|無|无")


def _alternatives(term: vocab_mod.Term, word: str, negative: bool) -> tuple[list[str], list[str]]:
    """(negations, other claims) of one placeholder's word.  A negation (是→不是, 可以→不能,
    1800→1801) must make the step fail; another claim (在墓地→在场上, 同调→X) may also be
    true, so it only counts when it fails."""
    if term.names_card:
        return [], []  # what the step is about, not what it states
    table = getattr(term.convert, "__self__", None)
    if isinstance(table, dict):
        others = [w for w in sorted(table) if table[w] != table[word]]
        if isinstance(table[word], bool):
            return others[:1], []
        return [], others[:3]
    number = re.search(r"[0-9]+", word)
    if number:  # 1800 → 1801, 6/6 → 7/6
        changed = [word[:number.start()] + str(int(number.group()) + 1) + word[number.end():]]
        return ([], changed) if negative else (changed, [])
    return [], []


def flipped(vocabulary: vocab_mod.Vocabulary, text: str) -> list[tuple[str, bool]]:
    """Variants of a Then step, each with whether it must fail."""
    found = vocabulary.raw_match("then", text)
    if found is None:
        return []
    phrase, _ = found
    m = phrase.compiled.fullmatch(text)
    out = []
    for name, term in phrase.params:
        start, end = m.span(name)
        negations, others = _alternatives(term, m.group(name), bool(NEGATIVE.search(text)))
        for words, must_fail in ((negations, True), (others, False)):
            for word in words:
                candidate = text[:start] + word + text[end:]
                if vocabulary.raw_match("then", candidate) is not None:
                    out.append((candidate, must_fail))
    return out


def run(vocabulary, scenario, replace: tuple[int, str, list | None] | None = None
        ) -> tuple[int, BaseException | None]:
    world = vocabulary.new_world()
    for i, step in enumerate(scenario.steps):
        text = replace[1] if replace and replace[0] == i else step.name
        found = vocabulary.match(step.type, text)
        if found is None:
            return i, LookupError(f"undefined: {text}")
        table = step.datatable.raw() if step.datatable else None
        if replace and replace[0] == i and replace[2] is not None:
            table = replace[2]
        try:
            vocab_mod.run_step(found[0], world, found[1], table)
        except Exception as err:  # noqa: BLE001 - the kind of failure is what we check
            return i, err
    return len(scenario.steps), None


@pytest.mark.parametrize("game,example_id,scenarios,pending", EXAMPLES, ids=[e[1] for e in EXAMPLES])
def test_flipping_a_then_fails_at_that_step(game, example_id, scenarios, pending):
    vocabulary = vocab_mod.load(game)
    flips = 0
    for scenario in scenarios:
        if pending:
            continue
        for i, step in enumerate(scenario.steps):
            if step.type != "then":
                continue
            variants = [(text, must_fail, None) for text, must_fail in flipped(vocabulary, step.name)]
            if step.datatable and len(step.datatable.raw()) > 1:
                # a Then that compares a table: a cell that says something else
                rows = [list(r) for r in step.datatable.raw()]
                rows[-1][-1] += "（改）"
                variants.append((step.name, True, rows))
            for text, must_fail, table in variants:
                at, err = run(vocabulary, scenario, (i, text, table))
                failed_here = isinstance(err, ExpectationFailed) and at == i
                # another claim may be true, or name a card that player does not have
                refused = isinstance(err, RulingsError) and at == i
                if must_fail or (err is not None and not refused):
                    assert failed_here, (
                        f"{example_id}: flipped {step.name!r} → {text!r} gave "
                        f"{type(err).__name__ if err else 'a pass'} at step {at + 1}: {err}")
                flips += failed_here
    if not pending:
        assert flips, f"{example_id}: no Then step of this example states an outcome that can be flipped"

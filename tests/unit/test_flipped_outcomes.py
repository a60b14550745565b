"""Every documented example asserts something the engine computes.

Each Then step of each example is flipped — 是↔不是, 可以↔不能, a number changed, a place
or other closed word swapped for another — and the example must then fail at that very
step with ExpectationFailed: for the reason it asserts, not because the flipped step is
undefined or the engine breaks.  (Issue 3: "flipping the expected outcome of any example
makes it fail for the reason that it asserts".)  Issue 12: every Then step needs such a
failing flip, not one per example (NOT_FLIPPABLE lists the phrases that cannot have
one, with why), and words that exclude each other — a place, a zone, a controller, a
summon method — are must-fail flips.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from rulings import vocabulary as vocab_mod
from rulings.core.errors import RulingsError
from rulings.incremental import read_manifest
from rulings.project import Paths, find_root
from rulings.runner import runner_for
from rulings.scenarios import Example, documented, run
from rulings.scenarios import run as run_alone
from rulings.vocabulary import ExpectationFailed
from tests.conftest import extract_once

ROOT = find_root(Path(__file__).parent)
extract_once()
#: each document that holds examples -> the ids of its examples, as the extraction's
#: manifest lists them (read at collection; the features are parsed by the first test
#: that runs: ``examples``)
DOCUMENTS: dict[str, list[str]] = {}
for _entry in read_manifest(Paths(ROOT).features):
    DOCUMENTS.setdefault(_entry["docname"], []).append(_entry["id"])

#: one worker of ``make test`` runs this module: the features are parsed in one process
pytestmark = pytest.mark.xdist_group("flipped")


@cache
def examples() -> dict[str, Example]:
    """Every documented example by its id, parsed once per process; none that the
    manifest does not list."""
    found = {e.id: e for e in documented(Paths(ROOT))}
    listed = {i for ids in DOCUMENTS.values() for i in ids}
    assert set(found) == listed, f"the features and the manifest disagree: {sorted(set(found) ^ listed)[:10]}"
    return found


#: a step that states an absence ("は護法{2}を持たない") stays true when its number changes
NEGATIVE = re.compile(r"ない|不|没|無|无")

#: words that exclude each other: a card is in one place, one zone, under one controller,
#: came by one summon method.  Changing one for another must make the step fail.
EXCLUSIVE_TERMS = {
    "ygo": {"place", "source", "end", "method"},
    "mtg": {"zone"},
    "dm": {"zone"},
}
#: phrases in which the player is where a card is or who controls / decides (one player);
#: elsewhere ("{player}可以发动…") both players may well be right
EXCLUSIVE_PLAYER = {
    "「{card}」在{player}的{source}", "「{card}」在{player}的卡组最{end}", "「{card}」在{player}场上",
    "「{card}」的{label}效果由{player}发动", "「{card}」的{label}效果由{player}决定是否发动",
    "「{card}」は{player}がコントロールしている",
    "「{card}」は{player}の{zone}にある", "「{card}」は{player}の山札の上から{n}枚目にある", "今は{player}のターンである",
}
#: pairs of words that are both true of one card by a rule, so that changing one for the
#: other need not fail.  Summon methods: what a monster came by is kept and stacks
#: (spec/ygo/face-down-and-temporary-banish.rst, ygo-fd-summon-methods-stack), so a flip
#: summon or a gemini summon again can follow any summon of the same monster, and a
#: gemini summon again is a Normal Summon; the other pairs exclude each other.
_EXTRA = ("synchro", "xyz", "fusion", "ritual", "link", "pendulum")
BOTH_TRUE = {
    *(frozenset({"flip", m}) for m in ("normal", "tribute", "special", "gemini", *_EXTRA)),
    *(frozenset({"gemini", m}) for m in ("normal", "tribute", "special", *_EXTRA)),
    # a Tribute Summon is a Normal Summon; a gemini summoned again after a special summon
    # is both a Normal Summoned and a special summoned monster
    frozenset({"normal", "tribute"}), frozenset({"normal", "special"}),
    # an extra deck or ritual or pendulum summon is a special summon
    *(frozenset({"special", m}) for m in _EXTRA),
}

#: Then phrases no change of a word can make fail, each with why.  Every other Then step
#: of every example must have a flip that fails at that step.  Empty today: every Then
#: phrase states its outcome with a word that has an opposite (である/ではない, 在/不在,
#: a number); a new phrase that cannot be flipped goes here with its reason.
NOT_FLIPPABLE: dict[str, str] = {}


def _alternatives(game: str, template: str, name: str, term: vocab_mod.Term, word: str,
                  negative: bool) -> tuple[list[str], list[str]]:
    """(must-fail changes, other claims) of one placeholder's word.  A negation (是→不是,
    可以→不能, 1800→1801) and a word that excludes this one (在墓地→在场上, 自己场上→对方场上,
    同调召唤→X召唤) must make the step fail; another claim (被破坏→被送去墓地) may also be
    true, so it only counts when it fails."""
    if term.names_card:
        return [], []  # what the step is about, not what it states
    table = getattr(term.convert, "__self__", None)
    if isinstance(table, dict):
        others = [w for w in sorted(table) if table[w] != table[word]]
        if isinstance(table[word], bool):
            return others[:1], []
        exclusive = term.name in EXCLUSIVE_TERMS.get(game, ()) or (term.name == "player" and template in EXCLUSIVE_PLAYER)
        if exclusive and not negative:  # "not in the graveyard" is true of every other place too
            # one word per value (X召唤 and 超量召唤 are one method)
            by_value = {}
            for w in others:
                by_value.setdefault(table[w], w)
            must = [w for v, w in by_value.items() if frozenset({v, table[word]}) not in BOTH_TRUE]
            return must, [w for w in by_value.values() if w not in must]
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
        must_fail, others = _alternatives(vocabulary.game, phrase.template, name, term, m.group(name),
                                          bool(NEGATIVE.search(text)))
        for words, must in ((must_fail, True), (others, False)):
            for word in words:
                candidate = text[:start] + word + text[end:]
                if vocabulary.raw_match("then", candidate) is not None:
                    out.append((candidate, must))
    return out


def _variants(vocabulary: vocab_mod.Vocabulary, step) -> list[tuple[str, bool, list | None]]:
    """(text, must it fail, table or None) of each flip of a Then step."""
    variants = [(text, must_fail, None) for text, must_fail in flipped(vocabulary, step.name)]
    if step.datatable and len(step.datatable.raw()) > 1:
        # a Then that compares a table: a cell that says something else
        rows = [list(r) for r in step.datatable.raw()]
        rows[-1][-1] += "（改）"
        variants.append((step.name, True, rows))
    return variants


def flip_runs(vocabulary: vocab_mod.Vocabulary, scenario) -> list[tuple[int, list]]:
    """(index of each Then step, [(text, must_fail, table, at, err) of each of its flips]): what
    ``run(vocabulary, scenario, (i, text, table))`` gives each flip — the index of the
    step that raised (or the number of steps) and the error — with the steps of the
    scenario run once for all its flips, not once per flip (issue 23).

    The scenario runs once; at each Then step, every flip of it is tried on the world as
    the steps before left it, then the step itself runs.  A fresh run of a flip meets
    that same world as long as the flips before it left the game as they found it: the
    game's fingerprint (``rulings.core.state``, what ``vocabulary.run_step`` checks a
    Then against) is taken before the flips, and the step itself, run after them with
    that fingerprint as the one it found (``Runner.step``'s ``before``), is checked to
    leave the game as the flips found it (a change by a flip or by the step fails the
    step).  A flip that fails gives (its step, its error); a
    flip that passes gives what the steps after it give, which are the scenario's own:
    (the number of steps, None) when they all pass on that world.  Where that cannot be
    known — a step of the scenario raised, a flip changed the game — the flips
    concerned are run afresh, as they were one by one."""
    runner = runner_for(vocabulary)
    world = vocabulary.new_world()
    real = getattr(world, "fingerprint", None)
    shared = real is not None  # no fingerprint: every flip afresh
    tried: list[tuple[int, list, list]] = []  # (step, its flips, outcome of each or None: passed)
    for i, step in enumerate(scenario.steps):
        table = step.datatable.raw() if step.datatable else None
        variants = _variants(vocabulary, step) if step.type == "then" else []
        outcomes = [None] * len(variants)
        if shared:
            if step.type == "then":
                before = runner.observed(world)  # a Then after a Then: the game that one left
                if before is None:
                    before = real()
                # each flip meets the game as ``before`` is (checked by the step itself):
                # the fingerprint the runner takes around each (``vocabulary.observe``) is that one
                world.fingerprint = lambda: before
                try:
                    for k, (text, _must, replaced) in enumerate(variants):
                        try:
                            runner.step(world, "then", text, table if replaced is None else replaced)
                        except Exception as err:  # noqa: BLE001 - the kind of failure is what the test checks
                            outcomes[k] = (i, err)
                finally:
                    del world.fingerprint
            try:
                # the step itself: the game as the flips found it, before it; the game's own after it
                runner.step(world, step.type, step.name, table, before=before if step.type == "then" else None)
            except Exception:  # noqa: BLE001 - the example fails here, or a flip changed the game
                outcomes, shared = [None] * len(variants), False
        if step.type == "then":
            tried.append((i, variants, outcomes))
    def outcome_of(i: int, text: str, replaced, outcome) -> tuple[int, BaseException | None]:
        if outcome is not None:
            return outcome
        # shared still: every step passed, each after the flips before it, so a flip
        # that passed is followed by steps that pass
        return (len(scenario.steps), None) if shared else run(vocabulary, scenario, (i, text, replaced))

    return [(i, [(text, must_fail, replaced, *outcome_of(i, text, replaced, outcome))
                 for (text, must_fail, replaced), outcome in zip(variants, outcomes)])
            for i, variants, outcomes in tried]


def flip_problems(game: str, example_id: str, scenarios) -> list[str]:
    """What is wrong with the flips of one example: a must-fail flip, or a flip that
    raised, that did not fail at its own step with ExpectationFailed; a Then step with
    no failing flip (unless its phrase is in NOT_FLIPPABLE)."""
    vocabulary = vocab_mod.load(game)
    problems, unflipped = [], []
    for scenario in scenarios:
        for i, runs in flip_runs(vocabulary, scenario):
            step = scenario.steps[i]
            flips = 0
            for text, must_fail, _table, at, err in runs:
                failed_here = isinstance(err, ExpectationFailed) and at == i
                # another claim may be true, or name a card that player does not have
                refused = isinstance(err, RulingsError) and at == i
                if (must_fail or (err is not None and not refused)) and not failed_here:
                    problems.append(f"{example_id}: flipped {step.name!r} → {text!r} gave "
                                    f"{type(err).__name__ if err else 'a pass'} at step {at + 1}: {err}")
                flips += failed_here
            if not flips and vocabulary.raw_match("then", step.name)[0].template not in NOT_FLIPPABLE:
                unflipped.append(step.name)
    if unflipped:
        problems.append(f"{example_id}: no flip of these Then steps fails (a Then that checks nothing, or "
                        f"a phrase for NOT_FLIPPABLE, with why): {unflipped}")
    return problems


@pytest.mark.parametrize("document", DOCUMENTS)
def test_flipping_a_then_fails_at_that_step(document):
    """Every Then step of every example of the document has a flip that fails at that
    very step (unless its phrase is in NOT_FLIPPABLE), and every must-fail flip fails
    there; every example's problems are said, each naming its example.  One test per
    document, not per example (issue 23: pytest-xdist's traffic for 1 050 tests of a
    few milliseconds each was about as long as the tests)."""
    problems = []
    for example_id in DOCUMENTS[document]:
        example = examples()[example_id]
        if not example.pending:
            problems += flip_problems(example.game, example.id, example.scenarios)
    assert not problems, "\n".join(problems)


def test_not_flippable_phrases_exist():
    """The allow-list names phrases of the vocabularies (none is left over)."""
    templates = {p.template for g in ("ygo", "mtg", "dm") for p in vocab_mod.load(g).phrases if p.kind == "then"}
    assert set(NOT_FLIPPABLE) <= templates, set(NOT_FLIPPABLE) - templates


def _some_examples(per_game: int = 8):
    """(vocabulary, scenarios) of the first examples of each game that are not pending."""
    out, counts = [], {}
    for example in examples().values():
        if not example.pending and counts.get(example.game, 0) < per_game:
            counts[example.game] = counts.get(example.game, 0) + 1
            out.append((vocab_mod.load(example.game), example.scenarios))
    return out


@pytest.mark.parametrize("failed_then_changes_game", [False, True], ids=["then-observes", "failed-then-changes-game"])
def test_flips_tried_in_one_run_give_what_each_run_alone_gives(monkeypatch, failed_then_changes_game):
    """``flip_runs`` gives every flip what a fresh run of the scenario with that flip
    gives; when a failing flip leaves the game changed (a Then that takes cards away
    as it fails), the flips concerned are run afresh and still agree."""
    if failed_then_changes_game:
        real_run = vocab_mod.Phrase.run

        def takes_cards_away(self, world, arguments, table=None):
            try:
                return real_run(self, world, arguments, table)
            except ExpectationFailed:
                # the cards of the first zone that has any are gone: what a step after
                # this one on the same world would meet
                for zone in world.board.zones.values():
                    if zone.cards:
                        zone.cards.clear()
                        break
                raise

        monkeypatch.setattr(vocab_mod.Phrase, "run", takes_cards_away)
    afresh = []
    monkeypatch.setitem(globals(), "run", lambda *a: afresh.append(a) or run_alone(*a))
    compared = 0
    for vocabulary, scenarios in _some_examples():
        for scenario in scenarios:
            for i, runs in flip_runs(vocabulary, scenario):
                for text, _must, table, at, err in runs:
                    alone = run_alone(vocabulary, scenario, (i, text, table))
                    assert (at, type(err), str(err)) == (alone[0], type(alone[1]), str(alone[1])), (i, text)
                    compared += 1
    assert compared > 100
    # the flips that changed the game were run afresh, and only then
    assert bool(afresh) == failed_then_changes_game

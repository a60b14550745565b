"""The documented examples as scenarios, run in this process: no build, no pytest session
per run.  What the coverage tool (``rulings.coverage``), the flipped-outcome test and the
tests of the coverage tool share.

The features must be up to date (``rulings`` extracts them first; a test session calls
``rulings.bdd.extract``); this module only reads them, with pytest-bdd's Gherkin parser,
and runs their steps through the game's vocabulary, as the binding does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pytest_bdd.parser import FeatureParser

from rulings import vocabulary as vocab_mod
from rulings.incremental import phrase_id
from rulings.project import Paths, feature_files, game_of
from rulings.runner import runner_for


@dataclass(frozen=True)
class Example:
    """One documented example: its game, id, scenarios (one per row of an outline) and
    whether it is pending (its outcome does not count)."""

    game: str
    id: str
    scenarios: tuple[Any, ...]
    pending: bool

    def names(self, card: str) -> bool:
        """Whether a step of the example (or a step's table) names ``card``: a card comes
        into an example only by being named."""
        return any(names_card(scenario, card) for scenario in self.scenarios)


def documented(paths: Paths, games: set[str] | None = None) -> list[Example]:
    """Every extracted example (of ``games``), in the order of the features.  Each
    feature is parsed afresh (pytest-bdd's ``get_features`` keeps what it parsed for the
    life of the process, which would hide an edit from a later call)."""
    out = []
    for path in feature_files(paths, games):
        feature = FeatureParser(str(path.parent), path.name, "utf-8").parse()
        game = game_of(path)
        for template in feature.scenarios.values():
            example_id = next(t.split(":", 1)[1] for t in template.tags if t.startswith("rulings-id:"))
            contexts = [ctx for ex in template.examples for ctx in ex.as_contexts()] if template.examples else [{}]
            out.append(Example(game, example_id, tuple(template.render(ctx) for ctx in contexts),
                               "rulings-pending" in template.tags))
    return out


def names_card(scenario, card: str) -> bool:
    mark = f"「{card}」"
    return any(mark in step.name or card in str(step.datatable.raw() if step.datatable else "")
               for step in scenario.steps)


def phrases_of(vocabulary: vocab_mod.Vocabulary, example: Example) -> list[str]:
    """The phrases (``rulings.incremental.phrase_id``) the steps of ``example`` match now:
    what its record says they matched when it was read, as long as the vocabulary is the
    one it was read against (tests/unit/test_vocabulary_match.py compares them)."""
    found = set()
    for scenario in example.scenarios:
        for step in scenario.steps:
            match = vocabulary.read(step.type, step.name)
            if match is not None:
                found.add(phrase_id(vocabulary.game, match.phrase.kind, match.phrase.template))
    return sorted(found)


def run(vocabulary: vocab_mod.Vocabulary, scenario, replace: tuple[int, str, list | None] | None = None,
        recorded: list[str] | None = None) -> tuple[int, BaseException | None]:
    """Run a scenario on a fresh world (maybe with one step's text and table replaced)
    through the one runner (``rulings.runner``, as the binding runs each step): (the
    index of the step that raised, or the number of steps; the error or None).
    ``recorded``: the phrases its example matched when it was read; a step that matches
    another phrase now (a vocabulary changed since) raises ``runner.ReadOtherwise``."""
    return runner_for(vocabulary).scenario(scenario.steps, recorded, replace)


def fails(vocabulary: vocab_mod.Vocabulary, example: Example) -> BaseException | None:
    """The first error of any scenario of ``example``, or None when all of them pass."""
    for scenario in example.scenarios:
        _at, err = run(vocabulary, scenario)
        if err is not None:
            return err
    return None

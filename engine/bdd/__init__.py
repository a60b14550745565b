"""The pytest-bdd binding: documented examples become pytest items.

``bind("ygo")`` in a test module brings the features up to date (once per session),
registers the game's vocabulary as step definitions, a ``world`` fixture (a fresh game
per scenario), and one test per documented example.

The vocabulary is registered as one step definition per step kind whose parser asks the
vocabulary which phrase matches.  pytest-bdd looks a step up by trying every step
fixture of the session, which with one fixture per phrase cost more than the games
themselves (2000 examples: 11 s, half of it in that lookup); the phrase matching is the
vocabulary's own, the same the Sphinx extension and the CLI use.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from pytest_bdd import given, parsers, scenario, then, when
from pytest_bdd.feature import get_features

from engine import vocabulary as vocab_mod
from engine.cardformat import use_cards_dir
from engine.sphinxext.build import BuildOutcome, Paths, build, find_root

_DECORATORS = {"given": given, "when": when, "then": then}
_extraction: dict[Path, BuildOutcome] = {}


def extract(root: Path) -> BuildOutcome:
    """Bring build/features up to date with the documents (once per process)."""
    if root not in _extraction:
        _extraction[root] = build(Paths(root), "gherkin")
        # the engine reads the cards this extraction wrote
        use_cards_dir(Paths(root).cards)
    return _extraction[root]


class PhraseParser(parsers.StepParser):
    """Matches the steps that a phrase of one kind in the vocabulary matches."""

    def __init__(self, vocabulary: vocab_mod.Vocabulary, kind: str) -> None:
        super().__init__(f"rulings {vocabulary.game} {kind} phrases")
        self.vocabulary, self.kind = vocabulary, kind
        self._matches: dict[str, tuple | None] = {}

    def match(self, text: str):
        if text not in self._matches:
            self._matches[text] = self.vocabulary.match(self.kind, text)
        return self._matches[text]

    def is_matching(self, name: str) -> bool:
        return self.match(name) is not None

    def parse_arguments(self, name: str) -> dict[str, str]:
        return {"step_text": name}


def _step_function(parser: PhraseParser):
    def run_step(world, step_text, datatable=None):
        phrase, arguments = parser.match(step_text)
        # a Then that changes the game is an error of the vocabulary (ThenChangedGame)
        return vocab_mod.run_step(phrase, world, arguments, datatable)

    run_step.__name__ = f"rulings_{parser.vocabulary.game}_{parser.kind}"
    return run_step


def _game_of(feature_file: Path) -> str | None:
    with feature_file.open(encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\s*@rulings-game:(\S+)", line)
            if m:
                return m.group(1)
            if not line.startswith("#") and line.strip():
                break
    return None


def bind(game: str) -> None:
    """Make the calling test module run every documented example of ``game``.

    Call it at the top level of a test module: pytest-bdd registers step definitions
    and scenarios in the module that calls its decorators (``stacklevel=2`` below).
    """
    namespace = sys._getframe(1).f_globals
    root = find_root(Path(namespace.get("__file__", ".")).parent)
    extract(root)
    vocabulary = vocab_mod.load(game)

    @pytest.fixture
    def world():
        return vocabulary.new_world()

    namespace["world"] = world
    for kind in vocab_mod.STEP_KINDS:
        parser = PhraseParser(vocabulary, kind)
        _DECORATORS[kind](parser, stacklevel=2)(_step_function(parser))

    features_dir = Paths(root).features
    files = sorted(p for p in features_dir.rglob("*.feature") if _game_of(p) == game)
    for feature in get_features([str(p) for p in files]):
        for name, sc in feature.scenarios.items():
            example_id = next((t.split(":", 1)[1] for t in sc.tags if t.startswith("rulings-id:")), name)
            test = scenario(feature.filename, name, features_base_dir=str(features_dir))(_noop())
            base = f"test_{re.sub(r'[^0-9a-zA-Z_]', '_', example_id)}"
            # ids that differ only in punctuation (a-b, a_b) must not hide one another
            test_name, n = base, 1
            while test_name in namespace:
                n += 1
                test_name = f"{base}_{n}"
            namespace[test_name] = test


def _noop():
    def example() -> None:
        pass

    return example

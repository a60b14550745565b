"""The pytest-bdd binding: documented examples become pytest items.

``bind("ygo")`` in a test module brings the features up to date (once per session),
registers one step definition per phrase of the game's vocabulary, a ``world`` fixture
(a fresh game per scenario), and one test per documented example.
"""

from __future__ import annotations

import inspect
import re
import sys
from pathlib import Path

import pytest
from pytest_bdd import given, parsers, scenario, then, when
from pytest_bdd.feature import get_features

from engine import vocabulary as vocab_mod
from engine.sphinxext.build import BuildOutcome, Paths, build, find_root

_DECORATORS = {"given": given, "when": when, "then": then}
_extraction: dict[Path, BuildOutcome] = {}


def extract(root: Path) -> BuildOutcome:
    """Bring build/features up to date with the documents (once per process)."""
    if root not in _extraction:
        _extraction[root] = build(Paths(root), "gherkin")
    return _extraction[root]


def _step_function(phrase: vocab_mod.Phrase):
    names = [name for name, _ in phrase.params]

    def run_step(world, datatable=None, **arguments):
        return phrase.run(world, arguments, datatable)

    params = [inspect.Parameter("world", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    params += [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY) for n in names]
    params.append(inspect.Parameter("datatable", inspect.Parameter.KEYWORD_ONLY, default=None))
    run_step.__signature__ = inspect.Signature(params)
    run_step.__name__ = f"{phrase.kind}: {phrase.template}"
    run_step.__doc__ = phrase.description
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
    for phrase in vocabulary.phrases:
        _DECORATORS[phrase.kind](parsers.re(phrase.regex), converters=phrase.converters(),
                                 stacklevel=2)(_step_function(phrase))

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

"""The one runner: how the steps of a documented example run, whoever asks.

The pytest-bdd binding (``rulings.bdd``: pytest-bdd calls one step at a time, each
through :meth:`Runner.step`) and the runs in this process (``rulings.scenarios``: the
coverage tool and the flipped-outcome test, a whole scenario through
:meth:`Runner.scenario`) share this one way: the step's text matched once per text
against the game's vocabulary, the match checked against the phrase the example
matched when its document was read (the match travels with the example), then the
phrase run on the world (``rulings.vocabulary.run_step``: a Then only observes).

Imports nothing from pytest, pytest-bdd or Sphinx: a scenario here is anything whose
steps have ``type``, ``name`` and ``datatable`` (pytest-bdd's parsed steps are).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from rulings import vocabulary as vocab_mod
from rulings.incremental import phrase_id


class Undefined(LookupError):
    """No phrase of the game's vocabulary matches the step."""


class ReadOtherwise(LookupError):
    """A step matched another phrase than when its example was read: the vocabulary
    changed since the features were extracted, so the result would rest on a match the
    documents were not checked against."""


class Step(Protocol):
    type: str
    name: str
    datatable: Any


class Runner:
    """Runs the steps of one game's examples with its vocabulary."""

    def __init__(self, vocabulary: vocab_mod.Vocabulary) -> None:
        self.vocabulary = vocabulary
        self._matches: dict[tuple[str, str], tuple | None] = {}
        #: (world, its fingerprint) as the last step run, a Then that passed, left it:
        #: the Then after it finds that game (no step ran between), whose fingerprint is
        #: not taken again (``observed``; why it pays: rulings.core.state)
        self._observed: tuple[Any, Any] | None = None

    def match(self, kind: str, text: str) -> tuple[vocab_mod.Phrase, dict[str, Any]] | None:
        """The phrase ``text`` is an instance of and its arguments; matched once per text
        (a step text comes back in many examples)."""
        key = (kind, text)
        if key not in self._matches:
            self._matches[key] = self.vocabulary.match(kind, text)
        return self._matches[key]

    def check(self, phrase: vocab_mod.Phrase, recorded: Sequence[str] | None, text: str) -> None:
        """A step must run the phrase it matched when its example was read (what its
        result's basis names); None: not known, nothing to check."""
        if recorded is None:
            return
        if phrase_id(self.vocabulary.game, phrase.kind, phrase.template) not in recorded:
            raise ReadOtherwise(f"step {text!r} matches {phrase.kind} 「{phrase.template}」, which its example did "
                                f"not match when it was read: extract the features again (rulings check does)")

    def observed(self, world: Any) -> Any:
        """The fingerprint of ``world`` as the last step run, a Then that passed on it,
        left it (no step ran since); None when not known."""
        observed = self._observed
        return observed[1] if observed is not None and observed[0] is world else None

    def step(self, world: Any, kind: str, text: str, table: Sequence[Sequence[str]] | None = None,
             recorded: Sequence[str] | None = None, before: Any = None) -> Any:
        """Run one step on ``world``; ``before``: the game's fingerprint, for a Then whose
        caller knows it (``vocabulary.observe``)."""
        found = self.match(kind, text)
        if found is None:
            raise Undefined(f"undefined {kind}: {text}")
        phrase, arguments = found
        known, self._observed = self.observed(world), None
        self.check(phrase, recorded, text)
        if phrase.kind != "then":
            return vocab_mod.run_step(phrase, world, arguments, table)
        result, after = vocab_mod.observe(phrase, world, arguments, table, known if before is None else before)
        if after is not None:
            self._observed = (world, after)
        return result

    def scenario(self, steps: Sequence[Step], recorded: Sequence[str] | None = None,
                 replace: tuple[int, str, list | None] | None = None) -> tuple[int, BaseException | None]:
        """Run ``steps`` on a fresh world, maybe with one step's text and table replaced
        (``(index, text, table or None)``): (the index of the step that raised, or the
        number of steps; the error or None)."""
        world = self.vocabulary.new_world()
        for i, step in enumerate(steps):
            text, table = step.name, (step.datatable.raw() if step.datatable else None)
            if replace is not None and replace[0] == i:
                text = replace[1]
                if replace[2] is not None:
                    table = replace[2]
            try:
                self.step(world, step.type, text, table, recorded)
            except Exception as err:  # noqa: BLE001 - the kind of failure is what the callers check
                return i, err
        return len(steps), None


def runner_for(vocabulary: vocab_mod.Vocabulary) -> Runner:
    """The runner of ``vocabulary`` (one per vocabulary object, so its matches are kept)."""
    runner = vocabulary.__dict__.get("_runner")
    if runner is None:
        runner = vocabulary.__dict__["_runner"] = Runner(vocabulary)
    return runner

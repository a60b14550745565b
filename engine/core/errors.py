"""Errors the engine raises.

Two families matter to a reader of the site: an :class:`IllegalAction` is the rules
saying no (it can be the very outcome an example checks), while a :class:`SetupError`
means the example itself is wrong (an unknown card, a spell put in a monster zone by a
Given) and is reported as an error in the document, not as a failed ruling.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class RulingsError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(RulingsError):
    """The rules forbid the action that was attempted."""


class SetupError(RulingsError):
    """The example asks for a situation that cannot be set up."""


class UnknownCard(SetupError):
    """A card name that is not in the game's catalogue."""

    def __init__(self, name: str, known: Iterable[str]):
        self.name = name
        self.suggestions = difflib.get_close_matches(name, list(known), n=3, cutoff=0.3)
        hint = f"; closest: {'、'.join(f'「{s}」' for s in self.suggestions)}" if self.suggestions else ""
        super().__init__(f"unknown card 「{name}」{hint}")


class RefusedSetup(SetupError):
    """The rules refuse the situation a Given describes: the example is wrong, not the
    ruling it states.  ``refusal``: the rules' own reason (worded in the game's language)."""

    def __init__(self, refusal: str):
        self.refusal = refusal
        super().__init__(f"the rules do not allow this set-up: {refusal}")


class InvariantBroken(RulingsError):
    """The engine reached a state that no game can be in (a bug in the engine)."""

    #: the step after which the state broke: (its kind, its template), when a step did it
    after: tuple[str, str] | None = None

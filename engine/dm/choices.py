"""Choices a card's text asks a player to make, and when declining is allowed.

The rule (spec/dm/face-up.rst): a choice of cards *by what they are* among cards of a
non-public zone is optional even when the text is mandatory, because no other player
could check that a fitting card was there.  It becomes mandatory again as soon as a
fitting card is visible to every player (face up): then everyone knows it is there.
A choice that does not depend on what hidden cards are (choose any shield) follows
the text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Choice:
    chooser: int
    prompt: str
    #: what may be chosen (cards, shields, or plain options such as True/False)
    options: list[Any]
    #: how many to choose: at least ``minimum`` (when mandatory), at most ``maximum``
    minimum: int = 1
    maximum: int = 1
    #: the text says "choose" rather than "you may choose"
    text_mandatory: bool = True
    #: the options are cards picked for what they are, from a non-public zone
    by_hidden_characteristic: bool = False
    #: options every other player can see fit (face-up fitting cards)
    verifiable: list[Any] = field(default_factory=list)

    @property
    def mandatory(self) -> bool:
        if not self.text_mandatory or not self.options:
            return False
        if self.by_hidden_characteristic:
            return bool(self.verifiable)
        return True

    def forced(self) -> list[Any] | None:
        """The decision when there is nothing to decide, else None."""
        if not self.options:
            return []
        if self.mandatory and len(self.options) <= self.minimum:
            return list(self.options)
        return None

    def check(self, picked: Sequence[Any]) -> str | None:
        """None if ``picked`` is a legal decision; else why not."""
        for p in picked:
            if p not in self.options:  # cards and shields compare by identity
                return f"{p!r} cannot be chosen ({self.prompt})"
        if len(picked) > self.maximum:
            return f"at most {self.maximum} may be chosen ({self.prompt})"
        if self.mandatory and len(picked) < min(self.minimum, len(self.options)):
            return f"the choice is mandatory: {self.minimum} must be chosen ({self.prompt})"
        return None

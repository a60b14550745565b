"""What a Duel Masters game is made of: its zones, its cards and its shields.

The rules (duel.py) and the building blocks cards are written with (blocks.py) both
depend on these; neither depends on the other's module for them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulings.core import Card
from rulings.core.events import said

PLAYERS = (0, 1)
DECK, HAND, SHIELDS, MANA, GRAVEYARD, BATTLE, HYPERSPATIAL = (
    "deck", "hand", "shield zone", "mana zone", "graveyard", "battle zone", "hyperspatial zone")
PUBLIC_ZONES = (MANA, GRAVEYARD, BATTLE, HYPERSPATIAL)
#: where a card named in a step is looked for first
_SEARCH_ORDER = (BATTLE, SHIELDS, HAND, MANA, GRAVEYARD, HYPERSPATIAL, DECK)


@dataclass(eq=False, repr=False)  # keep Card.__repr__: a short name, not every field
class DmCard(Card):
    tapped: bool = False
    #: the cards under an evolution creature (top first); they move with it
    under: list["DmCard"] = field(default_factory=list)


@dataclass(eq=False)
class Shield:
    """One shield: one or more shield cards (top first), maybe fortified by a castle."""

    owner: int
    cards: list[DmCard]
    fortress: DmCard | None = None

    @property
    def top(self) -> DmCard:
        return self.cards[0]

    def __trace__(self):
        """The shield as an event keeps it (rulings.core.events)."""
        return said("shield", player=self.owner, cards=self.cards)

    def all_cards(self) -> list[DmCard]:
        return ([self.fortress] if self.fortress else []) + list(self.cards)

    def __repr__(self) -> str:
        return f"<shield of {self.owner}: {'、'.join(c.name for c in self.cards)}>"

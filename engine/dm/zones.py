"""Where the cards of a Duel Masters game are: the zones of both players and the
shields of each shield zone.  Only questions about places; moving cards is moves.py.
"""

from __future__ import annotations

from collections.abc import Iterator

from rulings.core import Zone
from rulings.core.zones import Board, HiddenTo

from .objects import BATTLE, DECK, HAND, PLAYERS, PUBLIC_ZONES, SHIELDS, DmCard, Shield


class Zones:
    """The board's zones (山札, 手札 and the shield zone hidden; the others public) and
    each player's shields, in the order they were put there.  A :class:`~.objects.Places`."""

    state_fields = ("shields",)

    def __init__(self, board: Board) -> None:
        self.board = board
        for p in PLAYERS:
            board.add_zone(Zone(DECK, p, HiddenTo.EVERYONE, ordered=True))
            board.add_zone(Zone(HAND, p, HiddenTo.ALL_BUT_OWNER))
            board.add_zone(Zone(SHIELDS, p, HiddenTo.EVERYONE))
            for kind in PUBLIC_ZONES:
                board.add_zone(Zone(kind, p, public=True))
        self.shields: dict[int, list[Shield]] = {p: [] for p in PLAYERS}

    def problems(self) -> Iterator[str]:
        for p in PLAYERS:
            zone = self.zone(p, SHIELDS)
            listed = [c for s in self.shields[p] for c in s.all_cards()]
            if sorted(c.serial for c in listed) != sorted(c.serial for c in zone.cards):
                yield f"player {p}'s shields and shield zone disagree"
            if any(not s.cards for s in self.shields[p]):
                yield "a shield with no shield card"
        for card in self.board.cards():
            if card.zone.kind != BATTLE and card.under:
                yield f"「{card.name}」 keeps cards under it outside the battle zone"

    def zone(self, player: int, kind: str) -> Zone:
        return self.board.zone(player, kind)

    def creatures(self, player: int) -> list[DmCard]:
        return [c for c in self.zone(player, BATTLE) if c.definition.is_creature and self.is_top_creature(c)]

    def is_top_creature(self, card: DmCard) -> bool:
        return card.zone.kind == BATTLE and not any(card in c.under for c in self.zone(card.zone.owner, BATTLE))

    def shield_of(self, card: DmCard) -> Shield | None:
        for s in self.shields[card.zone.owner] if card.zone.owner is not None else ():
            if s.fortress is card or card in s.cards:
                return s
        return None

    def deck_position(self, card: DmCard) -> int | None:
        """1 for the top card of its deck."""
        return card.zone.cards.index(card) + 1 if card.zone.kind == DECK else None

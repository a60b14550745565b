"""Moving the cards of a Duel Masters game: from zone to zone (with what is under an
evolution creature, or the shield a card heads), within the deck, and shuffling.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from rulings.core.events import EventLog

from .legality import Rule, enforced
from .memory import FaceUp, Transition
from .objects import BATTLE, DECK, GRAVEYARD, HAND, MANA, SHIELDS, DmCard
from .visibility import Visibility
from .zones import Zones

#: told of each card that arrived in a zone (the card, in its new zone)
Arrival = Callable[[DmCard], None]


class Moves:
    """Zone changes and deck order.  Owns the players whose deck was emptied during the
    processing under way (the rules check reads them) and who is told of each arrival
    (:attr:`arrivals`: the battle rules, for 召喚酔い and the attack under way)."""

    state_fields = ("emptied",)

    def __init__(self, zones: Zones, visibility: Visibility, log: EventLog, rng: Random) -> None:
        self.zones = zones
        self.visibility = visibility
        self.log = log
        self.rng = rng
        #: players whose deck was emptied during the processing under way
        self.emptied: set[int] = set()
        self.arrivals: list[Arrival] = []

    def detach(self, card: DmCard) -> list[DmCard]:
        """Take ``card`` out of its shield or creature stack; the cards that go with it."""
        kind = card.zone.kind
        if kind == SHIELDS:
            shield = self.zones.shield_of(card)
            if shield.fortress is card:
                shield.fortress = None
            else:
                shield.cards.remove(card)
                if not shield.cards:
                    self.zones.shields[shield.owner].remove(shield)
                    if shield.fortress is not None:
                        # a castle cannot stay without the shield it fortified
                        fortress, shield.fortress = shield.fortress, None
                        self.place(fortress, GRAVEYARD, reason="its shield left the shield zone")
            return [card]
        if kind == BATTLE:
            for c in self.zones.zone(card.zone.owner, BATTLE):
                if card in c.under:
                    c.under.remove(card)
            going, card.under = [card, *card.under], []
            return going
        return [card]

    def place(self, card: DmCard, kind: str, *, player: int | None = None, index: int | None = None,
              reason: str = "", face_up: FaceUp | None = None) -> DmCard:
        """One card, already detached, into a zone."""
        owner = card.owner if player is None else player
        source = card.zone
        if (source.kind == SHIELDS and card.face_up and "シールド・ゴー" in card.definition.keywords
                and kind != SHIELDS):
            # シールド・ゴー: face up, it goes to the graveyard instead
            kind, owner, reason = GRAVEYARD, card.owner, "シールド・ゴー: face up, to the graveyard instead"
        card.memory.erase(Transition.LEFT_ZONE)  # no turning over in the old zone: it is leaving
        self.zones.board.move(card, self.zones.zone(owner, kind), face_up=False, index=index, reason=reason)
        # a multicolored card goes into the mana zone tapped (総合ゲームルール 107)
        card.tapped = (kind == MANA and len(card.definition.civilizations) > 1
                       and enforced(Rule.MULTICOLOR_TAPPED))
        for told in self.arrivals:
            told(card)
        if source.kind == DECK and not source.cards:
            self.emptied.add(source.owner)
        if face_up is not None:
            self.visibility.face_up(card, face_up, reason)
        self.visibility.sync(card)
        return card

    def move(self, card: DmCard, kind: str, *, player: int | None = None, index: int | None = None,
             reason: str = "", face_up: FaceUp | None = None) -> list[DmCard]:
        """Move a card (with whatever is under it, or the shield it heads) to a zone."""
        going = self.detach(card)
        for c in going:
            self.place(c, kind, player=player, index=index, reason=reason, face_up=face_up)
        self.visibility.refresh()
        return going

    def to_deck_bottom(self, card: DmCard, reason: str = "") -> None:
        if card.zone.kind == DECK:
            # moving within the deck: the same card, but face down again
            deck = card.zone.cards
            deck.remove(card)
            deck.append(card)
            self.log.record("reorder.bottom", card=card, zone=card.zone)
            self.visibility.transition([card], Transition.REORDERED)
            self.visibility.refresh()
        else:
            self.move(card, DECK, player=card.owner, reason=reason or "to the bottom of the deck")

    def to_deck_top(self, card: DmCard, reason: str = "") -> None:
        if card.zone.kind == DECK:
            deck = card.zone.cards
            deck.remove(card)
            deck.insert(0, card)
            self.log.record("reorder.top", card=card, zone=card.zone)
            self.visibility.transition([card], Transition.REORDERED)
            self.visibility.refresh()
        else:
            self.move(card, DECK, player=card.owner, index=0, reason=reason or "to the top of the deck")

    def shuffle(self, player: int) -> None:
        deck = self.zones.zone(player, DECK)
        self.rng.shuffle(deck.cards)
        self.log.record("shuffle", zone=deck)
        # every card goes face down first (whatever made it face up), the rules look at
        # the new order (the top card under ラグーン・マーメイド) …
        self.visibility.transition(list(deck.cards), Transition.REORDERED)
        self.visibility.refresh()
        # … and only then is all knowledge gone: turning a card face down says "everyone
        # saw it where it lies", but after a shuffle nobody knows where any card is, the
        # cards seen, shown or looked at before included (a face-up card is still seen)
        for card in deck.cards:
            card.seen_by.clear()

    def draw(self, player: int) -> DmCard | None:
        deck = self.zones.zone(player, DECK).cards
        if not deck:
            return None
        card = deck[0]
        self.move(card, HAND, reason="drawn")
        return card

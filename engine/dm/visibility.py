"""Which hidden cards of a Duel Masters game are face up, and who knows them.

Whether a hidden card is face up is never set directly: a primitive records *why* it is
face up (memory.FaceUp) and the transitions of memory.ERASED_BY take the reasons away;
:meth:`Visibility.sync` turns the card over when the answer changes.  Static abilities
that play the top card of each deck face up (ラグーン・マーメイド) or forbid looking at a
zone (巡霊者メスタポ) are read here (statics.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from rulings.core.events import EventLog

from . import statics
from .memory import ERASED_BY, FaceUp, Transition
from .objects import DECK, PLAYERS, DmCard
from .zones import Zones


class Visibility:
    """Face up or down, looked at or not.  Owns the top card of each deck as the rules
    last saw it (for Transition.NOT_TOP)."""

    state_fields = ("tops",)

    def __init__(self, zones: Zones, log: EventLog) -> None:
        self.zones = zones
        self.log = log
        #: the top card of each deck when the rules last looked (Transition.NOT_TOP)
        self.tops: dict[int, DmCard | None] = {}

    def knows(self, player: int, card: DmCard) -> bool:
        """Whether ``player`` can tell what ``card`` is: it is public, or they looked at it
        or saw it face up since it last changed zones and its deck was last shuffled."""
        return self.zones.board.can_see(player, card)

    def face_up(self, card: DmCard, reason: FaceUp, origin: str = "") -> None:
        card.memory.remember(reason, True, erased_by=ERASED_BY[reason], origin=origin)
        self.sync(card, origin)

    def transition(self, cards: Iterable[DmCard], transition: Transition) -> None:
        for card in cards:
            if card.memory.erase(transition):
                self.sync(card, transition.value)

    def sync(self, card: DmCard, reason: str = "") -> None:
        want = card.zone.public or any(r in card.memory for r in FaceUp)
        if want == card.face_up:
            return
        self.zones.board.turn(card, want, reason=reason)
        if not want:
            # every player saw it while it was face up; they still know it where it lies
            card.seen_by.update(PLAYERS)

    def refresh(self) -> None:
        """Continuous rules: the top card of each deck under ラグーン・マーメイド.  A card that
        was the top card and is no longer (another went on top of it) goes through
        Transition.NOT_TOP; one that left its deck or moved in it went through its own."""
        on = statics.top_of_deck_face_up(self.zones)
        for p in PLAYERS:
            deck = self.zones.zone(p, DECK).cards
            top = deck[0] if deck else None
            was = self.tops.get(p)
            self.tops[p] = top
            if was is not None and was is not top and was in deck:
                self.transition([was], Transition.NOT_TOP)
            for i, card in enumerate(deck):
                if i == 0 and on:
                    if FaceUp.TOP_OF_DECK not in card.memory:
                        self.face_up(card, FaceUp.TOP_OF_DECK, "top of the deck (played face up)")
                elif FaceUp.TOP_OF_DECK in card.memory and not on:
                    # the static ability that kept the top card face up is gone
                    card.memory.forget(FaceUp.TOP_OF_DECK)
                    self.sync(card, "top of the deck no longer played face up")

    def reveal(self, cards: list[DmCard], reason: str = "") -> list[DmCard]:
        """表向きにする / すべてのプレイヤーに見せる (the same thing): face up until the
        effect finishes.  Showing cards of a zone nobody may look at is looking at them,
        so it does not happen (巡霊者メスタポ)."""
        shown = self.may_be_seen(cards, "shown")
        for card in shown:
            self.face_up(card, FaceUp.REVEALED, reason or "revealed")
        return shown

    def may_be_seen(self, cards: list[DmCard], what: str) -> list[DmCard]:
        """The cards whose zone nobody is forbidden to look at (巡霊者メスタポ); each
        refusal goes into the log."""
        allowed = []
        for card in cards:
            forbidding = statics.looking_forbidden(self.zones, card.zone.kind)
            if forbidding is not None:
                self.log.record("refused.looking", card=card, what=what, by=forbidding, zone=card.zone.kind)
                continue
            allowed.append(card)
        return allowed

    def reveal_top(self, player: int, n: int, reason: str = "") -> list[DmCard]:
        return self.reveal(self.zones.zone(player, DECK).cards[:n], reason)

    def keep_face_up(self, cards: Iterable[DmCard], reason: str = "") -> None:
        for card in cards:
            self.face_up(card, FaceUp.KEPT, reason or "kept face up")

    def look(self, player: int, cards: list[DmCard]) -> list[DmCard]:
        """見る: only ``player`` learns the cards; nobody else is shown anything."""
        seen = self.may_be_seen(cards, f"looked at by player {player}")
        for card in seen:
            self.zones.board.look(player, card)
        return seen

    def turn_face_down(self, cards: Iterable[DmCard], reason: str = "") -> None:
        """裏向きにする: whatever made a card of a hidden zone face up is gone (a card of
        a public zone is always face up, and stays so)."""
        for card in cards:
            if not card.zone.public:
                self.transition([card], Transition.TURNED_DOWN)
        self.refresh()

    def end_of_processing(self) -> None:
        """An effect is over: what it turned face up (revealed) goes back face down."""
        self.transition(list(self.zones.board.cards()), Transition.RESOLVED)
        self.refresh()

"""Shields of a Duel Masters game: making them (シールド・プラス, シールド・ゴー, 要塞化),
shuffling them, breaking them, and the S・トリガー of the cards a broken shield put into
the hand.
"""

from __future__ import annotations

from random import Random

from rulings.core import IllegalAction
from rulings.core.events import EventLog

from .legality import Rule, enforced, refusal
from .memory import FaceUp
from .moves import Moves
from .objects import GRAVEYARD, HAND, PLAYER_WORDS, SHIELDS, DmCard, Shield
from .visibility import Visibility
from .zones import Zones


class Shields:
    """Owns the cards the latest broken shields put into the hand and whether their
    S・トリガー may still be used."""

    state_fields = ("last_broken", "trigger_window")

    def __init__(self, zones: Zones, visibility: Visibility, moves: Moves, log: EventLog, rng: Random) -> None:
        self.zones = zones
        self.visibility = visibility
        self.moves = moves
        self.log = log
        self.rng = rng
        #: the cards the latest broken shield put into the hand (S・トリガー may follow)
        self.last_broken: list[DmCard] = []
        #: whether the S・トリガー of the latest broken shields may still be used (only
        #: until the next action)
        self.trigger_window = False

    def add_shield(self, player: int, cards: list[DmCard], *, face_up: bool = False, reason: str = "") -> Shield:
        """Put cards into ``player``'s shield zone as one new shield (first card on top)."""
        placed: list[DmCard] = []
        for card in cards:
            for c in self.moves.detach(card):
                self.moves.place(c, SHIELDS, player=player, reason=reason or "new shield",
                                 face_up=FaceUp.PLACED if face_up else None)
                placed.append(c)
        shield = Shield(player, placed)
        self.zones.shields[player].append(shield)
        self.visibility.refresh()
        return shield

    def put_under_shield(self, shield: Shield, card: DmCard, reason: str = "") -> None:
        """シールド・プラス: face down under an existing shield; still one shield."""
        self.moves.detach(card)
        self.moves.place(card, SHIELDS, player=shield.owner, reason=reason or "under a shield")
        shield.cards.append(card)
        self.visibility.refresh()

    def fortify(self, castle: DmCard, shield: Shield) -> None:
        """要塞化: the castle goes face up onto the shield and fortifies it."""
        if castle.definition.kind != "castle":
            raise IllegalAction(f"「{castle.name}」は城ではないので要塞化できない")
        if shield.fortress is not None:
            raise IllegalAction("そのシールドはすでに要塞化されている")
        self.moves.detach(castle)
        self.moves.place(castle, SHIELDS, player=shield.owner, reason="fortifies a shield", face_up=FaceUp.PLACED)
        shield.fortress = castle
        self.visibility.refresh()

    def shuffle_shields(self, player: int, reason: str = "") -> None:
        """Shuffle a player's shields (冥界の手, and its official Q&A): each shield keeps
        where it lies, how many cards it is made of and the castle fortifying it; its
        cards are shuffled together and dealt back, so many to each shield.  Nobody
        knows afterwards which face-down card is in which shield."""
        shields = self.zones.shields[player]
        cards = [c for s in shields for c in s.cards]
        self.rng.shuffle(cards)
        dealt = 0
        for shield in shields:
            size = len(shield.cards)
            shield.cards = cards[dealt:dealt + size]
            dealt += size
        self.log.record("shuffle.shields", player=player, reason=reason)
        # the text turns them face down first (裏向きにし、シャッフルして); a face-up card
        # would still be seen by everyone, so it is known where it lands
        self.visibility.refresh()
        for card in cards:
            card.seen_by.clear()

    def break_shield(self, shield: Shield) -> list[DmCard]:
        """The shield's cards go to their owner's hand (a castle to the graveyard)."""
        self.log.record("break", player=shield.owner, cards=shield.cards)
        cards = shield.all_cards()
        if shield.fortress is not None:
            fortress, shield.fortress = shield.fortress, None
            self.moves.place(fortress, GRAVEYARD, reason="its shield was broken")
        for card in list(shield.cards):
            shield.cards.remove(card)
            self.moves.place(card, HAND, reason="shield broken")
        self.zones.shields[shield.owner].remove(shield)
        self.last_broken = [c for c in cards if c.zone.kind == HAND]
        self.visibility.refresh()
        return cards

    def break_all(self, shields: list[Shield]) -> None:
        """Shields broken at once (an attack's): their S・トリガー may be used right after."""
        broken: list[DmCard] = []
        for shield in shields:
            self.break_shield(shield)
            broken += self.last_broken
        self.last_broken = broken
        self.trigger_window = True

    def close_trigger_window(self) -> None:
        """Another action begins: the S・トリガー of the latest broken shields are used
        right away, or not at all."""
        if enforced(Rule.S_TRIGGER_IMMEDIATELY):
            self.trigger_window = False

    def why_cannot_use_s_trigger(self, player: int, card: DmCard) -> str | None:
        if card.zone.kind != HAND or card.owner != player:
            return f"「{card.name}」は{PLAYER_WORDS[player]}の手札にない"
        if "S・トリガー" not in card.definition.keywords:
            return f"「{card.name}」はS・トリガーを持たない"
        if enforced(Rule.S_TRIGGER_FROM_SHIELD) and card not in self.last_broken:
            return refusal(Rule.S_TRIGGER_FROM_SHIELD, f"「{card.name}」はブレイクされたシールドから手札に加わった"
                                                       f"カードではないので、S・トリガーは使えない")
        if enforced(Rule.S_TRIGGER_IMMEDIATELY) and not self.trigger_window:
            return refusal(Rule.S_TRIGGER_IMMEDIATELY, f"「{card.name}」が手札に加わった後に別の処理が行われたので、"
                                                       f"もうS・トリガーは使えない")
        return None

    def use_s_trigger(self, player: int, card: DmCard) -> None:
        """Checks that the S・トリガー may be used, and uses it up (what it does is the
        duel's: a spell is cast, a creature put into the battle zone)."""
        refused = self.why_cannot_use_s_trigger(player, card)
        if refused:
            raise IllegalAction(refused)
        self.last_broken.remove(card)

"""Zones and the board that holds them, with per-player visibility.

Each zone says who may see the face-down cards in it: nobody (a deck), its owner (a
hand), or the controller of the card (a face-down monster or permanent).  Face-up
cards are seen by everyone; a player who has looked at a hidden card keeps knowing it
while it stays the same object.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum

from .errors import IllegalAction, InvariantBroken
from .events import EventLog, Said
from .identity import Card


class HiddenTo(Enum):
    """Who may NOT look at a face-down card in this zone."""

    EVERYONE = "everyone"          # deck / library
    ALL_BUT_OWNER = "all-but-owner"  # hand
    ALL_BUT_CONTROLLER = "all-but-controller"  # face-down on the field / battlefield


@dataclass(eq=False)
class Zone:
    kind: str
    owner: int | None
    hidden: HiddenTo = HiddenTo.ALL_BUT_CONTROLLER
    #: a public zone shows every card in it face up (graveyard, mana zone …)
    public: bool = False
    #: an ordered zone keeps its order meaningful (decks: index 0 is the top)
    ordered: bool = False
    #: a card put here without saying how is face up (a banished card: face up unless an
    #: effect banishes it face-down, when only its owner may look at it)
    face_up_default: bool = False
    capacity: int | None = None
    cards: list[Card] = field(default_factory=list)

    @property
    def label(self) -> str:
        return self.kind if self.owner is None else f"{self.kind}[{self.owner}]"

    def __iter__(self) -> Iterator[Card]:
        return iter(list(self.cards))

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: Card) -> bool:
        return any(c is card for c in self.cards)

    def default_face(self) -> bool:
        return self.public or self.face_up_default


class Board:
    """All zones of one game, and the one way cards move between them."""

    def __init__(self, log: EventLog | None = None) -> None:
        self.zones: dict[tuple[int | None, str], Zone] = {}
        self.log = log if log is not None else EventLog()
        self._serials = 0
        #: called after every move with (card, source zone or None, destination): what a
        #: game erases from a card that changed zones is the game's business
        self.on_move = None

    def add_zone(self, zone: Zone) -> Zone:
        self.zones[(zone.owner, zone.kind)] = zone
        return zone

    def zone(self, owner: int | None, kind: str) -> Zone:
        try:
            return self.zones[(owner, kind)]
        except KeyError:
            raise InvariantBroken(f"no zone {kind} for player {owner}") from None

    def new_card(self, definition, owner: int, zone: Zone, *, face_up: bool | None = None,
                 index: int | None = None, card_class: type[Card] = Card, **attributes) -> Card:
        self._serials += 1
        card = card_class(definition=definition, owner=owner, serial=self._serials, **attributes)
        self._place(card, zone, face_up=zone.default_face() if face_up is None else face_up, index=index)
        return card

    def cards(self) -> Iterator[Card]:
        for zone in self.zones.values():
            yield from zone.cards

    def move(self, card: Card, to: Zone, *, face_up: bool | None = None, index: int | None = None,
             controller: int | None = None, reason: "str | Said" = "") -> Card:
        """Move ``card`` to ``to``; it becomes a new object (it changed zones)."""
        source = card.zone
        if source is not None:
            source.cards.remove(card)
        card.become_new_object()
        if controller is not None:
            card.controller = controller
        elif to.owner is not None:
            card.controller = to.owner
        self._place(card, to, face_up=to.default_face() if face_up is None else face_up, index=index)
        if source is not None:
            self.log.record("move", card=card, source=source, to=to, reason=reason)
        else:
            self.log.record("move.from-outside", card=card, to=to, reason=reason)
        if self.on_move is not None:
            self.on_move(card, source, to)
        return card

    def _place(self, card: Card, zone: Zone, *, face_up: bool, index: int | None) -> None:
        if zone.capacity is not None and len(zone.cards) >= zone.capacity:
            raise IllegalAction(self.log.say("refusal.zone-full", zone=zone))
        card.zone = zone
        card.face_up = face_up or zone.public
        if index is None:
            zone.cards.append(card)
        else:
            zone.cards.insert(index, card)

    def turn(self, card: Card, face_up: bool, *, reason: "str | Said" = "") -> None:
        """Turn a card over in place: the same object, only its face changes."""
        card.face_up = face_up
        if face_up:
            card.seen_by.clear()
        self.log.record("face-up" if face_up else "face-down", card=card, reason=reason)

    # visibility -------------------------------------------------------------------

    def can_see(self, player: int, card: Card) -> bool:
        """Whether ``player`` may know what ``card`` is right now."""
        zone = card.zone
        if card.face_up or (zone is not None and zone.public):
            return True
        if player in card.seen_by:
            return True
        if zone is None:
            return False
        if zone.hidden is HiddenTo.ALL_BUT_OWNER:
            return player == card.owner
        if zone.hidden is HiddenTo.ALL_BUT_CONTROLLER:
            return player == card.controller
        return False

    def look(self, player: int, card: Card) -> None:
        card.seen_by.add(player)
        self.log.record("look", card=card, player=player)

    # invariants -------------------------------------------------------------------

    def players(self) -> set[int]:
        return {owner for owner, _ in self.zones if owner is not None}

    def check_invariants(self) -> None:
        """Each card in exactly one zone, object identities unique, and hidden
        information hidden (see :meth:`check_visibility`)."""
        seen_serials: set[int] = set()
        seen_objects: set[int] = set()
        for zone in self.zones.values():
            for card in zone.cards:
                if card.serial in seen_serials:
                    raise InvariantBroken(f"「{card.name}」#{card.serial} is in more than one zone")
                if card.object_id in seen_objects:
                    raise InvariantBroken(f"object id {card.object_id} is used twice")
                if card.zone is not zone:
                    raise InvariantBroken(f"「{card.name}」 is listed in {zone.label} but says it is elsewhere")
                seen_serials.add(card.serial)
                seen_objects.add(card.object_id)
        self.check_visibility()

    def check_visibility(self) -> None:
        """A card in a public zone is face up; a face-down card in a hidden zone is
        unknown to at least one player who has not looked at it; only players of the
        game can have looked at a card."""
        players = self.players()
        for zone in self.zones.values():
            for card in zone.cards:
                if zone.public and not card.face_up:
                    raise InvariantBroken(f"「{card.name}」 is face down in the public zone {zone.label}")
                if players and not card.seen_by <= players:
                    raise InvariantBroken(f"「{card.name}」 was looked at by {sorted(card.seen_by - players)}, "
                                          f"who are not players of this game")
                if card.face_up or zone.public:
                    continue
                unaware = players - card.seen_by
                if unaware and all(self.can_see(p, card) for p in unaware):
                    raise InvariantBroken(f"face-down 「{card.name}」 in {zone.label} is visible to every player "
                                          f"(hidden information leaked)")

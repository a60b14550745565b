"""Static abilities: from where a card's static ability works, and what it changes.

The rule of the ruling document: a card in the shield zone works through a "while it is
face up in the shield zone" ability only when it is the *top* card of its shield and
face up (cards under it are ignored even when face up); a castle works only when it
fortifies a shield (要塞化), even if it lies face up on top of one.
"""

from __future__ import annotations

from collections.abc import Iterator
from .cards import Static
from .objects import DmCard, Places


def works(places: Places, card: DmCard, static: Static) -> bool:
    kind = card.zone.kind if card.zone is not None else None
    if static.works_from == "battle zone":
        return kind == "battle zone" and places.is_top_creature(card)
    shield = places.shield_of(card) if kind == "shield zone" else None
    if shield is None:
        return False
    if static.works_from == "shield zone":
        return shield.fortress is not card and shield.top is card and card.face_up
    if static.works_from == "fortress":
        return shield.fortress is card
    return False


def active(places: Places) -> Iterator[tuple[DmCard, Static]]:
    for card in list(places.board.cards()):
        for static in card.definition.statics:
            if works(places, card, static):
                yield card, static


def keywords_of(places: Places, creature: DmCard) -> frozenset[str]:
    granted = {k for card, st in active(places) if card.controller == creature.controller for k in st.grants}
    return creature.definition.keywords | granted


def shields_broken_by(places: Places, creature: DmCard) -> int:
    keywords = keywords_of(places, creature)
    count = 3 if "T・ブレイカー" in keywords else 2 if "W・ブレイカー" in keywords else 1
    for card, st in active(places):
        if card.controller == creature.controller:
            count *= st.break_multiplier
    return count


def looking_forbidden(places: Places, zone_kind: str) -> DmCard | None:
    """The card whose ability forbids looking at cards of ``zone_kind``, if any."""
    for card, st in active(places):
        if zone_kind in st.forbids_looking_at:
            return card
    return None


def top_of_deck_face_up(places: Places) -> bool:
    return any(st.top_of_deck_face_up for _, st in active(places))

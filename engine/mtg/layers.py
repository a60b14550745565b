"""The layer system (CR 613), as far as the face-down rules need it.

  layer 1a  copy effects: the copiable values become those of the copied object
  layer 1b  face-down status: the copiable values become the face-down characteristics
            (CR 708.2: applied after copy effects, and itself copiable)
  layers 4-6  type, colour and ability changing effects
  layer 7a  characteristic-defining abilities; 7b setting P/T; 7c modifying P/T
            (effects, static abilities of other permanents, counters)

Within a layer effects apply in timestamp order.  Everything is recomputed on each
read: characteristics are never stored, so a change (turned face up, an Aura falls
off) can never leave a stale value behind.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from .cards import CDA, STATIC
from .characteristics import CREATURE, Characteristics
from .objects import MtgCard
from .view import GameView

LAYERS_BEFORE_PT = ("4", "5", "6")


@dataclass
class ContinuousEffect:
    """An effect from a resolved spell or ability, bound to the object it affects."""

    layer: str
    timestamp: int
    object_id: int
    apply: Callable[[Characteristics], Characteristics]
    description: str
    #: "end of turn" effects end at the next cleanup (here: when a turn begins)
    until_end_of_turn: bool = False


def printed(card: MtgCard) -> Characteristics:
    face = card.definition.back if card.transformed and card.definition.back else card.definition.front
    return face.characteristics()


def copiable_values(card: MtgCard, *, with_face_down: bool = True) -> Characteristics:
    """Layer 1: printed values, then copy effects (1a), then the face-down status (1b)."""
    values = printed(card)
    for _timestamp, copied in sorted(card.copies, key=lambda c: c[0]):
        values = copied
    if with_face_down and not card.face_up and card.face_down_as is not None:
        values = card.face_down_as
    return values


def _effects_for(game: GameView, card: MtgCard, layers: tuple[str, ...]) -> list[tuple[str, int, Callable]]:
    found = [(e.layer, e.timestamp, e.apply) for e in game.layer_rules.effects
             if e.object_id == card.object_id and e.layer in layers]
    # static abilities of permanents (an Aura's or Equipment's bonus …)
    for source in game.zone_rules.permanents():
        for ability in compute(game, source, upto="6").abilities:
            if ability.kind == STATIC and ability.layer in layers and ability.affects(game, source, card):
                found.append((ability.layer, source.timestamp, ability.effect))
    return sorted(found, key=lambda e: (e[0], e[1]))


def compute(game: GameView, card: MtgCard, upto: str = "7") -> Characteristics:
    """The characteristics of ``card`` now, through layer ``upto``."""
    values = copiable_values(card)
    wanted = LAYERS_BEFORE_PT[: LAYERS_BEFORE_PT.index(upto) + 1] if upto in LAYERS_BEFORE_PT else LAYERS_BEFORE_PT
    if game.zone_rules.on_battlefield(card) or game.zone_rules.on_stack(card):
        for _layer, _ts, apply in _effects_for_bounded(game, card, wanted):
            values = apply(values)
    if upto != "7":
        return values
    for ability in values.abilities:
        if ability.kind == CDA:
            values = ability.effect(game, card, values)
    if CREATURE in values.types and game.zone_rules.on_battlefield(card):
        for _layer, _ts, apply in _effects_for(game, card, ("7b", "7c")):
            values = apply(values)
        plus = card.counters.get("+1/+1", 0)
        if plus and values.power is not None:
            values = values.with_(power=values.power + plus, toughness=values.toughness + plus)
    return values


def _effects_for_bounded(game: GameView, card: MtgCard, layers: tuple[str, ...]):
    found = [(e.layer, e.timestamp, e.apply) for e in game.layer_rules.effects
             if e.object_id == card.object_id and e.layer in layers]
    # static abilities of permanents that change types or grant abilities (「あなたがコン
    # トロールする他のクリーチャーは速攻を持つ」): read from each source's copiable values,
    # which keeps the computation of a source's own abilities from recursing (an ability
    # granted to a source by another effect does not grant further here)
    for source in game.zone_rules.permanents():
        for ability in copiable_values(source).abilities:
            if ability.kind == STATIC and ability.layer in layers and ability.affects(game, source, card):
                found.append((ability.layer, source.timestamp, ability.effect))
    return sorted(found, key=lambda e: (e[0], e[1]))

"""Magic: characteristics through the layers — copy effects, face-down status and
continuous effects (CR 613, 706, 708.2).
"""

from __future__ import annotations

from typing import Protocol

from rulings.core.events import EventLog
from rulings.core.zones import Board

from . import layers
from .characteristics import Characteristics
from .objects import HIDDEN_ZONES, NO_CHARACTERISTICS, MtgCard
from .view import FaceDownView, GameView


class LayersFaceDown(FaceDownView, Protocol):
    """What the layer rules ask of the face-down rules (face_down_rules.FaceDown)."""

    def is_face_down(self, card: MtgCard) -> bool: ...


class LayersGame(GameView, Protocol):
    """What the layer rules need of the rest of the game (rulings.mtg.game.Game is one);
    the layer system (layers.py) is given the game itself."""

    face_down_rules: LayersFaceDown

    def tick(self) -> int: ...


class LayerRules:
    """Characteristics now, copy effects and continuous effects.  Owns the continuous
    effects of resolved spells and abilities."""

    state_fields = ("effects",)

    def __init__(self, game: LayersGame, log: EventLog, board: Board) -> None:
        self.game = game
        self.log = log
        self.board = board
        self.effects: list[layers.ContinuousEffect] = []

    def characteristics(self, card: MtgCard) -> Characteristics:
        # a face-down card outside the battlefield and the stack has no characteristics
        if card.zone.kind in HIDDEN_ZONES and self.game.face_down_rules.is_face_down(card):
            return NO_CHARACTERISTICS
        return layers.compute(self.game, card)

    def layers_types(self, card: MtgCard) -> tuple[str, ...]:
        """Its card types through layer 4 (what counting "creatures" needs, without
        asking for power and toughness, which may themselves count creatures)."""
        return layers.compute(self.game, card, upto="4").types

    def copiable_values(self, card: MtgCard) -> Characteristics:
        return layers.copiable_values(card)

    def become_copy(self, card: MtgCard, original: MtgCard) -> None:
        """A copy effect: the copiable values of ``original`` as they are now (CR 707.2,
        708.2: a face-down object's copiable values are its face-down characteristics)."""
        copied = layers.copiable_values(original)
        card.copies = (*card.copies, (self.game.tick(), copied))
        self.log.record("copy", card=card, original=original)

    def add_effect(self, card: MtgCard, layer: str, apply, description: str, *, until_end_of_turn=False) -> None:
        self.effects.append(layers.ContinuousEffect(layer, self.game.tick(), card.object_id, apply, description,
                                                    until_end_of_turn))
        self.log.record("effect", card=card, what=description)

    def end_effects_on_gone_objects(self) -> None:
        """An effect on an object that left (a new object, CR 400.7) ends."""
        self.effects = [e for e in self.effects if any(c.object_id == e.object_id for c in self.board.cards())]

    def end_until_end_of_turn(self) -> None:
        """「ターン終了時まで」 effects end (at the cleanup; here, when a turn begins)."""
        self.effects = [e for e in self.effects if not e.until_end_of_turn]

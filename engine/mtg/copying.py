"""Magic: characteristics through the layers — copy effects, face-down status and
continuous effects (CR 613, 706, 708.2).
"""

from __future__ import annotations

from . import layers
from .characteristics import Characteristics
from .objects import HIDDEN_ZONES, NO_CHARACTERISTICS, MtgCard


class LayerRules:
    """Mixed into :class:`rulings.mtg.game.Game`."""

    def characteristics(self, card: MtgCard) -> Characteristics:
        # a face-down card outside the battlefield and the stack has no characteristics
        if card.zone.kind in HIDDEN_ZONES and self.is_face_down(card):
            return NO_CHARACTERISTICS
        return layers.compute(self, card)

    def layers_types(self, card: MtgCard) -> tuple[str, ...]:
        """Its card types through layer 4 (what counting "creatures" needs, without
        asking for power and toughness, which may themselves count creatures)."""
        return layers.compute(self, card, upto="4").types

    def copiable_values(self, card: MtgCard) -> Characteristics:
        return layers.copiable_values(card)

    def become_copy(self, card: MtgCard, original: MtgCard) -> None:
        """A copy effect: the copiable values of ``original`` as they are now (CR 707.2,
        708.2: a face-down object's copiable values are its face-down characteristics)."""
        copied = layers.copiable_values(original)
        card.copies = (*card.copies, (self.tick(), copied))
        self.log.record("copy", card=card, original=original)

    def add_effect(self, card: MtgCard, layer: str, apply, description: str, *, until_end_of_turn=False) -> None:
        self.effects.append(layers.ContinuousEffect(layer, self.tick(), card.object_id, apply, description,
                                                    until_end_of_turn))
        self.log.record("effect", card=card, what=description)

    def _effect_target_alive(self, effect: layers.ContinuousEffect) -> bool:
        return any(c.object_id == effect.object_id for c in self.board.cards())

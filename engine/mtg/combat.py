"""Magic: attacking, blocking and damage, and who stays in combat (CR 506.4).
"""

from __future__ import annotations

from rulings.core import IllegalAction

from .cards import DAMAGE
from .characteristics import CREATURE
from .objects import PLAYER_NAMES, MtgCard
from .protection import stops


class CombatRules:
    """Mixed into :class:`rulings.mtg.game.Game`."""

    def summoning_sick(self, card: MtgCard) -> bool:
        """CR 302.6: controlled continuously since its controller's most recent turn began?"""
        return card.controlled_since > self.turn_started[card.controller] and \
            not self.characteristics(card).has("速攻")

    def attack(self, player: int, card: MtgCard) -> None:
        values = self.characteristics(card)
        if CREATURE not in values.types or not self.on_battlefield(card):
            raise IllegalAction(f"「{card.name}」 is not a creature on the battlefield")
        if card.controller != player or player != self.active_player:
            raise IllegalAction(f"player {player} cannot attack with 「{card.name}」")
        if card.tapped or self.summoning_sick(card) or values.has("防衛"):
            raise IllegalAction(f"「{card.name}」 cannot attack")
        if not values.has("警戒"):
            self.tap(card, reason="攻撃")
            values = self.characteristics(card)
            if CREATURE not in values.types:
                return  # turned face up instead of tapping, and no longer a creature
        card.attacking = True
        card.attacked_this_turn = True
        self.log.record("attack", card=card)

    def block(self, player: int, blocker: MtgCard, attacker: MtgCard) -> None:
        values = self.characteristics(blocker)
        if CREATURE not in values.types or not self.on_battlefield(blocker) or blocker.tapped \
                or blocker.controller != player:
            raise IllegalAction(f"「{blocker.name}」 cannot block")
        if not attacker.attacking:
            raise IllegalAction(f"「{attacker.name}」は攻撃していない")
        if self.characteristics(attacker).has("飛行") and not (values.has("飛行") or values.has("到達")):
            raise IllegalAction(f"「{blocker.name}」 cannot block a creature with flying")
        color = stops(self, attacker, blocker)
        if color:
            raise IllegalAction(f"「{blocker.name}」 cannot block a creature with プロテクション（{color}）(CR 702.16e)")
        blocker.blocking = attacker
        attacker.blocked = True
        self.log.record("block", card=blocker, attacker=attacker)

    def _remove_non_creatures_from_combat(self) -> None:
        # CR 506.4: a permanent that stops being a creature is removed from combat;
        # nothing else (evasion, "can't attack") undoes an attack or a block already made
        for card in self.permanents():
            if (card.attacking or card.blocking is not None) and CREATURE not in self.characteristics(card).types:
                card.attacking, card.blocking = False, None
                self.log.record("removed-from-combat", card=card)

    def deal_damage(self, target: MtgCard, amount: int, source: MtgCard) -> None:
        """Damage to a permanent; nothing is checked until the effect has finished."""
        color = stops(self, target, source)
        if color:
            self.log.record("prevent.protection", source=source, card=target, amount=amount, color=color)
            return
        self._face_up_instead(target, DAMAGE)
        target.damage += amount
        self.log.record("damage", source=source, card=target, amount=amount)

    def deal_damage_to_player(self, player: int, amount: int, source: MtgCard) -> None:
        self.life[player] -= amount
        self.log.record("damage.player", source=source, player=player, amount=amount)

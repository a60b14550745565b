"""Attacks and battles: what a monster remembers from them (attacked, battled with
whom, destroyed a monster by battle) and the effects that mark the other monster."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import IllegalAction

from .memory import Info

if TYPE_CHECKING:
    from .duel import YgoCard


class BattleRules:
    def attack(self, attacker: "YgoCard", target: "YgoCard | None" = None) -> None:
        why = self.why_cannot_attack(attacker)
        if why:
            raise IllegalAction(f"「{attacker.name}」 cannot attack: {why}")
        if self.phase != "battle":
            self.enter_phase("battle")
        self.remember(attacker, Info.ATTACKED)
        if target is None:
            damage = self.atk(attacker) or 0
            if self.lasting(attacker, "double-damage"):
                damage *= 2
            self.lp[1 - attacker.controller] -= damage
            self.log.record("battle", f"「{attacker.name}」 attacks directly: {damage} damage", card=attacker.serial)
            if damage > 0 and self.lasting(attacker, "win-by-direct-damage"):
                self.winner = attacker.controller
                self.log.record("win", f"player {attacker.controller} wins by 「{attacker.name}」's effect")
            self.emit("battle-damage", attacker, damage=damage, direct=True)
            return
        self.log.record("battle", f"「{attacker.name}」 attacks 「{target.name}」", card=attacker.serial)
        if not target.face_up:
            self.flip_face_up(target, reason="attacked", position="defense")
        self.battle(attacker, target)

    def battle(self, attacker: "YgoCard", target: "YgoCard") -> None:
        for a, b in ((attacker, target), (target, attacker)):
            self.remember(a, Info.BATTLED, frozenset(self.recall(a, Info.BATTLED) or ()) | {b.serial})
        for a, b in ((attacker, target), (target, attacker)):
            for st in self.active_statics(a, "mark-battled"):
                for mark in st.value:
                    self.apply_lasting(b, mark, source=a.name)
        atk = self.atk(attacker) or 0
        if target.position == "attack":
            other = self.atk(target) or 0
            losers = [m for m, lose in ((target, atk > other), (attacker, other > atk), ) if lose]
            if atk == other and atk > 0:
                losers = [attacker, target]
        else:
            other = self.defense(target) or 0
            losers = [target] if atk > other else []
        for loser in losers:
            winner = attacker if loser is target else target
            obj = winner.object_id
            if self.destroy(loser, reason=f"battle with 「{winner.name}」", by_battle=True) \
                    and winner.object_id == obj:
                self.remember(winner, Info.DESTROYED_BY_BATTLE)

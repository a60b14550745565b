"""Attacks and battles: who may attack, when and what (the basic rules,
spec/ygo/basic-rules.rst), what a monster remembers from them (attacked, battled with
whom, destroyed a monster by battle) and the effects that mark the other monster.

An attack runs through three moments, each opening a window for trigger effects:
the attack declaration ("attack-declared": 消战者), the start of the damage step
("battle-start": 装弹枪管龙) and damage calculation.  ``attack`` runs them all;
``pause`` stops at a window so that effects can be activated there, and
``damage_calculation`` carries on — if the battle still can happen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from rulings.core import IllegalAction
from rulings.core.events import EventLog

from .legality import Rule, enforced, refusal
from .links import Links
from .memory import Info, Transition
from .objects import YgoCard, Zone
from .view import ChainView, DuelView, ValuesView


@dataclass
class Attack:
    """The attack under way."""

    attacker: "YgoCard"
    attacker_obj: int
    player: int
    target: "YgoCard | None"
    target_obj: int | None
    #: "declared" | "damage step"
    stage: str = "declared"


class BattleTurn(Protocol):
    """What battle.py asks of turn.py's ``Turn``."""

    def why_no_battle_phase(self) -> str | None: ...


class BattleValues(ValuesView, Protocol):
    """What battle.py asks of values.py's ``Values`` beyond what card data does."""

    def active_statics(self, card: YgoCard, kind: str, *, ignore_negation: bool = False): ...

    def field_ban(self, card: YgoCard, kind: str) -> str | None: ...


class BattleChain(ChainView, Protocol):
    """What battle.py asks of chain.py's ``Chain`` beyond what card data does."""

    def emit(self, kind: str, subject: Any, **data: Any) -> None: ...

    def chain_under_way(self) -> bool: ...


class BattleDuel(DuelView, Protocol):
    """What battle needs of the rest of the duel (rulings.ygo.duel.Duel is one): what
    card data sees (a static's test is given the duel), the statics and bans that stop an
    attack, and the phases."""

    turns: BattleTurn
    value_rules: BattleValues
    chain_rules: BattleChain

    def enter_phase(self, phase: str, hold: bool = False) -> None: ...


class Battle:
    """Attacks and battles.  Owns the attack under way (``battle_state``), whether an
    effect ended this turn's battle phase, and the attack declarations of the turn; what
    a monster remembers of its battles is its memory (Info.ATTACKED, Info.BATTLED …)."""

    state_fields = ("battle_state", "battle_over", "attack_declarations")

    def __init__(self, duel: BattleDuel, links: Links, log: EventLog) -> None:
        self.duel = duel
        self.links = links
        self.log = log
        self.battle_state: Attack | None = None
        #: an effect ended this turn's battle phase (消战者)
        self.battle_over = False
        #: attack declarations per player this turn (放电枪野马: counted for the whole turn)
        self.attack_declarations = [0, 0]

    def end_battle_phase(self) -> None:
        self.battle_state = None

    def new_turn(self) -> None:
        self.battle_over = False
        self.battle_state = None
        self.attack_declarations = [0, 0]

    def destroy_attacked_at_end_battle(self) -> None:
        """『攻击过的怪兽在战斗阶段结束时破坏』 (古之森): the monsters that remember attacking
        this turn — face-down ones too (FAQ fid=8644) — are destroyed by that card's effect."""
        sources = [c for c in self.duel.field_cards()
                   if self.duel.value_rules.active_statics(c, "destroy-attacked-at-end-battle")]
        if not sources:
            return
        for card in [c for c in self.duel.field_cards() if c.definition.is_monster and c.zone.kind == Zone.MONSTER
                     and self.duel.memory_rules.remembers(c, Info.ATTACKED)]:
            self.duel.move_rules.destroy(card, reason=f"it attacked this turn (「{sources[0].name}」)",
                                         by_effect=sources[0], by_player=sources[0].controller)

    # -- the basic rules of attacking (spec/ygo/basic-rules.rst) --------------------------

    def attacks_allowed(self, card: "YgoCard") -> int:
        """How many attacks ``card`` may declare in a battle phase: one, two with an
        effect that lets it attack twice."""
        return 2 if self.duel.memory_rules.lasting(card, "double-attack") else 1

    def why_cannot_attack(self, card: "YgoCard") -> str | None:
        """Why ``card`` itself may not attack, as the rulings say of a monster: only a
        face-up attack position monster, as many times a battle phase as it may attack
        (once), not under an effect that says it cannot attack, not once its
        controller's battle phase was ended.  When an attack may be declared at all is
        ``why_not_declare_attack_now``."""
        if not (self.duel.face_up_on_field(card) and (card.position == "attack" or not enforced(Rule.ATTACK_POSITION))):
            return refusal(Rule.ATTACK_POSITION, f"「{card.name}」不是表侧攻击表示的怪兽")
        if enforced(Rule.ATTACK_TIMING) and self.battle_over and self.duel.turn_player == card.controller:
            return refusal(Rule.ATTACK_TIMING, "这个回合的战斗阶段已经结束")
        banned = (self.duel.value_rules.field_ban(card, "forbid-attack") or self.attack_ban(card)) if enforced(Rule.ATTACK_EFFECT) else None
        if banned:
            return refusal(Rule.ATTACK_EFFECT, f"「{banned}」的效果使「{card.name}」不能攻击宣言")
        if enforced(Rule.ATTACK_EFFECT) and (self.duel.memory_rules.lasting(card, "cannot-attack") or self.links.links_granting(card, "cannot-attack")
                                            or self.duel.value_rules.applies(card, "cannot-attack")):
            return refusal(Rule.ATTACK_EFFECT, f"有效果使「{card.name}」不能攻击")
        done = self.duel.memory_rules.recall(card, Info.ATTACKED) or 0
        if enforced(Rule.ATTACK_ONCE) and done >= self.attacks_allowed(card):
            return f"「{card.name}」这个回合已经攻击过（1次战斗阶段只能攻击1次）"
        return None

    def attack_ban(self, card: "YgoCard") -> str | None:
        """The card whose resolved effect forbids ``card``'s controller to attack this turn
        with any monster but that card (『不用这张卡不能攻击』), or None."""
        for ban in self.duel.activation_rules.bans:
            if ban.scope == "attack" and ban.until == self.duel.turn and card.controller in ban.players \
                    and ban.exempt is not card:
                return ban.source
        return None

    def why_not_declare_attack_now(self, card: "YgoCard") -> str | None:
        """An attack is declared by the turn player's monster, in the battle phase (from
        the main phase 1 the turn player enters it; once the main phase 2 began, the
        turn's battle phase is over), with no chain."""
        if enforced(Rule.ATTACK_TIMING) and card.controller != self.duel.turn_player:
            return refusal(Rule.ATTACK_TIMING, f"「{card.name}」不是回合玩家的怪兽：只有回合玩家的怪兽可以攻击")
        if enforced(Rule.ATTACK_TIMING) and self.duel.phase not in ("main1", "battle"):
            return refusal(Rule.ATTACK_TIMING, "这个回合的战斗阶段已经结束")
        if self.duel.turns.why_no_battle_phase():
            return self.duel.turns.why_no_battle_phase()
        if enforced(Rule.ATTACK_TIMING) and self.duel.chain_rules.chain_under_way():
            return refusal(Rule.ATTACK_TIMING, "连锁进行中不能攻击宣言")
        return None

    def why_not_attack_target(self, attacker: "YgoCard", target: "YgoCard | None") -> str | None:
        """An attack goes to a monster of the opponent's field; directly only while the
        opponent controls no monster."""
        opponent = 1 - attacker.controller
        if not enforced(Rule.ATTACK_TARGET):
            return None
        if target is None:
            if self.duel.monsters(opponent):
                return refusal(Rule.ATTACK_TARGET, "对方场上有怪兽存在，不能直接攻击")
            return None
        if not (self.duel.on_field(target) and target.zone.kind == Zone.MONSTER and target.controller == opponent):
            return refusal(Rule.ATTACK_TARGET, f"「{target.name}」不是对方场上的怪兽，不能作为攻击对象")
        return None

    def attack(self, attacker: "YgoCard", target: "YgoCard | None" = None, pause: str | None = None) -> None:
        """Declare an attack; ``pause``: "declared" or "battle-start" stops there."""
        why = self.why_cannot_attack(attacker) or self.why_not_declare_attack_now(attacker) \
            or self.why_not_attack_target(attacker, target)
        if why:
            raise IllegalAction(why)
        if self.duel.phase != "battle":
            self.duel.enter_phase("battle")
        self.duel.memory_rules.remember(attacker, Info.ATTACKED,
                                        (self.duel.memory_rules.recall(attacker, Info.ATTACKED) or 0) + 1)
        self.attack_declarations[attacker.controller] += 1
        self.battle_state = Attack(attacker, attacker.object_id, attacker.controller, target,
                                   None if target is None else target.object_id)
        self.log.record("battle.attack" if target else "battle.attack-directly", card=attacker, target=target)
        self.duel.chain_rules.emit("attack-declared", attacker, target=target, direct=target is None)
        if pause == "declared":
            return
        self.start_damage_step()
        if pause == "battle-start":
            return
        self.damage_calculation()

    def _battle_goes_on(self) -> Attack | None:
        b = self.battle_state
        if b is None or self.battle_over:
            return None
        a = b.attacker
        if a.object_id != b.attacker_obj or not self.duel.face_up_on_field(a) or a.controller != b.player:
            return None
        if b.target is not None:
            t = b.target
            if t.object_id != b.target_obj or not self.duel.on_field(t) or t.controller == b.player:
                return None
        return b

    def start_damage_step(self) -> None:
        b = self._battle_goes_on()
        if b is None:
            self._battle_stops()
            return
        b.stage = "damage step"
        if b.target is not None and not b.target.face_up:
            self.duel.move_rules.flip_face_up(b.target, reason="attacked", position="defense")
        self.duel.chain_rules.emit("battle-start", b.attacker, target=b.target, target_obj=b.target_obj,
                  attacker_obj=b.attacker_obj)

    def _battle_stops(self) -> None:
        if self.battle_state is not None:
            self.log.record("battle.stops", card=self.battle_state.attacker)
        self.battle_state = None

    def continue_battle(self) -> None:
        """Carry a paused attack on: to the damage step if it stopped at the declaration,
        then to damage calculation."""
        if self.battle_state is not None and self.battle_state.stage == "declared":
            self.start_damage_step()
        self.damage_calculation()

    def damage_calculation(self) -> None:
        b = self._battle_goes_on()
        if b is None:
            self._battle_stops()
            return
        self.battle_state = None
        attacker, target = b.attacker, b.target
        if target is None:
            damage = self.duel.value_rules.atk(attacker) or 0
            if self.duel.memory_rules.lasting(attacker, "double-damage"):
                damage *= 2
            victim = 1 - attacker.controller
            self.duel.lp[victim] -= damage
            self.log.record("battle.direct-damage", card=attacker, damage=damage)
            if damage > 0 and any(v is True or v == self.duel.turn for v in self.duel.memory_rules.lasting(attacker, "win-by-direct-damage")):
                self.duel.winner = attacker.controller
                self.log.record("win.by-card", player=attacker.controller, card=attacker)
            self.duel.chain_rules.emit("battle-damage", attacker, damage=damage, direct=True, player=victim)
            return
        self.log.record("battle.damage-calculation", card=attacker, target=target)
        self.battle(attacker, target)

    def negate_attack(self, reason: str = "") -> bool:
        """『那次攻击无效』: the attack going on ends (the monster still attacked this turn);
        whether there was one to negate."""
        b = self.battle_state
        if b is None:
            return False
        self.battle_state = None
        self.log.record("battle.attack-negated", card=b.attacker, reason=reason)
        return True

    def stop_battle_phase(self, reason: str = "") -> None:
        """End this turn's battle phase now (消战者): no attack goes on, none can be declared."""
        self.battle_state = None
        self.battle_over = True
        self.log.record("battle.phase-ends", reason=reason)

    def battle(self, attacker: "YgoCard", target: "YgoCard") -> None:
        for a, b in ((attacker, target), (target, attacker)):
            self.duel.memory_rules.remember(a, Info.BATTLED, frozenset(self.duel.memory_rules.recall(a, Info.BATTLED) or ()) | {b.serial})
        for a, b in ((attacker, target), (target, attacker)):
            for st in self.duel.value_rules.active_statics(a, "mark-battled"):
                for mark in st.value:
                    self.duel.memory_rules.apply_lasting(b, mark, source=a.name)
        atk = self.duel.value_rules.atk(attacker) or 0
        if target.position == "attack":
            other = self.duel.value_rules.atk(target) or 0
            losers = [m for m, lose in ((target, atk > other), (attacker, other > atk), ) if lose]
            if atk == other and atk > 0:
                losers = [attacker, target]
        else:
            other = self.duel.value_rules.defense(target) or 0
            losers = [target] if atk > other else []
        self._battle_damage(attacker, target, atk, other)
        for loser in losers:
            winner = attacker if loser is target else target
            obj = winner.object_id
            if self.duel.move_rules.destroy(loser, reason=f"battle with 「{winner.name}」", by_battle=True) \
                    and winner.object_id == obj:
                self.duel.memory_rules.remember(winner, Info.DESTROYED_BY_BATTLE)
                self._negate_battle_destroyed(winner, loser)
                self.duel.chain_rules.emit("destroyed-by-battle", winner, victim=loser, victim_obj=loser.object_id)

    def _negate_battle_destroyed(self, winner: "YgoCard", loser: "YgoCard") -> None:
        """『…战斗破坏的效果怪兽的效果无效化』 (冥界的魔王 哈·迪斯): a face-up card whose
        static describes the winner negates the destroyed effect monster's effects in the
        graveyard, as long as it stays there (gone once it moves on)."""
        if loser.zone.kind != Zone.GRAVEYARD or not self.duel.is_effect_monster(loser):
            return
        for other in self.duel.field_cards():
            for st in self.duel.value_rules.active_statics(other, "negate-battle-destroyed"):
                if st.value(self.duel, other, winner):
                    self.duel.memory_rules.apply_lasting(loser, "negated-in-graveyard", source=other.name,
                                       erase=frozenset({Transition.CHANGED_ZONE}))

    def _battle_damage(self, attacker: "YgoCard", target: "YgoCard", atk: int, other: int) -> None:
        """Battle damage of a battle between two monsters: the difference, to the player
        of the weaker monster; none for a monster in defense position losing, unless the
        attacker pierces (贯通); a monster that doubles its battle damage doubles what it
        gives the opponent."""
        if atk > other and (target.position == "attack" or self.duel.memory_rules.lasting(attacker, "piercing")
                            or self.duel.value_rules.applies(attacker, "piercing")):
            by, victim, damage = attacker, target.controller, atk - other
        elif other > atk:
            by, victim, damage = target, attacker.controller, other - atk
        else:
            return
        if victim != by.controller and self.duel.memory_rules.lasting(by, "double-damage"):
            damage *= 2
        self.duel.lp[victim] -= damage
        self.log.record("battle.damage", card=by, damage=damage, victim=victim)
        self.duel.chain_rules.emit("battle-damage", by, damage=damage, direct=False, player=victim)

"""Magic: attacking, blocking and damage, and who stays in combat (CR 506.4).
"""

from __future__ import annotations

from typing import Protocol

from rulings.core import IllegalAction
from rulings.core.events import EventLog

from . import legality
from .cards import DAMAGE
from .characteristics import CREATURE
from .objects import PLAYER_NAMES, MtgCard
from .protection import stops
from .view import FaceDownView, GameView


class CombatFaceDown(FaceDownView, Protocol):
    """What combat asks of the face-down rules (face_down_rules.FaceDown)."""

    def face_up_instead(self, card: MtgCard, event: str) -> None: ...


class CombatGame(GameView, Protocol):
    """What combat needs of the rest of the game (rulings.mtg.game.Game is one):
    the turn, life totals, where creatures are (zone_rules), what they are now
    (layer_rules) and the face-down permanents that damage turns face up."""

    active_player: int
    #: where the turn is (legality.MAIN1 …)
    phase: str
    life: dict[int, int]
    #: when each player's latest turn began (the game's clock)
    turn_started: dict[int, int]
    face_down_rules: CombatFaceDown


class Combat:
    """Attacks, blocks and damage.  Owns whether blockers have been declared in this
    turn's combat (who attacks and blocks is on the creatures)."""

    state_fields = ("blockers_declared",)

    def __init__(self, game: CombatGame, log: EventLog) -> None:
        self.game = game
        self.log = log
        #: whether blockers have been declared in this turn's combat
        self.blockers_declared = False

    def summoning_sick(self, card: MtgCard) -> bool:
        """CR 302.6: controlled continuously since its controller's most recent turn began?
        Haste lets it attack and pay {T} all the same (702.10b, 702.10c)."""
        if not legality.on("summoning-sickness"):
            return False
        return card.controlled_since > self.game.turn_started[card.controller] and \
            not (self.game.layer_rules.characteristics(card).has("速攻") and legality.on("haste"))

    def why_cannot_attack(self, player: int, card: MtgCard) -> str | None:
        """Why ``player`` may not attack with ``card`` now (None: they may): a creature the
        active player controls (CR 508.1a), in the turn's one combat (500.1, 508.1),
        untapped, not summoning sick unless it has haste (302.6, 702.10b), no defender
        (702.3b)."""
        shown = f"「{card.name}」"
        values = self.game.layer_rules.characteristics(card)
        if CREATURE not in values.types or not self.game.zone_rules.on_battlefield(card):
            return f"{shown}は戦場にあるクリーチャーではないので攻撃できない（CR 508.1a）"
        if card.controller != player:
            return f"{PLAYER_NAMES[player]}は{shown}をコントロールしていないので、それで攻撃できない（CR 508.1a）"
        if player != self.game.active_player:
            return f"今は{PLAYER_NAMES[self.game.active_player]}のターンなので、{PLAYER_NAMES[player]}は攻撃できない（CR 508.1a）"
        if legality.on("attack-timing"):
            if self.game.phase not in (legality.MAIN1, legality.COMBAT) or self.blockers_declared:
                return (f"このターンの攻撃クリーチャーの指定はもう終わっているので、{shown}で攻撃できない"
                        "（CR 500.1、508.1）")
            if card.attacking:
                return f"{shown}はすでに攻撃している（CR 508.1a）"
        if card.tapped and legality.on("tapped"):
            return f"{shown}はタップ状態なので攻撃できない（CR 508.1a）"
        if self.summoning_sick(card):
            return (f"{shown}はこのターンの開始時から続けてコントロールされていないので攻撃できない"
                    "（召喚酔い、CR 302.6、508.1a）")
        if values.has("防衛"):
            return f"{shown}は防衛を持つので攻撃できない（CR 702.3b）"
        return None

    def attack(self, player: int, card: MtgCard) -> None:
        why = self.why_cannot_attack(player, card)
        if why is not None:
            raise IllegalAction(why)
        self.game.phase = legality.COMBAT
        if not self.game.layer_rules.characteristics(card).has("警戒"):
            self.game.tap(card, reason="攻撃")
            if CREATURE not in self.game.layer_rules.characteristics(card).types:
                return  # turned face up instead of tapping, and no longer a creature
        card.attacking = True
        card.attacked_this_turn = True
        self.log.record("attack", card=card)

    def why_cannot_block(self, player: int, blocker: MtgCard, attacker: MtgCard) -> str | None:
        """Why ``player`` may not block ``attacker`` with ``blocker`` now (None: they may):
        an untapped creature the defending player controls (CR 509.1a), evasion (702.9b)
        and protection (702.16e)."""
        shown = f"「{blocker.name}」"
        values = self.game.layer_rules.characteristics(blocker)
        if CREATURE not in values.types or not self.game.zone_rules.on_battlefield(blocker):
            return f"{shown}は戦場にあるクリーチャーではないのでブロックできない（CR 509.1a）"
        if blocker.controller != player:
            return f"{PLAYER_NAMES[player]}は{shown}をコントロールしていないので、それでブロックできない（CR 509.1a）"
        if not attacker.attacking:
            return f"「{attacker.name}」は攻撃していない"
        if legality.on("blocker"):
            if player == self.game.active_player or attacker.controller == player:
                return f"ブロックするのは防御プレイヤーなので、{PLAYER_NAMES[player]}はブロックできない（CR 509.1a）"
            if blocker.tapped:
                return f"{shown}はタップ状態なのでブロックできない（CR 509.1a）"
        flying = self.game.layer_rules.characteristics(attacker).has("飛行")
        if flying and not (values.has("飛行") or values.has("到達")):
            return f"{shown}は飛行も到達も持たないので、飛行を持つ「{attacker.name}」をブロックできない（CR 702.9b）"
        color = stops(self.game, attacker, blocker)
        if color:
            return f"{shown}はプロテクション（{color}）を持つ「{attacker.name}」をブロックできない（CR 702.16e）"
        return None

    def block(self, player: int, blocker: MtgCard, attacker: MtgCard) -> None:
        why = self.why_cannot_block(player, blocker, attacker)
        if why is not None:
            raise IllegalAction(why)
        self.blockers_declared = True
        blocker.blocking = attacker
        attacker.blocked = True
        self.log.record("block", card=blocker, attacker=attacker)

    def end_combat(self) -> None:
        """The combat phase ends (CR 511.3): creatures stop attacking and blocking; the
        turn goes on in its second main phase."""
        if self.game.phase != legality.COMBAT:
            raise IllegalAction(f"今は{legality.PHASE_NAMES[self.game.phase]}で、戦闘フェイズではない")
        for card in self.game.zone_rules.permanents():
            card.attacking, card.blocking = False, None
        self.game.phase = legality.MAIN2
        self.log.record("step.combat-ends")

    def remove_non_creatures_from_combat(self) -> None:
        # CR 506.4: a permanent that stops being a creature is removed from combat;
        # nothing else (evasion, "can't attack") undoes an attack or a block already made
        for card in self.game.zone_rules.permanents():
            if ((card.attacking or card.blocking is not None)
                    and CREATURE not in self.game.layer_rules.characteristics(card).types):
                card.attacking, card.blocking = False, None
                self.log.record("removed-from-combat", card=card)

    def deal_damage(self, target: MtgCard, amount: int, source: MtgCard) -> None:
        """Damage to a permanent; nothing is checked until the effect has finished."""
        color = stops(self.game, target, source)
        if color:
            self.log.record("prevent.protection", source=source, card=target, amount=amount, color=color)
            return
        self.game.face_down_rules.face_up_instead(target, DAMAGE)
        target.damage += amount
        self.log.record("damage", source=source, card=target, amount=amount)

    def deal_damage_to_player(self, player: int, amount: int, source: MtgCard) -> None:
        self.game.life[player] -= amount
        self.log.record("damage.player", source=source, player=player, amount=amount)

"""Attacks in Duel Masters: who may attack what (タップ, 召喚酔い, スピードアタッカー),
blocking (ブロッカー), battles between creatures, breaking shields (W・ブレイカー …),
the direct attack, destroying creatures, and TT abilities used instead of attacking.
"""

from __future__ import annotations

from rulings.core import IllegalAction, SetupError
from rulings.core.events import EventLog

from . import statics
from .legality import Rule, enforced, refusal
from .moves import Moves
from .objects import BATTLE, GRAVEYARD, DmCard, Shield
from .processing import Processing
from .shields import Shields
from .turn import Turn
from .zones import Zones


class Battle:
    """Owns the creatures that entered the battle zone this turn (召喚酔い) and the
    attacks of the turn: the one under way, its target, which were blocked and which
    were declared not blocked."""

    state_fields = ("sick", "attacking", "attacked", "blocked", "unblocked_attacks")

    def __init__(self, zones: Zones, moves: Moves, turn: Turn, shields: Shields, processing: Processing,
                 log: EventLog) -> None:
        self.zones = zones
        self.moves = moves
        self.turn = turn
        self.shields = shields
        self.processing = processing
        self.log = log
        #: creatures that entered the battle zone this turn (召喚酔い: they cannot attack
        #: before their controller's next turn, unless they have スピードアタッカー)
        self.sick: set[int] = set()
        #: the attack under way: the attacking creature's serial and what it attacks
        #: ("player" or "creature")
        self.attacking: dict[int, str] = {}
        #: the attacked creature of the attack under way (None: the player)
        self.attacked: DmCard | None = None
        #: the attacks of this turn that were blocked (serials of the attackers)
        self.blocked: set[int] = set()
        #: attacks of this turn declared not blocked (serials of the attackers)
        self.unblocked_attacks: set[int] = set()
        moves.arrivals.append(self.arrived)

    def arrived(self, card: DmCard) -> None:
        """A card changed zones: it attacks no more; in the battle zone it is new."""
        self.attacking.pop(card.serial, None)
        if card.zone.kind == BATTLE:
            self.sick.add(card.serial)
        else:
            self.sick.discard(card.serial)

    def new_turn(self) -> None:
        self.sick.clear()
        self.attacking.clear()
        self.blocked.clear()
        self.unblocked_attacks.clear()

    # -- legality ---------------------------------------------------------------------

    def why_cannot_attack(self, attacker: DmCard, defender: DmCard | None = None) -> str | None:
        """Why the creature cannot attack the opponent, or (``defender``) that creature,
        now; None when it can.  A tapped creature cannot attack, nor one that entered the
        battle zone this turn (召喚酔い) unless it is an evolution creature or has
        スピードアタッカー; only a tapped creature of the opponent can be attacked."""
        if not self.zones.is_top_creature(attacker):
            return f"「{attacker.name}」はバトルゾーンにない"
        if attacker.controller != self.turn.player:
            return f"「{attacker.name}」はそのコントローラーのターンにしか攻撃できない"
        if enforced(Rule.TAPPED_CANNOT_ATTACK) and attacker.tapped:
            return refusal(Rule.TAPPED_CANNOT_ATTACK, f"「{attacker.name}」はタップしているので攻撃できない")
        if (enforced(Rule.SUMMONING_SICKNESS) and attacker.serial in self.sick and not attacker.definition.evolution
                and "スピードアタッカー" not in statics.keywords_of(self.zones, attacker)):
            return refusal(Rule.SUMMONING_SICKNESS, f"「{attacker.name}」はこのターンにバトルゾーンに出たので"
                                                    f"攻撃できない")
        if defender is not None:
            if not (self.zones.is_top_creature(defender) and defender.controller != attacker.controller):
                return f"「{defender.name}」は相手のバトルゾーンのクリーチャーではない"
            if enforced(Rule.ATTACK_TAPPED_ONLY) and not defender.tapped:
                return refusal(Rule.ATTACK_TAPPED_ONLY, f"「{defender.name}」はアンタップしているので攻撃できない")
        return None

    def why_cannot_block(self, blocker: DmCard, attacker: DmCard) -> str | None:
        """Why ``blocker`` cannot block ``attacker``'s attack now."""
        if attacker.serial not in self.attacking or attacker.serial in self.blocked:
            return f"「{attacker.name}」はブロックできる攻撃をしていない"
        if not (self.zones.is_top_creature(blocker) and blocker.controller != attacker.controller):
            return f"「{blocker.name}」は攻撃されているプレイヤーのバトルゾーンのクリーチャーではない"
        if enforced(Rule.BLOCKER):
            if "ブロッカー" not in statics.keywords_of(self.zones, blocker):
                return refusal(Rule.BLOCKER, f"「{blocker.name}」はブロッカーを持たないのでブロックできない")
            if blocker.tapped:
                return refusal(Rule.BLOCKER, f"「{blocker.name}」はタップしているのでブロックできない")
        return None

    def shields_to_break(self, attacker: DmCard) -> int:
        """How many shields the unblocked attack on a player breaks: as many as the
        creature breaks (W・ブレイカー 2 …), or all that are left when fewer."""
        return min(statics.shields_broken_by(self.zones, attacker),
                   len(self.zones.shields[1 - attacker.controller]))

    def why_cannot_break(self, attacker: DmCard, shields: list[Shield]) -> str | None:
        if self.attacking.get(attacker.serial) != "player" or attacker.serial not in self.unblocked_attacks:
            return f"「{attacker.name}」は相手プレイヤーを攻撃してブロックされなかったクリーチャーではない"
        defender = 1 - attacker.controller
        if any(s.owner != defender for s in shields) or len({id(s) for s in shields}) != len(shields):
            return "ブレイクするのは攻撃されているプレイヤーのシールドで、同じシールドは1回しか選べない"
        wanted = self.shields_to_break(attacker)
        if enforced(Rule.BREAKER) and len(shields) != wanted:
            return refusal(Rule.BREAKER, f"「{attacker.name}」がブレイクするシールドは{wanted}つで、"
                                         f"{len(shields)}つではない")
        return None

    def why_cannot_tap(self, card: DmCard) -> str | None:
        """Why the creature cannot tap for its TT ability now: it is used in its
        controller's turn instead of attacking, so what stops an attack (tapped, 召喚酔い)
        stops it too."""
        if not (self.zones.is_top_creature(card) and card.definition.tap_ability):
            return f"「{card.name}」はTT能力を持つバトルゾーンのクリーチャーではない"
        if card.controller != self.turn.player:
            return f"「{card.name}」のTT能力はそのコントローラーのターンにしか使えない"
        if card.tapped:
            return f"「{card.name}」はタップしているのでTT能力を使えない"
        if (enforced(Rule.SUMMONING_SICKNESS) and card.serial in self.sick and not card.definition.evolution
                and "スピードアタッカー" not in statics.keywords_of(self.zones, card)):
            return refusal(Rule.SUMMONING_SICKNESS, f"「{card.name}」はこのターンにバトルゾーンに出たので"
                                                    f"TT能力を使えない")
        return None

    # -- attacking --------------------------------------------------------------------

    def attack(self, attacker: DmCard, defender: DmCard | None = None) -> None:
        """Attack the opponent, or (``defender``) a tapped creature of theirs."""
        refused = self.why_cannot_attack(attacker, defender)
        if refused:
            raise IllegalAction(refused)
        self.turn.step = "attack"
        target = "player" if defender is None else "creature"
        attacker.tapped = True
        self.attacking = {attacker.serial: target}
        self.attacked = defender
        self.blocked.discard(attacker.serial)
        self.unblocked_attacks.discard(attacker.serial)
        self.log.record("attack.player" if defender is None else "attack", card=attacker, target=defender)
        self.processing.trigger(attacker, "attacks", {"target": target})

    def block(self, blocker: DmCard, attacker: DmCard) -> None:
        """The attacked player's blocker taps and becomes what the attack is against:
        the two creatures battle."""
        refused = self.why_cannot_block(blocker, attacker)
        if refused:
            raise IllegalAction(refused)
        blocker.tapped = True
        self.blocked.add(attacker.serial)
        self.battle(attacker, blocker)

    def battle(self, attacker: DmCard, defender: DmCard) -> None:
        """The creature with less power is destroyed; with equal power, both are."""
        if not enforced(Rule.BATTLE):
            return
        if "パワーアタッカー" in statics.keywords_of(self.zones, attacker):
            raise SetupError(f"「{attacker.name}」のパワーアタッカーで増えるパワーがカードに書かれていないので、"
                             f"バトルの結果を決められない")
        powers = []
        for c in (attacker, defender):
            if c.definition.power is None:
                raise SetupError(f"「{c.name}」のパワーがカードに書かれていない")
            powers.append(c.definition.power)
        losers = [c for c, p, q in ((attacker, *powers), (defender, *reversed(powers))) if p <= q]
        for loser in losers:
            if self.zones.is_top_creature(loser):
                self.destroy(loser)

    def unblocked(self, attacker: DmCard) -> None:
        """The attack was not blocked: its abilities trigger and resolve; then a creature
        attacked battles, and a player with no shield left loses (the direct attack)."""
        if attacker.serial not in self.attacking:
            raise IllegalAction(f"「{attacker.name}」は攻撃していない")
        if attacker.serial in self.blocked:
            raise IllegalAction(f"「{attacker.name}」の攻撃はブロックされた")
        target = self.attacking[attacker.serial]
        self.unblocked_attacks.add(attacker.serial)
        self.log.record("attack.unblocked", card=attacker)
        self.processing.trigger(attacker, "unblocked", {"target": target})
        self.processing.after_action()
        if self.processing.waiting is not None:
            return
        defender = 1 - attacker.controller
        if target == "creature" and self.attacked is not None and self.zones.is_top_creature(self.attacked):
            self.battle(attacker, self.attacked)
            self.processing.after_action()
        elif (target == "player" and not self.zones.shields[defender] and enforced(Rule.DIRECT_ATTACK)
              and self.zones.is_top_creature(attacker) and defender not in self.processing.lost):
            self.processing.lost[defender] = "direct attack"
            self.log.record("lose.direct-attack", player=defender)

    def attack_breaks(self, attacker: DmCard, shields: list[Shield]) -> None:
        """The unblocked attack on a player breaks its shields, all at once; their
        S・トリガー may be used right after."""
        refused = self.why_cannot_break(attacker, shields)
        if refused:
            raise IllegalAction(refused)
        self.shields.break_all(shields)
        self.attacking.pop(attacker.serial, None)

    def use_tap_ability(self, card: DmCard) -> None:
        refused = self.why_cannot_tap(card)
        if refused:
            raise IllegalAction(refused)
        self.turn.step = "attack"
        card.tapped = True
        self.log.record("tap.ability", card=card)
        self.processing.run(self.processing.resolution(card.definition.tap_ability, card, {}))

    def destroy(self, card: DmCard) -> None:
        if not self.zones.is_top_creature(card):
            raise IllegalAction(f"「{card.name}」はバトルゾーンのクリーチャーではない")
        self.log.record("destroy", card=card)
        self.moves.move(card, GRAVEYARD, reason="destroyed")
        if "シールド・ゴー" in card.definition.keywords:
            self.shields.add_shield(card.owner, [card], face_up=True, reason="シールド・ゴー")
        self.processing.trigger(card, "destroyed", {})

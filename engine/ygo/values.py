"""What the rules compute about a card right now: which of its effects apply, its
ATK/DEF, whether it can be destroyed or be special summoned, and the rules that act by
themselves after every change.  (Whether it may attack is battle.py's; whether it may be
Normal, Tribute or Flip Summoned or change its battle position is summoning.py's: the
basic rules, spec/ygo/basic-rules.rst.)

A face-down monster is non-public information: its controller knows the printed
values, but effects that check ATK/DEF find no determined number (None).
"""

from __future__ import annotations

import copy
from typing import Protocol

from rulings.core.events import EventLog

from .battle import Battle
from .control import Control
from .links import Links
from .memories import Memories
from .memory import Info
from .objects import YgoCard, Zone
from .view import ActivationView, DuelView, NegationView


#: how the engine's zone and summon words read in the refusals a page shows (Chinese)
#: the documents' words for zones, summon methods, players and card kinds (messages)
ZONE_WORDS = {Zone.HAND: "手卡", Zone.DECK: "卡组", Zone.EXTRA: "额外卡组", Zone.GRAVEYARD: "墓地", Zone.BANISHED: "除外状态",
               Zone.SPELL_TRAP: "魔法与陷阱区域", Zone.MONSTER: "怪兽区域"}
METHOD_WORDS = {"special": "特殊", "fusion": "融合", "synchro": "同调", "xyz": "超量", "ritual": "仪式",
                "link": "连接", "pendulum": "灵摆", "gemini": "二重", "normal": "通常", "tribute": "上级",
                "flip": "反转"}
KIND_WORDS = {"monster": "怪兽", "spell": "魔法", "trap": "陷阱"}
WHO = {0: "自己", 1: "对方"}

#: procedure rules the coverage tool switches off (tables.py): a procedure's cost is paid
#: before the rules ask whether the monster can be special summoned (fid=7965)
PROCEDURES = {"checked-after-cost": True}
#: the pendulum zone's rules: a pendulum card's effects in the pendulum zone apply once its
#: card activation has resolved (like a spell card's), not while it is on the chain (fid=12746)
PENDULUM = {"pendulum-effects-after-activation": True}


class ValuesNegation(NegationView, Protocol):
    """What values.py asks of negation.py's ``Negation`` beyond what card data does."""

    def negations(self, card: YgoCard, depth: int = 0) -> set[str]: ...


class ValuesActivation(ActivationView, Protocol):
    """What values.py asks of activation.py's ``Activation`` beyond what card data does."""

    def decided_at_card_activation(self, card: YgoCard) -> bool: ...


class ValuesDuel(DuelView, Protocol):
    """What the values need of the rest of the duel (rulings.ygo.duel.Duel is one): what
    card data sees (a static's test is given the duel), and whether a continuous trap's
    effect was decided with its card activation on the chain."""

    negation_rules: ValuesNegation
    activation_rules: ValuesActivation


class SummonCounts(Protocol):
    """The summons of the turn as the rules count them (summoning.Summoning is one)."""

    summon_count: list[int]
    special_summons: list[int]
    #: (turn, player, card name) of every special summon
    special_summoned_names: set[tuple[int, int, str]]


class Values:
    """What the rules compute about a card now.  Owns no state: it reads the cards, their
    memory and the counts the other components keep (summons, attacks)."""

    state_fields: tuple[str, ...] = ()

    def __init__(self, duel: ValuesDuel, memory: Memories, links: Links, control: Control, battle: Battle,
                 summoning: SummonCounts, log: EventLog) -> None:
        self.duel = duel
        self.memory = memory
        self.links = links
        self.control = control
        self.battle = battle
        self.summoning = summoning
        self.log = log

    # -- statics --------------------------------------------------------------------

    def active_statics(self, card: "YgoCard", kind: str, *, ignore_negation: bool = False):
        d = card.definition
        found = []
        for st in d.statics:
            if st.kind != kind:
                continue
            if st.zone == "field":
                if not self.duel.face_up_on_field(card):
                    continue
                if not ignore_negation and card.definition.is_monster and self.duel.negation_rules.negations(card):
                    continue
                if not ignore_negation and d.kind == "spell" and self.spells_negated(card):
                    continue
                if self.duel.chain_rules.chain and not d.is_monster and self.duel.activation_rules.decided_at_card_activation(card):
                    # a spell or trap card's continuous effects apply once its card
                    # activation has resolved, not while it is on the chain
                    continue
            elif card.zone.kind != st.zone:
                continue
            elif st.zone == Zone.PENDULUM and self.duel.chain_rules.chain and PENDULUM["pendulum-effects-after-activation"] \
                    and self.duel.activation_rules.decided_at_card_activation(card):
                continue
            if st.condition is not None and not st.condition(self.duel, card):
                continue
            found.append(st)
        return found

    def spells_negated(self, card: "YgoCard") -> bool:
        """Whether a face-up card's 『场上的魔法卡的效果无效化』 (王宫的敕命) reaches ``card``, a
        spell card on the field."""
        return any(other is not card and other.definition.kind != "spell"
                   and self.active_statics(other, "negate-spells") for other in self.duel.field_cards())

    def applies(self, card: "YgoCard", kind: str) -> bool:
        return bool(self.active_statics(card, kind))

    def static_applies(self, card: "YgoCard", label: str) -> bool:
        """Whether the non-activated effect ``label`` of ``card`` applies now; an effect
        a material gives (as-material) applies while a monster summoned with it keeps
        that information."""
        for st in card.definition.statics:
            if st.label != label:
                continue
            if st.kind == "as-material":
                if any(self.duel.face_up_on_field(m) and not self.duel.negation_rules.negations(m)
                       and card.serial in {s for s, _d in self.memory.recall(m, Info.SUMMON_MATERIALS) or ()}
                       for m in self.duel.monsters()):
                    return True
            elif st in self.active_statics(card, st.kind):
                return True
        return False

    def affected_by(self, card: "YgoCard", source: "YgoCard") -> bool:
        """Whether ``source``'s effects reach ``card`` now."""
        if self.unaffected(card, source):
            return False
        kinds = [st for st in source.definition.statics if st.kind == "negate-monsters" and st.value is not None]
        if kinds:
            return self.duel.face_up_on_field(source) and any(st.value(self.duel, source, card) for st in kinds) \
                and self.duel.face_up_on_field(card)
        return True

    def field_ban(self, card: "YgoCard", kind: str) -> str | None:
        """The name of a face-up card whose non-activated effect ``kind`` forbids
        ``card`` something now (苦痛的回廊: cannot attack, cannot activate)."""
        for other in self.duel.field_cards():
            for st in self.active_statics(other, kind):
                if st.value(self.duel, other, card):
                    return other.name
        return None

    def rule_of(self, name: str, kind: str, subject) -> bool:
        """A rule a card's text sets for others (its materials, its cost …)."""
        d = self.duel.definition(name)
        return any(st.value(self.duel, subject) for st in d.statics if st.kind == kind)

    # -- ATK / DEF ------------------------------------------------------------------

    def atk(self, card: "YgoCard", viewer: int | None = None) -> int | None:
        return self._stat(card, "atk", viewer)

    def defense(self, card: "YgoCard", viewer: int | None = None) -> int | None:
        return self._stat(card, "def", viewer)

    def original_atk(self, card: "YgoCard") -> int | None:
        """Its original ATK (原本攻击力) now: the printed value, as effects that change the
        original value make it (a face-down monster or a card off the field: the printed)."""
        return self._original(card, "atk")

    def _original(self, card: "YgoCard", which: str) -> int | None:
        value = card.definition.atk if which == "atk" else card.definition.defense
        if not self.duel.face_up_on_field(card) or value is None:
            return value
        for st in self.active_statics(card, "original-" + which):
            value = st.value(self.duel, card, value) if callable(st.value) else st.value
        for v in self.memory.lasting(card, "original-" + which):  # 『原本攻击力变成…』 given by a resolving effect
            value = value // 2 if v == "half" else v
        return value

    def _stat(self, card: "YgoCard", which: str, viewer: int | None) -> int | None:
        printed = card.definition.atk if which == "atk" else card.definition.defense
        if not self.duel.on_field(card):
            return printed
        if not card.face_up:
            # non-public: the printed value is known to its controller only, and is not a
            # determined number for effects (viewer None)
            return printed if viewer == card.controller else None
        value = self._original(card, which)
        # changes given by resolving effects, in the order they were given: 『攻击力变成…』
        # replaces what came before it, 『上升/下降』 adds to it
        for item in card.memory.items():
            key = item.key
            if isinstance(key, tuple) and key[0] is Info.LASTING and key[1][0] in (which, which + "-set"):
                value = item.value if key[1][0] == which + "-set" else value + item.value
        for st in self.active_statics(card, which):
            value += st.value(self.duel, card) if callable(st.value) else st.value
        if which == "atk":
            # 『对方场上的怪兽的攻击力下降那怪兽的原本攻击力数值』 of a face-up card on the field
            for other in self.duel.field_cards():
                if any(st.value(self.duel, other, card) for st in self.active_statics(other, "lose-original-atk")):
                    value -= self._original(card, "atk") or 0
        return max(0, value)

    # -- protection -----------------------------------------------------------------

    def unaffected(self, card: "YgoCard", source: "YgoCard | None") -> bool:
        if source is None or source is card or not self.duel.face_up_on_field(card):
            return False
        if self.memory.lasting(card, "unaffected"):
            return True
        if self.memory.lasting(card, "unaffected-by-opponent") and source.controller != card.controller:
            return True
        return any(st.value(self.duel, card, source) for st in self.active_statics(card, "unaffected"))

    def why_not_destroyed(self, card: "YgoCard", *, by_effect=None, by_battle: bool = False,
                          consume: bool = True, by_player: int | None = None) -> str | None:
        """Why ``card`` would survive being destroyed; statics need it face-up, lasting
        marks and links were given to it knowingly and hold while they last."""
        if not self.duel.on_field(card):
            # 4.3.3.4.1: a card in the graveyard or banished cannot be destroyed
            return "not on the field"
        up = card.face_up
        if by_effect is not None and by_player is None:
            by_player = by_effect.controller
        if not by_battle and by_player is not None and by_player != card.controller \
                and self.duel.turn_player != card.controller and up:
            # 『在对方回合只有1次不会被对方的效果破坏』 (飞行象 ①): used up once it applied
            for st in self.active_statics(card, "indestructible-once-opponent-turn"):
                if not self.memory.remembers(card, Info.USED_THIS_TURN, per=st.label):
                    if consume:
                        self.memory.remember(card, Info.USED_THIS_TURN, per=st.label)
                    return f"{st.label}: not destroyed by the opponent's effect once in the opponent's turn"
        if by_effect is not None:
            if up and self.unaffected(card, by_effect):
                return "unaffected by that effect"
            if (up and self.applies(card, "indestructible-effect")) or self.memory.lasting(card, "indestructible-effect") \
                    or self.links.links_granting(card, "indestructible-effect"):
                return "cannot be destroyed by card effects"
            given = self.field_ban(card, "indestructible-effect-given") if up else None
            if given:
                return f"the effect of 「{given}」: it cannot be destroyed by card effects"
            if up and by_effect.definition.is_monster and self.applies(card, "indestructible-monster-effect"):
                return "cannot be destroyed by monster effects"
        if by_battle and ((up and self.applies(card, "indestructible-battle"))
                          or self.memory.lasting(card, "indestructible-battle")):
            return "cannot be destroyed by battle"
        if (by_battle or by_effect is not None) and self.memory.lasting(card, "indestructible-once"):
            if consume:
                for item in card.memory.items():
                    if isinstance(item.key, tuple) and item.key[0] is Info.LASTING \
                            and item.key[1][0] == "indestructible-once":
                        card.memory.forget(item.key)
                        break
            return "not destroyed once this turn"
        return None

    # -- what a monster may do ------------------------------------------------------

    # -- pendulum scales (灵摆刻度) -------------------------------------------------------

    def pendulum_scale(self, card: "YgoCard") -> int:
        """Its pendulum scale now: the printed one, as its own effects that apply change it
        (『这张卡的灵摆刻度变成N』)."""
        value = card.definition.scale
        for st in self.active_statics(card, "scale-set"):
            value = st.value
        return value

    def pendulum_scales(self, player: int) -> tuple[int, int] | None:
        """The lower and higher scales of the two cards in that player's pendulum zones;
        None without two cards there."""
        cards = list(self.duel.board.zone(player, Zone.PENDULUM))
        if len(cards) < 2:
            return None
        low, high = sorted(self.pendulum_scale(c) for c in cards[:2])
        return low, high

    # -- summon conditions (召唤条件) and revive limits (苏生限制) ---------------------------

    def summon_kinds(self, card: "YgoCard") -> set[str]:
        """The summon conditions the card's own rules state (blocks.OWN_PROPERTIES)."""
        return {st.kind for st in card.definition.statics}

    def why_not_link_material(self, card: "YgoCard", link: "YgoCard | None" = None) -> str | None:
        """Why ``card`` cannot be a link material (of ``link``) now: its own rule 『这张卡在连接
        召唤的回合不能作为连接素材』 reads 『这个回合（连接）召唤的』 — lost with a temporary
        banish (FAQ fid=22269) — and the link monster's material description."""
        if "no-link-material-turn-link-summoned" in self.summon_kinds(card) \
                and self.memory.remembers(card, Info.SUMMONED_THIS_TURN) and self.memory.remembers(card, Info.LINK_SUMMONED):
            return f"「{card.name}」在连接召唤的回合不能作为连接素材"
        if link is not None:
            rules = [st for st in link.definition.statics if st.kind == "link-material"]
            if rules and not any(st.value(self.duel, card) for st in rules):
                return f"「{card.name}」不符合「{link.name}」的连接素材"
        return None

    def special_summon_monster(self, card: "YgoCard") -> bool:
        """特殊召唤怪兽: a monster that cannot be Normal Summoned — an extra deck or ritual
        monster, or one whose text says 这张卡不能通常召唤."""
        d = card.definition
        return d.is_monster and (d.extra_deck or "ritual" in d.types
                                 or "special-summon-monster" in self.summon_kinds(card))

    def properly_summoned_by(self, card: "YgoCard", how: str, method: str, by: str = "",
                             from_zone: str | None = None) -> bool:
        """Whether this summon is the monster's proper procedure (正规召唤手续): its own
        procedure or summon method; a pendulum summon only for a main deck monster (a
        P＋融合·同调·超量 monster's proper procedure is that summon); an effect only as its
        condition says (proper_by_effect)."""
        if how == "procedure":
            return method != "pendulum" or not card.definition.extra_deck
        return how == "effect" and self.proper_by_effect(card, by, from_zone)

    def summon_how(self, method: str, by: str = "") -> str:
        """How a special summon stands to the summon conditions: "procedure" (the
        monster's own procedure, or a summon method such as a Synchro or Ritual Summon),
        "effect" (by a card's effect) or "ignore" (an effect that ignores the summon
        conditions: 无视召唤条件, as that card's blocks say)."""
        if method != "special" or not by:
            return "procedure"
        try:
            source = self.duel.definition(by)
        except Exception:  # "an effect": no card of the catalogue
            return "effect"
        return "ignore" if any("ignore-summon-conditions" in e.moves for e in source.effects) else "effect"

    def proper_by_effect(self, card: "YgoCard", by: str, from_zone: str | None = None) -> bool:
        """Whether a special summon by that card's effect is this monster's proper
        procedure (正规召唤手续): 『只能用卡的效果特殊召唤』, or a card its condition names
        (『特别地』: its own effect only when it brings it from the hand, the one that
        summons it from there — 守护者·戴思塞斯①, not ④ from the graveyard, fid=6112)."""
        kinds = self.summon_kinds(card)
        if "summon-by-effects" in kinds:
            return True
        for st in card.definition.statics:
            if st.kind == "summon-only-by" and by in self._named(card, st.value):
                if by == card.name and "own-effect-proper-from-hand" in card.definition.rulings:
                    return (from_zone or card.zone.kind) == Zone.HAND
                return "own-effect-not-proper" not in card.definition.rulings or by != card.name
        return False

    @staticmethod
    def _named(card: "YgoCard", names) -> set[str]:
        return {card.name if n == "这张卡" else n for n in names}

    def why_cannot_special_summon(self, card: "YgoCard", player: int, how: str = "effect",
                                  by: str = "", method: str = "special", targeting: bool = False) -> str | None:
        """Why that player could not special summon the card now, ``how`` (see
        summon_how; by default by an effect).  召唤限制: a special summon monster comes from
        the hand or the deck only by its proper procedure, and one whose condition says
        『才能特殊召唤』 only so, from anywhere; 苏生限制: one never properly summoned
        cannot be special summoned from the graveyard, banishment or the face-up extra
        deck but by its proper procedure.  Ignoring the summon conditions lifts the first,
        never the second."""
        kinds = self.summon_kinds(card)
        zone = card.zone.kind
        if how != "ignore" and method != "fusion":
            # 『…的场合可以从额外卡组特殊召唤』 (毁灭之黑魔术师): its own way of being special
            # summoned besides a fusion summon, whose condition is a rule of the card (only an
            # effect that ignores the summon conditions skips it)
            for st in card.definition.statics:
                if st.kind == "summon-procedure" and st.condition is not None and not st.condition(self.duel, card):
                    return f"「{card.name}」特殊召唤的手续的条件没有满足"
        if how == "procedure" and method == "special":
            # 『满足条件的场合可以从手卡特殊召唤』: a monster that can be normal summoned and
            # has its own procedure from the hand (a procedure, not an effect: what negates
            # effects — 王家长眠之谷 — does not stop it, fid=24025)
            for st in card.definition.statics:
                if st.kind == "hand-summon-procedure" and zone != Zone.HAND:
                    return f"「{card.name}」用自身的方法只能从手卡特殊召唤"
                if st.kind == "hand-summon-procedure" and st.condition is not None and not st.condition(self.duel, card):
                    return f"「{card.name}」特殊召唤的手续的条件没有满足"
        if "special-summon-once-per-turn" in kinds and (self.duel.turn, player, card.name) in self.summoning.special_summoned_names:
            # not a summon condition: an effect that ignores the conditions does not ignore it
            return f"{WHO[player]}这个回合已经把「{card.name}」特殊召唤过（1回合只能有1次）"
        if "no-special-summon" in kinds and how != "ignore":
            return f"「{card.name}」不能特殊召唤"
        if how == "procedure" and method == "fusion" and "no-fusion-summon" in kinds:
            return f"「{card.name}」不能融合召唤"
        if how == "procedure" and (("summon-only-by-procedure" in kinds and method != "special")
                                   or ("summon-only-by-ritual" in kinds and method != "ritual")):
            # 『……才能特殊召唤』 names one way: no other summon method (a fusion monster that
            # cannot be fusion summoned, a ritual monster only ritual summoned)
            return f"「{card.name}」不能{METHOD_WORDS.get(method, method)}召唤：它的召唤条件指定了别的方法"
        if how == "procedure" and method == "pendulum" and self.special_summon_monster(card):
            # a pendulum summon is made by the rules, not by a card's effect; from the
            # face-up extra deck only a monster once properly summoned (苏生限制)
            if "summon-by-effects" in kinds:
                return f"「{card.name}」只能用卡的效果特殊召唤，不能灵摆召唤"
            if zone == Zone.EXTRA and not (card.face_up and card.proc_complete):
                return f"「{card.name}」没有先经过正规召唤手续，不能从额外卡组灵摆召唤"
        if how == "procedure" and method == "special" and self.special_summon_monster(card) \
                and not card.definition.extra_deck and zone != Zone.HAND:
            # a main deck monster's own procedure is made from the hand (unless its text
            # names another place: not modelled)
            return f"「{card.name}」用自身的手续只能从手卡特殊召唤，不能从{ZONE_WORDS.get(zone, zone)}"
        proper = (how == "procedure" and method != "pendulum") or (how == "effect" and self.proper_by_effect(card, by))
        if how == "effect" and not proper:
            named = [st for st in card.definition.statics if st.kind == "summon-only-by"]
            if kinds & {"summon-only-by-procedure", "summon-only-by-ritual"} or (named and not any(
                    by in self._named(card, st.value) for st in named)):
                return f"「{card.name}」只能按它的召唤条件特殊召唤"
            if self.special_summon_monster(card) and zone in (Zone.HAND, Zone.DECK) \
                    and "summon-by-effects" not in kinds:
                return f"「{card.name}」是特殊召唤怪兽：从{ZONE_WORDS.get(zone, zone)}只能用正规召唤手续特殊召唤"
        if self.special_summon_monster(card) and not proper and not card.proc_complete and (
                zone in (Zone.GRAVEYARD, Zone.BANISHED, Zone.SPELL_TRAP) or (zone == Zone.EXTRA and card.face_up)):
            return f"「{card.name}」没有先经过正规召唤手续（苏生限制）"
        if how == "effect" and by == card.name and zone == Zone.GRAVEYARD and self.memory.lasting(card, "negated-in-graveyard"):
            # its own effect, negated in the graveyard (冥界的魔王 哈·迪斯, fid=11587)
            return f"「{card.name}」被战斗破坏送去墓地时效果被无效，在墓地不能发动"
        for other in self.duel.field_cards():
            # (an effect that will be negated may still target: 王家长眠之谷 negates it as it resolves)
            if how != "procedure" and zone == Zone.GRAVEYARD and not targeting \
                    and self.active_statics(other, "negate-graveyard-effects"):
                return f"「{other.name}」使对墓地的卡发生影响的效果无效"
            for st in self.active_statics(other, "forbid-summon-method"):
                sides, forbidden = st.value
                if forbidden in (method, "any-special") and player in _sides(sides, other.controller):
                    return f"「{other.name}」的效果使{METHOD_WORDS.get(method, method)}召唤不能进行"
            for st in self.active_statics(other, "limit-summons"):
                if self.summoning.summon_count[player] >= st.value:
                    return f"「{other.name}」的效果使1回合合计只能召唤{st.value}次"
            for st in self.active_statics(other, "limit-special-summon"):
                if (self.memory.recall(other, Info.COUNT, per=player) or 0) >= st.value:
                    return f"「{other.name}」的效果使1回合只能特殊召唤{st.value}次"
            if player == self.duel.turn_player and self.active_statics(other, "limit-special-summon-by-attacks") \
                    and self.summoning.special_summons[player] >= self.battle.attack_declarations[player]:
                return (f"「{other.name}」的效果使回合玩家特殊召唤的次数不能超过这个回合攻击过的次数"
                        f"（已攻击{self.battle.attack_declarations[player]}次，已特殊召唤{self.summoning.special_summons[player]}次）")
        return None

    def why_cannot_procedure_paying(self, card: "YgoCard", player: int, paid: "YgoCard") -> str | None:
        """『把手卡·场上1张卡送去墓地，从手卡特殊召唤』: the card sent is the procedure's cost,
        paid as the procedure is made; a 『不能特殊召唤』 that applies once it is paid (the card
        sent was what kept it negated: 技能抽取 and 虚无魔人) stops the summon — asked of a
        copy of the duel, which the question leaves as it is (fid=7965)."""
        if paid.controller != player or not (paid.zone.kind == Zone.HAND or self.duel.on_field(paid)):
            return f"「{paid.name}」不是自己的手卡·场上的卡"
        why = self.why_cannot_special_summon(card, player, how="procedure")
        if why or not PROCEDURES["checked-after-cost"]:
            return why
        memo: dict = {}
        trial = copy.deepcopy(self.duel, memo)
        trial.move_rules.send_to_graveyard(memo[id(paid)], reason=f"cost of 「{card.name}」's procedure (tried)")
        why = trial.value_rules.why_cannot_special_summon(memo[id(card)], player, how="procedure")
        return f"把「{paid.name}」送去墓地之后，{why}" if why else None

    def count_special_summon(self, player: int) -> None:
        """Counts kept by effects (神影依·米德拉什): counted even while negated."""
        for other in self.duel.field_cards():
            for _ in self.active_statics(other, "limit-special-summon", ignore_negation=True):
                self.memory.remember(other, Info.COUNT, (self.memory.recall(other, Info.COUNT, per=player) or 0) + 1, per=player)

    # -- after every change ---------------------------------------------------------

    def adjust(self) -> None:
        """Rules that act by themselves as soon as the state allows (不入连锁的效果)."""
        for _ in range(8):
            changed = False
            for card in self.duel.field_cards():
                if self.active_statics(card, "self-destroy"):
                    self.duel.move_rules.destroy(card, reason="its own effect")
                    changed = True
                elif "equip" in card.definition.types and card.face_up and not any(
                        "equip" in lk.grants for lk in self.links.links_of(card)):
                    self.duel.move_rules.send_to_graveyard(card, reason="no monster to equip")
                    changed = True
            if not changed:
                return

    def end_phase_effects(self) -> None:
        for card in self.duel.field_cards():
            if not card.definition.is_monster and not card.face_up and self.links.links_granting(card, "activate-or-grave"):
                # 『在结束阶段必须把那张卡发动或送去墓地』: its controller may activate it if it
                # can be; the engine takes the other choice, which is always open
                self.duel.move_rules.send_to_graveyard(card, reason="it had to be activated or sent to the graveyard")
        for card in self.duel.field_cards():
            if not card.definition.is_monster and self.duel.turn in self.memory.lasting(card, "destroyed-in-end-phase"):
                self.duel.move_rules.destroy(card, reason="its turns on the field are over")
        for card in self.duel.monsters():
            if card.face_up and self.memory.lasting(card, "destroy-at-end-phase"):
                self.duel.move_rules.destroy(card, reason="destroyed in the end phase by the effect that summoned it")
            elif card.face_up and self.memory.lasting(card, "to-hand-at-end-phase"):
                self.duel.move_rules.return_to_hand(card, reason="returned to the hand in the end phase by the effect that summoned it")
            elif any(v is True or v == self.duel.turn for v in self.memory.lasting(card, "to-graveyard-at-end-phase")):
                self.duel.move_rules.send_to_graveyard(card,
                                                       reason="sent to the graveyard in the end phase by the effect")
        self.control.end_phase_control()


def _sides(sides: str, controller: int) -> frozenset:
    """The players a static of ``controller``'s card speaks of: 自己, 对方 or 双方."""
    return frozenset({0, 1}) if sides == "both" else frozenset({controller if sides == "own" else 1 - controller})

"""The event, condition, cost and restriction parts of Yu-Gi-Oh! effects, read as a small
grammar of the rules rather than one block per card text.

An event is 「{subject}{what happened}{timing}」: the subject (这张卡、表侧表示的这张卡、
同调召唤的这张卡、对方场上的怪兽、自己场上有「DDD」同调怪兽 …), what happened to it
(上级召唤成功、从墓地特殊召唤、从场上送去墓地、被战斗破坏、从场上离开、反转、的攻击宣言 …)
and the timing word: 『…时』 can miss the timing, 『…的场合』 cannot (the card format reads
the last character, see cardformat._effect).  An event about another card is seen only by a
card in its effect's zone (face-up, on the field): the card format adds that check, marked by
``watches`` on the test.

A condition about this card's history is 「{done}的这张卡」/「这张卡{done}过」 with the same
words for what was done (上级召唤、从墓地特殊召唤、攻击、进行战斗、战斗破坏怪兽 …), a phase
condition 「{turn}{phase}」, a board condition 「{place}有/没有{desc}存在」, and a chain
condition 「{who}把{what}发动时」.  Costs are 「把{cards}{送去墓地|除外|解放|丢弃 …}」 and
「支付{amount}基本分」; restrictions 「{activated}发动的回合，{who}不能{do}」.

This module registers its phrases in :data:`rulings.ygo.blocks.BLOCKS`; the card format
(cardformat.py) imports it, so that every reader of the blocks has them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from rulings.core import IllegalAction
from rulings.vocabulary import Term

from . import primitives as p
from .activation import Ban
from .blocks import BLOCKS, CARD_KINDS, PLACES, SUMMONS, ZONES, _own_battler, describe, where
from .cards import CostWord
from .memory import SPECIAL_METHODS, Info, erased_until_turn_end
from .objects import WAS_BANISHED, Zone

EventTest = Callable[[Any, Any, Any], bool]   # (duel, watching card, event) -> bool
Condition = Callable[[Any, Any], bool]        # (duel, card) -> bool


def _alternatives(words) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_METHOD = _alternatives(SUMMONS)
_ZONE = _alternatives(ZONES)
_ZONES = rf"(?:{_ZONE})(?:·(?:{_ZONE}))*"

#: the summon methods of an event, as the text says them -> the methods the engine emits
SUMMON_KINDS = {
    "召唤": ("normal", "tribute"), "通常召唤": ("normal", "tribute"), "上级召唤": ("tribute",),
    "特殊召唤": ("special", "synchro", "xyz", "fusion", "ritual", "link", "pendulum"),
    "反转召唤": ("flip",), "同调召唤": ("synchro",), "X召唤": ("xyz",), "超量召唤": ("xyz",),
    "融合召唤": ("fusion",), "仪式召唤": ("ritual",), "连接召唤": ("link",), "灵摆召唤": ("pendulum",),
}
_SUMMON_KIND = _alternatives(SUMMON_KINDS)


def _summon_methods(text: str) -> tuple[str, ...]:
    """召唤·特殊召唤 -> every method either word stands for."""
    methods: list[str] = []
    for word in text.split("·"):
        methods += [m for m in SUMMON_KINDS[word] if m not in methods]
    return tuple(methods)


# == subjects of events =========================================================================

SUBJECT = (rf"这张卡|表侧表示的这张卡|(?:{_METHOD})召唤的这张卡|反转过的这张卡|「[^」]+」怪兽的效果特殊召唤的这张卡"
           r"|用这张卡作为素材的怪兽|卡|自己|对方"
           r"|(?:自己|对方)?(?:场上有|场上的|的)?[^；;，「」]*(?:「[^」]+」[^；;，「」]*)*?怪兽")
BLOCKS.term(Term("subject", SUBJECT, description="who an event is about: 这张卡、表侧表示的这张卡、同调召唤的这张卡、"
                                                 "对方场上的怪兽、自己场上有「…」同调怪兽、卡 …"))


class Subject:
    """Who an event is about, read from its words: ``is_self`` (这张卡 …) or another card
    fitting a description; ``test(duel, card, ev)`` checks the event's subject."""

    def __init__(self, text: str):
        self.text = text
        self.is_self = text.endswith("这张卡")
        self.face_up = text.startswith("表侧表示的")
        m = re.fullmatch(rf"({_METHOD})召唤的这张卡", text)
        #: what this card must remember having been (召唤的这张卡, 反转过的这张卡)
        self.summoned = SUMMONS[m.group(1)] if m else (Info.FLIPPED,) if text == "反转过的这张卡" else ()
        self.material = text == "用这张卡作为素材的怪兽"
        m = re.fullmatch(r"「([^」]+)」怪兽的效果特殊召唤的这张卡", text)
        #: 『「进化虫」怪兽的效果特殊召唤的这张卡』: that archetype's monster summoned it
        #: (Info.SUMMONED_BY_NAME: lost turned face-down, kept through a temporary banish)
        self.by_archetype = m.group(1) if m else None
        #: a player (自己、对方): what happened happened to that player
        self.player = {"自己": "own", "对方": "opponent"}.get(text)
        self.side: str | None = None
        self.on_field = False
        self.what = None
        if not self.is_self and not self.material and not self.player and text != "卡":
            m = re.fullmatch(r"(自己|对方)?(场上有|场上的|的)?(.*)", text)
            self.side = {"自己": "own", "对方": "opponent"}.get(m.group(1) or "")
            self.on_field = bool(m.group(2) and m.group(2).startswith("场上"))
            self.what = describe(m.group(3))

    def test(self, duel, card, ev) -> bool:
        if self.player is not None:
            return (ev.player == card.controller) == (self.player == "own")
        c = ev.subject
        if c is None:
            return False
        lki = ev.data.get("lki")
        if self.is_self:
            if c is not card:
                return False
            if self.face_up and not (lki["face_up"] if lki else card.face_up):
                return False
            memory = lki["memory"] if lki else None
            if self.by_archetype is not None:
                by = memory.get(Info.SUMMONED_BY_NAME) if memory is not None \
                    else duel.memory_rules.recall(card, Info.SUMMONED_BY_NAME)
                return bool(by) and self.by_archetype in by and duel.definition(by).is_monster
            return not self.summoned or any((info in memory) if memory is not None else duel.memory_rules.remembers(card, info)
                                            for info in self.summoned)
        if c is card:
            return False
        if self.material:
            materials = lki["memory"].get(Info.MATERIAL_LINK, ()) if lki else ()
            return card.serial in materials
        if self.what is None:   # 卡: any card
            return True
        if self.on_field and lki is None and not duel.on_field(c):
            return False
        holder = lki["controller"] if lki else c.controller
        if self.side == "own" and holder != card.controller or self.side == "opponent" and holder == card.controller:
            return False
        return self.what(duel, card, c)


PHASES = {"主要阶段1": ("main1",), "主要阶段2": ("main2",), "战斗阶段": ("battle",), "结束阶段": ("end",),
          "准备阶段": ("standby",), "主要阶段以及战斗阶段": ("main1", "battle", "main2"), "主要阶段": ("main1", "main2")}
BLOCKS.term(Term.choice("phase", PHASES, "a phase"))
TURNS = {"自己·对方的": None, "自己回合的": "own", "对方回合的": "opponent", "对方的": "opponent", "自己的": "own"}
BLOCKS.term(Term.choice("turn", TURNS, "whose turn"))


# == what happened ==============================================================================

#: what happened to the subject: regex -> maker(match) -> (event kind, test(duel, card, ev, subject))
HAPPENINGS: list[tuple[str, Callable[..., tuple[str, Callable[..., bool]]]]] = []


def happening(regex: str):
    def register(make):
        HAPPENINGS.append((regex, make))
        return make

    return register


@happening(rf"((?:{_SUMMON_KIND})(?:·(?:{_SUMMON_KIND}))*)(?:成功)?")
def _summoned(m):
    methods = _summon_methods(m.group(1))
    return "summoned", lambda duel, card, ev: ev.method in methods


@happening(rf"从({_ZONE})特殊召唤(?:成功)?")
def _summoned_from(m):
    zone = ZONES[m.group(1)]
    return "summoned", lambda duel, card, ev: ev.method not in ("normal", "tribute", "flip", "gemini") \
        and duel.memory_rules.recall(ev.subject, Info.SUMMONED_FROM) == zone


@happening(r"用「([^」]+)」怪兽的效果特殊召唤(?:成功)?")
def _summoned_by_archetype(m):
    name = m.group(1)

    def test(duel, card, ev) -> bool:
        by = duel.memory_rules.recall(ev.subject, Info.SUMMONED_BY_EFFECT) or ""
        return ev.method == "special" and name in by and duel.definition(by).is_monster

    return "summoned", test


#: the kinds of card whose effect special summoned a monster: 『因魔法·陷阱卡的效果…特殊召唤』
EFFECT_KINDS = {"魔法·陷阱": ("spell", "trap"), "魔法": ("spell",), "陷阱": ("trap",)}


@happening(rf"因(魔法·陷阱|魔法|陷阱)卡的效果从({_ZONE})特殊召唤(?:成功)?")
def _summoned_by_card_kind(m):
    """Special summoned from that zone by the effect of a card of that kind: an effect that
    special summons as it resolves, not a summon the player makes by the rules after an
    effect let it (『把同调怪兽同调召唤』: 紧急同调, fid=24086)."""
    kinds, zone = EFFECT_KINDS[m.group(1)], ZONES[m.group(2)]

    def test(duel, card, ev) -> bool:
        by = duel.memory_rules.recall(ev.subject, Info.SUMMONED_BY_EFFECT) or ""
        if ev.method not in SPECIAL_METHODS or not by or duel.memory_rules.recall(ev.subject, Info.SUMMONED_FROM) != zone:
            return False
        try:
            return duel.definition(by).kind in kinds
        except Exception:  # "an effect": no card of the catalogue
            return False

    return "summoned", test


def _came_from(ev, zones: tuple[str, ...]) -> bool:
    """Where the card of a to-graveyard event came from: an xyz material detached was on
    the field too (under its xyz monster)."""
    if ev.data.get("lki") is not None or ev.data.get("from_zone") == Zone.MATERIALS:
        return "field" in zones
    return ev.data.get("from_zone") in zones


@happening(rf"(?:从({_ZONES}))?被?(战斗破坏|效果破坏|破坏|效果|丢弃)?送?去墓地")
def _to_graveyard(m):
    zones = tuple(ZONES[z] for z in m.group(1).split("·")) if m.group(1) else ()
    how = m.group(2) or ""

    def test(duel, card, ev) -> bool:
        if zones and not _came_from(ev, zones):
            return False
        tags = duel.memory_rules.arrived_as(ev.subject)
        if how == "丢弃":
            return bool(ev.data.get("discarded"))
        if how == "破坏":
            return bool(ev.destroyed)
        if how == "战斗破坏":
            return bool(ev.destroyed and ev.by_battle)
        if how == "效果破坏":
            return "destroyed-by-effect" in tags
        if how == "效果":
            return bool(ev.data.get("by_effect")) or bool(tags & {"destroyed-by-effect", "sent-by-effect"})
        return True

    return "to-graveyard", test


@happening(r"被(对方的)?(战斗|效果)?破坏")
def _destroyed(m):
    by_opponent, by = bool(m.group(1)), m.group(2)

    def test(duel, card, ev) -> bool:
        if by == "战斗" and not ev.by_battle or by == "效果" and ev.by_battle:
            return False
        if by_opponent:
            return ev.by_player is not None and ev.lki is not None and ev.by_player != ev.lki["controller"]
        return True

    return "destroyed", test


@happening(r"(因对方)?从场上离开")
def _left_field(m):
    """『从场上离开』; 『因对方从场上离开』: the opponent's card made it leave (an effect or a
    battle of that player) — not the rules (a negated flip summon's monster, fid=24011)."""
    if not m.group(1):
        return "left-field", lambda duel, card, ev: True
    return "left-field", lambda duel, card, ev: ev.by_player is not None and ev.lki is not None \
        and ev.by_player != ev.lki["controller"]


@happening(r"(从场上)?被?除外")
def _banished(m):
    from_field = bool(m.group(1))
    return WAS_BANISHED, lambda duel, card, ev: not from_field or ev.lki is not None


@happening(r"反转")
def _flipped(m):
    return "flipped", lambda duel, card, ev: True


@happening(r"的(直接)?攻击宣言")
def _attack_declared(m):
    direct = bool(m.group(1))
    return "attack-declared", lambda duel, card, ev: not direct or bool(ev.direct)


@happening(r"受到战斗伤害")
def _takes_battle_damage(m):
    return "battle-damage", lambda duel, card, ev: ev.damage > 0


@happening(r"给与对方战斗伤害")
def _deals_battle_damage(m):
    return "battle-damage", lambda duel, card, ev: ev.player != ev.subject.controller


@happening(r"战斗破坏原本持有者是对方的(.+?)怪兽")
def _destroys_owned_by_opponent(m):
    """『战斗破坏原本持有者是对方的恶魔族·暗属性怪兽时』 (守护神 艾克佐迪亚)."""
    fits = describe(m.group(1).replace("·", "") + "怪兽")
    return "destroyed-by-battle", lambda duel, card, ev: duel.face_up_on_field(ev.subject) \
        and ev.victim.owner != card.controller and fits(duel, card, ev.victim)


@happening(r"战斗破坏(对方)?怪兽(送去墓地)?")
def _destroys_by_battle(m):
    to_graveyard = bool(m.group(2))
    return "destroyed-by-battle", lambda duel, card, ev: duel.face_up_on_field(ev.subject) and (
        not to_graveyard or ev.victim.zone.kind == Zone.GRAVEYARD)


@happening(r"向对方怪兽攻击的伤害步骤开始")
def _attacks_monster(m):
    return "battle-start", lambda duel, card, ev: ev.target is not None and ev.target.controller != ev.subject.controller


@happening(r"和对方怪兽进行战斗的伤害步骤开始")
def _battles_monster(m):
    return "battle-start", None   # both sides of the battle: see _battle_start below


@happening(r"的表示形式变更")
def _position_changed(m):
    return "position-changed", lambda duel, card, ev: True


_HAPPENINGS = [(re.compile(rx), make) for rx, make in HAPPENINGS]
BLOCKS.term(Term("happened", "|".join(f"(?:{re.sub(r'[(](?![?])', '(?:', rx)})" for rx, _ in HAPPENINGS),
                 description="what happened: 上级召唤成功、从墓地特殊召唤、被战斗破坏、从场上送去墓地、从手卡丢弃去墓地、"
                             "从场上离开、被除外、反转、的攻击宣言、给与对方战斗伤害 …"))


def _happened(text: str):
    for rx, make in _HAPPENINGS:
        m = rx.fullmatch(text)
        if m:
            return make(m)
    raise ValueError(f"cannot read what happened in {text!r}")


def _battle_start(duel, card, ev) -> bool:
    """A battle of this face-up card with an opponent's monster is about to be damage-stepped."""
    if ev.subject is card:
        other = ev.target
    elif ev.target is card:
        other = ev.subject
    else:
        return False
    return other is not None and other.controller != card.controller and duel.face_up_on_field(card)


@BLOCKS.phrase("event", "{who:subject}{what:happened}的场合")
@BLOCKS.phrase("event", "{who:subject}{what:happened}时")
@BLOCKS.phrase("event", "每次{who:subject}{what:happened}")
@BLOCKS.phrase("event", "{turn}{phase}{who:subject}{what:happened}的场合")
def event(who, what, turn=None, phase=None):
    """Something happened to a card (or a player): 「{subject}{what happened}的场合/时」, in
    a phase if the text says so.  An event about another card is seen while this card is
    where its effect applies (see ``watches``)."""
    subject = Subject(who)
    if (subject.player is not None) != (what == "受到战斗伤害"):
        raise ValueError(f"a player (自己、对方) 受到战斗伤害; a card does not ({who}{what})")
    kind, happened = _happened(what)
    if happened is None:
        if not subject.is_self or phase is not None:
            raise ValueError("only 这张卡 battles: 这张卡和对方怪兽进行战斗 …")
        return kind, _battle_start
    if phase is not None:
        during, happened_then = in_phase(phase, turn), happened
        happened = lambda duel, card, ev: during(duel, card) and happened_then(duel, card, ev)  # noqa: E731
    if subject.material and kind != "destroyed":
        raise ValueError("a monster this card was material for is watched from the graveyard when it is destroyed")

    def test(duel, card, ev) -> bool:
        return subject.test(duel, card, ev) and happened(duel, card, ev)

    test.watches = not subject.is_self
    return kind, test


# -- 『…卡发动的场合』: a card activation as an event (activation.py sees_activation) ------------

BLOCKS.term(Term.choice("whose", {"自己": "own", "对方": "opponent"}, "自己 or 对方"))
CARD_ACTIVATIONS = {"魔法": lambda d: d.kind == "spell", "陷阱": lambda d: d.kind == "trap",
                    "场地魔法": lambda d: d.kind == "spell" and "field" in d.types,
                    "魔法·陷阱": lambda d: not d.is_monster}
BLOCKS.term(Term.choice("card_kind", CARD_ACTIVATIONS, "魔法、陷阱、场地魔法、魔法·陷阱"))


@BLOCKS.phrase("event", "{whose}把{kind:card_kind}卡发动的场合")
@BLOCKS.phrase("event", "{turn:whose}回合有{kind:card_kind}卡发动的场合")
def card_activated(kind, whose=None, turn=None):
    """A card of that kind was activated (by that player, or during that player's turn)
    while this card is face-up on the field — not one an effect activated as it resolved,
    unless this card's rulings say so."""
    def test(duel, card, ev) -> bool:
        return duel.face_up_on_field(card) and kind(ev.subject.definition) and duel.activation_rules.sees_activation(card, ev) \
            and (whose is None or (ev.player == card.controller) == (whose == "own")) \
            and (turn is None or (duel.turn_player == card.controller) == (turn == "own"))

    return "card-activated", test


# == phases as events ===========================================================================

_SUMMONING = rf"(?:{_METHOD})?召唤"
DONE = (rf"{_SUMMONING}(?:·{_SUMMONING})*|从(?:{_ZONE})特殊召唤|这张卡的效果特殊召唤"
        rf"|这张卡的[①-⑩]的(?:效果|方法)(?:特殊)?召唤|这个方法(?:特殊)?召唤|「[^」]+」的效果特殊召唤"
        rf"|怪兽\d+只以上为素材作(?:{_METHOD})召唤|「[^」]+」为素材作(?:{_METHOD})召唤|攻击|进行战斗|战斗|战斗破坏怪兽|因这张卡的效果除外|反转过|反转")
BLOCKS.term(Term("done", DONE, description="what this card did or had done to it: 上级召唤、从墓地特殊召唤、"
                                           "这张卡的效果特殊召唤、这张卡的①的方法特殊召唤、这个方法召唤、「…」的效果特殊召唤、"
                                           "「…」为素材作连接召唤、攻击、进行战斗、战斗破坏怪兽、因这张卡的效果除外、反转 …"))


def done(text: str, *, this_turn: bool = False) -> Condition:
    """What this card remembers having done or had done to it (see DONE), as a condition."""
    m = re.fullmatch(rf"{_SUMMONING}(?:·{_SUMMONING})*", text)
    if m:
        infos = tuple(dict.fromkeys(i for w in text.split("·") for i in _summon_infos(w)))
        test: Condition = lambda duel, card: any(duel.memory_rules.remembers(card, i) for i in infos)
    elif m := re.fullmatch(rf"从({_ZONE})特殊召唤", text):
        zone = ZONES[m.group(1)]
        test = lambda duel, card: duel.memory_rules.remembers(card, Info.SPECIAL_SUMMONED) \
            and duel.memory_rules.recall(card, Info.SUMMONED_FROM) == zone
    elif text == "这张卡的效果特殊召唤":
        test = p.summoned_by_own_effect
    elif named := re.fullmatch(r"「([^」]+)」的效果特殊召唤", text):
        # 『「X」的效果特殊召唤的这张卡』: kept through a temporary banish, lost turned
        # face-down (Info.SUMMONED_BY_NAME; FAQ fid=23247, 23248)
        test = lambda duel, card, name=named.group(1): duel.memory_rules.recall(card, Info.SUMMONED_BY_NAME) == name
    elif re.fullmatch(r"这张卡的[①-⑩]的(?:效果|方法)(?:特殊)?召唤|这个方法(?:特殊)?召唤", text):
        # 『这张卡的①的效果特殊召唤的这张卡』『这个方法召唤的这张卡』: lost when it is turned
        # face-down, kept through a temporary banish (Info.SUMMONED_BY_NAME)
        test = lambda duel, card: duel.memory_rules.recall(card, Info.SUMMONED_BY_NAME) == card.name
        # a change of this card's own ATK/DEF under such a condition is applied once, as the
        # card is summoned (cardformat: "on-summon-lasting"): a temporary banish ends it
        test.summoned_by_name = True
    elif m := re.fullmatch(r"怪兽(\d+)只以上为素材作.+召唤", text):
        test = p.materials_match(lambda d: d.is_monster, at_least=int(m.group(1)))
    elif m := re.fullmatch(r"「([^」]+)」为素材作.+召唤", text):
        # 『已用「X」为素材作连接召唤的这张卡』: what it was summoned with (SUMMON_MATERIALS)
        test = p.materials_match(lambda d, name=m.group(1): d.name == name)
    elif text == "攻击":
        test = p.remembers(Info.ATTACKED)
    elif text in ("进行战斗", "战斗"):
        test = p.remembers(Info.BATTLED)
    elif text == "战斗破坏怪兽":
        test = p.remembers(Info.DESTROYED_BY_BATTLE)
    elif text in ("反转", "反转过"):
        test = p.remembers(Info.FLIPPED)
    elif text == "因这张卡的效果除外":
        return lambda duel, card: p.banished_by_own_effect(duel, card, None)
    else:
        raise ValueError(f"the engine does not remember {text!r} of a card")
    if this_turn and m and text[-2:] == "召唤":
        # the card's own 『召唤的回合』 effect: face-up on the field all along since then
        return lambda duel, card: duel.memory_rules.remembers(card, Info.SUMMONED_THIS_TURN) \
            and duel.memory_rules.remembers(card, Info.UNBROKEN_SINCE_SUMMONED) and test(duel, card)
    return test


def _summon_infos(word: str) -> tuple[Info, ...]:
    return SUMMONS[word[:-2] or "召唤"]




@BLOCKS.phrase("event", "这张卡{what:done}的回合的结束阶段")
@BLOCKS.phrase("event", "{what:done}过的这张卡在战斗阶段结束时")
@BLOCKS.phrase("event", "这张卡的{label}的效果适用的对方回合的结束阶段")
@BLOCKS.phrase("event", "{whose}准备阶段")
def at_phase(what=None, label=None, whose=None):
    """A phase comes (准备阶段、结束阶段、战斗阶段结束时), for this card when it did something
    this turn (这张卡{done}的回合), or in a player's turn."""
    if label is not None:
        def applied(duel, card, ev) -> bool:
            return duel.face_up_on_field(card) and duel.turn_player != card.controller \
                and duel.memory_rules.remembers(card, Info.USED_THIS_TURN, per=label)

        return "end-phase", applied
    if whose is not None:
        return "standby", lambda duel, card, ev: (duel.turn_player == card.controller) == (whose == "own") and (
            duel.face_up_on_field(card) or ev.data.get("with_card_activation", False))
    cond = done(what, this_turn=True)
    if what == "因这张卡的效果除外":
        return "end-phase", lambda duel, card, ev: cond(duel, card)
    phase = "end-battle" if what in ("战斗", "进行战斗") else "end-phase"
    return phase, lambda duel, card, ev: card.zone.kind == Zone.MONSTER and card.face_up and cond(duel, card)


NEXT_PHASES = {"准备阶段": ("standby", None), "对方结束阶段": ("end-phase", "opponent")}
BLOCKS.term(Term.choice("next_phase", NEXT_PHASES, "准备阶段 or 对方结束阶段"))


@BLOCKS.phrase("event", "{what:done}的场合，下次的{when:next_phase}")
def at_next_phase(what, when):
    """『这张卡的①的方法特殊召唤的场合，下次的准备阶段发动』: the first such phase after the
    summon, only if the card has stayed face-up on the field since (FAQ cid=9295, 8300:
    turned face-down or banished temporarily in between, it does not come)."""
    phase, whose = when
    cond = done(what)

    def test(duel, card, ev) -> bool:
        since = duel.memory_rules.recall(card, Info.ON_FIELD_SINCE_SUMMONED)
        if since is None or not (duel.face_up_on_field(card) and cond(duel, card)) or duel.turn <= since:
            return False
        if whose is None:
            return duel.turn == since + 1
        # the first turn of the opponent (of this card's controller) after the summon's turn;
        # turns alternate, so turn t belongs to the turn player of now when t - now is even
        def player_of(t: int) -> int:
            return duel.turn_player if (duel.turn - t) % 2 == 0 else 1 - duel.turn_player

        turns = [t for t in range(since + 1, duel.turn + 1) if player_of(t) != card.controller]
        return bool(turns) and turns[0] == duel.turn

    return phase, test


@BLOCKS.phrase("event", "自己·对方的结束阶段")
@BLOCKS.phrase("event", "{whose}结束阶段")
def at_end_phase(whose=None):
    """『自己结束阶段发动』: the end phase of that player's turn, for this card face-up on the
    field — or as it is being activated in that phase (救世主之蚁地狱, cid=5112: with its card
    activation, as 『自己准备阶段』 above)."""
    return "end-phase", lambda duel, card, ev: (
        whose is None or (duel.turn_player == card.controller) == (whose == "own")) and (
        duel.face_up_on_field(card) or ev.data.get("with_card_activation", False))


BLOCKS.term(Term.choice("this_card_state", {"进行过战斗": "进行战斗", "可以特殊召唤": "can-special-summon",
                                            "没有进行过战斗": "not-battled",
                                            "特殊召唤的下个回合以后": "after-summon-turn"},
                        "进行过战斗、没有进行过战斗、可以特殊召唤、特殊召唤的下个回合以后"))


# == conditions =================================================================================

@BLOCKS.phrase("condition", "{whose}场上盖放的魔法·陷阱卡被效果破坏的回合")
@BLOCKS.phrase("condition", "魔法卡的效果发动的回合")
def the_turn_it_happened(whose=None):
    """What happened this turn: a set spell or trap card of that player (seen from this
    card's controller) was destroyed by an effect (魂缚门); a spell card or a spell card's
    effect was activated, by either player — a spell an effect activated as it resolved
    included (fid=24193)."""
    if whose is not None:
        return lambda duel, card: (duel.turn, card.controller if whose == "own" else 1 - card.controller) \
            in duel.activation_rules.set_cards_destroyed
    return lambda duel, card: any(duel.activation_rules.activation_count(p, {"spell"}) for p in (0, 1))


@BLOCKS.phrase("condition", "这个回合这张卡表侧表示存在期间自己发动过{desc}")
def activated_while_face_up(desc):
    """Its controller made a card activation of a card the description fits this turn,
    while this card was face-up on the field (an effect's activating the card counts)."""
    fits = describe(desc)
    return lambda duel, card: duel.face_up_on_field(card) and duel.activation_rules.activated_while_face_up(card, fits) >= 1


@BLOCKS.phrase("condition", "这张卡{what:done}过的回合")
def this_card_did_this_turn(what):
    """『这张卡X召唤过的回合』: what this card did, this turn (DDD 双晓王 末法神 ①)."""
    return done(what, this_turn=True)


@BLOCKS.phrase("condition", "{what:done}的这张卡")
@BLOCKS.phrase("condition", "这张卡{what:done}过")
@BLOCKS.phrase("condition", "这张卡在{turn_of:done}的回合")
@BLOCKS.phrase("condition", "这张卡{state:this_card_state}")
def this_card_did(what=None, state=None, turn_of=None):
    """This card remembers what it did or had done to it (上级召唤的这张卡、这张卡进行过战斗、
    从墓地特殊召唤的这张卡、这张卡攻击过的回合 …), or the rules let it be special summoned
    now (这张卡可以特殊召唤: 正规召唤手续, summon limits …).  『这张卡在召唤·特殊召唤的回合』
    (a restriction that lasts that turn, not an effect to activate): it is still that turn's
    summoned monster after being turned face-down, not after a temporary banish, and a flip
    summoned monster turned face-down is no longer one (FAQ fid=16901)."""
    if turn_of is not None:
        test = done(turn_of)
        return lambda duel, card: duel.memory_rules.remembers(card, Info.SUMMONED_THIS_TURN) and test(duel, card)
    if state == "can-special-summon":
        return lambda duel, card: duel.value_rules.why_cannot_special_summon(card, card.owner) is None
    if state == "not-battled":
        return lambda duel, card: not duel.memory_rules.remembers(card, Info.BATTLED)
    if state == "after-summon-turn":
        # 『从特殊召唤的下个回合起』: a turn after the one it came to the field in, having stayed
        # face-up there since (Info.ON_FIELD_SINCE_SUMMONED; FAQ fid=23247: a temporary banish ends it)
        return lambda duel, card: (duel.memory_rules.recall(card, Info.ON_FIELD_SINCE_SUMMONED) or duel.turn) < duel.turn
    return done(state or what)


@BLOCKS.phrase("condition", "{turn}{phase}")
@BLOCKS.phrase("condition", "{phase}")
def in_phase(phase, turn=None):
    """During that phase of that player's turn (自己·对方的 or nothing: either)."""
    def test(duel, card) -> bool:
        if duel.phase not in phase:
            return False
        if turn == "own":
            return duel.turn_player == card.controller
        if turn == "opponent":
            return duel.turn_player != card.controller
        return True

    return test


#: where cards are looked for by a board condition: (zone kind, whose) as blocks.where reads it
BOARD = {"场上": ("field", None), "自己场上": ("field", "own"), "对方场上": ("field", "opponent"),
         "自己墓地": (Zone.GRAVEYARD, "own"), "对方墓地": (Zone.GRAVEYARD, "opponent"), "自己卡组": (Zone.DECK, "own"),
         "自己手卡": (Zone.HAND, "own"), "自己手卡·墓地": ("hand·graveyard", "own"),
         "另一边的自己灵摆区域": (Zone.PENDULUM, "own"), "自己的灵摆区域": (Zone.PENDULUM, "own"),
         "场地区域": (Zone.FIELD_SPELL, None)}
BLOCKS.term(Term.choice("board", BOARD, "场上、自己场上、对方场上、自己墓地、自己卡组、另一边的自己灵摆区域 …"))


BLOCKS.term(Term.choice("has", {"有": True, "没有": False}, "有 or 没有"))


@BLOCKS.phrase("condition", "{board}{has}{desc}存在")
@BLOCKS.phrase("condition", "{board}有{n}{unit}以上{desc}存在")
@BLOCKS.phrase("condition", "{board}有{n}张以上")
def board_has(board, desc="卡", has=True, n=1, unit=False):
    """Cards fitting the description are where it says (没有: none; with a number: at
    least that many), seen from this card's controller; this card itself does not count.
    On the field only a face-up card shows what it is (a face-down one is only a card, or a
    monster); 「卡名」 alone is a card of that name or treated as that name."""
    zone, _whose = board
    at = where(board, unit)
    whole = re.fullmatch(r"「([^」]+)」", desc.strip())
    what = describe(desc)
    plain = desc.strip() in ("卡", "怪兽")
    monster = unit or desc.strip().endswith("怪兽")

    def fits(duel, card, c) -> bool:
        if zone == "field" and not plain and not c.face_up:
            return False
        if whole:
            return duel.activation_rules.is_named(c, whole.group(1))
        return (not monster or c.definition.is_monster) and what(duel, card, c)

    def count(duel, card) -> int:
        if zone == Zone.PENDULUM:   # 另一边的: the other pendulum zone of its controller
            cards = duel.board.zone(card.controller, Zone.PENDULUM)
        else:
            cards = [c for c in duel.board.cards() if at(duel, card, c)]
        return sum(1 for c in cards if c is not card and fits(duel, card, c))

    if not has:
        return lambda duel, card: count(duel, card) == 0
    return lambda duel, card: count(duel, card) >= n


# -- what is happening now: what a player just did, the moment of a battle ---------------------

JUST_DID = {"在抽卡阶段以外抽卡": "drew", "把自己的魔法·陷阱·怪兽的效果的发动无效": "negated"}
BLOCKS.term(Term.choice("just_did", JUST_DID, "在抽卡阶段以外抽卡、把自己的魔法·陷阱·怪兽的效果的发动无效"))


def _attack_declared_by(whose: str | None):
    """An attack of that player's monster (of this card's controller) has just been declared:
    the battle is at its declaration, not yet in the damage step."""
    def test(duel, card) -> bool:
        b = duel.battle_rules.battle_state
        return b is not None and b.stage == "declared" and (
            whose is None or (b.player == card.controller) == (whose == "own"))

    return test


def _battling_stronger(duel, card) -> bool:
    """In the damage step of a battle between a monster of this card's controller and an
    opponent's monster with higher ATK (the engine has one moment for the damage step
    before damage calculation: the examples stop there)."""
    pair = _own_battler(duel, card.controller)
    return pair is not None and (duel.value_rules.atk(pair[0]) or 0) < (duel.value_rules.atk(pair[1]) or 0)


#: the moments of a battle, as the text says them -> test (duel, card)
BATTLE_MOMENTS = {
    "对方怪兽的攻击宣言": _attack_declared_by("opponent"), "自己怪兽的攻击宣言": _attack_declared_by("own"),
    "自己怪兽和攻击力更高的对方怪兽进行战斗的伤害计算": _battling_stronger,
}
BLOCKS.term(Term.choice("battle_moment", BATTLE_MOMENTS, "对方怪兽的攻击宣言、自己怪兽的攻击宣言、"
                                                         "自己怪兽和攻击力更高的对方怪兽进行战斗的伤害计算"))


@BLOCKS.phrase("condition", "{whose}{what:just_did}时")
@BLOCKS.phrase("condition", "{whose}{what:just_did}的场合")
@BLOCKS.phrase("condition", "{moment:battle_moment}时")
def happening_now(whose=None, what=None, moment=None):
    """What is happening right now: that player (自己 or 对方, seen from this card's
    controller) has just done it, and no chain link was processed after it — drawn outside
    the draw phase, or negated an activation of the other player (自己 in 把自己的…: this
    card's controller) —, or the battle is at that moment (an attack of one's monster has
    just been declared; one's monster battles a stronger one at damage calculation)."""
    if moment is not None:
        return moment

    def who(duel, card) -> int:
        return card.controller if whose == "own" else 1 - card.controller

    if what == "drew":
        return lambda duel, card: any(
            event.kind == "drawn" and event.player == who(duel, card) and event.phase != "draw"
            and steps_then == duel.chain_rules._steps for event, steps_then in duel.chain_rules.recent_events)
    if whose != "opponent":
        raise ValueError("only the opponent negates 自己's activation here")
    return lambda duel, card: duel.activation_rules.negated_just_now(card.controller)


# -- 『…发动时』: what the chain link below is ---------------------------------------------------

def _top(duel):
    return duel.chain_rules.chain[-1] if duel.chain_rules.chain else None


def _moves_of(link) -> frozenset:
    moves = set(link.effect.moves)
    if link.with_effect is not None:
        moves |= link.with_effect.moves
    return frozenset(moves)


#: what an activation answered by its effect's moves (『包含…效果的…发动时』)
INCLUDES = {"把怪兽特殊召唤": {"summon"},
            "从卡组加入手卡·从卡组特殊召唤·从卡组送去墓地": {"deck-to-hand", "deck-summon", "deck-to-graveyard"}}


def _destroys_field_card(duel, top) -> bool:
    """An effect that destroys cards on the field: by what its text does (destroy-field),
    or by negating an activation or an effect and destroying that card while the card is
    on the field.  A negated card activation has left the field before it is destroyed
    (荷鲁斯之黑炎龙 LV8 against a spell card); a card whose effect only is negated stays
    where it is and is destroyed there (王宫的弹压 against 死者苏生: on the field; a monster
    effect activated in the graveyard: not on the field)."""
    moves = _moves_of(top)
    if "destroy-field" in moves:
        return True
    below = top.below(duel)
    victim = below.card_if_unchanged() if below is not None else None
    if victim is None or not duel.on_field(victim):
        return False
    if "negate-effect-destroy" in moves:
        return True
    return "negate-activation-destroy" in moves and not duel.activation_rules.is_card_activation(below)


#: what was activated, as the text says it -> test (duel, chain link)
ACTIVATED_KINDS: dict[str, Callable[[Any, Any], bool]] = {
    "魔法·陷阱·怪兽的效果": lambda duel, top: True,
    "魔法·陷阱卡的效果": lambda duel, top: duel.activation_rules.kind_of(top.card) in ("spell", "trap"),
    "魔法·陷阱卡": lambda duel, top: duel.activation_rules.is_card_activation(top),
    "魔法卡": lambda duel, top: duel.activation_rules.is_card_activation(top) and top.card.definition.kind == "spell",
    "通常魔法卡": lambda duel, top: duel.activation_rules.is_card_activation(top) and top.card.definition.kind == "spell"
    and not top.card.definition.types,
    "陷阱卡": lambda duel, top: duel.activation_rules.is_card_activation(top) and top.card.definition.kind == "trap",
    "魔法卡的效果在场上": lambda duel, top: top.card.definition.kind == "spell" and duel.on_field(top.card),
    "破坏场上的卡的效果": _destroys_field_card,
    # where the card was as it activated: a spell or trap activated from the hand is put on
    # the field first, so its card activation is not one of these (天下独步的大义贼, fid=24365)
    "手卡·墓地·除外状态的卡的效果": lambda duel, top: top.zone in (Zone.HAND, Zone.GRAVEYARD, Zone.BANISHED),
}
ACTIVATION = (r"(?:对方把|对方的|自己的|自己把)?(?:只以卡\d+张为对象的|包含(?:" + "|".join(map(re.escape, INCLUDES))
              + r")的效果的)?(?:" + "|".join(map(re.escape, sorted(ACTIVATED_KINDS, key=len, reverse=True)))
              + r"|[^；;，]*?怪兽的效果)")
BLOCKS.term(Term("activation", ACTIVATION, description="what was activated: 对方把魔法·陷阱·怪兽的效果、魔法卡、"
                                                       "场上的怪兽的效果、只以卡1张为对象的…、包含…的效果的… (see grammar)"))


@BLOCKS.phrase("condition", "{what:activation}发动时")
@BLOCKS.phrase("condition", "{place}的{desc}成为卡的效果的对象时")
def activated(what=None, place=None, desc=None):
    """The chain link below is what the text says was activated: by whom (对方把/对方的/自己的),
    what its effect does (只以卡1张为对象的、包含…的效果的), and what it is (a card
    activation, a spell or trap card's effect, a monster's effect of a monster the
    description fits …); or the chain link below targets a card of that place the
    description fits (自己场上的「…」怪兽成为卡的效果的对象时)."""
    if what is None:
        at, fits = where(place, False), describe(desc)

        def targeted(duel, card) -> bool:
            top = _top(duel)
            return top is not None and any(at(duel, card, t) and (not duel.on_field(t) or t.face_up)
                                           and fits(duel, card, t) for t in top.live_targets())

        return targeted
    m = re.fullmatch(r"(对方把|对方的|自己的|自己把)?(?:只以卡(\d+)张为对象的|包含(.+?)的效果的)?(.*)", what)
    who, targets, includes, kind = m.group(1), m.group(2), m.group(3), m.group(4)
    tests: list[Callable[[Any, Any, Any], bool]] = []
    if who:
        mine = who.startswith("自己")
        tests.append(lambda duel, card, top: (top.player == card.controller) == mine)
    if targets:
        tests.append(lambda duel, card, top, n=int(targets): len(top.targets) == n)
    if includes:
        moves = frozenset(INCLUDES[includes])
        tests.append(lambda duel, card, top: bool(_moves_of(top) & moves))
    if kind in ACTIVATED_KINDS:
        of_kind = ACTIVATED_KINDS[kind]
        tests.append(lambda duel, card, top: of_kind(duel, top))
    else:
        desc = describe(kind[:-len("怪兽的效果")])
        tests.append(lambda duel, card, top: top.card.definition.is_monster and top.effect.kind != "activation"
                     and desc(duel, None, top.card))

    def test(duel, card) -> bool:
        top = _top(duel)
        return top is not None and all(t(duel, card, top) for t in tests)

    return test


# == costs ======================================================================================

COST_CARDS = (r"手卡的这张卡和手卡1张[^；;，]*?|这张卡|手卡的这张卡|墓地的这张卡|这张卡从手卡|场上表侧表示存在的这张卡|表侧表示的这张卡|\d+张手卡"
              r"|自己卡组最上面的\d+张卡|自己场上1只表侧表示的[^；;]*?怪兽|这张卡1个X素材")
BLOCKS.term(Term("cost_cards", COST_CARDS, description="what a cost moves: 这张卡、墓地的这张卡、1张手卡、"
                                                       "自己卡组最上面的1张卡、自己场上1只表侧表示的…怪兽 …"))
COST_MOVES = {"送去墓地": "grave", "除外": "banish", "解放": "tribute", "丢弃": "discard", "取除": "detach",
              "回到持有者手卡": "return-to-hand", "给对方观看": "reveal"}
BLOCKS.term(Term.choice("cost_move", COST_MOVES, "送去墓地、除外、解放、丢弃、取除、回到持有者手卡、给对方观看"))


BLOCKS.term(Term("counters", r"\d+个魔力指示物", lambda t: int(t[:-len("个魔力指示物")]),
                 description="N个魔力指示物 (spell counters)"))


@BLOCKS.phrase("cost", "把{cards:cost_cards}{move:cost_move}")
@BLOCKS.phrase("cost", "让{cards:cost_cards}{move:cost_move}")
@BLOCKS.phrase("cost", "{move:cost_move}{cards:cost_cards}")
@BLOCKS.phrase("cost", "从手卡把{n}张{desc}{move:cost_move}")
@BLOCKS.phrase("cost", "给{cards:cost_cards}放置{placed:counters}来发动")
def move_cards(move=None, cards=None, n=None, desc=None, placed=None):
    """A cost paid with cards: which (this card, from where; cards of the hand; the top of
    the deck; a monster of one's own field) and what is done with them (送去墓地、除外、解放、
    丢弃 …, or 放置N个魔力指示物: counters placed on this card as it is activated — not an
    effect: they are there before anything resolves).  What the rules pay by a word
    (chain.py) is that word; the rest is paid here."""
    if placed is not None:
        if cards != "这张卡":
            raise ValueError(f"only 这张卡 is given counters as it is activated, not {cards}")
        return _place_counters(placed)
    if cards is None:   # 从手卡把{n}张{desc}…
        cards = f"{n}张手卡"
    if m := re.fullmatch(r"手卡的这张卡和手卡1张(.+)", cards):
        if move == "reveal":
            return _reveal_with_self(m.group(1))
        raise ValueError(f"the engine cannot pay {cards}{move} as a cost")
    if cards.endswith("这张卡") or cards == "这张卡从手卡":
        return _self_cost(cards, move)
    if m := re.fullmatch(r"(\d+)张手卡", cards):
        count = int(m.group(1))
        if move == "discard":
            return ("discard-paid", count) if desc is None else ("discard-paid", count, describe(desc))
        if move == "grave":
            return ("send-paid", count) if desc is None else ("send-paid", count, describe(desc))
    elif m := re.fullmatch(r"自己卡组最上面的(\d+)张卡", cards):
        if move == "grave":
            return _mill(int(m.group(1)))
    elif m := re.fullmatch(r"自己场上1只表侧表示的(.*)怪兽", cards):
        if move == "banish":
            return _banish_chosen(m.group(1))
    elif cards == "这张卡1个X素材" and move == "detach":
        return _detach_one()
    raise ValueError(f"the engine cannot pay {cards}{move} as a cost")


def _reveal_with_self(desc: str):
    """『把手卡的这张卡和手卡1张X给对方观看』: this card and another card of the hand that
    fits are shown to the opponent and stay in the hand; the chain link keeps them (what
    『给人观看的…』 of its effect then names).  Which other card: the first that fits (the
    player's choice, stated by default)."""
    test = describe(desc)

    def others(duel, card, player) -> list:
        return [c for c in duel.board.zone(player, Zone.HAND) if c is not card and test(duel, card, c)]

    def pay(duel, card, player) -> None:
        shown = others(duel, card, player)[:1]
        for c in (card, *shown):
            duel.log.record("reveal.cost", card=c, player=player)
        duel.activation_rules.revealed_by_cost = [card, *shown]

    def payable(duel, card, player) -> str | None:
        if card.zone.kind != Zone.HAND:
            return f"the cost of 「{card.name}」 shows it from the hand: it is not in the hand"
        if not others(duel, card, player):
            return f"the cost of 「{card.name}」 shows another card of the hand ({desc}): there is none"
        return None

    pay.payable = payable
    return pay


def _place_counters(n: int):
    def pay(duel, card, player) -> None:
        duel.memory_rules.remember(card, Info.COUNTERS, (duel.memory_rules.recall(card, Info.COUNTERS) or 0) + n)
        duel.log.record("counter.on-activation", card=card, n=n)

    return pay


#: where this card is, as a cost says it -> how it can be moved from there
SELF_COSTS = {"这张卡": {"grave", "discard", "banish", "tribute", "return-to-hand"}, "手卡的这张卡": {"grave", "discard"},
              "这张卡从手卡": {"grave", "discard", "banish"}, "墓地的这张卡": {"banish"},
              "场上表侧表示存在的这张卡": {"grave", "banish", "tribute", "return-to-hand"},
              "表侧表示的这张卡": {"grave", "banish", "tribute", "return-to-hand"}}


def _self_cost(cards: str, move: str):
    if move not in SELF_COSTS[cards]:
        raise ValueError(f"the engine cannot pay {cards}{move} as a cost")
    if move == "grave":
        return "send-self"
    if move == "discard":
        return "discard-self"
    if move == "banish":
        return "banish-self"
    if move == "tribute":
        def pay(duel, card, player) -> None:
            duel.move_rules.send_to_graveyard(card, reason="cost", tributed=True)
    elif move == "return-to-hand":
        def pay(duel, card, player) -> None:
            duel.move_rules.return_to_hand(card, reason="cost")
    else:
        raise ValueError(f"the engine cannot pay {cards} {move} as a cost")
    pay.moves_self = True
    return pay


def _mill(n: int):
    def pay(duel, card, player) -> None:
        for c in list(duel.board.zone(player, Zone.DECK))[:n]:
            duel.move_rules.send_to_graveyard(c, reason=f"cost of 「{card.name}」")

    def payable(duel, card, player) -> str | None:
        if len(duel.board.zone(player, Zone.DECK)) < n:
            return f"the cost of 「{card.name}」 sends {n} card(s) of the deck: player {player}'s deck has fewer"
        return None

    pay.payable = payable
    return pay


def _banish_chosen(desc: str):
    """Banish the monster chosen on activation (what it may be is up to the chooser); with
    no such monster, the cost cannot be paid."""
    test = describe(desc + "怪兽")

    def payable(duel, card, player) -> str | None:
        if any(c is not card and c.controller == player and duel.face_up_on_field(c) and c.definition.is_monster
               and test(duel, card, c) for c in duel.field_cards()):
            return None
        return f"the cost of 「{card.name}」 banishes a face-up {desc} monster of one's own: there is none"

    return CostWord("banish-chosen", payable)


def _detach_one():
    def pay(duel, card, player) -> None:
        materials = duel.summon_rules.materials_of(card)
        if not materials:
            raise IllegalAction(f"「{card.name}」没有可以取除的X素材")
        duel.move_rules.send_to_graveyard(materials[0], reason=f"cost of 「{card.name}」")

    def payable(duel, card, player) -> str | None:
        return None if duel.summon_rules.materials_of(card) else f"「{card.name}」没有可以作为代价取除的X素材"

    pay.payable = payable
    return pay


BLOCKS.term(Term("lp", r"\d+|一半|那个攻击力差值的", description="how many life points: a number, 一半 or "
                                                               "那个攻击力差值的"))


@BLOCKS.phrase("cost", "支付{amount:lp}基本分")
def pay_life_points(amount):
    """Pay life points: a number, half of them (rounded down), or the ATK difference of the
    battling monsters as it is before the card is placed on the field (the cost is fixed
    before the activation)."""
    if amount == "那个攻击力差值的":
        return _pay_atk_difference()

    def how_much(duel, player) -> int:
        return duel.lp[player] // 2 if amount == "一半" else int(amount)

    def pay(duel, card, player) -> None:
        lp = how_much(duel, player)
        duel.lp[player] -= lp
        duel.log.record("cost.half" if amount == "一半" else "cost", player=player, lp=lp, card=card)

    def payable(duel, card, player) -> str | None:
        if amount != "一半" and duel.lp[player] < int(amount):
            return f"the cost of 「{card.name}」 is {amount} LP: player {player} has {duel.lp[player]}"
        return None

    pay.payable = payable
    return pay


def _pay_atk_difference():
    def quote(duel, card, player):
        pair = _own_battler(duel, player)
        amount = max(0, (duel.value_rules.atk(pair[1]) or 0) - (duel.value_rules.atk(pair[0]) or 0)) if pair else 0

        def pay() -> None:
            duel.lp[player] -= amount
            duel.log.record("cost.fixed", player=player, lp=amount, card=card)

        return pay

    def pay_now(duel, card, player) -> None:
        quote(duel, card, player)()

    pay_now.prepare = quote
    return pay_now


# == restrictions ===============================================================================

ACTIVATED = {"这个效果": "effect", "这张卡": "card"}
BLOCKS.term(Term.choice("activated", ACTIVATED, "这个效果 or 这张卡"))
BLOCKS.term(Term("forbidden", r"这张卡不能攻击|不用这张卡不能攻击|自己不能进行战斗阶段"
                                r"|自己不能把其他的(?:魔法·陷阱|魔法|陷阱|怪兽)卡的效果发动",
                 description="what cannot be done that turn: 这张卡不能攻击、不用这张卡不能攻击、自己不能进行战斗阶段、"
                             "自己不能把其他的{kinds}卡的效果发动"))


@BLOCKS.phrase("restriction", "{activated}发动的回合，{what:forbidden}")
@BLOCKS.phrase("restriction", "这张卡的发动后，直到回合结束时自己只能把魔法·陷阱·怪兽的效果发动{n}次")
def the_turn_it_is_activated(activated="card", what=None, n=None):
    """What its controller (or this card) cannot do for the rest of the turn it is activated.
    『只能…发动n次』: after this card's activation its controller may activate effects only n
    more times this turn; whether a negated activation counts follows the general count
    (activation.py) unless the card names the ruling 'negated-activations-counted'."""
    if n is not None:
        def restrict(duel, card, player) -> None:
            negated = True if "negated-activations-counted" in card.definition.rulings else None
            # this card's own activation is recorded next: count from the one after it
            duel.activation_rules.limit_activations({"spell", "trap", "monster"}, {player}, n, card.name, negated,
                                                    since=len(duel.activation_rules.activations) + 1)
    elif what == "这张卡不能攻击":
        def restrict(duel, card, player) -> None:
            """A lasting effect of this card: lost if it is turned face-down, as every lasting effect is."""
            if duel.on_field(card):
                duel.memory_rules.apply_lasting(card, "cannot-attack", source=f"「{card.name}」",
                                                erase=erased_until_turn_end(Info.LASTING, card.definition.rulings))

        def needs(duel, card, player) -> str | None:
            """Accepted only while this card has not attacked this turn, as it remembers (being
            turned face-down does not make it forget, FAQ fid=14357; chain.restriction_needs asks)."""
            if duel.memory_rules.remembers(card, Info.ATTACKED):
                return f"「{card.name}」这个回合已经攻击过：『发动的回合，这张卡不能攻击』的效果不能发动"
            return None

        restrict.needs = needs
    elif what == "不用这张卡不能攻击":
        def restrict(duel, card, player) -> None:
            """A rule for the player, not a lasting effect of this card: it stays for the turn
            whatever becomes of this card (turned face-down, FAQ fid=18228); only this card,
            the same card, is exempt."""
            duel.activation_rules.bans.append(Ban("attack", frozenset(), frozenset({player}), card.name, duel.turn, exempt=card))
            duel.log.record("rule.only-this-attacks", card=card, player=player)
    elif what == "自己不能进行战斗阶段":
        def restrict(duel, card, player) -> None:
            if duel.turn_player == player:
                duel.battle_rules.stop_battle_phase(reason=f"「{card.name}」: no battle phase this turn")

        def needs(duel, card, player) -> str | None:
            """Accepted only before its controller's battle phase of this turn."""
            if duel.turn_player == player and (duel.phase in ("battle", "main2", "end") or duel.battle_rules.battle_over):
                return "这个回合已经进行过战斗阶段：『发动的回合，自己不能进行战斗阶段』的效果不能发动"
            return None

        restrict.needs = needs
    else:
        kinds = CARD_KINDS[re.fullmatch(r"自己不能把其他的(.+)卡的效果发动", what).group(1)]

        def restrict(duel, card, player) -> None:
            """Card activations included (a card activation is an effect activation)."""
            duel.activation_rules.ban("effect", kinds, {player}, card.name, duel.turn, exempt=card)
    return restrict


@BLOCKS.phrase("restriction", "不能对应这张卡的发动让魔法·陷阱·怪兽的效果发动")
@BLOCKS.phrase("restriction", "{board}{has}{desc}存在的场合，对方不能对应这张卡的发动把效果发动")
def no_response(board=None, has=True, desc=None):
    """No one (or, when the board is so as it is activated, the opponent) can activate
    anything in response to this card activation."""
    if board is None:
        return lambda duel, card, player: duel.activation_rules.forbid_responses(card, {0, 1})
    when = board_has(board, desc, has)

    def restrict(duel, card, player) -> None:
        if when(duel, card):
            duel.activation_rules.forbid_responses(card, {1 - player})

    return restrict

"""The Yu-Gi-Oh! step vocabulary, in Chinese (zh-CN), as the ruling documents write.

Each phrase stands for one engine call.  Given and When phrases act; Then phrases read
what the duel computed and compare it with what the example states.  No phrase looks at
which card or which example it is running for.
"""

from __future__ import annotations

import re

from rulings.core import IllegalAction, SetupError
from rulings.core.events import said
from rulings.core.choices import FIRST_FITTING
from rulings.vocabulary import Term, Vocabulary, expect

from .catalogue import CATALOGUE
from .duel import BANISHED, DECK, EXTRA, FIELD_SPELL, GRAVEYARD, HAND, PENDULUM, SPELL_TRAP, Duel
from .memory import SPECIAL_METHODS, Info
from .values import WHO
from .objects import WAS_BANISHED, Zone
from .summoning import PROCEDURE_METHODS

V = Vocabulary(game="ygo", language="zh-CN", new_world=Duel, card_names=CATALOGUE.names)
VOCABULARY = V

V.term(Term("card", r"[^「」]+", names_card=True, description="a card name from the catalogue"))
V.term(Term.choice("player", {"自己": 0, "对方": 1}, "自己 (player 0) or 对方 (player 1)"))
SUMMON_WORDS = {
    "通常": "normal", "上级": "tribute", "特殊": "special", "同调": "synchro", "X": "xyz", "超量": "xyz",
    "融合": "fusion", "仪式": "ritual", "连接": "link", "灵摆": "pendulum", "反转": "flip", "再度": "gemini",
}
METHOD_WORD = {method: word for word, method in reversed(SUMMON_WORDS.items())}
V.term(Term.choice("method", SUMMON_WORDS, "a summon method"))
V.term(Term.choice("is", {"是": True, "仍然是": True, "依然是": True, "不是": False, "不再是": False},
                   "是/仍然是 or 不是/不再是"))
V.term(Term.choice("can", {"可以": True, "能": True, "仍然可以": True, "不能": False, "不可以": False, "不再能": False},
                   "可以 or 不能"))
V.term(Term.choice("happened", {"发动了": True, "会发动": True, "没有发动": False, "不会发动": False},
                   "发动了 or 没有发动"))
PLACES = {"场上": "field", "墓地": GRAVEYARD, "除外状态": BANISHED, "手卡": HAND, "卡组": DECK, "额外卡组": EXTRA}
V.term(Term.choice("place", PLACES, "where a card is"))
V.term(Term.choice("source", {"手卡": HAND, "卡组": DECK, "额外卡组": EXTRA, "墓地": GRAVEYARD, "除外状态": BANISHED},
                   "a zone a card comes from"))
#: the n-th ● of an effect, in words (a number in a label would read as an outcome to flip)
BULLETS = {w: str(i) for i, w in enumerate("一二三四五六七八九", start=1)}
V.term(Term(r"label", r"[①②③④⑤⑥⑦⑧⑨⑩](?:的第[一二三四五六七八九]个●)?|灵摆",
           lambda text: re.sub(r"的第(.)个●", lambda m: "●" + BULLETS[m.group(1)], text),
           description="an effect number as the card text writes it (灵摆: the pendulum effect; ①的第二个●: "
                       "the second ● of ①, an effect its card writes as ①●2)"))
V.term(Term.choice("face", {"表侧表示": True, "里侧表示": False}, "表侧表示 or 里侧表示"))
V.term(Term("number", r"\d+", int, description="a number"))
V.term(Term.choice("phase", {"战斗阶段": "battle", "第二主要阶段": "main2", "结束阶段": "end"}, "a phase"))
V.term(Term.choice("outcome", {"正常适用": "applied", "被无效": "negated", "仍然无效": "negated",
                               "不会无效": "applied", "没有适用": "not applied"},
                   "正常适用、被无效 or 没有适用 (how an activated effect resolved; 没有适用: not negated, "
                   "but it did not apply)"))
V.term(Term.choice("applies", {"适用中": True, "仍然适用": True, "不适用": False, "不再适用": False},
                   "适用中 or 不再适用 (an effect that is not activated)"))
V.term(Term.choice("negated", {"被无效": True, "仍然被无效": True, "没有被无效": False, "不再被无效": False},
                   "被无效 or 没有被无效"))
V.term(Term.choice("will", {"会": True, "不会": False}, "会 or 不会"))
V.term(Term.choice("won", {"赢得": True, "没有赢得": False}, "赢得 or 没有赢得"))
V.term(Term.choice("how", {"效果": "effect", "战斗": "battle"}, "效果 or 战斗"))
V.term(Term.choice("affected", {"受": True, "不受": False}, "受 or 不受"))
V.term(Term.choice("kind", {"效果怪兽": "effect", "通常怪兽": "normal", "调整": "tuner"}, "a monster kind"))
V.term(Term.choice("regarded", {"视为": True, "同时视为": True, "仍然视为": True, "不视为": False, "不再视为": False},
                   "视为 or 不视为"))
#: what a move counts as (4.3.3.4): the words of the rulebook -> what the duel records
MOVES = {
    "被破坏": "destroyed", "被效果破坏": "destroyed-by-effect", "被战斗破坏": "destroyed-by-battle",
    "被送去墓地": "sent-to-graveyard", "从手卡送去墓地": "from-hand-to-graveyard", "被丢弃": "discarded",
    "被解放": "tributed", "被除外": WAS_BANISHED, "被里侧除外": "banished-face-down",
    "加入手卡": "added-to-hand", "回到手卡": "added-to-hand", "被抽到": "drawn",
    "回到卡组": "returned-to-deck", "洗切回卡组": "shuffled-into-deck", "回到卡组最上面": "deck-top",
    "回到卡组最下面": "deck-bottom",
}
V.term(Term.choice("moved", MOVES, "what a move counts as: 被破坏、被送去墓地、被丢弃、被解放、被除外、加入手卡、被抽到 …"))
V.term(Term.choice("end", {"上面": "top", "下面": "bottom"}, "上面 or 下面 (of a deck)"))

PLACE_NAMES = {v: k for k, v in PLACES.items()}
V.term(Term.choice("position", {"攻击表示": "attack", "守备表示": "defense"}, "攻击表示 or 守备表示"))
POSITION_WORDS = {"attack": "攻击表示", "defense": "守备表示"}


def _fresh(duel: Duel, name: str, player: int):
    """A copy of ``name`` of ``player`` that is not on the field or in the graveyard
    (the hand, deck or extra deck), or a new one."""
    c = _among(duel, name, (c for c in duel.board.cards() if c.owner == player and c.zone.kind in (HAND, DECK, EXTRA)))
    return c if c is not None else duel.new_card(name, player)


def _among(duel: Duel, name: str, cards):
    """The first card ``name`` among ``cards`` in their order (or the copy a numbered
    name means, if it is among them); None if there is none."""
    cards = list(cards)
    return duel.named(name, cards, cards.index)


def _on_field(duel: Duel, name: str, player: int | None = None):
    card = duel.find(name, player)
    if card is None or not duel.on_field(card):
        raise SetupError(f"「{name}」不在场上")
    return card


# -- Given / When: setting up ---------------------------------------------------------

@V.phrase(("given", "when"), "{player}{method}召唤「{card}」")
def summon(duel: Duel, player: int, method: str, card: str) -> None:
    """Summon a card by the given method (再度召唤 summons a gemini monster again)."""
    if method == "gemini":
        duel.summon_rules.summon(_on_field(duel, card, player), method, player)
    elif method == "flip":
        duel.summon_rules.flip_summon(_on_field(duel, card, player), player)
    elif method in ("normal", "tribute"):
        # a Normal Summon of Level 5 and up is a Tribute Summon: with no tribute named,
        # the summoning player tributes the monsters it needs from its field (the first
        # that fit, shown in the trace)
        c = _fresh(duel, card, player)
        tributes = _default_tributes(duel, c, player)
        duel.summon_rules.summon(c, "tribute" if tributes or method == "tribute" else "normal", player,
                                 tributes=tributes)
    else:
        duel.summon_rules.summon(_fresh(duel, card, player), method, player)


@V.phrase(("given", "when"), "{player}把「{paid:card}」送去墓地，用自身的方法特殊召唤「{card}」")
def summon_paying(duel: Duel, player: int, paid: str, card: str) -> None:
    """Special summon the card from the hand by its own procedure, sending that card of the
    hand or field to the graveyard as the cost."""
    c, cost = _in_hand_of(duel, card, player), duel.card(paid)
    why = duel.value_rules.why_cannot_procedure_paying(c, player, cost)
    if why:
        raise IllegalAction(why)
    duel.move_rules.send_to_graveyard(cost, reason=f"cost of 「{card}」's procedure")
    duel.summon_rules.summon(c, "special", player)


def _in_hand_of(duel: Duel, name: str, player: int):
    """That player's card of that name in the hand (put there if the example has none yet)."""
    c = _among(duel, name, duel.board.zone(player, HAND))
    return c if c is not None else duel.new_card(name, player, HAND)


@V.phrase(("given", "when"), "{player}不用解放召唤「{card}」")
def summon_without_tribute(duel: Duel, player: int, card: str) -> None:
    """Normal Summon a high-level monster without tributing, by its own text (「可变机兽 炮手龙」)."""
    duel.summon_rules.summon(_fresh(duel, card, player), "normal", player, without_tribute=True)


@V.phrase(("given", "when"), "{player}不用解放盖放「{card}」")
def set_without_tribute(duel: Duel, player: int, card: str) -> None:
    """Normal Set a high-level monster without tributing, by its own text."""
    duel.summon_rules.set_monster(_fresh(duel, card, player), player, without_tribute=True)


@V.phrase(("given", "when"), "{player}盖放「{card}」")
def set_monster(duel: Duel, player: int, card: str) -> None:
    """Normal Set a monster face-down (not a summon); a spell or trap card is set face-down
    in the spell & trap zone."""
    c = _fresh(duel, card, player)
    if c.definition.is_monster:
        duel.summon_rules.set_monster(c, player, tributes=_default_tributes(duel, c, player))
    else:
        duel.summon_rules.set_spell_trap(c, player)


def _default_tributes(duel: Duel, card, player: int) -> list:
    """The tributes a Normal Summon or Set of ``card`` needs, when no step names them: the
    first monsters of that player's field that may be tributed (shown in the trace)."""
    need = duel.summon_rules.tributes_needed(card)
    if not need:
        return []
    return duel.by_default(player, f"tributes for 「{card.name}」", duel.summon_rules.tribute_candidates(card, player),
                           f"{FIRST_FITTING} of the field", n=need)


@V.phrase(("given",), "{player}在之前的回合盖放了「{card}」")
def set_earlier(duel: Duel, player: int, card: str) -> None:
    """A card set face-down on an earlier turn: a spell or trap card (it may be activated
    now), or a monster (it may be flip summoned now)."""
    c = _fresh(duel, card, player)
    if c.definition.is_monster:
        duel.summon_rules.summoned_earlier(c, player, face_up=False)
    else:
        duel.summon_rules.place(c, SPELL_TRAP, player, face_up=False)


@V.given("{player}在之前的回合{method}召唤了「{card}」")
def special_summoned_earlier(duel: Duel, player: int, method: str, card: str) -> None:
    """A monster summoned by that method on an earlier turn (同调、X、融合、仪式、连接、灵摆、
    特殊; 通常、上级: as 在之前的回合召唤了): on the field face-up, nothing of this turn used."""
    c = _fresh(duel, card, player)
    if method in ("normal", "tribute"):
        duel.summon_rules.summoned_earlier(c, player)
    elif method in ("flip", "gemini"):
        raise SetupError(f"「{card}」已经在场上，不能再{METHOD_WORD[method]}召唤")
    else:
        duel.summon_rules.special_summoned_earlier(c, player, method)


@V.given("{player}在之前的回合用「{m1:card}」和「{m2:card}」作为素材{method}召唤了「{card}」")
def summoned_earlier_with_materials(duel: Duel, player: int, m1: str, m2: str, method: str, card: str) -> None:
    """A monster summoned on an earlier turn with those two materials (an Xyz monster
    keeps them as its Xyz materials; other materials went to the graveyard then)."""
    c = _fresh(duel, card, player)
    duel.summon_rules.special_summoned_earlier(c, player, method,
                                               materials=[_fresh(duel, m1, player), _fresh(duel, m2, player)])


@V.given("{player}在之前的回合召唤了「{card}」")
def summoned_earlier(duel: Duel, player: int, card: str) -> None:
    """A monster Normal Summoned on an earlier turn (a Tribute Summon for Level 5 and up,
    its tributes long gone): on the field face-up, nothing of this turn used."""
    duel.summon_rules.summoned_earlier(_fresh(duel, card, player), player)


def _fodder(duel: Duel, name: str, player: int):
    card = duel.find(name, player)
    if card is not None and duel.on_field(card):
        return card
    card = _fresh(duel, name, player)
    if card.definition.is_monster:
        # not this turn's Normal Summon: a monster to tribute or use as material was
        # already on the field
        duel.summon_rules.summoned_earlier(card, player)
    else:
        duel.summon_rules.place(card, SPELL_TRAP, player)
    return card


@V.phrase(("given", "when"), "{player}解放「{tribute:card}」上级召唤「{card}」")
def tribute_summon(duel: Duel, player: int, tribute: str, card: str) -> None:
    """Tribute Summon, tributing a named card of that player's field (put there if needed)."""
    duel.summon_rules.summon(_fresh(duel, card, player), "tribute", player, tributes=[_fodder(duel, tribute, player)])


@V.phrase(("given", "when"), "{player}解放「{t1:card}」和「{t2:card}」上级召唤「{card}」")
def tribute_summon_two(duel: Duel, player: int, t1: str, t2: str, card: str) -> None:
    """Tribute Summon with two named tributes (a monster, a continuous trap …)."""
    fodder = [_fodder(duel, t1, player), _fodder(duel, t2, player)]
    duel.summon_rules.summon(_fresh(duel, card, player), "tribute", player, tributes=fodder)


@V.phrase(("given", "when"), "{player}解放「{t1:card}」「{t2:card}」「{t3:card}」上级召唤「{card}」")
def tribute_summon_three(duel: Duel, player: int, t1: str, t2: str, t3: str, card: str) -> None:
    """Tribute Summon with three named tributes (a card whose text allows it, or needs it)."""
    fodder = [_fodder(duel, t, player) for t in (t1, t2, t3)]
    duel.summon_rules.summon(_fresh(duel, card, player), "tribute", player, tributes=fodder)


@V.phrase(("given", "when"), "{player}解放对方的「{t1:card}」「{t2:card}」「{t3:card}」在对方场上上级召唤「{card}」")
def tribute_summon_onto_opponent(duel: Duel, player: int, t1: str, t2: str, t3: str, card: str) -> None:
    """A Tribute Summon onto the opponent's field with three of the opponent's monsters (a
    card whose text allows it)."""
    fodder = [_fodder(duel, t, 1 - player) for t in (t1, t2, t3)]
    duel.summon_rules.summon(_fresh(duel, card, player), "tribute", player, tributes=fodder, onto=1 - player)


@V.phrase(("given", "when"), "{player}解放自己场上{number}只怪兽上级召唤「{card}」")
def tribute_summon_n(duel: Duel, player: int, number: int, card: str) -> None:
    """Tribute Summon tributing that many monsters of that player's field (the first ones)."""
    fodder = duel.monsters(player)[:number]
    duel.summon_rules.summon(_fresh(duel, card, player), "tribute", player, tributes=fodder)


@V.phrase(("given", "when"), "{player}解放「{tribute:card}」里侧表示上级召唤「{card}」")
def tribute_set(duel: Duel, player: int, tribute: str, card: str) -> None:
    """Tribute Set: a face-down tribute summon (it keeps what it was tributed with)."""
    duel.summon_rules.set_monster(_fresh(duel, card, player), player, tributes=[_fodder(duel, tribute, player)])


@V.phrase(("given", "when"), "{player}解放「{t1:card}」和「{t2:card}」里侧表示上级召唤「{card}」")
def tribute_set_two(duel: Duel, player: int, t1: str, t2: str, card: str) -> None:
    """Tribute Set with two named tributes."""
    fodder = [_fodder(duel, t1, player), _fodder(duel, t2, player)]
    duel.summon_rules.set_monster(_fresh(duel, card, player), player, tributes=fodder)


@V.phrase(("given", "when"), "{player}用「{m1:card}」和「{m2:card}」作为素材{method}召唤「{card}」")
def summon_with_materials(duel: Duel, player: int, m1: str, m2: str, method: str, card: str) -> None:
    """Synchro/Xyz/Fusion/Link … summon with two named materials (put on the field if needed)."""
    materials = [_fodder(duel, m1, player), _fodder(duel, m2, player)]
    duel.summon_rules.summon(_fresh(duel, card, player), method, player, materials=materials)


@V.phrase(("given", "when"), "{player}用「{m1:card}」「{m2:card}」「{m3:card}」作为素材{method}召唤「{card}」")
def summon_with_three(duel: Duel, player: int, m1: str, m2: str, m3: str, method: str, card: str) -> None:
    """The same with three named materials."""
    materials = [_fodder(duel, m, player) for m in (m1, m2, m3)]
    duel.summon_rules.summon(_fresh(duel, card, player), method, player, materials=materials)


@V.phrase(("given", "when"), "{player}用「{by:card}」的效果特殊召唤「{card}」")
def summon_by_effect(duel: Duel, player: int, by: str, card: str) -> None:
    """Special Summon by another card's effect (not by the monster's own procedure)."""
    duel.summon_rules.summon(_fresh(duel, card, player), "special", player, by=by)


@V.phrase(("given", "when"), "{player}用「{by:card}」的效果从{source}特殊召唤「{card}」")
def summon_by_effect_from(duel: Duel, player: int, by: str, source: str, card: str) -> None:
    """Special Summon from a zone (the card already there, if there is one)."""
    c = _among(duel, card, duel.board.zone(player, source)) or duel.new_card(card, player, source)
    duel.summon_rules.summon(c, "special", player, by=by)


@V.phrase(("given", "when"), "{player}用「{by:card}」的效果从{source}{method}召唤「{card}」")
def summon_by_effect_method_from(duel: Duel, player: int, by: str, source: str, method: str, card: str) -> None:
    """An effect summons it from that zone by that method (a ritual summon from the
    graveyard: 「影灵衣的返魂术」); 特殊: as 「用…的效果从…特殊召唤」."""
    c = _among(duel, card, duel.board.zone(player, source)) or duel.new_card(card, player, source)
    duel.summon_rules.summon(c, method, player, by=by)


@V.phrase(("given", "when"), "{player}用「{by:card}」的效果把{source}的「{card}」当作装备卡给「{target:card}」装备")
def equip_monster_as_card(duel: Duel, player: int, by: str, source: str, card: str, target: str) -> None:
    """An effect equips a monster card of that zone, as an equip card, to a face-up monster
    of that player (「同盟运输车」): the card goes to a spell & trap zone without being
    summoned — a monster that never came to the field by its proper procedure."""
    monster = _on_field(duel, target, player)
    if not (monster.face_up and monster.zone.kind == Zone.MONSTER and monster.controller == player):
        raise IllegalAction(f"「{target}」不是{WHO[player]}场上表侧表示的怪兽，不能装备")
    c = _among(duel, card, duel.board.zone(player, source)) or duel.new_card(card, player, source)
    if not c.definition.is_monster:
        raise SetupError(f"「{card}」不是怪兽卡")
    zone = duel.board.zone(player, SPELL_TRAP)
    if len(zone) >= (zone.capacity or 5):
        raise IllegalAction(f"{WHO[player]}的魔法与陷阱区域没有空位，不能装备「{card}」")
    duel.board.move(c, zone, face_up=True, controller=player, reason=said("reason.equip-card", by=by))
    duel.link_rules.link(c, monster, grants=("equip",))


@V.phrase(("given", "when"), "{player}{method}召唤「{card}」被无效")
def summon_negated(duel: Duel, player: int, method: str, card: str) -> None:
    """The summon is negated as it is made (神之宣告 …): a flip summon on the field (the
    monster is destroyed there), any other before the monster reaches the field."""
    c = _on_field(duel, card, player) if method == "flip" else _fresh(duel, card, player)
    duel.negation_rules.negate_summon(c, method, player)


@V.phrase(("given", "when"), "{player}反转召唤「{card}」被对方的效果无效并破坏")
def flip_summon_negated_by_opponent(duel: Duel, player: int, card: str) -> None:
    """The flip summon is negated and the monster destroyed by the opponent's effect (光之放逐,
    神之宣告 …): a replacement may keep it from being destroyed, and then the rules send it
    to the graveyard (fid=24011)."""
    duel.negation_rules.negate_summon(_on_field(duel, card, player), "flip", player, by=1 - player)


@V.phrase(("given", "when"), "{player}把「{card}」从{source}里侧守备表示特殊召唤")
def special_summon_face_down(duel: Duel, player: int, card: str, source: str) -> None:
    """Special Summon a card of one's own face-down defense, straight from a zone."""
    c = duel.new_card(card, player, source)
    duel.summon_rules.summon(c, "special", player, face_up=False, by="an effect")


@V.phrase(("given", "when"), "{player}把对方的「{card}」从对方的{source}里侧守备表示特殊召唤到自己场上")
def special_summon_opponents_face_down(duel: Duel, player: int, card: str, source: str) -> None:
    """As 「饼蛙」 does with a destroyed pendulum monster of the opponent."""
    c = duel.new_card(card, 1 - player, source)
    duel.summon_rules.summon(c, "special", player, face_up=False, by="an effect")


@V.given("{player}的{source}有「{card}」")
def card_in_zone(duel: Duel, player: int, source: str, card: str) -> None:
    """A card of that player waiting in a zone (hand, deck, extra deck, graveyard, banished)."""
    duel.new_card(card, player, source)


@V.given("{player}的基本分只剩{number}")
def life_points_left(duel: Duel, player: int, number: int) -> None:
    """That player's life points, set up as they stand (as if lost earlier in the duel)."""
    duel.lp[player] = number
    duel.log.record("setup.lp", player=player, lp=number)


@V.given("{player}场上有表侧表示的「{card}」")
def face_up_spell_trap(duel: Duel, player: int, card: str) -> None:
    """A spell or trap card already applying on the field."""
    c = _fresh(duel, card, player)
    if c.definition.is_monster:
        raise SetupError(f"「{card}」是怪兽：请写召唤或盖放")
    duel.summon_rules.place(c, SPELL_TRAP, player)


@V.given("{player}的魔法与陷阱区域有当作永续魔法卡的「{card}」")
def monster_card_in_spell_trap_zone(duel: Duel, player: int, card: str) -> None:
    """A monster card put face-up in the spell & trap zone by an effect (treated as a
    continuous spell card, as 「群豪」 monsters place themselves): never summoned."""
    c = _fresh(duel, card, player)
    if not c.definition.is_monster:
        raise SetupError(f"「{card}」不是怪兽卡")
    duel.summon_rules.place(c, SPELL_TRAP, player)


@V.given("{player}的灵摆区域有「{left:card}」和「{right:card}」")
def pendulum_zones(duel: Duel, player: int, left: str, right: str) -> None:
    """Both pendulum zones of that player, set up at once."""
    for name in (left, right):
        duel.summon_rules.place(_fresh(duel, name, player), PENDULUM, player)


@V.given("{player}的一边灵摆区域有「{card}」")
def pendulum_zone_one(duel: Duel, player: int, card: str) -> None:
    """One pendulum zone of that player holds that card (the other is empty)."""
    c = _fresh(duel, card, player)
    if "pendulum" not in c.definition.types:
        raise SetupError(f"「{card}」不是灵摆怪兽，不能放在灵摆区域")
    duel.summon_rules.place(c, PENDULUM, player)


# -- Given / When: what happens to a monster ----------------------------------------

@V.phrase(("given", "when"), "「{card}」变成里侧守备表示")
def turn_face_down(duel: Duel, card: str) -> None:
    """A card effect turns the monster face-down (as 「月之书」 does)."""
    duel.move_rules.turn_face_down(_on_field(duel, card), reason="an effect")


@V.phrase(("given", "when"), "「{card}」因效果反转")
def flip_by_effect(duel: Duel, card: str) -> None:
    """A card effect turns the face-down monster face-up in defense position (not a flip summon)."""
    duel.move_rules.flip_face_up(_on_field(duel, card), reason="an effect")


@V.phrase(("given", "when"), "「{card}」因效果变成表侧攻击表示")
def flip_by_effect_to_attack(duel: Duel, card: str) -> None:
    """A card effect turns the face-down monster face-up in attack position (as 「太阳之书」
    does; not a flip summon)."""
    duel.move_rules.flip_face_up(_on_field(duel, card), reason="an effect", position="attack")


@V.phrase(("given", "when"), "{player}反转召唤「{card}」")
def flip_summon(duel: Duel, player: int, card: str) -> None:
    """Flip Summon (it becomes a flip summoned monster)."""
    duel.summon_rules.flip_summon(_on_field(duel, card, player), player)


@V.phrase(("given", "when"), "{player}把「{card}」的表示形式变更")
def change_position(duel: Duel, player: int, card: str) -> None:
    """That player changes the battle position of its face-up monster (攻击表示 ↔ 守备表示)."""
    duel.summon_rules.change_position(_on_field(duel, card, player), player)


@V.phrase(("given", "when"), "「{card}」被一时除外")
def banish_temporarily(duel: Duel, card: str) -> None:
    """Banished until the End Phase, as 「彼岸的恶鬼·法尔法雷洛」 does."""
    duel.banish_rules.banish_temporarily(_on_field(duel, card), returns="end-phase")


@V.phrase(("given", "when"), "「{card}」被除外")
def banish(duel: Duel, card: str) -> None:
    """An effect banishes it for good (not a temporary banish)."""
    duel.move_rules.banish(_on_field(duel, card), reason="an effect")


@V.phrase(("given", "when"), "「{card}」回到场上")
def return_to_field(duel: Duel, card: str) -> None:
    """The temporarily banished monster comes back now (its return moment has come)."""
    duel.banish_rules.return_to_field(duel.card(card))


@V.phrase(("given", "when"), "「{card}」被破坏")
def destroy(duel: Duel, card: str) -> None:
    """A card effect destroys it."""
    duel.move_rules.destroy(_on_field(duel, card), reason="an effect")


@V.phrase(("given", "when"), "「{card}」被{player}的效果破坏")
def destroy_by(duel: Duel, card: str, player: int) -> None:
    """An effect of that player destroys it (who destroyed it matters to some effects)."""
    c = _on_field(duel, card)
    duel.move_rules.destroy(c, reason=f"an effect of player {player}", by_player=player)


@V.phrase(("given", "when"), "「{card}」被送去墓地")
def send_to_graveyard(duel: Duel, card: str) -> None:
    """A card effect sends it to the graveyard."""
    c = duel.card(card)
    duel.move_rules.send_to_graveyard(c, reason="an effect")


@V.phrase(("given", "when"), "「{card}」被效果回到手卡")
def return_to_hand(duel: Duel, card: str) -> None:
    """A card effect returns the monster on the field to its owner's hand (an extra deck
    monster to the extra deck)."""
    duel.move_rules.return_to_hand(_on_field(duel, card), reason="an effect")


@V.phrase(("given", "when"), "「{attacker:card}」攻击「{card}」")
def attack(duel: Duel, attacker: str, card: str) -> None:
    """Attack that monster (enters the battle phase if needed); damage calculation follows."""
    duel.battle_rules.attack(_on_field(duel, attacker), _on_field(duel, card))


@V.phrase(("given", "when"), "「{card}」直接攻击")
def direct_attack(duel: Duel, card: str) -> None:
    """Attack directly."""
    duel.battle_rules.attack(_on_field(duel, card))


@V.phrase(("given", "when"), "「{card}」宣言直接攻击")
def declare_direct_attack(duel: Duel, card: str) -> None:
    """Declare a direct attack and stop there: effects can be activated at the declaration."""
    duel.battle_rules.attack(_on_field(duel, card), pause="declared")


@V.phrase(("given", "when"), "「{attacker:card}」宣言攻击「{card}」")
def declare_attack(duel: Duel, attacker: str, card: str) -> None:
    """Declare an attack on that monster and stop at the declaration."""
    duel.battle_rules.attack(_on_field(duel, attacker), _on_field(duel, card), pause="declared")


@V.phrase(("given", "when"), "「{attacker:card}」攻击「{card}」的伤害步骤开始时")
def attack_until_damage_step(duel: Duel, attacker: str, card: str) -> None:
    """Attack that monster and stop at the start of the damage step (its trigger window)."""
    duel.battle_rules.attack(_on_field(duel, attacker), _on_field(duel, card), pause="battle-start")


@V.phrase(("given", "when"), "进行伤害计算")
def damage_calculation(duel: Duel) -> None:
    """Carry a paused attack on to damage calculation (nothing happens if the battle cannot go on)."""
    duel.battle_rules.continue_battle()


@V.phrase(("given", "when"), "「{card}」被里侧除外")
def banish_face_down(duel: Duel, card: str) -> None:
    """An effect banishes it face-down (from the field, the hand or the graveyard)."""
    c = duel.card(card)
    if c.zone.kind in (BANISHED, DECK):
        raise SetupError(f"「{card}」不在效果可以把它除外的地方")
    duel.move_rules.banish(c, reason="an effect (face-down)", face_up=False)


@V.phrase(("given", "when"), "「{card}」被里侧一时除外")
def banish_temporarily_face_down(duel: Duel, card: str) -> None:
    """Banished face-down until the End Phase."""
    duel.banish_rules.banish_temporarily(_on_field(duel, card), returns="end-phase", face_up=False)


@V.phrase(("given", "when"), "「{card}」被丢弃")
def discard(duel: Duel, card: str) -> None:
    """An effect discards it from its owner's hand."""
    c = _among(duel, card, (x for x in duel.board.cards() if x.zone.kind == HAND))
    if c is None:
        raise SetupError(f"「{card}」不在手卡")
    duel.move_rules.discard(c, reason="an effect")


@V.phrase(("given", "when"), "{player}的怪兽区域被「{card}」占满")
def fill_monster_zone(duel: Duel, player: int, card: str) -> None:
    """Copies of that monster fill every free monster zone of that player (placed, not summoned)."""
    zone = duel.board.zone(player, Zone.MONSTER)
    while len(zone) < (zone.capacity or 5):
        c = duel.new_card(card, player, DECK)
        duel.summon_rules.place(c, Zone.MONSTER, player)
        c.position = "attack"


@V.phrase(("given", "when"), "{player}的怪兽区域只剩{number}个空位，其余被「{card}」占满")
def fill_monster_zone_but(duel: Duel, player: int, number: int, card: str) -> None:
    """Copies of that monster fill that player's monster zones but that many (placed, not summoned)."""
    zone = duel.board.zone(player, Zone.MONSTER)
    while len(zone) < (zone.capacity or 5) - number:
        c = duel.new_card(card, player, DECK)
        duel.summon_rules.place(c, Zone.MONSTER, player)
        c.position = "attack"


# -- Given / When: turns and phases ---------------------------------------------------

@V.given("这是决斗的第一个回合")
def first_turn(duel: Duel) -> None:
    """The example starts on the first turn of the duel (player 0 goes first); otherwise
    an example is a turn in the middle of a duel."""
    duel.turns.first_turn_of_the_duel()


@V.phrase(("given", "when"), "进入{phase}")
def enter_phase(duel: Duel, phase: str) -> None:
    """Move on to that phase of the current turn (ending the battle phase returns what it banished)."""
    duel.enter_phase(phase)


@V.phrase(("given", "when"), "进入{phase}，先不处理连锁")
def enter_phase_holding(duel: Duel, phase: str) -> None:
    """Move on to that phase; the mandatory trigger effects it starts go on a chain that
    stays open, so that cards can be chained to them."""
    duel.enter_phase(phase, hold=True)


@V.phrase(("given", "when"), "{player}通常召唤「{card}」，先不处理连锁")
def summon_holding(duel: Duel, player: int, card: str) -> None:
    """Normal Summon; the mandatory trigger effects it starts go on a chain that stays open,
    so that cards can be chained to them (as 『进入…，先不处理连锁』)."""
    with duel.chain_rules.holding_triggers():
        summon(duel, player, "normal", card)
    duel.chain_rules.run_mandatory(hold=True)


@V.phrase(("given", "when"), "进入{player}的下一个回合")
def next_turn_of(duel: Duel, player: int) -> None:
    """End turns until it is that player's turn again (the main phase 1 of it)."""
    duel.end_turn()
    if duel.turn_player != player:
        duel.end_turn()


@V.phrase(("given", "when"), "进入{player}的下一个回合的准备阶段")
def next_standby_of(duel: Duel, player: int) -> None:
    """End turns until it is that player's turn again, and stop in its standby phase."""
    if duel.turn_player == player:
        duel.end_turn()
    duel.end_turn(stop="standby")


# -- Given / When: activating ---------------------------------------------------------

@V.phrase(("given", "when"), "{player}发动「{card}」的{label}效果")
def activate_effect(duel: Duel, player: int, card: str, label: str) -> None:
    """Activate an effect of a card, untargeted (a pending trigger, an ignition or quick effect)."""
    duel.chain_rules.activate(duel.card(card, player), label, player=player)


@V.phrase(("given", "when"), "{player}发动「{card}」的{label}效果时以「{target:card}」为对象")
def state_mandatory_target(duel: Duel, player: int, card: str, label: str, target: str) -> None:
    """The target a mandatory trigger of that player's card will take when it goes on a chain
    by itself (stated ahead: it is activated as soon as the game is open)."""
    duel.chain_rules.state_targets(duel.card(card, player), label, player, [duel.card(target)])


@V.phrase(("given", "when"), "{player}发动「{card}」的{label}效果时以「{t1:card}」和「{t2:card}」为对象")
def state_mandatory_targets(duel: Duel, player: int, card: str, label: str, t1: str, t2: str) -> None:
    """The two targets a mandatory trigger of that player's card will take (stated ahead)."""
    duel.chain_rules.state_targets(duel.card(card, player), label, player, [duel.card(t1), duel.card(t2)])


@V.phrase(("given", "when"), "{player}不发动「{card}」的{label}效果")
def decline_trigger(duel: Duel, player: int, card: str, label: str) -> None:
    """That player chooses not to activate that trigger effect (the one waiting now, and
    whenever it is triggered later); a mandatory one is activated all the same."""
    duel.chain_rules.decline(duel.card(card, player), label, player)


@V.phrase(("given", "when"), "{player}在「{at:card}」的效果处理时适用「{card}」的{label}效果")
def apply_as_effect_applies(duel: Duel, player: int, at: str, card: str, label: str) -> None:
    """That player chooses to apply a continuous effect of their card that may apply as
    another card's activated effect applies (『…适用之际，可以…』): stated ahead, it applies
    when the chain link of that card resolves (not stated: it does not apply)."""
    duel.chain_rules.plan_applying(duel.card(card, player), label, player, duel.card(at))


@V.phrase(("given", "when"), "{player}发动「{card}」")
def activate_card(duel: Duel, player: int, card: str) -> None:
    """Activate a spell or trap card (from the hand, or the set one)."""
    duel.chain_rules.activate(_fresh_or_set(duel, card, player), "发动", player=player)


@V.phrase(("given", "when"), "{player}发动「{card}」，选择「{chosen:card}」")
def activate_choosing(duel: Duel, player: int, card: str, chosen: str) -> None:
    """Activate a card that picks a card without targeting it (「简易融合」's monster)."""
    duel.chain_rules.activate(_fresh_or_set(duel, card, player), "发动", player=player,
                              chosen=[duel.card(chosen, player)])


@V.phrase(("given", "when"), "{player}发动「{card}」，选择{owner:player}的「{chosen:card}」")
def activate_choosing_whose(duel: Duel, player: int, card: str, owner: int, chosen: str) -> None:
    """Activate a card that picks that player's card without targeting it."""
    duel.chain_rules.activate(_fresh_or_set(duel, card, player), "发动", player=player,
                              chosen=[_on_field(duel, chosen, owner)])


@V.phrase(("given", "when"), "{player}发动「{card}」的{label}效果，选择{owner:player}的「{chosen:card}」")
def activate_effect_choosing_whose(duel: Duel, player: int, card: str, label: str, owner: int, chosen: str) -> None:
    """Activate an effect that picks that player's card on the field without targeting it."""
    duel.chain_rules.activate(duel.card(card, player), label, player=player, chosen=[_on_field(duel, chosen, owner)])


@V.phrase(("given", "when"), "{player}发动「{card}」，选择「{c1:card}」和「{c2:card}」")
def activate_choosing_two(duel: Duel, player: int, card: str, c1: str, c2: str) -> None:
    """Activate a card that picks two cards without targeting them (「强制转移」)."""
    duel.chain_rules.activate(_fresh_or_set(duel, card, player), "发动", player=player,
                              chosen=[_on_field(duel, c1), _on_field(duel, c2)])


@V.phrase(("given", "when"), "{player}发动「{card}」的{label}效果，选择「{chosen:card}」")
def activate_effect_choosing(duel: Duel, player: int, card: str, label: str, chosen: str) -> None:
    """Activate an effect that picks a card without targeting it (「剑斗兽 马斗」)."""
    duel.chain_rules.activate(duel.card(card, player), label, player=player, chosen=[duel.card(chosen, player)])


@V.phrase(("given", "when"), "{player}以「{target:card}」为对象发动「{card}」")
def activate_card_targeting(duel: Duel, player: int, target: str, card: str) -> None:
    """Activate a spell or trap card targeting a card."""
    duel.chain_rules.activate(_fresh_or_set(duel, card, player), "发动", player=player, targets=[duel.card(target)])


@V.phrase(("given", "when"), "{player}以「{t1:card}」和「{t2:card}」为对象发动「{card}」")
def activate_card_targeting_two(duel: Duel, player: int, t1: str, t2: str, card: str) -> None:
    """Activate a spell or trap card targeting two cards."""
    duel.chain_rules.activate(_fresh_or_set(duel, card, player), "发动", player=player,
                              targets=[duel.card(t1), duel.card(t2)])


@V.phrase(("given", "when"), "{player}以「{target:card}」为对象发动「{card}」的{label}效果")
def activate_effect_targeting(duel: Duel, player: int, target: str, card: str, label: str) -> None:
    """Activate an effect of a card targeting a card."""
    duel.chain_rules.activate(duel.card(card, player), label, player=player, targets=[duel.card(target)])


@V.phrase(("given", "when"), "{player}以「{t1:card}」和「{t2:card}」为对象发动「{card}」的{label}效果")
def activate_effect_targeting_two(duel: Duel, player: int, t1: str, t2: str, card: str, label: str) -> None:
    """Activate an effect of a card targeting two cards."""
    duel.chain_rules.activate(duel.card(card, player), label, player=player, targets=[duel.card(t1), duel.card(t2)])


@V.phrase(("given", "when"), "{player}以{owner:player}的「{target:card}」为对象发动「{card}」")
def activate_card_targeting_whose(duel: Duel, player: int, owner: int, target: str, card: str) -> None:
    """Activate a card targeting that player's card of that name."""
    duel.chain_rules.activate(_fresh_or_set(duel, card, player), "发动", player=player,
                              targets=[duel.card(target, owner)])


@V.phrase(("given", "when"), "{player}以{owner:player}{source}的「{target:card}」为对象发动「{card}」")
def activate_targeting_in_zone(duel: Duel, player: int, owner: int, source: str, target: str, card: str) -> None:
    """Target a card in a given zone (when a card of that name is also elsewhere)."""
    t = _among(duel, target, duel.board.zone(owner, source))
    if t is None:
        raise SetupError(f"「{target}」不在{WHO[owner]}的{source}")
    duel.chain_rules.activate(_fresh_or_set(duel, card, player), "发动", player=player, targets=[t])


@V.phrase(("given", "when"), "{player}发动「{card}」得到的「{origin:card}」的{label}效果")
def activate_gained(duel: Duel, player: int, card: str, origin: str, label: str) -> None:
    """Activate an effect the card gained from another card (「混沌幻影」)."""
    duel.chain_rules.activate(duel.card(card, player), label, player=player, origin=origin)


@V.phrase(("given", "when"), "{player}以「{target:card}」为对象发动「{card}」得到的「{origin:card}」的{label}效果")
def activate_gained_targeting(duel: Duel, player: int, target: str, card: str, origin: str, label: str) -> None:
    """Activate a gained effect, targeting a card."""
    duel.chain_rules.activate(duel.card(card, player), label, player=player, origin=origin, targets=[duel.card(target)])


def _in_hand(duel: Duel, name: str, player: int):
    c = _among(duel, name, duel.board.zone(player, HAND))
    return c if c is not None else duel.new_card(name, player, HAND)


def _paying(duel: Duel, card, label: str, how: str):
    """The card, if the cost of its effect ``label`` is paid that way (discard-paid /
    send-paid): a step that says 丢弃 cannot pay a cost that only sends to the graveyard."""
    cost = duel.chain_rules.effect_of(card, label).cost
    if not (isinstance(cost, tuple) and cost[0] == how):
        raise SetupError(f"「{card.name}」{label}的代价不是"
                         f"{'丢弃' if how == 'discard-paid' else '送去墓地'}手卡")
    return card


@V.phrase(("given", "when"), "{player}丢弃「{paid:card}」，以「{target:card}」为对象发动「{card}」")
def activate_discarding_targeting(duel: Duel, player: int, paid: str, target: str, card: str) -> None:
    """Activate a card whose cost discards a card of the hand (that one), targeting a card."""
    c = _paying(duel, _fresh_or_set(duel, card, player), "发动", "discard-paid")
    duel.chain_rules.activate(c, "发动", player=player, targets=[duel.card(target)], paid=[_in_hand(duel, paid, player)])


@V.phrase(("given", "when"), "{player}丢弃「{paid:card}」，以「{target:card}」为对象发动「{card}」的{label}效果")
def activate_effect_discarding_targeting(duel: Duel, player: int, paid: str, target: str, card: str,
                                         label: str) -> None:
    """Activate an effect whose cost discards a card of the hand (that one), targeting a
    card (「元素英雄 雷霆巨人」①)."""
    c = _paying(duel, duel.card(card, player), label, "discard-paid")
    duel.chain_rules.activate(c, label, player=player, targets=[duel.card(target)], paid=[_in_hand(duel, paid, player)])


@V.phrase(("given", "when"), "{player}把手卡的「{paid:card}」送去墓地，发动「{card}」的{label}效果")
def activate_sending_from_hand(duel: Duel, player: int, paid: str, card: str, label: str) -> None:
    """Activate an effect whose cost sends a card of the hand (that one) to the graveyard."""
    c = _paying(duel, duel.card(card, player), label, "send-paid")
    duel.chain_rules.activate(c, label, player=player, paid=[_in_hand(duel, paid, player)])


@V.phrase(("given", "when"), "{player}把手卡的「{paid:card}」送去墓地，以「{target:card}」为对象发动「{card}」的{label}效果")
def activate_sending_from_hand_targeting(duel: Duel, player: int, paid: str, target: str, card: str,
                                         label: str) -> None:
    """Activate an effect whose cost sends a card of the hand (that one) to the graveyard,
    targeting a card (「女武神的契约书」①)."""
    c = _paying(duel, duel.card(card, player), label, "send-paid")
    duel.chain_rules.activate(c, label, player=player, targets=[duel.card(target)], paid=[_in_hand(duel, paid, player)])


@V.phrase(("given", "when"), "{player}发动「{card}」，同时发动{label}效果")
def activate_card_with_effect(duel: Duel, player: int, card: str, label: str) -> None:
    """Activate a continuous trap card and, with its card activation, one of its effects."""
    duel.chain_rules.activate(_fresh_or_set(duel, card, player), "发动", player=player, with_effect=label)


DECLARED = {"魔法": "spell", "陷阱": "trap", "怪兽": "monster"}
V.term(Term.choice("declared", DECLARED, "魔法、陷阱 or 怪兽 (a declared card kind)"))


@V.phrase(("given", "when"), "{player}发动「{card}」的{label}效果，宣言{declared}卡")
def activate_declaring(duel: Duel, player: int, card: str, label: str, declared: str) -> None:
    """Activate an effect that declares a card kind (「No.16 色之支配者」)."""
    duel.chain_rules.activate(duel.card(card, player), label, player=player, declared=declared)


@V.phrase(("given", "when"), "连锁处理")
def resolve_chain(duel: Duel) -> None:
    """Resolve the chain, last link first."""
    duel.chain_rules.resolve_chain()


def _fresh_or_set(duel: Duel, name: str, player: int):
    c = _among(duel, name, (c for c in duel.board.cards()
                            if c.controller == player and c.zone.kind in (SPELL_TRAP, FIELD_SPELL) and not c.face_up))
    return c if c is not None else _fresh(duel, name, player)


# -- Then: how it came to the field ---------------------------------------------------

@V.then("「{card}」{same:is}{method}召唤的怪兽")
def is_summoned_by(duel: Duel, card: str, same: bool, method: str) -> None:
    """How it came to the field: by that summon method (as the memory table keeps it)."""
    expect(f"「{card}」是{METHOD_WORD[method]}召唤的怪兽", same, duel.memory_rules.summoned_by(duel.card(card), method))


@V.then("{player}{can}把「{card}」的{method}召唤无效")
def can_negate_summon(duel: Duel, player: int, card: str, method: str, can: bool) -> None:
    """Whether, as the card's latest summon (by that method) was made, it could have been
    negated (神之宣告 and the like): only when nothing else was left to process then."""
    c = duel.card(card)
    actual = duel.memory_rules.summoned_by(c, method) and duel.chain_rules.summon_windows.get(c.serial, False)
    expect(f"玩家{player}可以把「{card}」的{METHOD_WORD[method]}召唤无效", can, actual)


@V.then("「{card}」{same:is}从{source}特殊召唤的怪兽")
def is_summoned_from(duel: Duel, card: str, same: bool, source: str) -> None:
    """Special summoned from that zone (deck, extra deck …)."""
    c = duel.card(card)
    actual = duel.memory_rules.remembers(c, Info.SPECIAL_SUMMONED) and duel.memory_rules.recall(c, Info.SUMMONED_FROM) == source
    expect(f"「{card}」是从{PLACE_NAMES.get(source, source)}特殊召唤的怪兽", same, actual)


@V.then("「{card}」{same:is}「{by:card}」特殊召唤的怪兽")
def is_summoned_by_effect_of(duel: Duel, card: str, same: bool, by: str) -> None:
    """Special summoned by that card's effect."""
    c = duel.card(card)
    expect(f"「{card}」是「{by}」的效果特殊召唤的怪兽", same, duel.memory_rules.recall(c, Info.SUMMONED_BY_EFFECT) == by)


@V.then("「{card}」{same:is}{kind}")
def is_kind(duel: Duel, card: str, same: bool, kind: str) -> None:
    """What the rules can tell it is now (a face-down card is not known to be anything)."""
    c = duel.card(card)
    if kind == "effect":
        actual = duel.is_effect_monster(c)
    elif kind == "normal":
        actual = duel.is_monster_card(c) and not duel.is_effect_monster(c)
    else:
        actual = duel.is_monster_card(c) and ("tuner" in c.definition.types or duel.value_rules.applies(c, "tuner"))
    expect(f"「{card}」是{kind}", same, actual)


# -- Then: where and how it is --------------------------------------------------------

@V.then("「{card}」在{place}")
def is_in(duel: Duel, card: str, place: str) -> None:
    """Where the card is."""
    c = duel.card(card)
    actual = "field" if duel.on_field(c) else c.zone.kind
    expect(f"「{card}」的位置", PLACE_NAMES[place], PLACE_NAMES.get(actual, actual))


@V.then("「{card}」在{player}的{source}")
def is_in_zone_of(duel: Duel, card: str, player: int, source: str) -> None:
    """Whose graveyard, hand, deck … the card is in (a card goes to its owner's)."""
    c = duel.card(card)
    where = f"{'自己' if c.zone.owner == 0 else '对方'}的{PLACE_NAMES.get(c.zone.kind, c.zone.kind)}" \
        if c.zone.owner is not None else c.zone.kind
    expect(f"「{card}」的位置", f"{'自己' if player == 0 else '对方'}的{PLACE_NAMES[source]}", where)


@V.then("「{card}」在{player}的卡组最{end}")
def deck_position(duel: Duel, card: str, player: int, end: str) -> None:
    """Where in that player's deck the card is (top or bottom)."""
    c = duel.card(card)
    actual = duel.move_rules.deck_position(c) if c.zone.owner == player else None
    expect(f"「{card}」在玩家{player}的卡组中的位置", end, actual)


@V.then("「{card}」{regarded}{moved}")
def counts_as(duel: Duel, card: str, regarded: bool, moved: str) -> None:
    """What the move that put the card where it is counts as (4.3.3.4): destroyed, sent
    to the graveyard, discarded … — kept until the card moves again."""
    tags = duel.memory_rules.arrived_as(duel.card(card))
    expect(f"「{card}」视为{moved} (counts as: {'、'.join(sorted(tags)) or 'nothing'})", regarded, moved in tags)


@V.then("「{card}」{regarded}从场上送去墓地")
def sent_from_the_field(duel: Duel, card: str, regarded: bool) -> None:
    """Whether the card in the graveyard got there from the field (a card whose card
    activation was negated did not: it had left the field before)."""
    c = duel.card(card)
    moves = [e for e in duel.log.of_kind("move") if e.data.get("card") == c.serial]
    came_from = moves[-1].data.get("source", "") if moves else ""
    from_field = c.zone.kind == GRAVEYARD and came_from.startswith((Zone.MONSTER, Zone.SPELL_TRAP,
                                                                    Zone.PENDULUM, Zone.FIELD_SPELL)) \
        and "left-field-before" not in duel.memory_rules.arrived_as(c)
    expect(f"「{card}」视为从场上送去墓地", regarded, from_field)


@V.then("「{card}」在{player}的场地区域")
def is_in_field_zone(duel: Duel, card: str, player: int) -> None:
    """Whether the card is in that player's field zone (where a field spell is put)."""
    c = duel.card(card)
    actual = c.controller if c.zone.kind == FIELD_SPELL and duel.on_field(c) else None
    expect(f"「{card}」所在的场地区域的玩家", player, actual)


@V.then("「{card}」在{player}场上")
def is_on_side(duel: Duel, card: str, player: int) -> None:
    """Which player controls it on the field."""
    c = duel.card(card)
    actual = c.controller if duel.on_field(c) else None
    expect(f"控制「{card}」的玩家", player, actual)


@V.then("「{card}」是{face}")
def face(duel: Duel, card: str, face: bool) -> None:
    """Face-up or face-down."""
    expect(f"「{card}」表侧表示", face, duel.card(card).face_up)


@V.then("{player}{can}确认「{card}」是什么卡")
def can_see(duel: Duel, player: int, can: bool, card: str) -> None:
    """Whether that player may know the card (non-public information)."""
    expect(f"玩家{player}可以确认「{card}」", can, duel.board.can_see(player, duel.card(card)))


# -- Then: effects ------------------------------------------------------------------

@V.then("「{card}」的{label}效果{can}发动")
def can_activate(duel: Duel, card: str, label: str, can: bool) -> None:
    """Whether its controller could activate that effect now (with the reason if not)."""
    reason = duel.chain_rules.why_cannot_activate(duel.card(card), label)
    expect(f"「{card}」的{label}效果可以发动 ({reason or 'ok'})", can, reason is None)


@V.then("{player}{can}发动「{card}」的{label}效果")
def player_can_activate(duel: Duel, player: int, can: bool, card: str, label: str) -> None:
    """Whether that player could activate the effect of their card of that name now."""
    c = duel.card(card, player)
    reason = duel.chain_rules.why_cannot_activate(c, label, player)
    expect(f"玩家{player}可以发动「{card}」的{label}效果 ({reason or 'ok'})", can, reason is None)


@V.then("{player}{can}以「{target:card}」为对象发动「{card}」")
def can_activate_targeting(duel: Duel, player: int, can: bool, target: str, card: str) -> None:
    """Whether that player could activate the card targeting that card now."""
    c = _fresh_or_set(duel, card, player)
    t = duel.card(target)
    effect = duel.chain_rules.effect_of(c, "发动")
    reason = duel.chain_rules.why_cannot_activate(c, "发动", player)
    if reason is None:
        reason = duel.chain_rules.why_not_target(c, effect, t)
    expect(f"玩家{player}可以以「{target}」为对象发动「{card}」 ({reason or 'ok'})", can, reason is None)


@V.then("{player}{can}以「{target:card}」为对象发动「{card}」的{label}效果")
def can_activate_effect_targeting(duel: Duel, player: int, can: bool, target: str, card: str, label: str) -> None:
    """Whether that player could activate that effect of their card targeting that card now."""
    c = duel.card(card)
    t = duel.card(target)
    reason = duel.chain_rules.why_cannot_activate(c, label, player)
    if reason is None:
        reason = duel.chain_rules.why_not_target(c, duel.chain_rules.effect_of(c, label), t)
    expect(f"玩家{player}可以以「{target}」为对象发动「{card}」的{label}效果 ({reason or 'ok'})", can, reason is None)


def _activatable(duel: Duel, name: str, player: int):
    """That player's card of that name that could be activated as a card: set, or in the hand."""
    for c in duel.board.cards():
        if c.name == name and c.controller == player and c.zone.kind in (SPELL_TRAP, FIELD_SPELL) and not c.face_up \
                and duel.on_field(c):
            return c
    c = next((x for x in duel.board.zone(player, HAND) if x.name == name), None)
    if c is None:
        raise SetupError(f"{WHO[player]}的手卡里没有「{name}」，场上也没有盖放的「{name}」")
    return c


@V.then("{player}{can}发动「{card}」")
def can_activate_card(duel: Duel, player: int, can: bool, card: str) -> None:
    """Whether that player could activate that card now (from the hand or set), as a chain
    link on what is happening now."""
    reason = duel.chain_rules.why_cannot_activate(_activatable(duel, card, player), "发动", player)
    expect(f"玩家{player}可以发动「{card}」 ({reason or 'ok'})", can, reason is None)


@V.then("{player}{can}在发动「{card}」的同时发动{label}效果")
def can_activate_with_card(duel: Duel, player: int, can: bool, card: str, label: str) -> None:
    """Whether that player could activate that effect together with the card's activation."""
    c = _activatable(duel, card, player)
    reason = duel.chain_rules.why_cannot_activate(c, "发动", player) or duel.activation_rules.why_not_with_card_activation(c, label, player)
    expect(f"玩家{player}可以在发动「{card}」的同时发动{label}效果 ({reason or 'ok'})", can, reason is None)


@V.then("「{card}」{same:is}场上的卡")
def is_field_card(duel: Duel, card: str, same: bool) -> None:
    """Whether the card counts as a card on the field now (a card whose card activation was
    negated does not, though its zone stays taken until the chain ends)."""
    expect(f"「{card}」是场上的卡", same, duel.on_field(duel.card(card)))


@V.then("{player}的魔法与陷阱区域的空位有{number}个")
def free_spell_trap_zones(duel: Duel, player: int, number: int) -> None:
    """How many of that player's spell & trap zones are free."""
    zone = duel.board.zone(player, SPELL_TRAP)
    expect(f"玩家{player}的魔法与陷阱区域的空位", number, (zone.capacity or 5) - len(zone))


@V.then("「{card}」的{label}效果{happened}")
def did_activate(duel: Duel, card: str, label: str, happened: bool) -> None:
    """Whether that effect was activated at some point of the example."""
    c = duel.card(card)
    activated = any(e.data.get("card") == c.serial and e.data.get("label") == label
                    for e in duel.log.of_kind("activate"))
    expect(f"「{card}」的{label}效果发动了", happened, activated)


@V.then("「{card}」的{label}效果由{player}发动")
def trigger_player_mandatory(duel: Duel, card: str, label: str, player: int) -> None:
    """Who activates that triggered effect (the controller as the card left the field):
    the one it waits for, or the one who activated it already (a mandatory effect goes on
    a chain as soon as the game is open)."""
    c = duel.card(card)
    pending = duel.chain_rules.pending_for(c, label)
    link = next((k for k in reversed([*duel.chain_rules.resolved, *duel.chain_rules.chain]) if k.card is c and k.effect.label == label),
                None)
    expect(f"发动「{card}」的{label}效果的玩家", player,
           pending.player if pending else link.player if link else None)


@V.then("「{card}」的{label}效果由{player}决定是否发动")
def trigger_player(duel: Duel, card: str, label: str, player: int) -> None:
    """Who decides to activate that triggered effect (the controller as the card left)."""
    pending = duel.chain_rules.pending_for(duel.card(card), label)
    expect(f"决定是否发动「{card}」的{label}效果的玩家", player, pending.player if pending else None)


@V.then("「{card}」的{label}效果{outcome}")
def resolution(duel: Duel, card: str, label: str, outcome: str) -> None:
    """How the latest resolution of that effect ended: applied, or negated."""
    actual = duel.chain_rules.last_outcome(duel.card(card), label)
    expect(f"「{card}」的{label}效果的处理", outcome, (actual or "not resolved").split(":")[0])


@V.then("「{card}」的发动{outcome}")
def card_activation_resolution(duel: Duel, card: str, outcome: str) -> None:
    """How the latest card activation of that spell or trap card resolved: applied, or negated."""
    actual = duel.chain_rules.last_outcome(duel.card(card), "发动")
    expect(f"「{card}」的卡的发动的处理", outcome, (actual or "not resolved").split(":")[0])


@V.then("「{card}」的{label}效果{applies}")
def static_applies(duel: Duel, card: str, label: str, applies: bool) -> None:
    """Whether that effect that is not activated applies now (including one a material gives)."""
    expect(f"「{card}」的{label}效果适用中", applies, duel.value_rules.static_applies(duel.card(card), label))


@V.then("「{card}」的效果{negated}")
def effects_negated(duel: Duel, card: str, negated: bool) -> None:
    """Whether any kind of negation applies to the monster's effects now."""
    c = duel.card(card)
    expect(f"「{card}」的效果被无效 ({', '.join(sorted(duel.negation_rules.negations(c))) or 'none'})", negated,
           bool(duel.negation_rules.negations(c)))


@V.then("「{card}」{affected}「{source:card}」的效果影响")
def affected_by(duel: Duel, card: str, affected: bool, source: str) -> None:
    """Whether that card's effects reach it now."""
    expect(f"「{card}」受「{source}」的效果影响", affected, duel.value_rules.affected_by(duel.card(card), duel.card(source)))


# -- Then: what a monster may do ----------------------------------------------------

@V.then("「{card}」{can}改变表示形式")
def can_change_position(duel: Duel, card: str, can: bool) -> None:
    """Whether it could change its battle position now."""
    reason = duel.summon_rules.why_cannot_change_position(duel.card(card))
    expect(f"「{card}」可以改变表示形式 ({reason or 'ok'})", can, reason is None)


@V.then("「{card}」{can}攻击")
def can_attack(duel: Duel, card: str, can: bool) -> None:
    """Whether it could attack now."""
    reason = duel.battle_rules.why_cannot_attack(duel.card(card))
    expect(f"「{card}」可以攻击 ({reason or 'ok'})", can, reason is None)


@V.then("「{card}」{will}被{how}破坏")
def destroyable(duel: Duel, card: str, will: bool, how: str) -> None:
    """Whether an effect (of another card) or a battle could destroy it now."""
    c = duel.card(card)
    source = _anonymous_source(duel, c) if how == "effect" else None
    reason = duel.value_rules.why_not_destroyed(c, by_effect=source, by_battle=how == "battle", consume=False)
    expect(f"「{card}」会被{how}破坏 ({reason or 'ok'})", will, reason is None)


def _anonymous_source(duel: Duel, card):
    """Another card's effect, for asking whether effects can destroy ``card``."""
    return next((c for c in duel.board.cards() if c is not card), card)


@V.then("{player}{can}特殊召唤「{card}」")
def can_special_summon(duel: Duel, player: int, can: bool, card: str) -> None:
    """Whether that player could special summon that card now (summon limits, 正规召唤手续)."""
    c = duel.card(card, player)
    reason = duel.value_rules.why_cannot_special_summon(c, player)
    expect(f"玩家{player}可以特殊召唤「{card}」 ({reason or 'ok'})", can, reason is None)


@V.then("{player}{can}用「{by:card}」的效果从{source}{method}召唤「{card}」")
def can_summon_by_effect_from(duel: Duel, player: int, by: str, source: str, method: str, card: str,
                              can: bool) -> None:
    """Whether that card's effect could summon that player's card of that zone now (特殊:
    a special summon by the effect, 无视召唤条件 if the effect says so; 仪式 …: by that
    method): summon conditions (召唤条件) and revive limits (苏生限制)."""
    c = _among(duel, card, duel.board.zone(player, source))
    frame = {"synchro", "xyz", "fusion", "ritual", "link", "pendulum"} & {method}
    home = EXTRA if duel.definition(card).extra_deck else HAND
    if c is None and (duel.find(card, player) is not None or source != home):
        # a card the example never brought in is asked about in its home zone only
        reason = f"「{card}」 is not in the {source}"
    elif method not in SPECIAL_METHODS or (frame and not frame <= duel.definition(card).types):
        reason = f"「{card}」 cannot be {method} summoned"
    else:
        c = c or duel.new_card(card, player, source)
        reason = duel.value_rules.why_cannot_special_summon(c, player, how=duel.value_rules.summon_how(method, by),
                                                            by=by, method=method)
    expect(f"玩家{player}可以用「{by}」的效果从{PLACE_NAMES.get(source, source)}{METHOD_WORD.get(method, method)}"
           f"召唤「{card}」 ({reason or 'ok'})", can, reason is None)


@V.then("{player}{can}从{source}灵摆召唤「{card}」")
def can_pendulum_summon_from(duel: Duel, player: int, can: bool, source: str, card: str) -> None:
    """Whether that player's card of that zone could be pendulum summoned now, as far as its
    summon conditions go (from the face-up extra deck: only once properly summoned)."""
    c = _among(duel, card, duel.board.zone(player, source))
    if c is None:
        reason = f"「{card}」 is not in the {source}"
    elif "pendulum" not in c.definition.types or source not in (HAND, EXTRA):
        reason = f"「{card}」 cannot be pendulum summoned from the {source}"
    else:
        reason = duel.value_rules.why_cannot_special_summon(c, player, how="procedure", method="pendulum")
    expect(f"玩家{player}可以从{PLACE_NAMES.get(source, source)}灵摆召唤「{card}」 ({reason or 'ok'})", can,
           reason is None)


@V.then("{player}{can}用自身的方法特殊召唤「{card}」")
def can_special_summon_by_procedure(duel: Duel, player: int, can: bool, card: str) -> None:
    """Whether that player could special summon the card now by its own summon procedure
    (its summon condition: not an effect, and no fusion, synchro … summon)."""
    c = duel.card(card, player)
    reason = duel.value_rules.why_cannot_special_summon(c, player, how="procedure")
    expect(f"玩家{player}可以用自身的方法特殊召唤「{card}」 ({reason or 'ok'})", can, reason is None)


@V.then("{player}{can}把「{paid:card}」送去墓地，用自身的方法特殊召唤「{card}」")
def can_summon_paying(duel: Duel, player: int, paid: str, card: str, can: bool) -> None:
    """Whether that player could special summon the card by its own procedure, sending that
    card of the hand or field to the graveyard as its cost (checked once the cost is paid)."""
    reason = duel.value_rules.why_cannot_procedure_paying(_in_hand_of(duel, card, player), player, duel.card(paid))
    expect(f"玩家{player}可以把「{paid}」送去墓地，用自身的方法特殊召唤「{card}」 ({reason or 'ok'})", can,
           reason is None)


@V.then("{player}{can}反转召唤「{card}」")
def can_flip_summon(duel: Duel, player: int, can: bool, card: str) -> None:
    """Whether that player could Flip Summon that face-down monster now (not the turn it
    was set or summoned)."""
    reason = duel.summon_rules.why_cannot_flip_summon(duel.card(card, player), player)
    expect(f"玩家{player}可以反转召唤「{card}」 ({reason or 'ok'})", can, reason is None)


@V.then("{player}{can}通常召唤「{card}」")
def can_normal_summon(duel: Duel, player: int, can: bool, card: str) -> None:
    """Whether that player could Normal Summon that card now (one Normal Summon a turn;
    a gemini monster's 再度召唤 uses it)."""
    c = duel.card(card, player)
    reason = duel.summon_rules.why_cannot_normal_summon(c, player)
    expect(f"玩家{player}可以通常召唤「{card}」 ({reason or 'ok'})", can, reason is None)


def _summoner(duel: Duel, name: str, player: int):
    """That player's copy of ``name`` a Normal Summon would take: in the hand (or, named
    by no step yet, as if it were there)."""
    c = _among(duel, name, duel.board.zone(player, HAND))
    return c if c is not None else duel.card(name, player)


def _tributes(duel: Duel, player: int, *names: str) -> tuple:
    """The cards a step names as tributes: on the field first, whoever controls them (the
    rules then say whether that player may tribute them)."""
    return tuple(duel.card(n) for n in names)


@V.then("{player}{can}{method}召唤「{card}」")
def can_summon_by(duel: Duel, player: int, can: bool, method: str, card: str) -> None:
    """Whether that player could summon that card by that method now: a summon by its own
    procedure (同调、X、连接、灵摆) only in that player's main phase with no chain; 上级召唤
    as a Normal Summon; the others as a special summon."""
    c = _summoner(duel, card, player)
    if method in ("normal", "tribute"):
        reason = duel.summon_rules.why_cannot_normal_summon(c, player)
    elif method in ("flip", "gemini"):
        reason = (duel.summon_rules.why_cannot_flip_summon(c, player) if method == "flip"
                  else duel.summon_rules.why_cannot_normal_summon(c, player, again=True))
    elif method not in ("special",) and method not in c.definition.types:
        reason = f"「{card}」不是{METHOD_WORD[method]}怪兽"
    else:
        reason = duel.value_rules.why_cannot_special_summon(c, player)
        if reason is None and method in PROCEDURE_METHODS:
            reason = duel.summon_rules.why_not_procedure_now(method, player)
    expect(f"玩家{player}可以{METHOD_WORD[method]}召唤「{card}」 ({reason or 'ok'})", can, reason is None)


@V.then("{player}{can}解放「{tribute:card}」上级召唤「{card}」")
def can_tribute_summon(duel: Duel, player: int, can: bool, tribute: str, card: str) -> None:
    """Whether that player could Tribute Summon that card now, tributing that one card
    (Level 5–6: one tribute, Level 7 and up: two)."""
    reason = duel.summon_rules.why_cannot_normal_summon(_summoner(duel, card, player), player,
                                                        tributes=_tributes(duel, player, tribute))
    expect(f"玩家{player}可以解放「{tribute}」上级召唤「{card}」 ({reason or 'ok'})", can, reason is None)


@V.then("{player}{can}解放「{t1:card}」和「{t2:card}」上级召唤「{card}」")
def can_tribute_summon_two(duel: Duel, player: int, can: bool, t1: str, t2: str, card: str) -> None:
    """Whether that player could Tribute Summon that card now, tributing those two cards."""
    reason = duel.summon_rules.why_cannot_normal_summon(_summoner(duel, card, player), player,
                                                        tributes=_tributes(duel, player, t1, t2))
    expect(f"玩家{player}可以解放「{t1}」和「{t2}」上级召唤「{card}」 ({reason or 'ok'})", can, reason is None)


@V.then("{player}{can}不用解放召唤「{card}」")
def can_summon_without_tribute(duel: Duel, player: int, can: bool, card: str) -> None:
    """Whether that player could Normal Summon that Level 5+ card now without tributing
    (only a card whose own text allows it)."""
    reason = duel.summon_rules.why_cannot_normal_summon(_summoner(duel, card, player), player, without_tribute=True)
    expect(f"玩家{player}可以不用解放召唤「{card}」 ({reason or 'ok'})", can, reason is None)


@V.then("「{card}」现在{can}攻击宣言")
def can_declare_attack_now(duel: Duel, card: str, can: bool) -> None:
    """Whether that monster could declare an attack right now: the monster's own
    restrictions, and the turn player's battle phase (or its main phase 1, entering it)."""
    a = duel.card(card)
    reason = duel.battle_rules.why_cannot_attack(a) or duel.battle_rules.why_not_declare_attack_now(a)
    expect(f"「{card}」现在可以攻击宣言 ({reason or 'ok'})", can, reason is None)


@V.then("「{attacker:card}」{can}攻击「{card}」")
def can_attack_target(duel: Duel, attacker: str, can: bool, card: str) -> None:
    """Whether that monster could declare an attack on that monster now."""
    a = duel.card(attacker)
    reason = duel.battle_rules.why_cannot_attack(a) or duel.battle_rules.why_not_declare_attack_now(a) \
        or duel.battle_rules.why_not_attack_target(a, duel.card(card))
    expect(f"「{attacker}」可以攻击「{card}」 ({reason or 'ok'})", can, reason is None)


@V.then("「{card}」{can}直接攻击")
def can_attack_directly(duel: Duel, card: str, can: bool) -> None:
    """Whether that monster could declare a direct attack now."""
    a = duel.card(card)
    reason = duel.battle_rules.why_cannot_attack(a) or duel.battle_rules.why_not_declare_attack_now(a) or duel.battle_rules.why_not_attack_target(a, None)
    expect(f"「{card}」可以直接攻击 ({reason or 'ok'})", can, reason is None)


@V.then("{player}{can}把「{card}」的表示形式变更")
def can_change_position_now(duel: Duel, player: int, can: bool, card: str) -> None:
    """Whether that player could change the battle position of that monster now (the
    monster's own restrictions, and the turn player's main phase)."""
    c = duel.card(card, player)
    if not c.face_up and duel.on_field(c):
        reason = f"「{card}」是里侧表示：要表侧表示只能反转召唤"
    elif duel.on_field(c) and c.controller != player:
        reason = f"「{card}」不是玩家{player}的怪兽"
    else:
        reason = duel.summon_rules.why_cannot_change_position(c, player) or duel.summon_rules.why_not_now_in_main_phase(player, "变更表示形式")
    expect(f"玩家{player}可以把「{card}」的表示形式变更 ({reason or 'ok'})", can, reason is None)


@V.then("「{card}」{same:is}{position}")
def position_is(duel: Duel, card: str, same: bool, position: str) -> None:
    """The battle position of the monster on the field."""
    c = duel.card(card)
    expect(f"「{card}」是{POSITION_WORDS[position]}", same, duel.on_field(c) and c.position == position)


@V.then("「{card}」{can}作为「{fusion:card}」的融合素材")
def can_be_fusion_material(duel: Duel, card: str, can: bool, fusion: str) -> None:
    """Whether it qualifies as a material of that fusion monster."""
    expect(f"「{card}」可以作为「{fusion}」的融合素材", can,
           duel.value_rules.rule_of(fusion, "fusion-material", duel.card(card)))


@V.then("「{card}」{can}作为「{by:card}」的连接素材")
def can_be_link_material(duel: Duel, card: str, can: bool, by: str) -> None:
    """Whether it could be a link material of that link monster now (its own rules, and
    what the link monster's text asks of its materials)."""
    why = duel.value_rules.why_not_link_material(duel.card(card), duel.card(by))
    expect(f"「{card}」可以作为「{by}」的连接素材 ({why or 'ok'})", can, why is None)


@V.then("「{card}」{can}作为「{by:card}」的代价解放")
def can_be_cost(duel: Duel, card: str, can: bool, by: str) -> None:
    """Whether it can be tributed for that card's cost."""
    expect(f"「{card}」可以作为「{by}」的代价", can, duel.value_rules.rule_of(by, "cost", duel.card(card)))


@V.then("{player}发动「{card}」时{can}把卡组的怪兽作为融合素材")
def fusion_from_deck(duel: Duel, player: int, card: str, can: bool) -> None:
    """Whether that card, activated by that player now, may use monsters in the deck as materials."""
    expect(f"玩家{player}发动「{card}」时可以用卡组的怪兽作为融合素材", can,
           duel.value_rules.rule_of(card, "fusion-from-deck", player))


# -- Then: numbers ------------------------------------------------------------------

@V.then("「{card}」的灵摆刻度是{number}")
def scale_is(duel: Duel, card: str, number: int) -> None:
    """Its pendulum scale now (the printed one, as its own effects that apply change it)."""
    expect(f"「{card}」的灵摆刻度", number, duel.value_rules.pendulum_scale(duel.card(card)))


@V.then("「{card}」的攻击力是{number}")
def atk_is(duel: Duel, card: str, number: int) -> None:
    """Its ATK as its controller knows it (a face-down monster: the printed value)."""
    c = duel.card(card)
    expect(f"「{card}」的攻击力（控制者看来）", number, duel.value_rules.atk(c, viewer=c.controller))


@V.then("「{card}」的守备力是{number}")
def def_is(duel: Duel, card: str, number: int) -> None:
    """Its DEF as its controller knows it."""
    c = duel.card(card)
    expect(f"「{card}」的守备力（控制者看来）", number, duel.value_rules.defense(c, viewer=c.controller))


@V.then("对效果而言「{card}」的攻击力{same:is}确定的数值")
def atk_undetermined(duel: Duel, card: str, same: bool) -> None:
    """For effects, a face-down monster has no determined ATK."""
    expect(f"对效果而言「{card}」的攻击力是确定的数值", same, duel.value_rules.atk(duel.card(card)) is not None)


@V.then("「{card}」的X素材有{number}个")
def material_count(duel: Duel, card: str, number: int) -> None:
    """How many xyz materials it has."""
    expect(f"「{card}」的X素材数", number, len(duel.summon_rules.materials_of(_on_field(duel, card))))


@V.then("「{material:card}」{same:is}「{card}」的X素材")
def is_material_of(duel: Duel, material: str, same: bool, card: str) -> None:
    """Whether that card is attached to that xyz monster."""
    m, x = duel.card(material), duel.card(card)
    expect(f"「{material}」是「{card}」的X素材", same, m.attached_to is x and m.zone.kind == Zone.MATERIALS)


@V.then("「{card}」的指示物有{number}个")
def counter_count(duel: Duel, card: str, number: int) -> None:
    """How many counters are on it."""
    expect(f"「{card}」上的指示物", number, duel.memory_rules.recall(duel.card(card), Info.COUNTERS) or 0)


@V.then("{player}{won}决斗")
def duel_won(duel: Duel, player: int, won: bool) -> None:
    """Whether that player has won the duel."""
    expect(f"玩家{player}赢得决斗", won, duel.winner == player)


@V.then("{player}的基本分是{number}")
def life_points(duel: Duel, player: int, number: int) -> None:
    """That player's life points."""
    expect(f"玩家{player}的基本分", number, duel.lp[player])

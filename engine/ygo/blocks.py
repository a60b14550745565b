"""The building blocks Yu-Gi-Oh! cards are written with (spec/ygo/cards/*.rst).

Each block is a phrase, in Chinese like the card texts, that stands for one engine value:

``event``      what starts a trigger effect: ``(event kind, test(duel, card, event))``
``condition``  when an effect can be activated or applies: ``test(duel, card)``
``cost``       what is paid on activation: a cost name the chain rules know, or a
               function (duel, card, player)
``restriction`` what comes with activating it (这个效果发动的回合，…): a function
               (duel, card, player) applied on activation
``target``     what is targeted on activation: :class:`Target` (count, filter)
``action``     what the effect does on resolution: ``resolve(duel, link)``
``static``     what an effect that is not activated does: a list of :class:`StaticPart`

Placeholders (``{n}``, ``{side}``, ``{name}``, ``{desc}`` …) let one block serve many
cards; a description of cards (``{desc}``: ``表侧表示怪兽``, ``4星以下的「磁石战士」怪兽``,
``这个回合攻击过的X怪兽`` …) is read by :func:`describe` from a closed list of
qualifiers, so a word it does not know is an error at the card's line.  No block names
a specific card: a card's name only ever comes in through a placeholder.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rulings.core import IllegalAction
from rulings.core.events import named
from rulings.core.choices import FIRST_FITTING
from rulings.vocabulary import PhraseBook, Term

from . import primitives as p
from .activation import Ban
from .cards import CostWord
from .memory import Info, erased_until_turn_end, given_face_down
from .objects import Zone

BLOCKS = PhraseBook("ygo", "zh-CN", kinds=("event", "condition", "cost", "restriction", "target", "action",
                                           "static"))

Pred = Callable[[Any, Any, Any], bool]   # (duel, source card or None, card) -> bool


@dataclass(frozen=True)
class Target:
    count: int
    filter: Callable[[Any, Any, Any], bool]
    #: one filter per target when the targets are of different kinds (『自己以及对方场上的卡各1张』)
    slots: tuple = ()


@dataclass(frozen=True)
class StaticPart:
    kind: str
    value: Any = None
    condition: Callable[[Any, Any], bool] | None = None


# -- terms ------------------------------------------------------------------------------

BLOCKS.term(Term("n", r"\d+", int, description="a number"))
BLOCKS.term(Term("name", r"[^「」]+", description="a card name or an archetype, written in 「」"))
BLOCKS.term(Term("desc", r"[^；;]*?", description="a description of cards (see blocks.describe)"))
BLOCKS.term(Term("label", r"[①②③④⑤⑥⑦⑧⑨⑩]", description="an effect number"))
BLOCKS.term(Term("rest", r".+", description="another block"))
BLOCKS.term(Term.choice("side", {"自己": "own", "对方": "opponent"}, "自己 or 对方"))
BLOCKS.term(Term("names", r"「[^；;]+」", description="archetypes in 「」, joined by 或"))

SUMMONS = {  # how a monster was summoned, as the text says it -> what it remembers
    "通常": (Info.NORMAL_SUMMONED,), "召唤": (Info.NORMAL_SUMMONED, Info.TRIBUTE_SUMMONED),
    "上级": (Info.TRIBUTE_SUMMONED,), "特殊": (Info.SPECIAL_SUMMONED,), "同调": (Info.SYNCHRO_SUMMONED,),
    "X": (Info.XYZ_SUMMONED,), "超量": (Info.XYZ_SUMMONED,), "融合": (Info.FUSION_SUMMONED,),
    "仪式": (Info.RITUAL_SUMMONED,), "连接": (Info.LINK_SUMMONED,), "灵摆": (Info.PENDULUM_SUMMONED,),
    "反转": (Info.FLIP_SUMMONED,), "再度": (Info.GEMINI_RESUMMONED,), "不用解放": (Info.SUMMONED_WITHOUT_TRIBUTE,),
}
BLOCKS.term(Term.choice("method", SUMMONS, "a summon method (同调、X、上级、再度、不用解放 …)"))
SUMMON_EVENTS = {  # 这张卡……的场合: the summon methods of the event
    "召唤": ("normal", "tribute"),
    "特殊召唤": ("special", "synchro", "xyz", "fusion", "ritual", "link", "pendulum"),
    "召唤·特殊召唤": ("normal", "tribute", "special", "synchro", "xyz", "fusion", "ritual", "link", "pendulum"),
    "反转召唤": ("flip",), "召唤·反转召唤": ("normal", "tribute", "flip"),
    "同调召唤": ("synchro",), "X召唤": ("xyz",), "超量召唤": ("xyz",), "融合召唤": ("fusion",),
    "仪式召唤": ("ritual",), "连接召唤": ("link",), "灵摆召唤": ("pendulum",),
}
BLOCKS.term(Term.choice("summoned", SUMMON_EVENTS, "召唤、特殊召唤、召唤·特殊召唤、同调召唤 …"))
ZONES = {"手卡": Zone.HAND, "卡组": Zone.DECK, "额外卡组": Zone.EXTRA, "墓地": Zone.GRAVEYARD, "除外状态": Zone.BANISHED,
         "场上": "field"}
BLOCKS.term(Term.choice("zone", ZONES, "a zone"))
RETURNS = {"结束阶段": "end-phase", "这个回合的结束阶段": "end-phase", "战斗阶段结束时": "end-battle",
           "下次的自己准备阶段": "standby"}
BLOCKS.term(Term.choice("until", RETURNS, "when a banished monster comes back"))
LINK_WHILE = {  # continuous-target links: whether the source's own negation ends what they do
    "只要这张卡在场上存在": True, "只要这张卡存在": True, "只要这张卡在场上表侧表示存在": True,
    "只要这张卡在怪兽区域表侧表示存在": False, "只要这张卡在场地区域存在": True,
}
BLOCKS.term(Term.choice("while", LINK_WHILE, "how long a continuous-target effect lasts"))

# -- descriptions of cards --------------------------------------------------------------

ATTRIBUTES = ("地", "水", "炎", "风", "光", "暗", "神")
RACES = ("魔法师", "龙", "不死", "战士", "兽战士", "兽", "鸟兽", "恶魔", "天使", "昆虫", "恐龙", "爬虫类", "鱼", "海龙",
         "水", "炎", "雷", "岩石", "植物", "机械", "念动力", "幻神兽", "创造神", "幻龙", "电子界", "幻想魔")
FRAMES = {"融合": "fusion", "同调": "synchro", "仪式": "ritual", "连接": "link", "灵摆": "pendulum", "二重": "gemini",
          "卡通": "toon"}


_FRAME = "|".join([*FRAMES, "X", "超量"])


def _frames(words: str) -> Pred:
    """融合、同调、X … monsters (several joined by ·: any of them), as the rules can tell."""
    wanted = {"xyz" if w in ("X", "超量") else FRAMES[w] for w in words.split("·")}
    return lambda duel, src, c: duel.is_monster_card(c) and bool(wanted & c.definition.types)


def _zone_is(kind: str) -> Pred:
    return lambda duel, src, c: c.zone.kind == kind


def _level(cmp):
    return lambda n: (lambda duel, src, c: c.definition.is_monster and cmp(c.definition.level, n))


def _atk_at_least(n: int) -> Pred:
    def test(duel, src, c) -> bool:
        viewer = src.controller if src is not None else c.controller
        return (duel.value_rules.atk(c, viewer=viewer) or 0) >= n

    return test


def _from_extra(duel, src, c) -> bool:
    return duel.on_field(c) and duel.memory_rules.remembers(c, Info.SPECIAL_SUMMONED) \
        and duel.memory_rules.recall(c, Info.SUMMONED_FROM) == Zone.EXTRA


def _special_summoned_from(zone: str) -> Pred:
    """Special summoned from that zone, and still on the field as that summoned monster."""
    return lambda duel, src, c: duel.on_field(c) and duel.memory_rules.remembers(c, Info.SPECIAL_SUMMONED) \
        and duel.memory_rules.recall(c, Info.SUMMONED_FROM) == zone


def _compared_with_source(value, how: str) -> Pred:
    """A value of the card (ATK, level …) lower or higher than the same value of the card
    whose effect describes it (这张卡), as its controller sees them; no value: no."""
    def test(duel, src, c) -> bool:
        if src is None or c is src:
            return False
        viewer = src.controller
        mine, theirs = value(duel, src, viewer), value(duel, c, viewer)
        if mine is None or theirs is None:
            return False
        return theirs < mine if how == "低" else theirs > mine

    return test


def _level_between_scales(duel, src, c) -> bool:
    if src is None or not c.definition.is_monster or not c.definition.level:
        return False
    scales = duel.value_rules.pendulum_scales(src.controller)
    return scales is not None and scales[0] < c.definition.level < scales[1]


def _original_compared_with_source(how: str) -> Pred:
    """A monster whose original ATK is lower or higher than the ATK of the card whose
    effect describes it (这张卡), as they are now."""
    def test(duel, src, c) -> bool:
        if src is None or c is src or not c.definition.is_monster:
            return False
        mine, theirs = duel.value_rules.atk(src, viewer=src.controller), duel.value_rules.original_atk(c)
        if mine is None or theirs is None:
            return False
        return theirs < mine if how == "低" else theirs > mine

    return test


#: qualifiers of a description, tried in this order at each position: (regex, predicate maker)
QUALIFIERS: list[tuple[str, Callable[..., Pred]]] = [
    (r"这张卡以外的", lambda: (lambda duel, src, c: c is not src)),
    # 『持有用自己的灵摆刻度可以灵摆召唤的等级的』: a level strictly between the scales of
    # the two cards in the pendulum zones of the describing card's controller, as they are now
    (r"持有用自己的灵摆刻度可以灵摆召唤的等级的", lambda: _level_between_scales),
    (r"有那个卡名记述的", lambda: _mentions_revealed),
    (r"有「([^」]+)」的卡名记述的", lambda name: (lambda duel, src, c: mentions(c, name))),
    (r"「([^」]+)」以外的", lambda name: (lambda duel, src, c: c.name != name)),
    (r"「([^」]+)」卡或「([^」]+)」卡", lambda a, b: (lambda duel, src, c: a in c.name or b in c.name)),
    (r"「([^」]+)」", lambda name: (lambda duel, src, c: name in c.name)),
    (r"(\d+)星以上的?", lambda n: _level(lambda a, b: a >= b)(int(n))),
    (r"(\d+)星以下的?", lambda n: _level(lambda a, b: a <= b)(int(n))),
    (r"(\d+)星的?", lambda n: _level(lambda a, b: a == b)(int(n))),
    (r"攻击力(\d+)以上的?", lambda n: _atk_at_least(int(n))),
    # 『给对方观看的』: a card the describing card's effect showed to the opponent as it resolves
    (r"给对方观看的", lambda: _revealed_by_source),
    (r"守备力(\d+)以下的?", lambda n: (lambda duel, src, c, n=int(n): c.definition.is_monster
                                      and (duel.value_rules.defense(c) or 0) <= n)),
    (rf"({'|'.join(ATTRIBUTES)})属性以外的", lambda a: (lambda duel, src, c: c.definition.is_monster
                                                      and c.definition.attribute != a)),
    (rf"({'|'.join(ATTRIBUTES)})属性的?", lambda a: (lambda duel, src, c: c.definition.attribute == a)),
    (rf"({'|'.join(sorted(RACES, key=len, reverse=True))})族的?",
     lambda r: (lambda duel, src, c: c.definition.race == r)),
    (r"表侧攻击表示的?", lambda: (lambda duel, src, c: c.face_up and c.position == "attack")),
    (r"表侧守备表示的?", lambda: (lambda duel, src, c: c.face_up and c.position == "defense")),
    (r"表侧表示的?", lambda: (lambda duel, src, c: c.face_up)),
    (r"里侧守备表示的?|里侧表示的?", lambda: (lambda duel, src, c: not c.face_up)),
    (r"从额外卡组特殊召唤的", lambda: _from_extra),
    (r"从卡组特殊召唤的", lambda: (lambda duel, src, c: duel.memory_rules.recall(c, Info.SUMMONED_FROM) == Zone.DECK)),
    (r"从(手卡|墓地|除外状态)特殊召唤的", lambda zone: _special_summoned_from(ZONES[zone])),
    (r"攻击力比这张卡(低|高)的", lambda how: _compared_with_source(lambda duel, c, v: duel.value_rules.atk(c, viewer=v), how)),
    (r"原本攻击力比这张卡的攻击力(低|高)的", lambda how: _original_compared_with_source(how)),
    (r"等级比这张卡(低|高)的", lambda how: _compared_with_source(lambda duel, c, v: c.definition.level
                                                                if c.definition.is_monster else None, how)),
    (r"特殊召唤的", lambda: (lambda duel, src, c: c.zone.kind == Zone.MONSTER
                           and duel.memory_rules.remembers(c, Info.SPECIAL_SUMMONED))),
    (r"通常召唤的", lambda: (lambda duel, src, c: c.zone.kind == Zone.MONSTER
                           and duel.memory_rules.remembers(c, Info.NORMAL_SUMMONED))),
    (r"这个回合攻击过的", lambda: (lambda duel, src, c: duel.memory_rules.remembers(c, Info.ATTACKED))),
    (r"这个回合召唤的", lambda: (lambda duel, src, c: duel.memory_rules.remembers(c, Info.SUMMONED_THIS_TURN))),
    (r"场上的", lambda: (lambda duel, src, c: duel.on_field(c))),
    # 自己怪兽 / 对方怪兽: a monster on the field of that side, seen from the card describing it
    (r"(自己|对方)(?=怪兽)", lambda side: (lambda duel, src, c: duel.on_field(c) and src is not None
                                         and (c.controller == src.controller) == (side == "自己"))),
    (r"调整以外的", lambda: (lambda duel, src, c: "tuner" not in c.definition.types)),
    (r"调整(?=怪兽)", lambda: (lambda duel, src, c: "tuner" in c.definition.types)),
    (r"效果(?=怪兽)", lambda: (lambda duel, src, c: duel.is_effect_monster(c))),
    (rf"((?:{_FRAME})(?:·(?:{_FRAME}))*)(?=怪兽)", lambda fs: _frames(fs)),
    (r"永续(?=魔法|陷阱)", lambda: (lambda duel, src, c: "continuous" in c.definition.types)),
    (r"仪式(?=魔法)", lambda: (lambda duel, src, c: not c.definition.is_monster and "ritual" in c.definition.types)),
    (r"场地(?=魔法)", lambda: (lambda duel, src, c: "field" in c.definition.types)),
    (r"魔法·陷阱", lambda: (lambda duel, src, c: not c.definition.is_monster)),
    (r"魔法", lambda: (lambda duel, src, c: c.definition.kind == "spell")),
    (r"陷阱", lambda: (lambda duel, src, c: c.definition.kind == "trap")),
    (r"怪兽$", lambda: (lambda duel, src, c: c.definition.is_monster)),
    (r"怪兽(?=卡$)", lambda: (lambda duel, src, c: c.definition.is_monster)),
    (r"卡$", lambda: (lambda duel, src, c: True)),
    (r"的", lambda: (lambda duel, src, c: True)),
    # 『魔法师族·光属性怪兽』: both (魔法·陷阱 and 融合·同调 … are read above, as a whole)
    (r"·", lambda: (lambda duel, src, c: True)),
]
_QUALIFIERS = [(re.compile(rx), make) for rx, make in QUALIFIERS]


def describe(text: str) -> Pred:
    """The predicate (duel, source, card) of a description of cards; ValueError, naming
    what is not understood, for a word that is not a known qualifier."""
    text = text.strip()
    whole = re.fullmatch(r"「([^」]+)」", text)
    if whole:  # 「卡名」 alone is that card: a card of that name now (『卡名当作「X」使用』 included)
        return lambda duel, src, c, name=whole.group(1): duel.activation_rules.is_named(c, name) if duel is not None else c.name == name
    tests: list[Pred] = []
    at = 0
    while at < len(text):
        for rx, make in _QUALIFIERS:
            m = rx.match(text, at)
            if m and m.end() > at:
                tests.append(make(*m.groups()))
                at = m.end()
                break
        else:
            raise ValueError(f"cannot read the description {text!r} from {text[at:]!r}: known words are 「…」、"
                             f"N星、N星以上/以下、攻击力N以上、…属性、…族、表侧表示、表侧攻击表示、表侧守备表示、里侧表示、"
                             f"特殊召唤的、从卡组/额外卡组/手卡/墓地/除外状态特殊召唤的、攻击力/等级比这张卡低/高的、原本攻击力比这张卡的攻击力低/高的、"
                             f"这个回合攻击过的、这个回合召唤的、这张卡以外的、"
                             f"自己/对方怪兽、"
                             f"效果/X/融合/同调/仪式/连接/灵摆怪兽、调整以外的、魔法、陷阱、怪兽、卡")
    return lambda duel, src, c: all(t(duel, src, c) for t in tests)


PLACES = {  # where a card is: (zone kind, whose, this card excluded)
    "场上": ("field", None), "自己场上": ("field", "own"), "对方场上": ("field", "opponent"),
    "墓地": (Zone.GRAVEYARD, None), "自己墓地": (Zone.GRAVEYARD, "own"), "对方墓地": (Zone.GRAVEYARD, "opponent"),
    "除外状态的": (Zone.BANISHED, None), "自己除外状态的": (Zone.BANISHED, "own"),
    "手卡": (Zone.HAND, "own"), "卡组": (Zone.DECK, "own"), "额外卡组": (Zone.EXTRA, "own"),
    "自己的魔法与陷阱区域": (Zone.SPELL_TRAP, "own"),
}
BLOCKS.term(Term.choice("place", PLACES, "场上、自己场上、对方场上、自己墓地、对方墓地、自己除外状态的、手卡、卡组 …"))
UNITS = {"只": True, "张": False}
BLOCKS.term(Term.choice("unit", UNITS, "只 (a monster) or 张 (a card)"))


def where(place: tuple[str, str | None], monster: bool) -> Pred:
    zone, whose = place

    def test(duel, src, c) -> bool:
        if zone == "field":
            if not duel.on_field(c) or (monster and c.zone.kind != Zone.MONSTER):
                return False
            holder = c.controller
        else:
            if c.zone.kind not in zone.split("·"):   # 手卡·墓地: either
                return False
            holder = c.owner
        if whose is not None and src is not None:
            mine = src.controller
            return holder == mine if whose == "own" else holder != mine
        return True

    return test


def card_filter(place, monster: bool, desc: str) -> Pred:
    at, what = where(place, monster), describe(desc)
    if monster:
        return lambda duel, src, c: at(duel, src, c) and c.definition.is_monster and what(duel, src, c)
    return lambda duel, src, c: at(duel, src, c) and what(duel, src, c)


# -- subjects: what an action acts on -------------------------------------------------------

def _self(duel, link) -> list:
    card = link.card_if_unchanged()
    return [card] if card is not None else []


def _targets(duel, link) -> list:
    return link.live_targets()


def _battle_opponent(duel, link) -> list:
    """The monster this card battles (the event's other monster), if it is still that object."""
    ev = link.event
    if ev is None:
        return []
    if ev.subject is link.card:
        other, obj = ev.data.get("target"), ev.data.get("target_obj")
    elif ev.data.get("target") is link.card:
        other, obj = ev.subject, ev.data.get("attacker_obj")
    else:
        return []
    return [other] if other is not None and other.object_id == obj else []


def _event_subject(duel, link) -> list:
    ev = link.event
    if ev is None or ev.subject is None:
        return []
    obj = ev.data.get("obj")
    return [ev.subject] if obj is None or ev.subject.object_id == obj else []


def _below(duel, link) -> list:
    below = link.below(duel)
    card = below.card_if_unchanged() if below is not None else None
    return [card] if card is not None else []


def _chosen(duel, link) -> list:
    return list(link.chosen)


def _summoned(duel, link) -> list:
    return [c for c, obj in getattr(link, "summoned", []) if c.object_id == obj]


SUBJECTS: dict[str, Callable[[Any, Any], list]] = {
    "这张卡": _self, "自身": _self,
    "那只怪兽": _targets, "那张卡": _targets, "那些怪兽": _targets, "作为对象的怪兽": _targets,
    "作为对象的卡": _targets, "那只自己怪兽": _targets, "那些卡": _targets,
    "那只对方怪兽": _battle_opponent, "进行战斗的对方怪兽": _battle_opponent,
    "特殊召唤的那只怪兽": _event_subject, "特殊召唤的那些怪兽": _event_subject,
    "发动的那张卡": _below, "场上的那张卡": _below,
    "选的怪兽": _chosen, "选的2只怪兽": _chosen,
    "这个效果特殊召唤的怪兽": _summoned, "这个效果特殊召唤的这张卡": _summoned,
}


BLOCKS.term(Term("who", "|".join([*(re.escape(k) for k in sorted(SUBJECTS, key=len, reverse=True)),
                                   r"那只[^；;，]*?怪兽", r"那张[^；;，]*?卡", r"选的[^；;，]*?怪兽",
                                   r"[^；;，「」]+?的那只怪兽"]),
                 description="what an action acts on: 这张卡、那只怪兽、那只X怪兽、选的…怪兽 … (see blocks.subject)"))


def subject(text: str) -> Callable[[Any, Any], list]:
    """What ``text`` (这张卡、那只怪兽、那只X怪兽、选的这个回合召唤的表侧表示怪兽 …) names,
    as a function (duel, link) -> cards."""
    text = text.strip()
    if text in SUBJECTS:
        return SUBJECTS[text]
    for prefix, base in (("那只", _targets), ("那张", _targets), ("选的", _chosen)):
        if text.startswith(prefix) and len(text) > len(prefix):
            test = describe(text[len(prefix):])
            return lambda duel, link, base=base, test=test: [c for c in base(duel, link)
                                                             if test(duel, link.card, c)]
    if text.endswith("的那只怪兽") and len(text) > len("的那只怪兽"):
        # 原本攻击力比这张卡的攻击力低的那只怪兽: the target, if it fits the description as it resolves
        test = describe(text[:-len("那只怪兽")])
        return lambda duel, link, test=test: [c for c in _targets(duel, link) if test(duel, link.card, c)]
    raise ValueError(f"unknown subject {text!r}; known: {'、'.join(SUBJECTS)}, 那只…怪兽, …的那只怪兽, 选的…怪兽")


def _why(link) -> str:
    return f"「{link.card.name}」{link.effect.label}"


# The event, condition, cost and restriction blocks are mostly a grammar of the rules:
# engine/ygo/grammar.py, which registers its phrases here (the card format imports it).

# == target blocks ============================================================================

BLOCKS.term(Term.choice("besides", {"这张卡以外的": True}, "这张卡以外的"))


@BLOCKS.phrase("target", "以{place}{n}{unit}{desc}为对象")
@BLOCKS.phrase("target", "{place}{n}{unit}{desc}")
@BLOCKS.phrase("target", "{besides}{place}{n}{unit}{desc}")
@BLOCKS.phrase("target", "自己以及对方场上的{desc}各{n}张")
def target(desc, n, place=None, unit=False, besides=False):
    """Target n cards (只: monsters) of that place that fit the description (这张卡以外的:
    not this card).  自己以及对方场上的…各n张: n of one's own field and n of the
    opponent's, each target filling one of those places."""
    if place is None:
        own = card_filter(PLACES["自己场上"], False, desc)
        theirs = card_filter(PLACES["对方场上"], False, desc)
        return Target(2 * n, lambda duel, src, c: own(duel, src, c) or theirs(duel, src, c),
                      slots=(own,) * n + (theirs,) * n)
    base = card_filter(place, unit, desc)
    if besides:
        return Target(n, lambda duel, src, c: c is not src and base(duel, src, c))
    return Target(n, base)


# == action blocks ============================================================================

BLOCKS.term(Term("lasting", r"[^；;]+", description="lasting effects, split by ，(see blocks.LASTING)"))
BLOCKS.term(Term.choice("destroyed_to", {"除外": Zone.BANISHED}, "除外 (破坏并除外)"))


def moving(resolve, *kinds: str):
    """Mark what a resolution moves cards to ("hand", "deck", "summon", "deck-to-hand" …):
    the rules ask it (a card that must leave the field after its chain cannot be sent to
    the hand or deck; 「神之警告」 answers effects that special summon)."""
    resolve.moves = frozenset(kinds)
    return resolve


def _each(who: str, act):
    pick = subject(who)

    def resolve(duel, link) -> None:
        for card in pick(duel, link):
            act(duel, link, card)

    return resolve


@BLOCKS.phrase("action", "{who}破坏")
@BLOCKS.phrase("action", "{who}破坏并{to:destroyed_to}")
def destroy(who, to=None):
    """Destroy it (if it is still on the field); 破坏并除外: banished instead of sent to the
    graveyard — what cannot be destroyed is not banished either (4.3.3.4.1)."""
    return moving(_each(who, lambda duel, link, c: duel.move_rules.destroy(c, reason=_why(link), by_effect=link.card,
                                                                           by_player=link.player, **({"to": to} if to else {}))),
                  "destroy-field")


@BLOCKS.phrase("action", "{who}变成里侧守备表示")
@BLOCKS.phrase("action", "{who}变成里侧守备表示，{lasting}")
def turn_face_down(who, lasting=""):
    """Turn a face-up monster on the field face-down; with lasting effects (不能把表示形式变更),
    they are given once it is face-down: such a mark stays when it is flipped."""
    marks = lasting_marks(lasting) if lasting else ()

    def act(duel, link, c):
        if duel.move_rules.can_turn_face_down(c):
            duel.move_rules.turn_face_down(c, reason=_why(link))
            for mark in marks:
                name, value = mark if isinstance(mark, tuple) else (mark, True)
                give(duel, c, name, value, source=link.card.name)

    return _each(who, act)


@BLOCKS.phrase("action", "{who}送去墓地")
def to_graveyard(who):
    return _each(who, lambda duel, link, c: duel.on_field(c) and duel.move_rules.send_to_graveyard(
        c, reason=_why(link), tags=("sent-by-effect",)))


@BLOCKS.phrase("action", "{who}回到持有者手卡")
@BLOCKS.phrase("action", "{who}加入持有者手卡")
def to_hand(who):
    """To its owner's hand, from the field or wherever it is still the same card; not a
    spell or trap card that must leave the field after its chain (activation.py)."""
    return moving(_each(who, lambda duel, link, c: c.zone.kind != Zone.HAND and not duel.activation_rules.leaves_after_resolving(c)
                        and duel.move_rules.return_to_hand(c, reason=_why(link))), Zone.HAND)


DECK_ENDS = {"": "shuffle", "最上面": "top", "最下面": "bottom"}
BLOCKS.term(Term.choice("end", DECK_ENDS, "最上面、最下面 (nothing: shuffled in)"))


@BLOCKS.phrase("action", "{who}回到持有者卡组{end}")
@BLOCKS.phrase("action", "{who}回到卡组{end}")
@BLOCKS.phrase("action", "{who}回到对方卡组{end}")
def to_deck(who, end):
    """To its owner's deck: shuffled in, or to the top or bottom without shuffling (4.3.3.4.5);
    not a spell or trap card that must leave the field after its chain (activation.py)."""
    return moving(_each(who, lambda duel, link, c: c.zone.kind not in (Zone.DECK, Zone.EXTRA)
                        and not duel.activation_rules.leaves_after_resolving(c)
                        and duel.move_rules.return_to_deck(c, reason=_why(link), where=end)), Zone.DECK)


@BLOCKS.phrase("action", "{who}除外")
@BLOCKS.phrase("action", "{who}从游戏中除外")
def banish(who):
    """Banish it: from the field (this card remembers that its own effect banished it),
    or from the graveyard or hand."""
    pick = subject(who)

    def resolve(duel, link) -> None:
        for c in pick(duel, link):
            if c is link.card and pick is _self:
                p.banish_self(duel, link)
            elif c.zone.kind != Zone.BANISHED:
                duel.move_rules.banish(c, reason=_why(link))

    return resolve


@BLOCKS.phrase("action", "{who}直到{until}除外")
def banish_until(who, until):
    """Banish it until then (一时除外).  The text is the card's whose effect it is: a
    monster that only gained it does not come back (unless that card's ruling says so)."""
    pick = subject(who)

    def resolve(duel, link) -> None:
        origin = link.effect_owner
        for c in pick(duel, link):
            if c is link.card and not duel.face_up_on_field(c):
                continue
            if not duel.on_field(c):
                continue
            rulings = link.card.definition.rulings
            duel.banish_rules.banish_temporarily(c, returns=until, reason=_why(link),
                                                 effect_of=origin if c is link.card else None,
                                                 face_up=True if "temporary-banish-face-up" in rulings else None,
                                                 source=link.card if "return-needs-this-card" in rulings else None)

    return resolve


@BLOCKS.phrase("action", "{who}和{who2:who}直到{until}除外")
def banish_both_until(who, who2, until):
    first, second = banish_until(who, until), banish_until(who2, until)

    def resolve(duel, link) -> None:
        # both are banished together: decide who first, then move them
        first(duel, link)
        second(duel, link)

    return resolve


NEGATED_UNTIL = {"直到回合结束时": "end of turn", "直到下次的准备阶段": "next standby phase"}
BLOCKS.term(Term.choice("negated_until", NEGATED_UNTIL, "直到回合结束时 or 直到下次的准备阶段"))
BLOCKS.term(Term.choice("same_name", {"以及同名怪兽": True}, "以及同名怪兽"))


@BLOCKS.phrase("action", "{who}的效果{until:negated_until}无效")
@BLOCKS.phrase("action", "{who}的效果无效并破坏")
@BLOCKS.phrase("action", "直到下个回合结束时，{who}{same:same_name}的效果无效")
def negate_effects_of(who, until=None, same=False):
    """Negate the effects of a face-up card: an effect monster's until the end of the turn;
    a spell or trap card's — what it activated and has not resolved yet included
    (negation.py) — until then or the next standby phase (kept until the turn ends: the
    examples never reach that standby phase).  无效并破坏: negate them and destroy it.
    以及同名怪兽: until the end of the next turn, monsters of its name and their activated
    effects are negated."""
    def act(duel, link, c):
        if same:
            duel.negation_rules.negated_names[c.name] = duel.turn + 1
            duel.log.record("negate.name", card=c)
        elif until is None:
            if duel.on_field(c):
                duel.negation_rules.negate_effects(c, "free-chain", link.card.name)
                duel.move_rules.destroy(c, reason=_why(link), by_effect=link.card, by_player=link.player)
        elif duel.is_effect_monster(c):
            erase = erased_until_turn_end(Info.NEGATED, c.definition.rulings)
            duel.memory_rules.remember(c, Info.NEGATED, "free-chain", per="free-chain", erase=erase,
                                       origin=link.card.name)
            duel.log.record("negate", card=c, source=link.card)
        elif not c.definition.is_monster and duel.face_up_on_field(c):
            duel.memory_rules.apply_lasting(c, "effects-negated", source=link.card.name,
                                            erase=erased_until_turn_end(Info.LASTING, link.card.definition.rulings))

    return _each(who, act)


LASTING = {  # what a lasting effect given by a resolving effect says -> engine marks
    "不会被战斗破坏": ("indestructible-battle",),
    "不会被效果破坏": ("indestructible-effect",),
    "不会被战斗·效果破坏": ("indestructible-battle", "indestructible-effect"),
    "1次不会被战斗·效果破坏": ("indestructible-once",),
    "不会成为其他卡的效果的对象": ("untargetable",),
    "不会成为效果的对象": ("untargetable",),
    "不会成为对方的效果的对象": ("untargetable-by-opponent",),
    "不受其他卡的效果影响": ("unaffected",),
    "不受对方的效果影响": ("unaffected-by-opponent",),
    "可以作2次攻击": ("double-attack",),
    "给与对方的战斗伤害变成2倍": ("double-damage",),
    "给与对方贯通伤害": ("piercing",),
    "战斗阶段中对方不能把效果发动": ("no-activation-in-battle",),
    "战斗阶段中对方不能发动魔法·陷阱卡": ("no-spell-trap-in-battle",),
    "不能攻击": ("cannot-attack",),
    "不能把表示形式变更": ("cannot-change-position",),
    "不能把效果发动": ("cannot-activate",),
}


def lasting_marks(text: str) -> tuple:
    """The marks of lasting effects written one after another, split by ，
    (攻击力上升400，不会被效果破坏 …)."""
    marks: list = []
    for part in filter(None, (t.strip() for t in re.split(r"[，,]", text))):
        m = re.fullmatch(r"(攻击力|守备力)(上升|下降)(\d+)", part)
        if m:
            value = int(m.group(3)) * (1 if m.group(2) == "上升" else -1)
            marks.append(("atk" if m.group(1) == "攻击力" else "def", value))
        elif part in LASTING:
            marks += LASTING[part]
        else:
            raise ValueError(f"unknown lasting effect {part!r}; known: 攻击力上升N、攻击力下降N、{'、'.join(LASTING)}")
    for mark in marks:
        given_face_down(mark[0] if isinstance(mark, tuple) else mark)
    return tuple(marks)


def grant(who: str, text: str, until_end_of_turn: bool):
    """Give it lasting effects.  Which of them a face-down monster is given is the
    kind's (memory.GIVEN_FACE_DOWN), never the card's; a card's named ruling
    ``whole-effect-needs-face-up`` gives none when one cannot be given."""
    pick, marks = subject(who), lasting_marks(text)

    def resolve(duel, link) -> None:
        whole = "whole-effect-needs-face-up" in getattr(link.effect_owner, "rulings", ())
        for card in pick(duel, link):
            if not duel.on_field(card):
                continue
            erase = erased_until_turn_end(Info.LASTING, card.definition.rulings) if until_end_of_turn else None
            given = marks
            if not card.face_up:
                given = tuple(m for m in marks if given_face_down(m[0] if isinstance(m, tuple) else m))
                if whole and len(given) < len(marks):
                    given = ()
            for mark in given:
                name, value = mark if isinstance(mark, tuple) else (mark, True)
                duel.memory_rules.apply_lasting(card, name, value, source=link.card.name, erase=erase)

    return resolve


def give(duel, card, mark: str, value=True, *, source: str, erase=None) -> None:
    """A resolving effect gives ``card`` the lasting effect ``mark`` — unless the card is
    face-down and that kind of effect is not given to a face-down monster
    (memory.GIVEN_FACE_DOWN)."""
    if card.face_up or given_face_down(mark):
        duel.memory_rules.apply_lasting(card, mark, value, source=source, erase=erase)


#: how long lasting effects given by a resolving effect last: whether until the end of the turn
GRANT_FOR = {"这个回合": True, "直到回合结束时": True, "直到结束阶段": True, "只要在场上表侧表示存在": False}
BLOCKS.term(Term.choice("grant_for", GRANT_FOR, "这个回合、直到回合结束时、直到结束阶段 or 只要在场上表侧表示存在"))


def _gain_effects_of(who: str, of: str, until_end_of_turn: bool):
    """It gains the effects of the card ``of`` names (the target: the card, even if it has
    moved since — 那只怪兽除外，… leaves it banished), while it stays face-up."""
    pick = subject(who)
    if subject(of) is not _targets:
        raise ValueError(f"得到…的效果: only the target's effects (那只怪兽), not {of}")

    def resolve(duel, link) -> None:
        for me in pick(duel, link):
            if not duel.face_up_on_field(me):
                continue
            erase = erased_until_turn_end(Info.LASTING, me.definition.rulings) if until_end_of_turn else None
            for card, _obj in link.targets:
                duel.memory_rules.apply_lasting(me, "gained-effects", card.definition, source=card.name, erase=erase)

    return resolve


@BLOCKS.phrase("action", "{until:grant_for}，{who}{lasting}")
@BLOCKS.phrase("action", "{until:grant_for}，{who}得到{of:who}的效果")
def grant_lasting(until, who, lasting=None, of=None):
    """Lasting effects on it for this turn (until the end phase), or for as long as it stays
    the same face-up monster (只要在场上表侧表示存在); 得到那只怪兽的效果: the target's effects
    (混沌幻影)."""
    if of is not None:
        return _gain_effects_of(who, of, until)
    return grant(who, lasting, until_end_of_turn=until)


LINKED = {  # what a continuous-target link does to its target
    "效果无效": "negate", "效果无效化": "negate", "的效果无效": "negate", "的效果无效化": "negate",
    "不会被效果破坏": "indestructible-effect", "不能攻击": "cannot-attack",
    "表示形式不能变更": "cannot-change-position",
    "的控制权由这张卡的控制者得到": "control", "不能把效果发动": "cannot-activate",
    # 淘气仙星的灯光舞台 ②: a set spell or trap card of the opponent (values.end_phase_effects)
    "直到结束阶段不能发动": "cannot-activate", "在结束阶段必须发动或送去墓地": "activate-or-grave",
}


def linked(text: str) -> tuple[str, ...]:
    out = []
    for part in filter(None, (t.strip() for t in re.split(r"[，,]", text))):
        if part not in LINKED:
            raise ValueError(f"unknown continuous effect {part!r}; known: {'、'.join(LINKED)}")
        out.append(LINKED[part])
    return tuple(out)


@BLOCKS.phrase("action", "{while}，{who}{lasting}")
def keep_as_continuous_target(who, lasting, **kw):
    """Keep the targets as continuous targets of this card (持续取对象): the link does
    what it says while it lasts.  『只要这张卡在怪兽区域表侧表示存在』: it goes on even
    while this card's own effects are negated."""
    grants, pick = linked(lasting), subject(who)
    negation_matters = kw["while"]
    if pick is _summoned:
        # what this effect special summoned is this card's continuous target
        return lambda duel, link: _link_summoned(duel, link, grants=grants, source_negation_matters=negation_matters)

    def resolve(duel, link) -> None:
        source = link.card_if_unchanged()
        if source is None or not duel.on_field(source):
            return
        wanted = pick(duel, link)
        for card in link.live_targets():
            if not duel.on_field(card) or card not in wanted:
                duel.log.record("fizzle.not-needed", card=card, source=source)
                continue
            if duel.link_rules.link(source, card, grants=grants, source_negation_matters=negation_matters) is not None \
                    and "control" in grants and card.controller != source.controller:
                duel.control_rules.shift_control(card, source.controller,
                                                 reason=f"the continuous target of 「{source.name}」")

    # what the card does while it stays, not something its activation does as it resolves:
    # negating only the effect of that card activation does not stop the link (chain.py)
    resolve.continuous_link = True
    return resolve


#: where an effect special summons a card from, unless it says
SUMMON_FROM = (Zone.GRAVEYARD, Zone.BANISHED, Zone.HAND, Zone.DECK, Zone.EXTRA)


def _summon(pick, *, negated: bool = False, position: str | None = None, face_up: bool = True,
            zones=SUMMON_FROM, together: bool = False,
            determined: bool = True):
    """Special summon what ``pick`` gives.  With fewer free monster zones than monsters:
    『2只』『A和B』 (``together``) summons none of them, and they stay where they are;
    otherwise as many as fit are summoned, and the rest — cards already determined (the
    targets: 『那些』, 『那只怪兽』) — go to the graveyard; a card only picked as the effect
    resolves (by its name or kind) stays where it is."""
    def resolve(duel, link) -> None:
        if not hasattr(link, "summoned") or link.summoned is None:
            link.summoned = []
        cards = []
        for card in pick(duel, link):
            if card.zone.kind not in zones:   # a monster already in a monster zone is not summoned
                continue
            why = duel.value_rules.why_cannot_special_summon(card, link.player,
                                                             how=duel.value_rules.summon_how("special", link.card.name),
                                                             by=link.card.name)
            if why:
                duel.log.record("no-summon", card=card, why=why)
                continue
            cards.append(card)
        zone = duel.board.zone(link.player, Zone.MONSTER)
        free = (zone.capacity or 5) - len(zone)
        if len(cards) > free:
            if together:
                duel.log.record("no-summon.together", n=len(cards), free=free)
                return
            for card in cards[free:]:
                if determined:
                    duel.log.record("no-zone.to-graveyard", card=card)
                    duel.move_rules.send_to_graveyard(card, reason=f"no free monster zone for {_why(link)}")
                else:
                    duel.log.record("no-zone.stays", card=card)
            cards = cards[:free]
        for card in cards:
            duel.summon_rules.summon(card, "special", link.player, by=link.card.name, negated=negated, face_up=face_up,
                                     position=position)
            link.summoned.append((card, card.object_id))

    return resolve


def _self_or_targets(who: str):
    pick = subject(who)
    if pick is _targets:
        # targets that left the field, and what was chosen on activation
        # (a monster card in the spell & trap zone is on the field, and may be summoned)
        return lambda duel, link: [*link.chosen, *[t for t in link.live_targets()
                                                   if not duel.on_field(t) or t.zone.kind == Zone.SPELL_TRAP]]
    return pick


SUMMON_WAYS = {  # how it is special summoned: (battle position, effects negated, summon conditions ignored)
    "": (None, False, False), "攻击表示": ("attack", False, False), "守备表示": ("defense", False, False),
    "效果无效": (None, True, False), "无视召唤条件": (None, False, True),
}
BLOCKS.term(Term.choice("summon_way", SUMMON_WAYS, "攻击表示、守备表示、效果无效、无视召唤条件 (or nothing)"))


@BLOCKS.phrase("action", "{side}决斗胜利")
def win_duel(side):
    """That player (自己: the effect's controller) wins the duel at once."""
    def resolve(duel, link) -> None:
        player = link.player if side == "own" else 1 - link.player
        if duel.winner is None:
            duel.winner = player
            duel.log.record("win", player=player, card=link.card, label=link.effect.label)

    return resolve


@BLOCKS.phrase("action", "{who}{way:summon_way}特殊召唤")
@BLOCKS.phrase("action", "{who}从{zone}特殊召唤")
def special_summon(who, way=(None, False, False), zone=None):
    """Special summon it (这张卡: from the hand, graveyard or banishment; 从{zone}: only from
    there), in that battle position, or with its effects negated (decided as it is summoned),
    or ignoring its summon conditions (无视召唤条件: not its revive limit, 苏生限制, and not a
    proper procedure: values.why_cannot_special_summon)."""
    position, negated, ignoring = way
    if zone is None:
        moves = ("summon", "ignore-summon-conditions") if ignoring else ("summon",)
        if subject(who) is _targets:
            # its targets: each must be a monster this effect could special summon (chain.py)
            return moving(_summon(_self_or_targets(who), position=position, negated=negated,
                                  zones=(*SUMMON_FROM, Zone.SPELL_TRAP)), *moves, "summon-targets")
        return moving(_summon(_self_or_targets(who), position=position, negated=negated), *moves)
    return moving(_summon(_self_or_targets(who), zones=(zone,)), "summon", f"{zone}-summon")


@BLOCKS.phrase("action", "从{zone}把{n}只{desc}特殊召唤")
def special_summon_chosen(zone, n, desc):
    """Special summon what was chosen on activation, if it fits the description."""
    test = describe(desc)
    return moving(_summon(lambda duel, link: [c for c in link.chosen if test(duel, link.card, c)][:n],
                          zones=(zone,)), "summon", f"{zone}-summon")


def _link_summoned(duel, link, **options) -> None:
    """Keep what this effect summoned as this card's continuous target, with ``options``."""
    source = link.card_if_unchanged()
    if source is None or not duel.on_field(source):
        return
    for card in _summoned(duel, link):
        found = next((lk for lk in duel.link_rules.links if lk.source is source and lk.source_obj == source.object_id
                      and lk.target is card and lk.target_obj == card.object_id), None)
        if found is None:
            found = duel.link_rules.link(source, card)
        if found is None:
            continue
        for key, value in options.items():
            if key == "grants":
                found.grants = found.grants | frozenset(value)
            else:
                setattr(found, key, value)


ON_LEAVE = {"回到持有者卡组": "to-deck", "回到卡组": "to-deck", "破坏": "destroy", "除外": "banish"}
BLOCKS.term(Term.choice("fate", ON_LEAVE, "what happens to the other card"))


#: which card's leaving (or destruction) makes the other one suffer its fate
LINK_WHEN = {"这张卡从场上离开时那只怪兽": "on_source_leaves", "那只怪兽从场上离开时这张卡": "on_target_leaves",
             "那只怪兽破坏时这张卡": "on_target_destroyed"}
BLOCKS.term(Term.choice("link_when", LINK_WHEN, "这张卡从场上离开时那只怪兽、那只怪兽从场上离开时这张卡、那只怪兽破坏时这张卡"))


@BLOCKS.phrase("action", "{when:link_when}{fate}")
def when_linked_leaves(when, fate):
    """What this effect special summoned and this card are bound by: when one leaves the
    field (or is destroyed), the other is destroyed, banished or returned to the deck."""
    return lambda duel, link: _link_summoned(duel, link, **{when: fate})


@BLOCKS.phrase("action", "把这张卡给{who}装备")
def equip_to(who):
    """This card is equipped to it (it goes to the graveyard when it has nothing to be
    equipped to)."""
    pick = subject(who)

    def resolve(duel, link) -> None:
        source = link.card_if_unchanged()
        if source is None or not duel.on_field(source):
            return
        for c in pick(duel, link):
            if duel.face_up_on_field(c):
                duel.link_rules.link(source, c, grants=("equip",))
                return

    return resolve


#: what a resolving effect marks a card with, to happen later or for as long as it stays:
#: words -> (mark, value: None or "next turn", whether it is given as the kind of lasting
#: effect memory.GIVEN_FACE_DOWN says, the source named as the card or as its effect)
MARKED: dict[str, tuple[str, str | None, bool, str]] = {
    "不能攻击": ("cannot-attack", None, True, "card"),
    "在结束阶段破坏": ("destroy-at-end-phase", None, False, "card"),
    "从场上离开的场合除外": ("leave-banish", None, False, "effect"),
    "在下个回合的结束阶段送去墓地": ("to-graveyard-at-end-phase", "next turn", False, "card"),
    "在结束阶段回到持有者手卡": ("to-hand-at-end-phase", None, False, "card"),
    "直接攻击给与对方战斗伤害时，自己决斗胜利": ("win-by-direct-damage", "next own turn", True, "effect"),
}
BLOCKS.term(Term.choice("marked", MARKED, "不能攻击、在结束阶段破坏、从场上离开的场合除外、在下个回合的结束阶段送去墓地、"
                                           "在结束阶段回到持有者手卡"))


@BLOCKS.phrase("action", "{who}{what:marked}")
@BLOCKS.phrase("action", "下次的自己回合中，{who}{what:marked}")
def mark(who, what):
    """It is marked: it cannot attack, it is destroyed in the end phase, it is banished when
    it leaves the field, it is sent to the graveyard in the next turn's end phase, its direct
    attack in its controller's next turn wins the duel (MARKED)."""
    name, value, as_lasting, source = what
    pick = subject(who)

    def resolve(duel, link) -> None:
        for c in pick(duel, link):
            if pick is not _summoned and not duel.on_field(c):
                continue
            v = True
            if value == "next turn":
                v = duel.turn + 1
            elif value == "next own turn":
                v = duel.turn + (2 if duel.turn_player == link.player else 1)
            src = link.card.name if source == "card" else _why(link)
            if as_lasting:
                give(duel, c, name, v, source=src)
            else:
                duel.memory_rules.apply_lasting(c, name, v, source=src)

    return resolve


@BLOCKS.phrase("action", "发动后的这张卡不送去墓地，直接盖放")
def set_itself_again():
    """A spell or trap card that sets itself again as its card activation resolves, instead
    of going to the graveyard (地中族的决战): turned face-down where it is, the same card, set
    this turn again (chain._finish_spell leaves a face-down card where it is)."""
    def resolve(duel, link) -> None:
        card = link.card_if_unchanged()
        if card is None or not duel.on_field(card) or not card.face_up or card.definition.is_monster:
            return
        duel.board.turn(card, False, reason=f"「{card.name}」 sets itself again")
        duel.memory_rules.remember(card, Info.SET_THIS_TURN)

    return resolve


@BLOCKS.phrase("action", "战斗阶段结束")
def end_battle_phase():
    return lambda duel, link: duel.battle_rules.stop_battle_phase(reason=f"「{link.card.name}」")


@BLOCKS.phrase("action", "{side}从卡组抽{n}张")
@BLOCKS.phrase("action", "{side}抽{n}张")
def draw(side, n):
    """That player draws n cards (from the top of the deck; none left: nothing)."""
    def resolve(duel, link) -> None:
        player = link.player if side == "own" else 1 - link.player
        duel.move_rules.draw(player, n, reason=f"drawn by {_why(link)}")

    return resolve


CONTROL = {"": "permanent", "直到结束阶段": "until-end-phase", "装备，": "equip", "只要这个效果适用，": "while-applied"}
BLOCKS.term(Term.choice("how_long", CONTROL, "直到结束阶段、装备，、只要这个效果适用， (or nothing: for good)"))


@BLOCKS.phrase("action", "{how_long}得到{who}的控制权")
@BLOCKS.phrase("action", "{who}的控制权交换")
def take_control(who, how_long=None):
    """Take control of it (the targets and what was chosen): for good, until the end phase,
    while this card stays equipped to it (装备，), or for as long as this effect applies to it
    (只要这个效果适用，: lasting information of the monster — turned face-down, the effect is
    gone and the monster stays).  …的控制权交换: the monsters each player chose change
    control with each other, for good."""
    pick = subject(who)
    if how_long is None:
        def swap(duel, link) -> None:
            for c in pick(duel, link):
                if duel.on_field(c):
                    duel.control_rules.take_control(c, 1 - c.controller, "permanent")

        return swap
    if how_long == "while-applied":
        def act(duel, link, c):
            if link.card_if_unchanged() is not None and duel.on_field(c) and c.controller != link.player:
                duel.control_rules.take_control(c, link.player, "permanent")
                duel.memory_rules.apply_lasting(c, "borrowed-control", source=link.card.name)

        return _each(who, act)

    def resolve(duel, link) -> None:
        cards = pick(duel, link)
        if pick is _targets and how_long != "equip":
            cards = [*cards, *[c for c in link.chosen if c.zone.kind == Zone.MONSTER]]
        source = link.card_if_unchanged()
        for c in cards:
            if duel.on_field(c) and c.controller != link.player:
                if how_long == "equip":
                    duel.control_rules.take_control(c, link.player, "equip", source)
                else:
                    duel.control_rules.take_control(c, link.player, how_long)

    resolve.needs_monster_zone = True
    return resolve


def _attach(material, xyz):
    def resolve(duel, link) -> None:
        xyzs = xyz(duel, link)
        if not xyzs or not duel.on_field(xyzs[0]):
            if xyzs == [] and link.effect is not None:
                duel.log.record("fizzle.nothing-to-attach", card=link.card)
            return
        target = xyzs[0]
        for mat in material(duel, link):
            if mat is not target:
                duel.summon_rules.attach(mat, target)
                break

    return resolve


def _xyz_subject(who: str):
    pick = subject(who)
    if who.startswith("那只") and who != "那只怪兽":
        inner = pick

        def checked(duel, link):
            found = inner(duel, link)
            if not found:
                for c in link.live_targets():
                    duel.log.record("fizzle.not-xyz", card=c)
            return found

        return checked
    return pick


@BLOCKS.phrase("action", "把{who}在{xyz:who}下面重叠作为X素材")
@BLOCKS.phrase("action", "把{who}作为{xyz:who}的X素材")
def attach(who, xyz):
    """Attach it to that Xyz monster (那只X怪兽: only if it is still one)."""
    return _attach(subject(who), _xyz_subject(xyz))


@BLOCKS.phrase("action", "把{place}{n}{unit}{desc}在{xyz:who}下面重叠作为X素材")
@BLOCKS.phrase("action", "把{place}{n}{unit}{desc}作为{xyz:who}的X素材")
def attach_from(place, n, unit, desc, xyz):
    """Attach the first card of its controller's zone that fits the description."""
    zone = place[0]
    test = card_filter((zone, None), unit, desc)

    def material(duel, link) -> list:
        fitting = [c for c in duel.board.zone(link.player, zone) if test(duel, link.card, c)]
        return duel.by_default(link.player, f"attaches {n} {desc} as material", fitting, FIRST_FITTING, n)

    return _attach(material, _xyz_subject(xyz))


@BLOCKS.phrase("action", "给这张卡放置{n}个音响指示物")
@BLOCKS.phrase("action", "给这张卡放置{n}个魔力指示物")
def place_counter(n):
    def resolve(duel, link) -> None:
        card = link.card_if_unchanged()
        if card is not None and duel.face_up_on_field(card):
            duel.memory_rules.remember(card, Info.COUNTERS, (duel.memory_rules.recall(card, Info.COUNTERS) or 0) + n)
            duel.log.record("counter", card=card, n=n)

    return resolve


@BLOCKS.phrase("action", "{who}回到额外卡组，那之后墓地的一组素材特殊召唤")
def defuse(who):
    """Return it to the extra deck, then special summon the materials it was summoned with
    from its controller's graveyard."""
    def act(duel, link, c):
        if not duel.on_field(c):
            return
        materials = duel.memory_rules.recall(c, Info.MATERIAL_LINK) or ()
        duel.move_rules.return_to_deck(c, reason=_why(link))
        for m in [x for x in duel.board.zone(link.player, Zone.GRAVEYARD) if x.serial in materials]:
            duel.summon_rules.summon(m, "special", link.player, by=link.card.name)

    return _each(who, act)


# == static blocks ============================================================================

@BLOCKS.phrase("static", "只要这张卡在{zone}表侧表示存在")
@BLOCKS.phrase("static", "只要这张卡在怪兽区域表侧表示存在")
def while_face_up(zone="field"):
    """『只要这张卡在…表侧表示存在，…』: what follows applies while this card is face-up there
    — what an effect that is not activated needs anyway: written for readers, it adds
    nothing (the field is cut after it: families.split_statics)."""
    return []


def _one(kind: str, value: Any = None) -> list[StaticPart]:
    return [StaticPart(kind, value)]


#: what a static of this card says of it: words -> the kinds the rules read (values.py)
OWN_PROPERTIES: dict[str, tuple[str, ...]] = {
    "不会被战斗破坏": ("indestructible-battle",), "不会被效果破坏": ("indestructible-effect",),
    "不会被卡的效果破坏": ("indestructible-effect",),
    "不会被怪兽的效果破坏": ("indestructible-monster-effect",),  # 光之黄金柜 (values.py)
    "不会被战斗·效果破坏": ("indestructible-battle", "indestructible-effect"),
    "在对方回合只有1次不会被对方的效果破坏": ("indestructible-once-opponent-turn",),
    "不能攻击": ("cannot-attack",),
    "不能特殊召唤": ("no-special-summon",),  # a rule of the card itself
    # summon conditions (召唤条件): rules of the card itself, read by values.why_cannot_special_summon
    "不能通常召唤": ("special-summon-monster",),
    "只能用卡的效果特殊召唤": ("special-summon-monster", "summon-by-effects"),
    "用自身的方法才能特殊召唤": ("special-summon-monster", "summon-only-by-procedure"),
    "不用仪式召唤不能特殊召唤": ("summon-only-by-ritual",),
    "不能融合召唤": ("no-fusion-summon",),
    # 『自己1回合只能有1次把「X」特殊召唤』: counted per player and card name (values.py)
    "1回合只能有1次特殊召唤": ("special-summon-once-per-turn",),
    "当作调整使用": ("tuner",),
    # 『这张卡在连接召唤的回合不能作为连接素材』: read by values.why_not_link_material
    "在连接召唤的回合不能作为连接素材": ("no-link-material-turn-link-summoned",),
    "的发动从手卡也能用": ("activate-from-hand",),  # a trap card activated from the hand (activation.py)
    "破坏": ("self-destroy",),  # the rules destroy it as soon as its effect's condition is met (values.py)
    "向守备表示怪兽攻击的场合给与贯通伤害": ("piercing",),  # battle.py
}


BLOCKS.term(Term("summoners", r"(?:「[^」]+」|这张卡)(?:(?:的效果)?以及(?:「[^」]+」|这张卡))*",
                 description="the cards whose effects may special summon it: 「…」 or 这张卡, joined by (的效果)以及"))


@BLOCKS.phrase("static", "这张卡用{names:summoners}的效果才能特殊召唤")
def summon_only_by_effects_of(names):
    """A summon condition naming the cards whose effects alone may special summon it
    (『用「假面变化」的效果才能特殊召唤』): a special summon by one of them is its proper
    procedure (正规召唤手续), any other special summon is forbidden unless it ignores the
    summon conditions.  Names joined by 以及; 这张卡 is the card itself."""
    named = tuple(quoted or itself for quoted, itself in re.findall(r"「([^」]+)」|(这张卡)", names))
    if not named:
        raise ValueError(f"name the cards whose effects may special summon it: {names!r}")
    return [StaticPart("special-summon-monster"), StaticPart("summon-only-by", named)]


_OWN = "|".join(re.escape(w) for w in sorted(OWN_PROPERTIES, key=len, reverse=True))
BLOCKS.term(Term("own_properties", rf"(?:{_OWN})(?:[，,](?:{_OWN}))*",
                 description="what applies to this card: " + "、".join(OWN_PROPERTIES)))


BLOCKS.term(Term.choice("descends_by", {"": False, "卡": True},
                        "nothing (「X」 is a card name) or 卡 (「X」卡: the cards of that archetype)"))


@BLOCKS.phrase("static", "「{name}」{archetype:descends_by}降临")
def descends_by(name, archetype):
    """A ritual monster's 『「X」降临』: it only records a name — a card name (「世界末日」降临),
    or the cards of an archetype (「世界末日」卡降临, fid=24319) —, no summon condition.  Only
    the first is a card name this card has written on it (有那个卡名记述的: mentions)."""
    return [StaticPart("descends-by", (name, archetype))]


def mentions(card, name: str) -> bool:
    """Whether the card's text names 「name」 as a card name (有…的卡名记述): its 『「X」降临』,
    not 『「X」卡降临』 (there 「X」 is an archetype)."""
    return any(st.kind == "descends-by" and st.value == (name, False) for st in card.definition.statics)


def _revealed_by_source(duel, src, c) -> bool:
    """The card is one the describing card's effect, resolving now, has shown to the
    opponent (『给对方观看』)."""
    return any(r is c for link in duel.chain_rules.resolving if link.card is src
               for r in getattr(link, "revealed", ()))


def _mentions_revealed(duel, src, c) -> bool:
    """有那个卡名记述的: the card names, as a card name, a card the resolving effect of the
    describing card has revealed (『给对方观看』)."""
    revealed = [r for link in duel.chain_rules.resolving if link.card is src for r in getattr(link, "revealed", ())]
    return any(mentions(c, r.name) for r in revealed)


@BLOCKS.phrase("static", "这张卡的灵摆刻度变成{n}")
def own_scale(n):
    """This card's pendulum scale becomes n while the effect applies (a pendulum effect:
    ``:zone: 灵摆区域``; values.pendulum_scale)."""
    return [StaticPart("scale-set", int(n))]


@BLOCKS.phrase("static", "这张卡{what:own_properties}")
def own_properties(what):
    """What applies to this card itself, one or more joined by ，: 这张卡不会被战斗·效果破坏、
    这张卡不能攻击、这张卡不能特殊召唤、这张卡当作调整使用、这张卡破坏 (while the effect's
    condition is met) … (OWN_PROPERTIES) — ygopro's single effects (EFFECT_TYPE_SINGLE)."""
    parts = [t.strip() for t in re.split(r"[，,]", what) if t.strip()]
    unknown = [t for t in parts if t not in OWN_PROPERTIES]
    if unknown or not parts:
        raise ValueError(f"unknown property of this card {'、'.join(unknown) or what!r}; known: {'、'.join(OWN_PROPERTIES)}")
    return [StaticPart(kind) for t in parts for kind in OWN_PROPERTIES[t]]


#: what the monsters that battle this card cannot do: words -> lasting mark
BATTLED_CANNOT = {"不能改变表示形式": "cannot-change-position", "不能把表示形式变更": "cannot-change-position",
                  "不能攻击": "cannot-attack"}
BLOCKS.term(Term.choice("battled", {"": "battling", "过": "battled"}, "进行战斗的 (as they battle) or 进行过战斗的"))


@BLOCKS.phrase("static", "和这张卡进行{when:battled}战斗的怪兽{what:rest}")
def battled_monsters(when, what):
    """Monsters that battle this card are marked as they battle (不能改变表示形式，也不能攻击:
    the marks stay with them), or — 进行过战斗的 — cannot change their battle position while
    this card applies and remembers that they battled it."""
    parts = [re.sub(r"^也", "", t.strip()) for t in re.split(r"[，,]", what) if t.strip()]
    unknown = [t for t in parts if t not in BATTLED_CANNOT]
    if unknown or not parts:
        raise ValueError(f"unknown {'、'.join(unknown) or what!r}; known: {'、'.join(BATTLED_CANNOT)}")
    marks = tuple(dict.fromkeys(BATTLED_CANNOT[t] for t in parts))
    if when == "battled":
        if marks != ("cannot-change-position",):
            raise ValueError("进行过战斗的怪兽: only 不能把表示形式变更 is modelled")
        return _one("lock-battled")
    return _one("mark-battled", marks)


#: static blocks that are one fixed phrase: phrase -> (what the rules read, value, meaning)
FIXED_STATICS: dict[str, tuple[str, Any, str]] = {
    "满足以上条件的场合可以从额外卡组特殊召唤": ("summon-procedure", None, "A rule of the card: its own way of "
                                                    "being special summoned (besides a fusion summon) needs the "
                                                    "effect's :condition: (毁灭之黑魔术师, values.py)."),
    "满足以上条件的场合可以从手卡特殊召唤": ("hand-summon-procedure", None, "A rule of the card: a monster that "
                                                   "can be normal summoned has its own way of being special summoned "
                                                   "from the hand, made when the effect's :condition: holds — a "
                                                   "procedure, not an effect (肃声的龙贤圣 始龙, values.py)."),
    "满足以上条件才能把这张卡发动": ("activation-condition", None, "A rule of the card: it may be activated (by its "
                                                         "controller or by an effect) only when the effect's "
                                                         ":condition: holds (魂缚门, activation.py)."),
    "这张卡连接召唤的场合，对方场上1只表侧表示怪兽也能作为连接素材": ("link-material-from-opponent", None,
                                            "A rule of the link monster: one face-up monster of the opponent "
                                            "may be among its link materials (families.link_materials)."),
    "场上的魔法卡的效果无效化": ("negate-spells", None,
                       "The effects of every spell card on the field are negated (王宫的敕命): its continuous "
                       "effects do not apply (values.active_statics)."),
    "这张卡表侧表示存在期间，记下被解放的怪兽数量": ("count-tributed", None,
                                   "A rule of the card: each monster tributed while it is face-up on the field "
                                   "adds one to the count it keeps this turn (moves.Moves.send_to_graveyard) — even "
                                   "while its effects are negated (fid=8112)."),
    "被送去墓地的卡不去墓地而除外": ("graveyard-to-banish", None, "Whatever would be sent to the graveyard is banished instead (大宇宙 and the like)."),
    "攻击过的怪兽在战斗阶段结束时破坏": ("destroy-attacked-at-end-battle", None,
                              "At the end of the battle phase, every monster on the field that remembers "
                              "attacking is destroyed (古之森; turned face-down it still remembers)."),
}


BLOCKS.term(Term.choice("fixed_static", FIXED_STATICS, "a rule stated by a fixed phrase: " + "、".join(FIXED_STATICS)))


@BLOCKS.phrase("static", "{what:fixed_static}")
def fixed_static(what):
    """A continuous rule a card states in a fixed phrase (FIXED_STATICS: what the rules read
    — like ygopro's effect codes — its value and its meaning)."""
    kind, value, _meaning = what
    return _one(kind, value)


STATS = {"攻击力": ("atk",), "守备力": ("def",), "攻击力·守备力": ("atk", "def")}
BLOCKS.term(Term.choice("stat", STATS, "攻击力、守备力 or 攻击力·守备力"))


@BLOCKS.phrase("static", "这张卡为{method}素材的怪兽{stat}上升{n}")
def as_material(method, stat, n):
    """An effect a material gives the monster summoned with it (the rules only ask
    whether it applies)."""
    return _one("as-material", n)


@BLOCKS.phrase("static", "对方不能把原本属性和作为这张卡的{method}素材的「{name}」怪兽相同的怪兽的效果发动")
def material_attribute_lock(method, name):
    """Applies while a material this card was summoned with is of that archetype
    (forbidding the activations is not modelled)."""
    return [StaticPart("material-bonus", None, p.materials_match(lambda d: name in d.name))]


BLOCKS.term(Term("monsters", r"[^；;，]+?怪兽", description="a description of monsters"))


#: what a static does to the monsters it describes: words -> the kind the rules read
MONSTER_LOCKS = {"的效果无效化": "negate-monsters", "效果不能发动": "forbid-activation", "不能攻击宣言": "forbid-attack",
                 "不能攻击": "forbid-attack", "不会成为对方的效果的对象": "untargetable-by-opponent",
                 # 带刻印者 ③: read by values.why_not_destroyed (a card of the field it describes)
                 "不会被效果破坏": "indestructible-effect-given",
                 # 轻盈水星 ③: read by values._stat (each loses its own original ATK)
                 "的攻击力下降那怪兽的原本攻击力数值": "lose-original-atk"}
BLOCKS.term(Term.choice("monster_lock", MONSTER_LOCKS, "的效果无效化、效果不能发动、不能攻击宣言、不能攻击、"
                                                       "不会成为对方的效果的对象、不会被效果破坏 or "
                                                       "的攻击力下降那怪兽的原本攻击力数值"))


BLOCKS.term(Term("named_cards", r"(?:自己|对方)?场上的「[^」]+」", description="自己场上的「卡名」 (the cards of that name)"))


@BLOCKS.phrase("static", "{monsters}{what:monster_lock}")
@BLOCKS.phrase("static", "{monsters:named_cards}{what:monster_lock}")
def lock_monsters(monsters, what):
    """Face-up monsters on the field that fit the description (自己场上的/对方场上的: of one
    side, of this card's controller) have their effects negated, cannot activate their
    effects, cannot declare an attack, or cannot be targeted by the opponent's effects
    (场上的表侧表示怪兽的效果无效化: all of them); the cards of the field it describes cannot
    be destroyed by effects (自己场上的「王家的神殿」不会被效果破坏: a card treated as that
    name too, once that applies)."""
    if what == "negate-monsters" and monsters.strip() == "场上的表侧表示怪兽":
        return _one("negate-monsters")
    # 自己场上的 / 对方场上的: whose monsters, of this card's controller
    side = re.match(r"(自己|对方)场上的", monsters.strip())
    whose = {"自己": "own", "对方": "opponent", None: None}[side.group(1) if side else None]
    test = describe(monsters.strip()[side.end():] if side else monsters)

    def fits(duel, source, c) -> bool:
        if whose is not None and (not duel.on_field(c) or (c.controller == source.controller) != (whose == "own")):
            return False
        return test(duel, source, c)

    return _one(what, fits)


#: what destroys a monster that a replacement from the graveyard protects: words -> (by battle,
#: by an effect: "any" / "opponent" / None)
REPLACED_DESTRUCTIONS = {"战斗或者对方的效果": (True, "opponent"), "战斗·效果": (True, "any"), "效果": (False, "any"),
                         "对方的效果": (False, "opponent"), "战斗": (True, None)}
BLOCKS.term(Term.choice("replaced_by", REPLACED_DESTRUCTIONS, "战斗或者对方的效果、战斗·效果、效果、对方的效果 or 战斗"))


@BLOCKS.phrase("static", "{monsters}被{by:replaced_by}破坏的场合，可以作为代替把墓地的这张卡除外")
def replace_destruction_banish_self(monsters, by):
    """A destruction replacement of a card in the graveyard (give the effect ':zone: 墓地'):
    when a face-up monster of its controller's field that fits the description would be
    destroyed that way, this card is banished instead and the monster is not destroyed
    (Moves.destroy reads it; applied when it can — the player would choose it)."""
    battle, effect = by
    side = re.match(r"(自己)场上的", monsters.strip())
    if side is None:
        raise ValueError("a replacement from the graveyard protects 自己场上的… monsters")
    test = describe(monsters.strip()[side.end():])

    def fits(duel, source, c, by_battle: bool, by_player) -> bool:
        if not (duel.face_up_on_field(c) and c.controller == source.controller and test(duel, source, c)):
            return False
        if by_battle:
            return battle
        return effect == "any" or (effect == "opponent" and by_player is not None and by_player != c.controller)

    return _one("replace-destruction-banish-self", fits)


BLOCKS.term(Term("battle_winner", r"这张卡的控制者的[^；;，]+?怪兽|自己场上存在的[^；;，]+?怪兽|这张卡",
                 description="the monster that destroys by battle: 这张卡、这张卡的控制者的…怪兽、自己场上存在的…怪兽"))


@BLOCKS.phrase("static", "{winner:battle_winner}战斗破坏的效果怪兽的效果无效化")
@BLOCKS.phrase("static", "被{winner:battle_winner}战斗破坏的效果怪兽的效果无效化")
def negate_battle_destroyed(winner):
    """An effect monster that the monster described destroys by battle has its effects
    negated in the graveyard (battle.py: a lasting negation put on it as it arrives there,
    kept while it stays there — ygopro's RESETS_STANDARD_EXC_GRAVE)."""
    winner = winner.strip()
    if winner == "这张卡":
        return _one("negate-battle-destroyed", lambda duel, source, w: w is source)
    side = re.match(r"(这张卡的控制者的|自己场上存在的)", winner)
    test = describe(winner[side.end():])
    return _one("negate-battle-destroyed",
                lambda duel, source, w: w.controller == source.controller and test(duel, source, w))


@BLOCKS.phrase("static", "对方场上有从额外卡组特殊召唤的怪兽存在的场合，也能把自己卡组的怪兽作为融合素材")
def fusion_from_deck():
    def value(duel, player) -> bool:
        return any(_from_extra(duel, None, c) and c.face_up for c in duel.monsters(1 - player))

    return _one("fusion-from-deck", value)


@BLOCKS.phrase("static", "融合素材：{monsters}＋{other:monsters}")
def fusion_materials(monsters, other):
    """What may be this fusion monster's material: a monster fitting either description."""
    first, second = describe(monsters), describe(other)
    return _one("fusion-material", lambda duel, c: first(duel, None, c) or second(duel, None, c))


@BLOCKS.phrase("static", "连接素材：{monsters}{n}只以上")
@BLOCKS.phrase("static", "连接素材：{monsters}{n}只")
def link_materials(monsters, n):
    """What may be this link monster's material: a monster fitting the description (the
    number of materials is not checked)."""
    test = describe(monsters)
    return _one("link-material", lambda duel, c: c.definition.is_monster and test(duel, None, c))


@BLOCKS.phrase("static", "代价：把自己场上1只{monsters}解放")
def tribute_cost(monsters):
    """What may be tributed for this card's cost (its controller knows a face-down
    monster's printed ATK)."""
    test = describe(monsters)
    return _one("cost", lambda duel, c: c.definition.is_monster and test(duel, None, c))


# == activating cards and effects (activation.py) ===========================================

def _top(duel):
    return duel.chain_rules.chain[-1] if duel.chain_rules.chain else None




@BLOCKS.phrase("action", "直到下次的对方回合结束时，{side}场上的魔法·陷阱卡的发动和效果不会被无效化")
def protect_spells_and_traps(side):
    """Until the end of the next opponent's turn, the spell and trap cards (the cards in the
    pendulum zones too) on that side cannot have their activations or effects negated."""
    def resolve(duel, link) -> None:
        who = link.player if side == "own" else 1 - link.player
        until = duel.turn + 1 if duel.turn_player == link.player else duel.turn + 2

        def test(d, card) -> bool:
            return card.controller == who and d.on_field(card) and card.zone.kind != Zone.MONSTER

        duel.activation_rules.unnegatable.append((test, until, link.card.name))

    return resolve


BLOCKS.term(Term.choice("may", {"": False, "可以": True}, "可以 (the player may decline: the default activates)"))


def _force_activation(pick):
    def resolve(duel, link) -> None:
        for card in pick(duel, link):
            if not duel.on_field(card) or card.face_up:
                continue
            duel.log.record("reveal", card=card)
            if card.definition.kind != "trap":
                continue
            why = duel.chain_rules.why_cannot_activate(card, "发动", card.controller)
            if why is None:
                duel.board.turn(card, True, reason=f"activated by 「{link.card.name}」")
                duel.activation_rules.record_activation(None, card, card.controller, by_effect=True)
                duel.log.record("activate.by-effect", card=card, by=link.card, label="发动", by_effect=True)
                continue
            duel.board.turn(card, True, reason=f"forced to activate by 「{link.card.name}」")
            duel.log.record("negate.cannot-activate", card=card, why=why)
            duel.move_rules.destroy(card, reason=_why(link), by_effect=link.card, by_player=link.player)

    return resolve


@BLOCKS.phrase("action", "{may}从{zone}把1张{desc}发动")
@BLOCKS.phrase("action", "{who}翻开确认，是陷阱卡的场合强制发动，发动时机不正确的场合那个效果无效并破坏")
def activate_from(may=False, zone=None, desc=None, who=None):
    """Activate a spell or trap card as this effect resolves (activation.py): what its card
    activation would do does not apply, and no chain link is made for it.  From a zone: by
    default the first card fitting the description that the rules let be activated now
    (可以: the player may decline; the default activates).  A set card it targets
    (翻开确认…强制发动): revealed; a trap is activated — when its activation is not allowed
    now (发动时机不正确), it is turned face-up, its effect negated, and destroyed, on the
    field, face-up; anything else is set again."""
    if who is not None:
        return _force_activation(subject(who))
    test = describe(desc)

    def resolve(duel, link) -> None:
        fitting = [c for c in duel.board.zone(link.player, zone) if test(duel, link.card, c)
                   and not duel.activation_rules.activation_ban(c, duel.chain_rules.effect_of(c, "发动"), link.player)
                   and duel.activation_rules.activation_condition_unmet(c) is None]
        for c in duel.by_default(link.player, f"activates {desc} from the {zone}", fitting, FIRST_FITTING, 1):
            duel.activation_rules.activate_by_effect(c, link.player, link.card.name, source=link.card_if_unchanged())

    return resolve


SIDES = {"自己": "own", "对方": "opponent", "双方": "both"}
BLOCKS.term(Term.choice("sides", SIDES, "自己、对方 or 双方"))
CARD_KINDS = {"魔法": frozenset({"spell"}), "陷阱": frozenset({"trap"}), "魔法·陷阱": frozenset({"spell", "trap"}),
              "怪兽": frozenset({"monster"})}
BLOCKS.term(Term.choice("kinds", CARD_KINDS, "魔法、陷阱、魔法·陷阱 or 怪兽"))


def _players(sides: str, controller: int) -> frozenset:
    return frozenset({0, 1}) if sides == "both" else frozenset({controller if sides == "own" else 1 - controller})


BAN_UNTIL = {"这个回合，": "this turn", "这个回合": "this turn",
             "直到下次的对方回合结束时，": "next opponent's turn", "直到下个回合的结束时，": "next turn"}
BLOCKS.term(Term.choice("ban_until", BAN_UNTIL, "这个回合，、直到下次的对方回合结束时，or 直到下个回合的结束时，"))


def _moved_to_hand(duel, link) -> list:
    """The cards this effect moved to the hand, still there: what it picked, or its targets."""
    return [c for c in [*getattr(link, "moved", ()), *(card for card, _obj in link.targets)] if c.zone.kind == Zone.HAND]


SCOPE_ZONES = {"手卡": Zone.HAND, "墓地": Zone.GRAVEYARD, "除外状态": Zone.BANISHED, "魔法与陷阱区域": Zone.SPELL_TRAP,
               "怪兽区域": Zone.MONSTER}


def ban_scope(text: str):
    """Whose effects a player is kept from activating: (scope, card kinds, names of the
    cards or None) as a function of (duel, link); None: nothing to keep from."""
    everything = frozenset({"spell", "trap", "monster"})
    if text == "场上的卡":
        return lambda duel, link: ("field-effect", everything, None)
    m = re.fullmatch(r"这个效果(?:加入手卡|回到手卡)的卡以及那些同名卡", text)
    if m:
        def names(duel, link):
            found = {c.name for c in _moved_to_hand(duel, link)}
            return ("effect", everything, found) if found else None

        return names
    m = re.fullmatch(r"给人观看的(.+)以及那些同名卡", text)
    if m:
        shown = describe(m.group(1))

        def revealed(duel, link):
            """The names the cards shown for this activation have (in the hand: their own)."""
            found = {duel.activation_rules.current_name(c) for c in link.revealed if shown(duel, link.card, c)}
            return ("effect", everything, found) if found else None

        return revealed
    m = re.fullmatch(f"({'|'.join(CARD_KINDS)})卡", text)
    if m:
        return lambda duel, link, kinds=CARD_KINDS[m.group(1)]: ("effect", kinds, None)
    if text == "宣言的种类的卡":
        def declared(duel, link):
            if link.declared is None:
                raise IllegalAction(f"「{link.card.name}」需要宣言卡的种类")
            return "effect", frozenset({link.declared}), None

        return declared
    m = re.fullmatch(f"((?:{'|'.join(SCOPE_ZONES)})(?:·(?:{'|'.join(SCOPE_ZONES)}))*)的卡", text)
    if m:
        # where the card is as it would be activated: a spell or trap in the hand is
        # activated from the hand (GO-DDD 神零王: 手卡·墓地的卡, fid=21564), not from the spell
        # & trap zone (魔法与陷阱区域的卡, fid=23478)
        zones = frozenset(SCOPE_ZONES[z] for z in m.group(1).split("·"))
        return lambda duel, link: ("zone", everything, None, zones)
    raise ValueError(f"cannot read {text!r}: 场上的卡、魔法卡、陷阱卡、魔法·陷阱卡、怪兽卡、宣言的种类的卡、手卡·墓地的卡、"
                     "魔法与陷阱区域的卡、这个效果加入手卡的卡以及那些同名卡、给人观看的魔法·陷阱卡以及那些同名卡 …")


BLOCKS.term(Term("ban_scope", r"[^；;，]+?", ban_scope, description="场上的卡、{kinds}卡、宣言的种类的卡、这个效果加入手卡的卡以及那些同名卡 …"))
BLOCKS.term(Term.choice("ban_how", {"不能发动": "card"}, "不能发动 (card activations; a monster's: its effects)"))
BLOCKS.term(Term.choice("ban_respond", {"对应": "response"}, "对应 (activations in response to theirs)"))


@BLOCKS.phrase("action", "{until:ban_until}{sides}不能把{what:ban_scope}的效果发动")
@BLOCKS.phrase("action", "{until:ban_until}{what:ban_scope}{sides}都{how:ban_how}")
@BLOCKS.phrase("action", "{until:ban_until}{sides}不能{how:ban_respond}{what:ban_scope}的效果的发动把效果发动")
def ban_effects(until, sides, what, how="effect"):
    """For this turn (or until the end of the next opponent's turn, or of the next turn)
    those players cannot activate the effects of those cards — card activations included; of
    the cards on the field (a spell or trap card activated from the hand is on the field as
    it activates); of the cards this effect added or returned to the hand and of cards with
    their names (a pendulum monster card put in the pendulum zone is one); of the kind
    declared on activation.  『…都不能发动』: card activations only (a spell or trap already
    face-up may still activate its effects; a monster has no card activation: its effects are
    meant).  『不能对应…的效果的发动把效果发动』: nothing at all in response to an activation
    (a card activation included) of a card of those names — the name it has as it is
    activated (起始之神 法拉: the cards shown and those of their names, fid=24315)."""
    def resolve(duel, link) -> None:
        banned = what(duel, link)
        if banned is None:
            return
        scope, kinds, names, *zones = banned
        if how == "card" and "monster" not in kinds:
            scope = "card"
        if how == "response":
            scope = "response"
        last = duel.turn if until == "this turn" else duel.turn + 1 if until == "next turn" else (
            duel.turn + 1 if duel.turn_player == link.player else duel.turn + 2)
        duel.activation_rules.ban(scope, kinds, _players(sides, link.player), link.card.name, last,
                                  **({"names": names} if names is not None else {}), **({"zones": zones[0]} if zones else {}))

    return resolve


def _ban_static(scope: str, kinds, sides: str, zones=frozenset()):
    def make(duel, card):
        return Ban(scope, frozenset(kinds), _players(sides, card.controller), card.name,
                   rulings=card.definition.rulings, zones=frozenset(zones))

    return [StaticPart("ban-activation", make)]


#: the zones of the field: a card there is 『场上的卡』
FIELD_ZONES = frozenset({Zone.MONSTER, Zone.SPELL_TRAP, Zone.FIELD_SPELL, Zone.PENDULUM})


@BLOCKS.phrase("static", "这张卡以外的场上的卡的效果不能发动并无效化")
def others_on_the_field_locked():
    """DDD 双晓王 末法神: the cards on the field other than this one cannot activate their
    effects, and their effects are negated (negation.py).  A spell or trap in the hand is
    not a card on the field as it is about to be activated: it may be activated, and, on
    the field as it resolves, its effect is negated (cid=11994)."""
    def make(duel, card):
        return Ban("zone", frozenset({"spell", "trap", "monster"}), frozenset({0, 1}), card.name,
                   rulings=card.definition.rulings, exempt=card, zones=FIELD_ZONES)

    return [StaticPart("ban-activation", make), StaticPart("negate-other-field-cards", True)]


#: zones whose cards a static may keep from activating effects
BAN_ZONES = {"墓地": Zone.GRAVEYARD, "除外状态": Zone.BANISHED, "手卡": Zone.HAND}


def static_ban(text: str):
    """What a static keeps players from activating: (scope, card kinds, zones)."""
    kinds = "|".join(CARD_KINDS)
    zones = "|".join(BAN_ZONES)
    m = re.fullmatch(rf"的((?:{zones})(?:以及(?:{zones}))*)的({kinds})不能把效果发动", text)
    if m:
        return "zone", CARD_KINDS[m.group(2)], frozenset(BAN_ZONES[z] for z in m.group(1).split("以及"))
    for rx, scope in ((rf"不能发动({kinds})卡", "card"), (rf"不能把({kinds})卡的效果发动", "effect"),
                      (rf"场上的已是表侧表示存在的({kinds})卡不能把效果发动", "face-up-effect"),
                      (rf"的({kinds})卡不盖放就不能发动，盖放的回合也不能发动", "unset-card")):
        m = re.fullmatch(rx, text)
        if m:
            return scope, CARD_KINDS[m.group(1)], frozenset()
    raise ValueError(f"cannot read {text!r}: 不能发动{{kinds}}卡、不能把{{kinds}}卡的效果发动、"
                     f"场上的已是表侧表示存在的{{kinds}}卡不能把效果发动、的{{墓地|除外状态|手卡}}(以及…)的{{kinds}}不能把效果发动")


BLOCKS.term(Term("static_ban", r"[^；;]+", static_ban, description="不能发动魔法卡、不能把陷阱卡的效果发动 …"))


@BLOCKS.phrase("static", "{sides}{ban:static_ban}")
def activation_ban(sides, ban):
    """Those players cannot activate cards of that kind (卡的发动 only: effects of such cards
    already on the field, or in the graveyard, may still be activated); cannot activate
    effects of cards of that kind (card activations included); the spells and traps
    already face-up on their field cannot activate their effects (a card activation is not
    forbidden: as it activates, the card is not yet 'already face-up'); cards of that kind
    are activated only by flipping one set on an earlier turn: not from the hand, and not
    by an effect that activates it (activation.py); the cards of that kind in those zones
    (的墓地以及除外状态的怪兽) cannot activate their effects."""
    scope, kinds, zones = ban
    return _ban_static(scope, kinds, sides, zones)


@BLOCKS.phrase("static", "对墓地的卡发生影响的效果无效化")
def negate_graveyard_effects():
    """Effects that would touch cards in the graveyard are negated (王家长眠之谷): an effect
    cannot special summon a monster from the graveyard; a monster's own summon procedure
    is not an effect (values.why_cannot_special_summon)."""
    return [StaticPart("negate-graveyard-effects")]


#: the summon methods a static may forbid (『双方不能融合召唤』)
FORBIDDEN_SUMMONS = {"融合": "fusion", "同调": "synchro", "X": "xyz", "超量": "xyz", "仪式": "ritual",
                     "连接": "link", "灵摆": "pendulum", "特殊": "any-special"}
BLOCKS.term(Term.choice("forbidden_summon", FORBIDDEN_SUMMONS, "融合、同调、X、仪式、连接、灵摆 or 特殊 (every special summon)"))


@BLOCKS.phrase("static", "{sides}不能{method:forbidden_summon}召唤")
def forbid_summon_method(sides, method):
    """Those players cannot summon by that method (融合召唤 …): a special summon by another
    way — a monster's own procedure, an effect that only special summons — is not
    forbidden (values.why_cannot_special_summon)."""
    return [StaticPart("forbid-summon-method", (sides, method))]


_EXTRA_KINDS = ("ritual", "fusion", "synchro", "xyz", "pendulum", "link")


def _extra_kinds_on_field(duel) -> int:
    """How many of 仪式·融合·同调·超量·灵摆·连接 the face-up monsters on the field are."""
    return sum(1 for kind in _EXTRA_KINDS if any(
        c.face_up and kind in c.definition.types for c in duel.monsters(0) + duel.monsters(1)))


def turn_limit(text: str):
    """What a player may do only N times a turn: (kind the rules read, card kinds or None, N,
    whether both players count together)."""
    m = re.fullmatch(rf"只能发动(\d+)张({'|'.join(CARD_KINDS)})卡", text)
    if m:
        return "limit-activations", CARD_KINDS[m.group(2)], int(m.group(1)), False
    m = re.fullmatch(r"只能把(\d+)次怪兽的效果发动", text)
    if m:
        return "limit-activations", frozenset({"monster"}), int(m.group(1)), False
    m = re.fullmatch(r"只能特殊召唤(\d+)次", text)
    if m:
        return "limit-special-summon", None, int(m.group(1)), True
    m = re.fullmatch(r"合计只能把怪兽召唤·反转召唤·特殊召唤(\d+)次", text)
    if m:
        return "limit-summons", None, int(m.group(1)), True
    if text == "可以发动的怪兽的效果次数最多到场上的怪兽的种类（仪式·融合·同调·超量·灵摆·连接）数量为止":
        # 冲浪检察官: N is counted on the field as it is asked; the activations are the turn's
        # (a negated card still counts them, FAQ fid=23452)
        return "limit-activations", frozenset({"monster"}), _extra_kinds_on_field, False
    if text == "只能有最多和那个回合攻击过的次数相同次数把怪兽特殊召唤":
        # 放电枪野马: counted over the whole turn (FAQ fid=18779), not from when it applies
        return "limit-special-summon-by-attacks", None, None, False
    raise ValueError(f"cannot read {text!r}: 只能发动N张{{kinds}}卡、只能把N次怪兽的效果发动、只能特殊召唤N次、"
                     f"合计只能把怪兽召唤·反转召唤·特殊召唤N次")


BLOCKS.term(Term("turn_limit", r"[^；;，]+", turn_limit, description="只能发动N张魔法卡、只能把N次怪兽的效果发动、只能特殊召唤N次 …"))


@BLOCKS.phrase("static", "{sides}在1回合{limit:turn_limit}")
@BLOCKS.phrase("static", "回合玩家{limit:turn_limit}")
@BLOCKS.phrase("static", "「{name}」在自己场上只能有{n}张表侧表示存在")
@BLOCKS.phrase("static", "这个卡名的卡在决斗中只能适用{n}次")
def limit_per_turn(sides=None, limit=None, name=None, n=None):
    """How many a player may have or do (只能…N): per turn, those players may make only N
    card activations of that kind (a negated card activation was never made, so it is not
    counted), activate monster effects only N times (a negated activation of a monster
    effect is counted), special summon only N times, or summon, flip summon and special
    summon N times together (双方 only); on the field, only N face-up cards of that name on
    its controller's field (a rule of the card: no other one can come face-up there — its
    card activation is not allowed); in the duel, cards of this name apply only N times —
    counted by application, not activation: a negated activation did not apply, so another
    copy may still be activated."""
    if limit is None:
        if n != 1:
            raise ValueError("only 1 is modelled: 只能有1张 / 只能适用1次")
        return [StaticPart("unique-on-field", name)] if name is not None else [StaticPart("once-per-duel-applied", True)]
    kind, kinds, n, both_only = limit
    if (kind == "limit-special-summon-by-attacks") != (sides is None):
        raise ValueError("回合玩家只能有最多和那个回合攻击过的次数相同次数把怪兽特殊召唤 (the turn player's, no other)")
    if kind == "limit-special-summon-by-attacks":
        return [StaticPart(kind, True)]
    if both_only:
        if sides != "both":
            raise ValueError("only 双方 is modelled for this limit")
        return _one(kind, n)
    return [StaticPart(kind, lambda duel, card: (kinds, _players(sides, card.controller),
                                                 n if isinstance(n, int) else n(duel)))]


def unnegatable_what(text: str):
    """What a static keeps from being negated: (kind the rules read, value)."""
    if text == "这张卡的发动和效果":
        # the card activation of this card, and what it does then; its other activated
        # effects (a graveyard effect …) are not protected
        return "unnegatable", "card"
    m = re.fullmatch(r"自己场上的「([^」]+)」卡的效果的发动以及那些发动的效果", text)
    if m:
        name = m.group(1)
        return "protect-activations", (lambda duel, source, card: duel.on_field(card)
                                       and card.controller == source.controller and name in card.name)
    raise ValueError(f"cannot read {text!r}: 这张卡的发动和效果、自己场上的「…」卡的效果的发动以及那些发动的效果")


BLOCKS.term(Term("unnegatable", r"[^；;，]+", unnegatable_what, description="这张卡的发动和效果、自己场上的「…」卡的效果的发动以及那些发动的效果"))


@BLOCKS.phrase("static", "{what:unnegatable}不会被无效化")
def cannot_be_negated(what):
    """The card activation of this card and what it does then, or the activations of the
    effects of that archetype's cards on its controller's field and the effects so
    activated, cannot be negated."""
    kind, value = what
    return [StaticPart(kind, value)]


def _opponents_link(kinds):
    def test(duel, source, link) -> bool:
        return link.player != source.controller and duel.activation_rules.kind_of(link.card) in kinds \
            and (duel.activation_rules.is_card_activation(link) or duel.on_field(link.card))

    return test


def _send_self_to_graveyard(duel, source, link) -> None:
    duel.move_rules.send_to_graveyard(source, reason=f"「{source.name}」 negated an effect")


def negate_when(text: str):
    """When a static negating the opponent's effects applies: (once a turn, test (duel, card))."""
    if text == "双方手卡数量相同的场合":
        return False, lambda duel, card: len(duel.board.zone(0, Zone.HAND)) == len(duel.board.zone(1, Zone.HAND))
    m = re.fullmatch(rf"1回合1次，自己场上有({'|'.join(sorted(RACES, key=len, reverse=True))})族怪兽存在的场合", text)
    if m:
        race = m.group(1)
        return True, lambda duel, card: any(c.controller == card.controller and c.definition.is_monster
                                            and c.definition.race == race and duel.face_up_on_field(c)
                                            for c in duel.field_cards())
    raise ValueError(f"cannot read {text!r}: 双方手卡数量相同的场合、1回合1次，自己场上有…族怪兽存在的场合")


BLOCKS.term(Term("negate_when", r"双方手卡数量相同的场合|1回合1次，自己场上有[^；;，]+族怪兽存在的场合", negate_when,
                 description="双方手卡数量相同的场合、1回合1次，自己场上有…族怪兽存在的场合"))
#: what of the opponent's such a static negates: (card kinds, only card activations)
NEGATED_EFFECTS = {"魔法·陷阱·怪兽的效果": (frozenset({"spell", "trap", "monster"}), False),
                   "魔法卡的效果": (frozenset({"spell"}), True), "陷阱卡的效果": (frozenset({"trap"}), True),
                   "魔法·陷阱卡的效果": (frozenset({"spell", "trap"}), True)}
BLOCKS.term(Term.choice("negated_effects", NEGATED_EFFECTS, "魔法·陷阱·怪兽的效果 (any) or {kinds}卡的效果 (their card "
                                                            "activations)"))


@BLOCKS.phrase("static", "对方场上发动的{kinds}卡的效果无效化，那之后这张卡送去墓地")
@BLOCKS.phrase("static", "{when:negate_when}，对方发动的{what:negated_effects}无效并破坏")
def negate_opponents_on_resolution(kinds=None, when=None, what=None):
    """As the opponent's effect resolves, it is negated: one of that kind activated on the
    field — once: this card then goes to the graveyard —; or, while the condition is met
    (both hands hold as many cards; once a turn while a monster of that race is on its
    controller's field), any effect the opponent activated, or a card activation of that
    kind, negated and its card destroyed.  A card activated by an effect as it resolves
    has no chain link: it is not met."""
    if when is None:
        return [StaticPart("negate-resolving", (_opponents_link(kinds), _send_self_to_graveyard))]
    once, condition = when
    kinds, card_activations = what

    def test(duel, card, link) -> bool:
        return link.player != card.controller and link.card.definition.kind in kinds \
            and (not card_activations or duel.activation_rules.is_card_activation(link)) \
            and not (once and (card, duel.turn) in duel.activation_rules.once_applied) and condition(duel, card)

    def then(duel, card, link) -> None:
        if once:
            duel.activation_rules.once_applied.add((card, duel.turn))
        _destroy_negated_card(duel, card, link)

    return [StaticPart("negate-resolving", (test, then))]


def _destroy_negated_card(duel, source, link) -> None:
    """After a lasting effect of ``source`` negated ``link`` as it resolved: its card is
    destroyed, if it is still the same card on the field."""
    card = link.card_if_unchanged()
    if card is not None and duel.on_field(card):
        duel.move_rules.destroy(card, reason=f"「{source.name}」", by_effect=source, by_player=source.controller)




@BLOCKS.phrase("static", "这张卡的卡名当作「{name}」使用")
def also_named(name):
    """While it applies, this card's name is treated as that name."""
    return [StaticPart("named", name)]




# == activating cards: restrictions and phases (spec/ygo/activation.rst) ======================



# -- 『…卡发动的场合』: what counts as a card activation (activation.py sees_activation) ------



def _apply_copied(duel, link, definition) -> None:
    """Apply what ``definition``'s card activation does, as this chain link; what limits how
    often that card's effect applies (『在决斗中只能适用1次』) counts it."""
    copied = definition.effect("发动")
    duel.log.record("resolve.copied", card=link.card, source=named(definition.name))
    if copied.resolve is not None:
        copied.resolve(duel, link)
    duel.activation_rules.applied(link, definition)


@BLOCKS.phrase("action", "这张卡的效果变成和那张通常魔法卡的效果相同")
@BLOCKS.phrase("action", "这张卡的效果变成和那张通常魔法卡发动时的效果相同")
def copy_spell():
    """This chain link does what that normal spell card does on its activation, as this card
    (『这张卡』 is still this card, not the one copied): 那张 is the card it targets, or — an
    effect that targets nothing — the normal spell card activation it responds to."""
    def resolve(duel, link) -> None:
        if link.targets:
            for target in link.live_targets():
                _apply_copied(duel, link, target.definition)
            return
        below = link.below(duel)
        if below is not None and below.effect.kind == "activation":
            _apply_copied(duel, link, below.card.definition)

    return resolve




@BLOCKS.phrase("action", "从卡组选1张{desc}加入手卡或在自己场上发动")
def search_or_activate(desc):
    """Pick a card of the deck that fits the description; activate it on its controller's
    field as this effect resolves if the rules allow that card activation now, else add
    it to the hand (the choice is the player's; the default activates when it may)."""
    test = describe(desc)

    def resolve(duel, link) -> None:
        fitting = [c for c in duel.board.zone(link.player, Zone.DECK) if test(duel, link.card, c)]
        for c in duel.by_default(link.player, f"picks {desc} from the deck", fitting, FIRST_FITTING, 1):
            zone = duel.board.zone(link.player, duel.summon_rules.zone_kind_for(c))
            # a field spell always has room: it replaces the one in the field zone
            full = zone.kind != Zone.FIELD_SPELL and len(zone) >= (zone.capacity or 5)
            why = duel.activation_rules.activation_ban(c, duel.chain_rules.effect_of(c, "发动"), link.player) or (
                "no free spell & trap zone" if full else None)
            if why is None:
                duel.log.record("choice.default-activate", chooser=link.player, card=c)
                duel.activation_rules.activate_by_effect(c, link.player, link.card.name,
                                                         source=link.card_if_unchanged())
            else:
                duel.log.record("choice.to-hand", chooser=link.player, card=c, why=why)
                duel.move_rules.add_to_hand(c, reason=_why(link))

    return moving(resolve, "deck-to-hand")


def _own_battler(duel, player):
    """The monster of ``player`` and the opponent's monster in the battle going on, or None."""
    b = duel.battle_rules.battle_state
    if b is None or b.target is None or b.stage != "damage step":
        return None
    pair = (b.attacker, b.target)
    own = next((c for c in pair if c.controller == player), None)
    other = next((c for c in pair if c.controller != player), None)
    return (own, other) if own is not None and other is not None else None

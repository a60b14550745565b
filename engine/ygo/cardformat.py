"""The Yu-Gi-Oh! card format: what a ``.. card::`` of spec/ygo/cards/*.rst is made of, and
how its record becomes a :class:`~rulings.ygo.cards.CardDef`.

A card::

    .. card:: 番兵石人
       :kind: 效果怪兽
       :attribute: 地
       :level: 3
       :atk: 800
       :def: 1800
       :english: Golem Sentry

       这张卡1回合1次可以变成里侧守备表示。

       .. effect:: ①
          :kind: 起动
          :once-per-turn: 这张卡
          :action: 这张卡变成里侧守备表示

Option names are English, values Chinese.  Closed word sets (kinds, attributes, races,
zones, named rulings) are checked when cards load; block fields (event, condition,
cost, target, action, static) are phrases of :data:`rulings.ygo.blocks.BLOCKS`.
"""

from __future__ import annotations

from enum import Enum

from rulings.cardformat import HOOK, CardDataError, CardFormat, Field, ParsedCard, ParsedEffect, flag, number, one_of, \
    optional_number, some_of, unobservable

from . import memory
from . import grammar  # noqa: F401  (registers the event, condition, cost and restriction phrases in BLOCKS)
from . import primitives as p
from .blocks import BLOCKS, RACES, SUBJECTS, StaticPart, Target, subject
from .cards import CardDef, Effect, Static
# the families with typed slots add their phrases to BLOCKS (they are built on blocks.py)
from .families import sequence, split_actions, split_statics
from .hooks import HOOKS
from .memory import CARD_RULINGS
from .objects import Zone

#: card kinds, as the card's type line says: word -> (card kind, frame or type)
CARD_KINDS: dict[str, tuple[str, str | None]] = {
    # a main deck monster whose frame the documents do not need (its effects, if any, are
    # not modelled: the rules treat it as a monster without effects)
    "怪兽": ("monster", None),
    "通常怪兽": ("monster", "normal"), "效果怪兽": ("monster", "effect"),
    "融合怪兽": ("monster", "fusion"), "同调怪兽": ("monster", "synchro"), "超量怪兽": ("monster", "xyz"),
    "X怪兽": ("monster", "xyz"), "仪式怪兽": ("monster", "ritual"), "灵摆怪兽": ("monster", "pendulum"),
    "连接怪兽": ("monster", "link"), "二重怪兽": ("monster", "gemini"), "反转怪兽": ("monster", "flip"),
    "卡通怪兽": ("monster", "toon"),
    "调整": ("monster", "tuner"), "效果": ("monster", "effect"),
    # a token (衍生物): a monster that an effect puts on the field, not a card of any deck
    "衍生物": ("monster", "token"),
    "通常魔法": ("spell", None), "速攻魔法": ("spell", "quick"), "永续魔法": ("spell", "continuous"),
    "装备魔法": ("spell", "equip"), "场地魔法": ("spell", "field"), "仪式魔法": ("spell", "ritual"),
    "通常陷阱": ("trap", None), "永续陷阱": ("trap", "continuous"), "反击陷阱": ("trap", "counter"),
}
ATTRIBUTES = {a: a for a in ("地", "水", "炎", "风", "光", "暗", "神")}


class EffectKind(Enum):
    IGNITION = "起动"
    TRIGGER = "诱发"
    QUICK = "诱发即时"
    ACTIVATION = "发动"
    CONTINUOUS = "永续"
    RULE = "规则"

    @property
    def engine(self) -> str:
        return {"起动": "ignition", "诱发": "trigger", "诱发即时": "quick", "发动": "activation"}.get(self.value, "")

    @property
    def static(self) -> bool:
        return self in (EffectKind.CONTINUOUS, EffectKind.RULE)


EFFECT_KINDS = {k.value: k for k in EffectKind}
ONCE_PER_TURN = {"这张卡": "card", "卡名": "name", "决斗中": "duel", "表侧表示存在期间": "face-up"}
EFFECT_ZONES = {"场上": "field", "手卡": Zone.HAND, "墓地": Zone.GRAVEYARD, "除外状态": Zone.BANISHED,
                "魔法与陷阱区域": Zone.SPELL_TRAP, "灵摆区域": Zone.PENDULUM, "场地区域": Zone.FIELD_SPELL,
                "卡的规则": "definition"}

UNOBSERVABLE = unobservable("无法观察的变化")
CARD_FIELDS = (
    Field("kind", "the card's type line: 效果怪兽、同调怪兽 调整、速攻魔法、永续陷阱 …", some_of(CARD_KINDS, "card kind"),
          required=True, label="种类"),
    Field("attribute", "属性 (monsters)", one_of(ATTRIBUTES, "attribute"), label="属性"),
    Field("race", "种族 (monsters), where an effect asks for it", one_of({r: r for r in RACES}, "race"), label="种族"),
    Field("level", "等级", number, label="等级"),
    Field("rank", "阶级 (Xyz monsters)", number, label="阶级"),
    Field("link", "连接值 (Link monsters)", number, label="连接"),
    Field("scale", "灵摆刻度 (pendulum monsters)", number, label="灵摆刻度"),
    Field("atk", "攻击力 (? for none)", optional_number, label="攻击力"),
    Field("def", "守备力 (? for none)", optional_number, label="守备力"),
    Field("english", "the English name (steps may use it too)", label="英文名"),
    Field("rulings", "card-specific rulings, by name (rulings.ygo.memory.CARD_RULINGS)",
          some_of({name: name for name in CARD_RULINGS}, "card ruling"), label="特别裁定"),
    HOOK,
    UNOBSERVABLE,
)
EFFECT_FIELDS = (
    Field("kind", "起动、诱发、诱发即时、发动 (a spell or trap card), 永续 or 规则 (not activated)",
          one_of(EFFECT_KINDS, "effect kind"), required=True, label="种类"),
    Field("event", "what starts a trigger effect", blocks="event", label="时点"),
    Field("condition", "when it can be activated or applies", blocks="condition", label="条件"),
    Field("cost", "what is paid to activate it", blocks="cost", label="代价"),
    Field("restriction", "what comes with activating it (这个效果发动的回合，…)", blocks="restriction",
          label="限制"),
    Field("target", "what it targets", blocks="target", label="对象"),
    Field("action", "what it does, in order", blocks="action", label="处理"),
    Field("static", "what an effect that is not activated does", blocks="static", label="效果"),
    Field("once-per-turn", "这张卡 (this card, 1回合1次), 卡名 (「卡名」的效果1回合只能使用1次), 决斗中 "
          "(这个卡名的效果在决斗中只能使用1次) or 表侧表示存在期间 (这个效果在这张卡在场上表侧表示存在期间只能使用1次)",
          one_of(ONCE_PER_TURN, "once-per-turn kind"), label="1回合1次"),
    Field("mandatory", "a trigger effect that must be activated (强制)", flag, flag=True, label="强制"),
    Field("zone", "where the card is when the effect is activated or applies (场上 if not said)",
          one_of(EFFECT_ZONES, "zone"), label="位置"),
    Field("not-modelled", "part of what it does is not modelled (say what in the text)", flag, flag=True,
          label="未模拟"),
    HOOK,
    UNOBSERVABLE,
)


def _all(conditions):
    conditions = list(conditions)
    if not conditions:
        return None
    if len(conditions) == 1:
        return conditions[0]
    return lambda duel, card: all(c(duel, card) for c in conditions)


def _watching(trigger, zone: str):
    """An event about another card is seen by this card only where its effect applies:
    face-up on the field, or in the zone its ':zone:' says (the hand, the graveyard …)."""
    if zone == "field":
        return lambda duel, card, ev: duel.face_up_on_field(card) and trigger(duel, card, ev)
    return lambda duel, card, ev: card.zone.kind == zone and trigger(duel, card, ev)


#: the terms of block placeholders that name what an action acts on (blocks.subject)
_SUBJECT_TERMS = ("who",)
#: fixed words of an action that speak of what this effect special summoned
_SUMMONED_WORDS = ("这个效果特殊召唤的", "那只怪兽从场上离开时", "那只怪兽破坏时", "这张卡从场上离开时那只怪兽")


def _refers_to(block) -> set[str]:
    """What an action block refers to: "targets" (那只怪兽、那张X卡 …: what the effect
    targeted) and "summoned" (这个效果特殊召唤的怪兽: what an earlier action of the
    effect special summoned)."""
    found = BLOCKS.raw_match(block.phrase.kind, block.text)
    refers: set[str] = set()
    if found is None:
        return refers
    phrase, raw = found
    # the words may be the template's own or a slot's (the binding family:
    # {那只怪兽从场上离开时这张卡|…}{fate})
    if any(words in block.text for words in _SUMMONED_WORDS):
        refers.add("summoned")
    terms = dict(phrase.params)
    for name, text in raw.items():
        term = terms.get(name)
        if term is None or term.name not in _SUBJECT_TERMS or text is None:
            continue
        pick = subject(text)
        if pick is SUBJECTS["这个效果特殊召唤的怪兽"]:
            refers.add("summoned")
        elif pick is SUBJECTS["那只怪兽"] or (text.startswith(("那只", "那张", "那些")) or text.endswith("的那只怪兽")) \
                and pick not in SUBJECTS.values():
            refers.add("targets")
    return refers


def _check_references(e: ParsedEffect, source: str, card: str) -> None:
    """An action that cannot apply where it is written is an error at its line, never a
    silent no-op: 那只怪兽 with nothing targeted; 这个效果特殊召唤的怪兽 (or 那只怪兽从场上
    离开时…) with no earlier action of the effect special summoning; 那只怪兽 after the
    effect special summoned it (the summoned monster is a new object: what was targeted
    was the card in the graveyard, the hand …)."""
    targeted = bool(e.blocks.get("target"))
    summoned = targets_summoned = False
    for block in e.blocks.get("action", ()):
        refers = _refers_to(block)
        where = f"effect {e.label}: {block.text!r}"
        if "targets" in refers:
            if not targeted:
                raise CardDataError(source, block.line or e.line,
                                    f"{where} acts on what the effect targeted, and it targets nothing "
                                    "(give ':target:')", card)
            if targets_summoned:
                raise CardDataError(source, block.line or e.line,
                                    f"{where}: the targeted monster was special summoned by an earlier action, "
                                    "and the summoned monster is a new object, not what was targeted "
                                    "(write 这个效果特殊召唤的怪兽)", card)
        if "summoned" in refers and not summoned:
            raise CardDataError(source, block.line or e.line,
                                f"{where} speaks of what this effect special summoned, and no earlier action "
                                "of the effect special summons", card)
        if "summon" in getattr(block.value, "moves", ()):
            summoned = True
            targets_summoned = targets_summoned or "targets" in refers
    return None


def _effect(e: ParsedEffect, card: str) -> tuple[list[Effect], list[Static]]:
    kind: EffectKind = e.value("kind")
    where = f"effect {e.label}"
    unmodelled = bool(e.value("not-modelled"))
    condition = _all(e.built("condition"))
    if kind.static:
        for name in ("event", "cost", "restriction", "target", "action"):
            if e.blocks.get(name):
                raise ValueError(f"{where}: a {kind.value} effect is not activated, so it has no ':{name}:'")
        if e.value("once-per-turn") or e.value("mandatory"):
            raise ValueError(f"{where}: a {kind.value} effect is not activated (no ':once-per-turn:'/':mandatory:')")
        parts: list[StaticPart] = [part for built in e.built("static") for part in built]
        if e.hook:
            parts += list(HOOKS[e.hook]())
        if not parts and not unmodelled:
            raise ValueError(f"{where}: say what it does with ':static:' (or mark it ':not-modelled:')")
        zone = e.value("zone", "definition" if kind is EffectKind.RULE else "field")
        statics = []
        # 『这个方法特殊召唤的这张卡的攻击力上升N』: not a continuous effect but a change applied
        # once, as it is so summoned (then lost with a temporary banish, as lasting effects are)
        once = memory.RULES["summon-stat-applied-once"] and any(
            getattr(c, "summoned_by_name", False) for c in e.built("condition"))
        for part in parts:
            cond = _all([c for c in (condition, part.condition) if c is not None])
            if once and part.kind in ("atk", "def") and isinstance(part.value, int):
                statics.append(Static(e.label, "on-summon-lasting", e.text, cond, ((part.kind, part.value),), zone))
                continue
            statics.append(Static(e.label, part.kind, e.text, cond, part.value, zone))
        return [], statics
    if e.blocks.get("static"):
        raise ValueError(f"{where}: a {kind.value} effect is activated: write what it does in ':action:'")
    events = e.built("event")
    if kind is EffectKind.TRIGGER:
        if not events and not unmodelled:
            raise ValueError(f"{where}: a trigger effect needs ':event:' (or mark it ':not-modelled:')")
    elif events:
        raise ValueError(f"{where}: only a trigger (诱发) effect has ':event:'")
    if len(events) > 1:
        raise ValueError(f"{where}: one ':event:' block only")
    if e.value("mandatory") and kind is not EffectKind.TRIGGER:
        raise ValueError(f"{where}: only a trigger effect can be ':mandatory:'")
    targets: list[Target] = e.built("target")
    if len(targets) > 1:
        raise ValueError(f"{where}: one ':target:' block only")
    costs = e.built("cost")
    if len(costs) > 1:
        raise ValueError(f"{where}: one ':cost:' block only")
    actions = e.built("action")
    if e.hook:
        if actions:
            raise ValueError(f"{where}: its hook does what it does: no ':action:' besides")
        resolve = HOOKS[e.hook]
    elif actions:
        resolve = sequence(actions)
    elif unmodelled:
        resolve = None
    else:
        raise ValueError(f"{where}: say what it does with ':action:' (or mark it ':not-modelled:')")
    event, trigger = events[0] if events else (None, None)
    if getattr(trigger, "watches", False):
        trigger = _watching(trigger, e.value("zone", "field"))
    misses_timing = any(b.text.endswith("时") for b in e.blocks.get("event", ()))
    moves = frozenset(m for a in actions for m in getattr(a, "moves", ()))
    target = targets[0] if targets else None
    effect = Effect(e.label, kind.engine, e.text, event=event, trigger=trigger, condition=condition,
                    resolve=resolve, targets=target.count if target else 0,
                    target_filter=target.filter if target else None,
                    target_slots=target.slots if target else (), once_per_turn=e.value("once-per-turn"),
                    mandatory=bool(e.value("mandatory")), zone=e.value("zone", "field"),
                    cost=costs[0] if costs else None, restrictions=tuple(e.built("restriction")),
                    misses_timing=misses_timing, moves=moves)
    return [effect], []


def make(parsed: ParsedCard, fmt: CardFormat) -> CardDef:
    words = parsed.value("kind")
    kinds = {k for k, _t in words}
    if len(kinds) != 1:
        raise ValueError(f"':kind:' mixes {'、'.join(sorted(kinds))} card kinds")
    kind = kinds.pop()
    types = {t for _k, t in words if t}
    effects: list[Effect] = []
    statics: list[Static] = []
    for e in parsed.effects:
        _check_references(e, parsed.record.get("source", "?"), parsed.name)
        more_effects, more_statics = _effect(e, parsed.name)
        effects += more_effects
        statics += more_statics
    labels = [e.label for e in effects]
    if len(set(labels)) != len(labels):
        raise ValueError("two activated effects share a label")
    if kind == "monster":
        given = [f for f in ("level", "rank", "link") if parsed.value(f) is not None]
        if len(given) != 1:
            raise ValueError("a monster has one of ':level:', ':rank:' or ':link:'")
        if "normal" in types and (effects or statics):
            raise ValueError("a 通常怪兽 has no effects")
        if effects or statics:
            types.add("effect")
        if parsed.value("rank") is not None and "xyz" not in types:
            raise ValueError("only an Xyz (超量) monster has a ':rank:'")
        if parsed.value("link") is not None and "link" not in types:
            raise ValueError("only a Link (连接) monster has a ':link:'")
        if parsed.value("scale") is not None and "pendulum" not in types:
            raise ValueError("only a pendulum (灵摆) monster has a ':scale:'")
        level = parsed.value("level") or parsed.value("rank") or 0
        card = CardDef(parsed.name, "monster", frozenset(types), level, parsed.value("atk", 0),
                       parsed.value("def", 0), parsed.value("attribute", ""), tuple(effects), tuple(statics),
                       frozenset(parsed.value("rulings", ())), parsed.value("english", ""),
                       parsed.value("race", ""), link=parsed.value("link") or 0,
                       scale=parsed.value("scale") or 0)
    else:
        for f in ("level", "rank", "link", "scale", "atk", "def", "attribute", "race"):
            if parsed.value(f) is not None:
                raise ValueError(f"a {'魔法' if kind == 'spell' else '陷阱'} card has no ':{f}:'")
        card = CardDef(parsed.name, kind, frozenset(types), effects=tuple(effects), statics=tuple(statics),
                       rulings=frozenset(parsed.value("rulings", ())), english=parsed.value("english", ""),
                       atk=None, defense=None)
    if parsed.hook:
        card = HOOKS[parsed.hook](card)
    return card


FORMAT = CardFormat(game="ygo", blocks=BLOCKS, card_fields=CARD_FIELDS, effect_fields=EFFECT_FIELDS, make=make,
                    hooks=HOOKS, alias_fields=("english",), split={"action": split_actions, "static": split_statics})

"""The Magic card format: what a ``.. card::`` of spec/mtg/cards/*.rst is made of, and how
it becomes a :class:`~rulings.mtg.cards.CardDef`.

.. code-block:: rst

   .. card:: 灰雲のフェニックス
      :english: Ashcloud Phoenix
      :mana-cost: {4}{R}{R}
      :type: クリーチャー — フェニックス
      :pt: 4/1
      :keywords: 飛行
      :morph: {4}{R}{R}

      飛行。灰雲のフェニックスが死亡したとき、それを裏向きで戦場に戻す。変異{4}{R}{R}。
      灰雲のフェニックスが表向きになったとき、各プレイヤーに2点のダメージを与える。

      .. effect:: 死亡したとき
         :kind: 誘発型
         :event: このクリーチャーが死亡したとき
         :effect: それを裏向きで戦場に戻す

      .. effect:: 表向きになったとき
         :kind: 誘発型
         :event: このクリーチャーが表向きになったとき
         :effect: 各プレイヤーに2点のダメージを与える

Card fields (option names in English, values in Japanese; each word of a closed set,
words.py, checked when the cards load):

``english``
    the English name (steps may call the card by it);
``mana-cost``
    mana symbols (``{2}{B}{B}``, ``{R/W}``, ``{X}``), or ``なし`` for a card with no mana
    cost (a land); left out when the documents do not need it;
``type``
    the type line: supertypes with の, card types joined by ・, then — and the subtypes
    (``伝説のアーティファクト・クリーチャー — サイバーマン``); each subtype must go with
    one of the card types;
``pt``, ``loyalty``, ``defense``
    power/toughness (``3/3``, ``*/*``), starting loyalty, defense;
``color-indicator``
    colours of a colour indicator (``青``), for a face with no mana cost;
``keywords``
    keyword abilities, separated by 、 (``飛行、トランプル``, ``護法{2}``);
``morph``, ``megamorph``, ``disguise``
    the cost of 変異, 大変異, 変装 (a way to cast it face down and turn it face up);
``enchant``
    an Aura's エンチャント: ``クリーチャー`` (cast targeting one) or ``プレイヤー``;
``hook``
    ``name why``: a function of hooks.HOOKS (``CardDef -> CardDef``) for what no field
    can say.

Each effect (``.. effect:: <label>``, the label unique in the card) has a ``:kind:``:

``誘発型`` (triggered)
    ``:event:`` (one event block: ``このクリーチャーが戦場に出たとき``,
    ``あなたがコントロールする裏向きのクリーチャーが1体死亡するたび`` …), maybe
    ``:target:`` (``クリーチャー1体``), and ``:effect:`` blocks;
``起動型`` (activated), ``マナ能力`` (a mana ability)
    ``:cost:`` (mana symbols, ``{T}``, ``これを生け贄に捧げる``, separated by 、; left out:
    the cost is not modelled), maybe ``:timing: ソーサリー`` (起動はソーサリーとしてのみ行う:
    装備 …), maybe ``:target:``, and ``:effect:`` blocks;
``常在型`` (static)
    ``:affects:`` (the objects it applies to), maybe ``:condition:``, and ``:static:``
    blocks (``+1/+1の修整を受ける``, ``速攻を持つ``, ``表向きにできない``,
    ``「<label>」を持つ`` — the ability another effect of the card, with ``:face: 付与``,
    defines); ``:layer:`` may say the layer, and is checked against what the blocks do;
``特性定義`` (a characteristic-defining ability)
    ``:static:`` blocks such as ``パワーとタフネスは、戦場にある裏向きのクリーチャーの数に等しい``;
``置換`` (a replacement effect)
    ``:event:`` (``このクリーチャーが戦場に出るに際し``, ``…が表向きになるに際し``,
    ``…が戦場を離れるなら``) and ``:effect:`` blocks (``代わりに追放する``);
``呪文`` (the effect of an instant or a sorcery)
    maybe ``:target:``, and ``:effect:`` blocks;
``第2面`` (the back face of a double-faced card)
    its name is the label; ``:english:``, ``:type:``, ``:pt:``, ``:color-indicator:``,
    ``:keywords:`` … as for a card;
``裏向き`` (what this card's effects turn or put face down as, CR 708.2)
    ``:type:``, ``:pt:``, ``:keywords:``, and ``:face-up-when:`` (``ダメージ、タップ状態``:
    events that turn it face up instead of happening to it, Illusionary Mask).

An ability effect belongs to the front face unless ``:face:`` says ``第2面``, ``裏向き``
(an ability of the face-down characteristics) or ``付与`` (granted by a static ability of
the card, not its own).  An ability whose effect is not modelled says why in
``:not-modelled:`` instead of ``:effect:``; ``:hook: name why`` names a function of
hooks.HOOKS used as the effect instead of blocks.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rulings.cardformat import HOOK, CardFormat, Field, ParsedCard, ParsedEffect, closest_words, number, \
    one_of, some_of, unobservable

from . import card_words
from . import words
from .blocks import (BLOCKS, Affected, CastFaceDown, Change, Context, Defines, Event, Forbid, Grant, Instead,
                     TargetSpec, _keyword)
from .cards import (ACTIVATED, AS_ENTERS, AS_TURNED_UP, CAST_FACE_DOWN, CDA, DAMAGE, FACE_UP_COST,
                    LEAVES_BATTLEFIELD, MANA, REPLACEMENT, RESTRICTION, STATIC, TAPPED, TRIGGERED, Ability,
                    CardDef, Face, Target)
from .characteristics import BATTLE, CREATURE, ENCHANTMENT, INSTANT, PLANESWALKER, SORCERY, Characteristics
from .hooks import HOOKS

_MANA = re.compile(r"(?:\{[0-9WUBRGCXSP/]+\})+")
_DASH = re.compile(r"\s*[—─―]\s*")


# -- converters -------------------------------------------------------------------------------

def mana_cost(text: str) -> str | None:
    text = text.strip()
    if text in ("なし", "-"):
        return None
    if not _MANA.fullmatch(text):
        raise ValueError(f"{text!r} is not a mana cost (mana symbols such as {{2}}{{B}}{{B}}, or なし)")
    return text


def face_up_cost(text: str) -> str:
    cost = mana_cost(text)
    if cost is None:
        raise ValueError("give the cost in mana symbols ({2}{B}{B})")
    return cost


@dataclass(frozen=True)
class TypeLine:
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]


def type_line(text: str) -> TypeLine:
    """``伝説のアーティファクト・クリーチャー — サイバーマン``: every word checked."""
    text = text.strip()
    main, sub = _DASH.split(text, maxsplit=1) if _DASH.search(text) else (text, "")
    supertypes = []
    while True:
        found = next((s for s in words.SUPERTYPES if main.startswith(f"{s}の")), None)
        if found is None:
            break
        supertypes.append(found)
        main = main[len(found) + 1:]
    types = tuple(t for t in main.split("・") if t)
    if not types:
        raise ValueError(f"{text!r}: no card type")
    for t in types:
        if t not in words.CARD_TYPES:
            raise ValueError(f"unknown card type {t!r}{closest_words(t, words.CARD_TYPES)}")
    subtypes = tuple(s for s in sub.split("・") if s) if sub else ()
    for s in subtypes:
        if s not in words.SUBTYPES:
            raise ValueError(f"unknown subtype {s!r}{closest_words(s, words.SUBTYPES)}")
        if not set(words.SUBTYPES[s]) & set(types):
            raise ValueError(f"{s!r} is a subtype of {'・'.join(words.SUBTYPES[s])}, not of {'・'.join(types)}")
    return TypeLine(tuple(supertypes), types, subtypes)


def power_toughness(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\d+|\*)/(\d+|\*)", text.strip())
    if not m:
        raise ValueError(f"{text.strip()!r} is not power/toughness such as 3/3 (or */*)")
    # a * is defined by an ability (特性定義); it is 0 where the ability does not work (CR 208.2a)
    return tuple(0 if x == "*" else int(x) for x in m.groups())  # type: ignore[return-value]


def keyword_list(text: str) -> tuple[Ability, ...]:
    out = []
    for word in filter(None, re.split(r"[、,，\s]+", text.strip())):
        if word.startswith(("変異", "大変異", "変装")):
            raise ValueError(f"{word}: write it as :morph:, :megamorph: or :disguise: with its cost")
        out.append(_keyword(word))
    return tuple(out)


@dataclass(frozen=True)
class Cost:
    text: str
    mana: str | None
    tap: bool
    sacrifice: bool


_SACRIFICE = re.compile("(?:" + "|".join(re.escape(w) for w in ("このクリーチャー", "このパーマネント", "このアーティファクト",
                                                                "このエンチャント", "この土地", "これ")) + ")を生け贄に捧げる")


def cost(text: str) -> Cost:
    """``{1}、{T}、これを生け贄に捧げる``: mana symbols, {T}, sacrificing the source."""
    mana, tap, sacrifice = "", False, False
    for part in filter(None, (p.strip() for p in re.split(r"[、,，]+", text.strip()))):
        if part == "{T}":
            tap = True
        elif _MANA.fullmatch(part) and "{T}" not in part:
            mana += part
        elif _SACRIFICE.fullmatch(part):
            sacrifice = True
        else:
            raise ValueError(f"unknown cost {part!r}: mana symbols, {{T}}, or これを生け贄に捧げる")
    shown = "，".join(filter(None, (mana, "{T}" if tap else "", "これを生け贄に捧げる" if sacrifice else "")))
    return Cost(shown, mana or None, tap, sacrifice)


EFFECT_KINDS = {"誘発型": "triggered", "起動型": "activated", "マナ能力": "mana", "常在型": "static",
                "特性定義": "cda", "置換": "replacement", "呪文": "spell", "第2面": "back", "裏向き": "face-down"}
FACES = {"第1面": "front", "第2面": "back", "裏向き": "face-down", "付与": "granted"}
ENCHANT = {"クリーチャー": CREATURE, "プレイヤー": "player"}
LAYERS = {x: x for x in ("1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d")}
FACE_UP_WHEN = {"ダメージ": DAMAGE, "タップ状態": TAPPED}
TIMINGS = {"ソーサリー": "sorcery"}

FACE_FIELDS = (
    Field("english", "the English name (steps may call the card by it)", label="英語名"),
    Field("mana-cost", "mana symbols ({2}{B}{B}), or なし", mana_cost, label="マナ・コスト"),
    Field("type", "the type line: 伝説のクリーチャー — ツリーフォーク・ドルイド", type_line, label="タイプ"),
    Field("pt", "power/toughness: 3/3 (*/* when an ability defines it)", power_toughness, label="P/T"),
    Field("loyalty", "starting loyalty of a planeswalker", number, label="忠誠度"),
    Field("defense", "defense of a battle", number, label="守備値"),
    Field("color-indicator", "colours of its colour indicator: 青, 白 黒", some_of(words.COLORS, "colour"),
          label="色指標"),
    Field("keywords", "keyword abilities, separated by 、: 飛行、トランプル、護法{2}", keyword_list,
          label="キーワード能力"),
)

UNOBSERVABLE = unobservable("観察できない変更")
CARD_FIELDS = (
    *FACE_FIELDS,
    Field("morph", "its 変異 cost", face_up_cost, label="変異"),
    Field("megamorph", "its 大変異 cost", face_up_cost, label="大変異"),
    Field("disguise", "its 変装 cost", face_up_cost, label="変装"),
    Field("enchant", "an Aura: what it enchants (" + "、".join(ENCHANT) + ")", one_of(ENCHANT, "enchant"),
          label="エンチャント"),
    HOOK,
    UNOBSERVABLE,
)

ABILITY_FIELDS = ("face", "event", "target", "cost", "timing", "effect", "affects", "condition", "static", "layer",
                  "not-modelled")
FACE_FIELD_NAMES = tuple(f.name for f in FACE_FIELDS) + ("face-up-when",)

EFFECT_FIELDS = (
    Field("kind", "what the effect is: " + "、".join(EFFECT_KINDS), one_of(EFFECT_KINDS, "effect kind"),
          required=True, label="種類"),
    Field("face", "whose ability it is: " + "、".join(FACES) + " (default 第1面)", one_of(FACES, "face"),
          label="面"),
    Field("event", "when a triggered ability triggers, or the event a replacement effect changes", blocks="event",
          label="誘発条件"),
    Field("target", "what it targets, and how many", blocks="target", label="対象"),
    Field("cost", "an activated ability's cost: mana symbols, {T}, これを生け贄に捧げる (separated by 、)", cost,
          label="コスト"),
    Field("timing", "an activated ability's timing: ソーサリー (起動はソーサリーとしてのみ行う, CR 602.5d)",
          one_of(TIMINGS, "timing"), label="起動タイミング"),
    Field("effect", "what it does: effect blocks, in order", blocks="effect", label="効果"),
    Field("affects", "the objects a static ability applies to", blocks="affected", label="影響を受けるもの"),
    Field("condition", "when a static ability applies", blocks="condition", label="条件"),
    Field("static", "what a static ability changes", blocks="static", label="常在効果"),
    Field("layer", "the layer of a static ability's change (checked against its blocks)", one_of(LAYERS, "layer"),
          label="種類別"),
    Field("not-modelled", "why the ability's effect is not modelled (instead of ':effect:')", label="未実装"),
    *FACE_FIELDS,
    Field("face-up-when", "face-down characteristics: events that turn it face up instead of happening to it: "
          + "、".join(FACE_UP_WHEN), some_of(FACE_UP_WHEN, "event"), label="代わりに表向きになるとき"),
    HOOK,
    UNOBSERVABLE,
)


# -- building --------------------------------------------------------------------------------------

def _fail(effect: ParsedEffect, message: str) -> None:
    raise ValueError(f"effect {effect.label}: {message}")


def _one(effect: ParsedEffect, name: str) -> Any:
    built = effect.built(name)
    if len(built) > 1:
        _fail(effect, f"give one ':{name}:' block, not {len(built)}")
    return built[0] if built else None


def _texts(effect: ParsedEffect, name: str) -> list[str]:
    return [b.text for b in effect.blocks.get(name, ())]


def _target(spec: TargetSpec | None, text: str, *, spell: bool) -> Target | None:
    if spec is None:
        return None
    which = spec.objects

    def legal(game, source, candidate) -> bool:
        if spell and candidate is source:
            return False  # a spell never targets itself (CR 115.5)
        card = source.source if hasattr(source, "ability") else source
        return which.fits(game, card, source.controller, candidate)

    def legal_player(game, source, p: int) -> bool:
        card = source.source if hasattr(source, "ability") else source
        return which.fits_player(game, card, source.controller, p)

    return Target(text, which.zone or "battlefield", legal,
                  legal_player if which.players is not None else None, getattr(spec, "most", 1))


def _ability_effect(steps: list, label: str) -> Callable[..., None]:
    """An ability's effect: its blocks, in order, sharing one context."""

    def effect(game, source, target=None, target_id=None, card=None, card_id=None, controller=None, **_):
        ctx = Context(game, source, source.controller if controller is None else controller,
                      face_down_as=source.definition.face_down_as)
        if target is not None:
            ctx.it = [(target, target if isinstance(target, int) else (target_id or target.object_id))]
        elif card is not None:
            ctx.it = [(card, card.object_id if card_id is None else card_id)]
        for step in steps:
            step(ctx)

    effect.__qualname__ = f"{label} ({len(steps)} blocks)"
    return effect


def _on_card(steps: list, label: str) -> Callable[..., None]:
    """A replacement's or a mana ability's effect: (game, card)."""

    def effect(game, card):
        ctx = Context(game, card, card.controller, face_down_as=card.definition.face_down_as)
        for step in steps:
            step(ctx)

    effect.__qualname__ = f"{label} ({len(steps)} blocks)"
    return effect


def _spell_resolution(steps: list, label: str) -> Callable[..., None]:
    def resolve(game, spell, targets):
        ctx = Context(game, spell, spell.controller, face_down_as=spell.definition.face_down_as, ability=False)
        ctx.name(list(targets))
        for step in steps:
            step(ctx)

    resolve.__qualname__ = f"{label} ({len(steps)} blocks)"
    return resolve


@dataclass
class _Face:
    """A face as it is being built: its fields and abilities."""

    name: str
    values: dict
    abilities: list

    def build(self) -> Face:
        line: Any = self.values.get("type")
        pt = self.values.get("pt")
        if pt is not None and line is not None and CREATURE not in line.types and "機体" not in line.subtypes:
            raise ValueError(f"{self.name}: ':pt:' is for a creature (or a Vehicle)")
        if self.values.get("loyalty") is not None and (line is None or PLANESWALKER not in line.types):
            raise ValueError(f"{self.name}: ':loyalty:' is for a planeswalker")
        if self.values.get("defense") is not None and (line is None or BATTLE not in line.types):
            raise ValueError(f"{self.name}: ':defense:' is for a battle")
        colors = self.values.get("color-indicator")
        return Face(self.name, self.values.get("english") or self.name, self.values.get("mana-cost"),
                    line.types if line else (), line.subtypes if line else (), line.supertypes if line else (),
                    pt[0] if pt else None, pt[1] if pt else None, self.values.get("loyalty"),
                    self.values.get("defense"), tuple(self.abilities),
                    frozenset(colors) if colors else None)


def _check_fields(effect: ParsedEffect, kind: str) -> None:
    given = set(effect.values) | set(effect.blocks)
    if kind in ("back", "face-down"):
        wrong = given & set(ABILITY_FIELDS)
        if wrong:
            _fail(effect, f"a face has no ':{sorted(wrong)[0]}:' (that is for an ability)")
        if kind == "back" and "face-up-when" in given:
            _fail(effect, "':face-up-when:' is for the face-down characteristics (:kind: 裏向き)")
        return
    wrong = given & set(FACE_FIELD_NAMES)
    if wrong:
        _fail(effect, f"an ability has no ':{sorted(wrong)[0]}:' (that is for a face: :kind: 第2面 or 裏向き)")
    allowed = {
        "triggered": {"face", "event", "target", "effect", "not-modelled"},
        "activated": {"face", "cost", "timing", "target", "effect", "not-modelled"},
        "mana": {"face", "cost", "effect"},
        "static": {"face", "affects", "condition", "static", "layer"},
        "cda": {"face", "static", "layer"},
        "replacement": {"face", "event", "effect"},
        "spell": {"target", "effect", "not-modelled"},
    }[kind]
    wrong = given - allowed - {"kind"}
    if wrong:
        what = next(k for k, v in EFFECT_KINDS.items() if v == kind)
        _fail(effect, f"a {what} effect has no ':{sorted(wrong)[0]}:'")


def _steps(effect: ParsedEffect, *, required: bool = True) -> list | None:
    """The effect's blocks, its hook, or None when it says why it is not modelled."""
    if effect.hook:
        if "effect" in effect.blocks:
            _fail(effect, "either ':effect:' blocks or a ':hook:', not both")
        return [HOOKS[effect.hook]]
    if "effect" in effect.blocks:
        if effect.value("not-modelled"):
            _fail(effect, "either ':effect:' or ':not-modelled:', not both")
        return effect.built("effect")
    if effect.value("not-modelled") is not None or not required:
        return None
    _fail(effect, "what does it do? give ':effect:' blocks (or ':not-modelled:' and why)")
    return None


def _function(effect: ParsedEffect, steps: list | None, label: str, wrap) -> Callable | None:
    if steps is None:
        return None
    if effect.hook:
        return steps[0]
    if any(isinstance(s, (CastFaceDown, Instead)) for s in steps):
        _fail(effect, "this block is not a step of an effect here")
    return wrap(steps, label)


def _text(effect: ParsedEffect, default: str) -> str:
    return effect.text.strip() or default


def _triggered(effect: ParsedEffect, label: str) -> Ability:
    event: Event | None = _one(effect, "event")
    if event is None or event.kind != "triggered":
        _fail(effect, "a triggered ability needs ':event:' (このクリーチャーが戦場に出たとき …)")
    spec = _one(effect, "target")
    target_text = _texts(effect, "target")
    steps = _steps(effect)
    body = "。".join(_texts(effect, "effect")) or "…"
    default = f"{_texts(effect, 'event')[0]}、" + (f"{target_text[0]}を対象とする。" if target_text else "") + f"{body}。"
    return Ability(TRIGGERED, _text(effect, default), event=event.event,
                   effect=_function(effect, steps, label, _ability_effect), affects=event.affects,
                   target=_target(spec, target_text[0], spell=False) if spec else None)


def _activated(effect: ParsedEffect, label: str, mana: bool) -> Ability:
    paid: Cost | None = effect.value("cost")
    spec = _one(effect, "target")
    target_text = _texts(effect, "target")
    steps = _steps(effect)
    body = "。".join(_texts(effect, "effect")) or "…"
    default = (f"{paid.text}：" if paid else "") + (f"{target_text[0]}を対象とする。" if target_text else "") + f"{body}。"
    text = _text(effect, default)
    permission = [s for s in (steps or []) if isinstance(s, CastFaceDown)]
    common = dict(cost=paid.mana if paid else None, tap=bool(paid and paid.tap),
                  sacrifice=bool(paid and paid.sacrifice), sorcery=effect.value("timing") == "sorcery")
    if permission:
        if len(steps) != 1 or spec is not None:
            _fail(effect, "「…裏向きに唱えてもよい」 is the whole of the ability")
        which = permission[0].objects
        return Ability(CAST_FACE_DOWN, text, affects=lambda game, source, card: which.fits(
            game, source, source.controller, card), **common)
    if mana:
        if spec is not None:
            _fail(effect, "a mana ability has no target (CR 605.1a)")
        return Ability(MANA, text, effect=_function(effect, steps, label, _on_card), **common)
    return Ability(ACTIVATED, text, effect=_function(effect, steps, label, _ability_effect),
                   target=_target(spec, target_text[0], spell=False) if spec else None, **common)


def _replacement(effect: ParsedEffect, label: str) -> Ability:
    event: Event | None = _one(effect, "event")
    if event is None or event.kind != "replacement":
        _fail(effect, "a replacement effect needs ':event:' (このクリーチャーが戦場に出るに際し, "
                      "…が表向きになるに際し, …が戦場を離れるなら)")
    steps = _steps(effect)
    default = f"{_texts(effect, 'event')[0]}、{'。'.join(_texts(effect, 'effect'))}。"
    text = _text(effect, default)
    if event.event == LEAVES_BATTLEFIELD:
        if not steps or len(steps) != 1 or not isinstance(steps[0], Instead):
            _fail(effect, "「…が戦場を離れるなら」 takes one block: 代わりに追放する")
        return Ability(REPLACEMENT, text, event=LEAVES_BATTLEFIELD)
    kind = AS_ENTERS if event.event == AS_ENTERS else AS_TURNED_UP
    return Ability(kind, text, effect=_function(effect, steps, label, _on_card))


def _statics(effect: ParsedEffect, granted: dict[str, Ability]) -> list[Ability]:
    """A static ability: one engine ability per ':static:' block."""
    parts = effect.built("static")
    if not parts:
        _fail(effect, "a static ability needs ':static:' blocks")
    where: Affected | None = _one(effect, "affects")
    conditions = effect.built("condition")
    statics = "、".join(_texts(effect, "static"))
    default = ("".join(f"{c}、" for c in _texts(effect, "condition"))
               + (f"{where.text}は" if where else "") + f"{statics}。")
    text = _text(effect, default)
    if where is None:
        _fail(effect, "say which objects it applies to: ':affects:' (このクリーチャー, "
                      "あなたがコントロールする他のクリーチャー …)")

    def applies(game, source, obj, _test=where.test, _conditions=tuple(conditions)) -> bool:
        return all(c(game, source) for c in _conditions) and _test(game, source, obj)

    out = []
    for part in parts:
        if isinstance(part, Defines):
            _fail(effect, "a characteristic-defining ability is :kind: 特性定義")
        if isinstance(part, Grant):
            if part.label not in granted:
                _fail(effect, f"no effect 「{part.label}」 with ':face: 付与' defines the ability it grants"
                              f"{closest_words(part.label, granted)}")
            ability = granted[part.label]
            part = Change("6", lambda ch, a=ability: ch.with_(abilities=(*ch.abilities, a)))
        if isinstance(part, Forbid):
            out.append(Ability(RESTRICTION, text, event=part.action, affects=applies))
            continue
        layer = effect.value("layer")
        if layer and layer != part.layer:
            _fail(effect, f"':layer: {layer}' but what it changes applies in layer {part.layer}")
        out.append(Ability(STATIC, text, layer=part.layer, effect=part.apply, affects=applies))
    return out


def _cda(effect: ParsedEffect) -> list[Ability]:
    parts = effect.built("static")
    if not parts or not all(isinstance(p, Defines) for p in parts):
        _fail(effect, "a characteristic-defining ability takes ':static:' blocks that define a characteristic "
                      "(パワーとタフネスは、…の数に等しい)")
    if effect.value("layer") not in (None, "7a"):
        _fail(effect, "a characteristic-defining ability of power and toughness applies in layer 7a")
    text = _text(effect, "、".join(_texts(effect, "static")) + "。")
    return [Ability(CDA, text, effect=p.apply) for p in parts]


def make(parsed: ParsedCard, fmt: CardFormat) -> CardDef:
    name = parsed.name
    front = _Face(name, dict(parsed.values), list(parsed.values.get("keywords", ())))
    for field_name, way in words.FACE_UP_COSTS.items():
        if parsed.value(field_name):
            paid = parsed.value(field_name)
            front.abilities.append(Ability(FACE_UP_COST, f"{way}{paid}", cost=paid, way=way))
    faces: dict[str, _Face] = {"front": front}
    face_up_when: frozenset[str] = frozenset()
    spell: ParsedEffect | None = None
    abilities: list[tuple[ParsedEffect, str]] = []
    for effect in parsed.effects:
        kind = effect.value("kind")
        _check_fields(effect, kind)
        if kind in ("back", "face-down"):
            if kind in faces:
                _fail(effect, f"the card has one {'第2面' if kind == 'back' else '裏向き'} effect")
            values = dict(effect.values)
            label = effect.label if kind == "back" else ""
            faces[kind] = _Face(label, values, list(values.get("keywords", ())))
            if kind == "face-down":
                face_up_when = frozenset(values.get("face-up-when", ()))
            continue
        if kind == "spell":
            if spell is not None:
                _fail(effect, f"the card has one 呪文 effect (also {spell.label})")
            spell = effect
            continue
        abilities.append((effect, kind))

    # granted abilities first: a static ability of the card may name them
    granted: dict[str, Ability] = {}
    for effect, kind in abilities:
        if effect.value("face") == "granted":
            if kind not in ("activated", "triggered", "mana"):
                _fail(effect, "':face: 付与' is for a triggered, an activated or a mana ability")
            granted[effect.label] = _build(effect, kind, name, granted)[0]
    used: set[str] = set()
    for effect, kind in abilities:
        face = effect.value("face") or "front"
        if face == "granted":
            continue
        if face not in faces:
            _fail(effect, f"':face: {'第2面' if face == 'back' else '裏向き'}' but the card has no such "
                          f"effect (:kind: {'第2面' if face == 'back' else '裏向き'})")
        used |= {p.label for p in effect.built("static") if isinstance(p, Grant)}
        faces[face].abilities.extend(_build(effect, kind, name, granted))
    for label in set(granted) - used:
        raise ValueError(f"effect {label} is granted (':face: 付与') but no static ability of the card grants it "
                         f"(:static: 「{label}」を持つ)")

    front_face = front.build()
    types = front_face.types
    targets: tuple[Target, ...] = ()
    resolve = None
    if spell is not None:
        if types and not ({INSTANT, SORCERY} & set(types)):
            _fail(spell, "only an instant or a sorcery has a 呪文 effect (a permanent's abilities have other kinds)")
        spec = _one(spell, "target")
        text = _texts(spell, "target")
        targets = (_target(spec, text[0], spell=True),) if spec else ()
        resolve = _function(spell, _steps(spell), f"「{name}」", _spell_resolution)
    enchant = parsed.value("enchant")
    if enchant is not None:
        if "オーラ" not in front_face.subtypes:
            raise ValueError("':enchant:' is for an Aura (:type: エンチャント — オーラ)")
        if enchant == CREATURE:
            targets = (Target("クリーチャー1体", "battlefield",
                              lambda game, spell, c: CREATURE in game.layer_rules.characteristics(c).types),)
    elif "オーラ" in front_face.subtypes and ENCHANTMENT in types:
        raise ValueError("an Aura needs ':enchant:' (クリーチャー or プレイヤー)")
    back = faces["back"].build() if "back" in faces else None
    face_down_as = None
    if "face-down" in faces:
        down = faces["face-down"].build()
        face_down_as = Characteristics(None, None, down.color_indicator or frozenset(), down.supertypes, down.types,
                                       down.subtypes, down.power, down.toughness, None, None, down.abilities)
        if not down.types:
            raise ValueError("effect 裏向き: give its ':type:' (クリーチャー …)")
    card = CardDef(front_face, back, targets, resolve, face_down_as, enchant, face_up_when=face_up_when)
    if parsed.hook:
        card = HOOKS[parsed.hook](card)
    return card


def _build(effect: ParsedEffect, kind: str, name: str, granted: dict[str, Ability]) -> list[Ability]:
    label = f"「{name}」 {effect.label}"
    if kind == "triggered":
        return [_triggered(effect, label)]
    if kind in ("activated", "mana"):
        return [_activated(effect, label, kind == "mana")]
    if kind == "replacement":
        return [_replacement(effect, label)]
    if kind == "static":
        return _statics(effect, granted)
    return _cda(effect)


FORMAT = CardFormat(game="mtg", blocks=BLOCKS, card_fields=CARD_FIELDS, effect_fields=EFFECT_FIELDS, make=make,
                    hooks=HOOKS, alias_fields=("english",), words=card_words.WORDS)

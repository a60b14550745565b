"""The Duel Masters card format: what a ``.. card::`` of spec/dm/cards/*.rst is made of,
and how it becomes a :class:`~rulings.dm.cards.CardDef`.

.. code-block:: rst

   .. card:: 紅神龍バルガゲイザー
      :kind: クリーチャー
      :civilization: 火
      :race: ボルケーノ・ドラゴン
      :cost: 6
      :power: 5000
      :keywords: パワーアタッカー

      このクリーチャーが攻撃する時、…

      .. effect:: 攻撃する時
         :event: 攻撃する時
         :effect: 自分の山札の上から1枚目を表向きにしてもよい
                  それがドラゴンならバトルゾーンに出し、それ以外なら墓地に置く

Card fields (option names in English, values in Japanese, each a closed set of words
checked on load, see words.py): ``kind`` (クリーチャー, 進化クリーチャー, 呪文, 城,
D2フィールド, サイキック・クリーチャー), ``civilization``, ``race``, ``cost``, ``power``,
``evolves-from`` (race words an evolution's base must have), ``keywords`` (S・トリガー,
シールド・ゴー, ブロッカー, W・ブレイカー …), ``fort-e`` (the race of the FE condition)
and ``hook``.

An effect (its label must be unique in the card: 出た時, 攻撃する時, TT, FE …) is one of:

- a triggered ability: ``:event:`` (出た時, 攻撃する時, ブロックされなかった時,
  相手が呪文を唱えた時, 破壊された時), maybe ``:condition:`` blocks on the event, and
  ``:effect:`` blocks, resolved in order;
- a spell's text (the effect of a 呪文 with no event): ``:effect:`` blocks;
- a static ability: ``:static:`` blocks and ``:works-from:`` (バトルゾーン, シールドゾーン
  — face up and the top card of its shield —, 要塞化); by default a castle works as a
  fortress and anything else from the battle zone;
- ``:kind: TT`` (a tap ability) or ``:kind: Dスイッチ``, with ``:effect:`` blocks.

``:fort-e:`` (no value) on an effect makes it an FE ability: the creature has it only
when the FE condition of the card was met when it was summoned.  ``:hook: name why``
names a function of hooks.HOOKS for what no block can say.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from rulings.cardformat import HOOK, CardFormat, Field, ParsedCard, ParsedEffect, closest_words, flag, number, \
    one_of, optional_number, some_of, unobservable

from . import card_words
from . import words
from .blocks import BLOCKS, Context
from .cards import Ability, CardDef, Static
from .hooks import HOOKS

EVENTS: dict[str, str] = {
    "出た時": "enters",
    "バトルゾーンに出た時": "enters",
    "攻撃する時": "attacks",
    "ブロックされなかった時": "unblocked",
    "相手が呪文を唱えた時": "opponent-casts-spell",
    "破壊された時": "destroyed",
}
EFFECT_KINDS: dict[str, str] = {"誘発": "triggered", "常在": "static", "呪文": "spell", "TT": "tap",
                                "Dスイッチ": "d-switch"}
WORKS_FROM: dict[str, str] = {"バトルゾーン": "battle zone", "シールドゾーン": "shield zone", "要塞化": "fortress"}


def race_words(text: str) -> tuple[str, ...]:
    """Words some known race contains (ドラゴン, サイバー, グレートメカオー …)."""
    out = []
    for word in filter(None, text.replace("、", " ").split()):
        if not words.is_race_word(word):
            raise ValueError(f"no known race contains {word!r}{closest_words(word, words.race_words())}")
        out.append(word)
    return tuple(out)


def race_word(text: str) -> str:
    found = race_words(text)
    if len(found) != 1:
        raise ValueError(f"give one race word, not {text.strip()!r}")
    return found[0]


UNOBSERVABLE = unobservable("観察できない変更")
CARD_FIELDS = (
    Field("kind", "the card type: " + "、".join(words.KINDS), one_of(words.KINDS, "card type"), required=True,
          label="種類"),
    Field("civilization", "its civilizations (文明), separated by spaces or 、",
          some_of(words.CIVILIZATIONS, "civilization"), required=True, label="文明"),
    Field("race", "its races (種族), separated by spaces or 、", some_of({r: r for r in words.RACES}, "race"),
          label="種族"),
    Field("cost", "its cost", number, label="コスト"),
    Field("power", "its power (? when the documents do not need it)", optional_number, label="パワー"),
    Field("evolves-from", "an evolution creature: race words its base must have (サイバー オリジン)", race_words,
          label="進化元"),
    Field("keywords", "keyword abilities: S・トリガー, シールド・ゴー, ブロッカー, W・ブレイカー …",
          some_of({k: k for k in words.KEYWORDS}, "keyword"), label="キーワード能力"),
    Field("fort-e", "FE: the race a card tapped in the mana zone to summon it must have", race_word, label="FE"),
    HOOK,
    UNOBSERVABLE,
)

EFFECT_FIELDS = (
    Field("kind", "what the effect is, when its other fields do not say: " + "、".join(EFFECT_KINDS),
          one_of(EFFECT_KINDS, "effect kind"), label="種類"),
    Field("event", "a triggered ability: when it triggers (" + "、".join(EVENTS) + ")",
          one_of(EVENTS, "event"), label="タイミング"),
    Field("condition", "conditions on the triggering event", blocks="condition", label="条件"),
    Field("effect", "what it does: effect blocks, in order", blocks="effect", label="効果"),
    Field("static", "a static ability: what it changes", blocks="static", label="常在効果"),
    Field("works-from", "where a static ability works from: " + "、".join(WORKS_FROM),
          one_of(WORKS_FROM, "place"), label="有効な場所"),
    Field("fort-e", "an FE ability (the card has it only if the FE condition was met)", flag, flag=True,
          label="FE能力"),
    HOOK,
    UNOBSERVABLE,
)


def _resolution(label: str, steps: list[Callable], *, caster: bool) -> Callable[..., Generator]:
    """An ability is the sequence of its blocks, sharing one context."""

    def resolve(duel, card, data) -> Generator:
        me = data.get("caster", card.controller) if caster else card.controller
        ctx = Context(duel, card, data, me)
        for step in steps:
            yield from step(ctx)

    resolve.__qualname__ = f"{label} ({len(steps)} blocks)"
    return resolve


def _effect_kind(card_kind: str, effect: ParsedEffect) -> str:
    kind = effect.value("kind")
    if kind:
        return kind
    if effect.value("event"):
        return "triggered"
    if "static" in effect.blocks:
        return "static"
    if card_kind == "spell":
        return "spell"
    raise ValueError(f"effect {effect.label}: say what it is: ':event:' (a triggered ability), ':static:' "
                     f"(a static ability) or ':kind:' TT / Dスイッチ")


def _static(label: str, effect: ParsedEffect, default_place: str) -> Static:
    values: dict = {"grants": (), "break_multiplier": 1, "top_of_deck_face_up": False, "forbids_looking_at": ()}
    for part in effect.built("static"):
        for key, value in part.items():
            if key in ("grants", "forbids_looking_at"):
                values[key] = values[key] + tuple(value)
            elif key == "break_multiplier":
                values[key] *= value
            else:
                values[key] = values[key] or value
    return Static(label, effect.value("works-from") or default_place, text=effect.text, **values)


def make(parsed: ParsedCard, fmt: CardFormat) -> CardDef:
    kind, evolution = parsed.value("kind")
    evolves_from = parsed.value("evolves-from", ())
    if evolves_from and not evolution:
        raise ValueError("':evolves-from:' is for an evolution creature (:kind: 進化クリーチャー)")
    fort_e = parsed.value("fort-e")
    abilities: list[Ability] = []
    statics: list[Static] = []
    tap_ability = d_switch = None
    hooks = [parsed.hook] if parsed.hook else []
    for effect in parsed.effects:
        what = _effect_kind(kind, effect)
        where = f"effect {effect.label}"
        has_effect = "effect" in effect.blocks or effect.hook
        if what != "triggered" and (effect.value("event") or "condition" in effect.blocks):
            raise ValueError(f"{where}: ':event:' and ':condition:' are for a triggered ability")
        if what != "static" and ("static" in effect.blocks or effect.value("works-from")):
            raise ValueError(f"{where}: ':static:' and ':works-from:' are for a static ability")
        if effect.value("fort-e") and not fort_e:
            raise ValueError(f"{where} is an FE ability but the card has no ':fort-e:' (the FE condition)")
        if effect.hook and "effect" in effect.blocks:
            raise ValueError(f"{where}: either ':effect:' blocks or a ':hook:', not both")
        if effect.hook:
            hooks.append(effect.hook)
        if what == "static":
            if "static" not in effect.blocks or "effect" in effect.blocks:
                raise ValueError(f"{where}: a static ability has ':static:' blocks (and no ':effect:')")
            statics.append(_static(effect.label, effect, "fortress" if kind == "castle" else "battle zone"))
            continue
        if not has_effect:
            raise ValueError(f"{where}: what does it do? give ':effect:' blocks")
        resolve = HOOKS[effect.hook] if effect.hook else _resolution(
            f"「{parsed.name}」 {effect.label}", effect.built("effect"), caster=what == "spell")
        if what == "triggered":
            if not effect.value("event"):
                raise ValueError(f"{where}: a triggered ability needs ':event:'")
            conditions = effect.built("condition")
            if effect.value("fort-e"):
                conditions = [lambda data: bool(data.get("fort_e")), *conditions]
            when = (lambda data, cs=tuple(conditions): all(c(data) for c in cs)) if conditions else None
            abilities.append(Ability(effect.label, effect.value("event"), resolve, effect.text, when))
        elif what == "spell":
            if kind != "spell":
                raise ValueError(f"{where}: only a 呪文 has a spell's effect (a creature's needs ':event:')")
            abilities.append(Ability(effect.label, "cast", resolve, effect.text))
        elif what == "tap":
            if kind not in ("creature", "psychic creature") or tap_ability is not None:
                raise ValueError(f"{where}: a TT ability is for a creature, one per card")
            tap_ability = resolve
        elif what == "d-switch":
            if kind != "D2 field" or d_switch is not None:
                raise ValueError(f"{where}: a D-switch is for a D2フィールド, one per card")
            d_switch = resolve
    if fort_e and not any(e.value("fort-e") for e in parsed.effects):
        raise ValueError("the card has ':fort-e:' but no effect is an FE ability (':fort-e:' on the effect)")
    card = CardDef(parsed.name, kind, parsed.value("civilization", ()), parsed.value("cost"),
                   parsed.value("race", ()), parsed.value("power"), evolution, evolves_from,
                   frozenset(parsed.value("keywords", ())), tuple(abilities), tuple(statics),
                   tap_ability, d_switch, fort_e,
                   notes={"source": parsed.record.get("source"), "line": parsed.record.get("line"),
                          "text": parsed.text, "hooks": tuple(hooks)})
    if parsed.hook:
        card = HOOKS[parsed.hook](card)
    return card


FORMAT = CardFormat(game="dm", blocks=BLOCKS, card_fields=CARD_FIELDS, effect_fields=EFFECT_FIELDS, make=make,
                    hooks=HOOKS, words=card_words.WORDS)

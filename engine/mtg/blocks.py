"""The building blocks Magic cards are written with (spec/mtg/cards/*.rst).

A block is a phrase, in Japanese like the Oracle texts, standing for one piece of an
ability: when it triggers (``event``: ``このクリーチャーが戦場に出たとき``), what it
targets (``target``: ``対戦相手がコントロールする裏向きのクリーチャー1体``), one step of
what it does (``effect``: ``それを表向きにする``, ``カードを1枚引く``), what a static
ability changes (``static``: ``+1/+1の修整を受ける``) and for which objects
(``affected``: ``あなたがコントロールする他のクリーチャー``), and when it applies
(``condition``: ``あなたのターンの間``).  No block names a card: a card's own name is
written ``このクリーチャー`` (or これ, このパーマネント …), and the objects a text talks
about are written with the words of :class:`Objects` (owner, state and card types, each
a closed set), so one block serves every card that says the same thing.

An ability is the sequence of its effect blocks, sharing one :class:`Context`: the card
whose ability it is, its controller, and *what the text calls それ* — the targets, the
creature that died, or what the previous block exiled or returned.

The blocks are a small grammar, not one block per card: each Python function below is a
*family* (one node of the grammar) and its templates are the ways Japanese card texts
say it, with typed slots — a verb and its object (``{lead}{it}を{do}``: それを破壊する,
その後、このクリーチャーをアンタップする, できないなら、…, 次の終了ステップの開始時に、
それを生け贄に捧げる), an amount (``3点``, ``それのパワーに等しい点数``) shared by damage
and life, an event as its subject and what happens (``{this}が{happening}``,
``{objects}が{others}``).  Every filter of objects (targets, events, statics, counts) is
one grammar, :class:`Objects`: owner and controller, state (裏向きの, タップ状態の,
トークンでない, 他の …), colour, type, and numbers compared (マナ総量が3以下の,
パワーが2以上の, タフネスが4の).

``rulings blocks mtg`` (or :data:`BLOCKS`.phrases) lists every block; when a card says
something no block says, prefer a new word in a slot (a verb of :data:`VERBS`, a happening,
a qualifier) to a new block, and a new template of an existing family to a new family.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rulings.cardformat import closest_words
from rulings.vocabulary import PhraseBook, Term

from . import words
from .cards import (ANOTHER_DIES, ANOTHER_ENTERS, AS_ENTERS, AS_TURNED_UP, COMBAT_DAMAGE_TO_PLAYER, COUNTERED, DIES,
                    END_STEP, ENTERS, LEAVES_BATTLEFIELD, TRIGGERED, TURN_FACE_UP, TURNED_FACE_UP, UPKEEP, YOUR_END_STEP,
                    Ability, Face, keyword)
from .characteristics import CREATURE, FACE_DOWN_DEFAULT, PERMANENT_TYPES, Characteristics
from .protection import is_protection
from .view import GameView

BLOCKS = PhraseBook("mtg", "ja", kinds=("event", "target", "effect", "static", "affected", "condition"))

BATTLEFIELD, STACK, GRAVEYARD, HAND, EXILE, LIBRARY = "battlefield", "stack", "graveyard", "hand", "exile", "library"


# -- the objects a text talks about ---------------------------------------------------------

@dataclass
class Probe:
    """One object (a card, a creature that died, or a player) as a text asks about it."""

    game: GameView
    source: Any
    you: int
    obj: Any = None
    death: Any = None
    player: int | None = None
    #: a static ability asks (types through layer 4 only: its own P/T may count creatures)
    static: bool = False

    @property
    def card(self):
        return self.death.card if self.death is not None else self.obj

    def values(self) -> Characteristics:
        if self.death is not None:
            return self.death.values
        zone = self.obj.zone.kind
        if zone in (BATTLEFIELD, STACK):
            return self.game.layer_rules.characteristics(self.obj)
        return self.obj.definition.front.characteristics()

    def types(self) -> tuple[str, ...]:
        if self.static and self.death is None and self.obj.zone.kind == BATTLEFIELD:
            return self.game.layer_rules.layers_types(self.obj)
        return self.values().types

    def controller(self) -> int:
        return self.death.controller if self.death is not None else self.obj.controller

    def face_down(self) -> bool:
        return self.death.face_down if self.death is not None else not self.obj.face_up


Test = Callable[[Probe], bool]


def _sum_at_most(n: int) -> Test:
    def test(p: Probe) -> bool:
        v = p.values()
        return v.power is not None and v.toughness is not None and v.power + v.toughness <= n
    return test


#: comparisons of a number with the one the text gives (「3以下の」「4以上の」「2の」)
COMPARE: dict[str, Callable[[int, int], bool]] = {"以下": lambda a, n: a <= n, "以上": lambda a, n: a >= n,
                                                  "": lambda a, n: a == n}
#: the numbers of an object a filter may compare (CR 202.3, 208)
NUMBERS: dict[str, Callable[[Characteristics], int | None]] = {
    "マナ総量": lambda v: v.mana_value(), "パワー": lambda v: v.power, "タフネス": lambda v: v.toughness,
}


def _compare(what: str, cmp: str, n: int) -> Test:
    def test(p: Probe) -> bool:
        value = NUMBERS[what](p.values())
        return value is not None and COMPARE[cmp](value, n)
    return test


#: words before the noun (あなたがコントロールする, 裏向きの, トークンでない …): what each asks
QUALIFIERS: dict[str, tuple[Test, str | None]] = {
    "あなたがコントロールする": (lambda p: p.controller() == p.you, None),
    "対戦相手がコントロールする": (lambda p: p.controller() != p.you, None),
    "あなたの墓地にある": (lambda p: p.obj.owner == p.you, GRAVEYARD),
    "対戦相手の墓地にある": (lambda p: p.obj.owner != p.you, GRAVEYARD),
    "墓地にある": (lambda p: True, GRAVEYARD),
    "あなたの手札にある": (lambda p: p.obj.owner == p.you, HAND),
    "戦場にある": (lambda p: True, BATTLEFIELD),
    "攻撃している": (lambda p: bool(p.card.attacking), None),
    "ブロックしている": (lambda p: p.card.blocking is not None, None),
    "タップ状態の": (lambda p: bool(p.card.tapped), None),
    "タップ状態で": (lambda p: bool(p.card.tapped), None),
    "アンタップ状態の": (lambda p: not p.card.tapped, None),
    "トークンでない": (lambda p: not p.card.definition.token, None),
    "トークンである": (lambda p: p.card.definition.token, None),
    "他の": (lambda p: p.card is not p.source, None),
    "裏向きの": (lambda p: p.face_down(), None),
    "表向きの": (lambda p: not p.face_down(), None),
    "伝説の": (lambda p: words.LEGENDARY in p.values().supertypes, None),
    **{f"{t}でない": ((lambda t: lambda p: t not in p.types())(t), None) for t in words.CARD_TYPES},
    **{f"{c}の": ((lambda c: lambda p: c in p.values().colors)(c), None) for c in words.COLORS},
    # 「黒でない」: not of that colour now (a face-down permanent is colourless, CR 708.2a)
    **{f"{c}でない": ((lambda c: lambda p: c not in p.values().colors)(c), None) for c in words.COLORS},
}
#: qualifiers with a number
NUMBERED: list[tuple[re.Pattern[str], Callable[..., Test]]] = [
    (re.compile(r"パワーとタフネスの合計が(\d+)以下の"), lambda m: _sum_at_most(int(m[1]))),
    (re.compile(r"(マナ総量|パワー|タフネス)が(\d+)(以下|以上|)の"), lambda m: _compare(m[1], m[3], int(m[2]))),
]
_COUNT = re.compile(r"(\d+)(体|つ|枚|人)$")
_PLAYER_NOUNS = {"プレイヤー": lambda p: True, "対戦相手": lambda p: p.player != p.you,
                 "あなた": lambda p: p.player == p.you}


def _noun(word: str) -> tuple[Test, str | None]:
    """A noun: what the object is, and the zone the word implies (None: any zone named)."""
    if word == "パーマネント":
        return (lambda p: True), BATTLEFIELD
    if word in PERMANENT_TYPES:
        return (lambda p: word in p.types()), BATTLEFIELD
    if word == "呪文":
        return (lambda p: True), STACK
    if word == "カード":
        return (lambda p: True), None
    if word == "パーマネント・カード":
        return (lambda p: bool(set(p.types()) & PERMANENT_TYPES)), None
    for suffix, zone in (("・呪文", STACK), ("・カード", None)):
        if word.endswith(suffix) and word[:-len(suffix)] in words.CARD_TYPES:
            t = word[:-len(suffix)]
            return (lambda p: t in p.types()), zone
    known = [*PERMANENT_TYPES, "パーマネント", "呪文", "カード", "パーマネント・カード", *_PLAYER_NOUNS,
             *(f"{t}・呪文" for t in words.CARD_TYPES), *(f"{t}・カード" for t in words.CARD_TYPES)]
    raise ValueError(f"unknown object {word!r}{closest_words(word, known)}")


@dataclass(frozen=True)
class Objects:
    """Objects a text names by owner, state and types: あなたがコントロールする裏向きの
    クリーチャー, クリーチャー1体か土地1つ, あなたの墓地にあるインスタント・カードか
    ソーサリー・カード1枚, クリーチャー1体かプレイヤー1人 …"""

    text: str
    tests: tuple[Test, ...]
    alternatives: tuple[Test, ...]
    zone: str | None
    players: Test | None
    count: int | None

    @classmethod
    def parse(cls, text: str, *, counted: bool = False, anywhere: bool = False) -> "Objects":
        """``anywhere``: the words ask what an object is, wherever it is (それが…であるなら)."""
        rest, tests, zone = text.strip(), [], None
        while rest:
            for pattern, make in NUMBERED:
                m = pattern.match(rest)
                if m:
                    tests.append(make(m))
                    rest = rest[m.end():]
                    break
            else:
                word = next((q for q in sorted(QUALIFIERS, key=len, reverse=True) if rest.startswith(q)), None)
                if word is None:
                    break
                test, implied = QUALIFIERS[word]
                tests.append(test)
                zone = implied or zone
                rest = rest[len(word):]
        if not rest:
            raise ValueError(f"{text!r} names no object (クリーチャー, パーマネント, 呪文, カード …)")
        alternatives, players, count, zones = [], [], None, set()
        for word in rest.split("か"):
            m = _COUNT.search(word)
            if m:
                count = int(m[1])
                word = word[:m.start()]
            if word in _PLAYER_NOUNS:
                players.append(_PLAYER_NOUNS[word])
                continue
            try:
                test, implied = _noun(word)
            except ValueError:
                noun = next((n for n in sorted(_nouns(), key=len, reverse=True) if word.endswith(n)), None)
                if noun and word != noun:
                    unknown = word[:-len(noun)]
                    raise ValueError(f"in {text!r}: unknown words {unknown!r} before {noun!r}"
                                     f"{closest_words(unknown, [*QUALIFIERS, 'パワーとタフネスの合計がN以下の'])}") \
                        from None
                raise ValueError(f"in {text!r}: unknown object {word!r}{closest_words(word, _nouns())}") from None
            alternatives.append(test)
            if implied:
                zones.add(implied)
        if zone is None and len(zones) == 1:
            zone = zones.pop()
        elif zone is None and zones:
            raise ValueError(f"{text!r}: objects of different zones ({'、'.join(sorted(zones))})")
        if alternatives and zone is None and not anywhere:
            raise ValueError(f"{text!r}: say where the cards are (あなたの墓地にある, あなたの手札にある …)")
        if counted and count is None:
            raise ValueError(f"{text!r}: say how many (1体, 1つ, 1枚, 1人)")
        if not counted and count is not None:
            raise ValueError(f"{text!r}: no number here")
        all_players = (lambda p: any(t(p) for t in players)) if players else None
        return cls(text, tuple(tests), tuple(alternatives), zone, all_players, count)

    def fits(self, game, source, you: int, obj=None, *, death=None, static: bool = False) -> bool:
        probe = Probe(game, source, you, obj, death, static=static)
        if death is None:
            if not self.alternatives or obj.zone is None or obj.zone.kind != self.zone:
                return False
        elif self.zone != BATTLEFIELD:
            return False
        return all(t(probe) for t in self.tests) and any(a(probe) for a in self.alternatives)

    def fits_player(self, game, source, you: int, player: int) -> bool:
        return self.players is not None and self.players(Probe(game, source, you, player=player))

    def all(self, game, source, you: int, *, static: bool = False) -> list:
        if self.zone == BATTLEFIELD:
            pool = game.zone_rules.permanents()
        elif self.zone == STACK:
            pool = [c for c in game.board.zone(None, STACK)]
        else:
            pool = [c for p in (0, 1) for c in game.board.zone(p, self.zone)]
        return [c for c in pool if self.fits(game, source, you, c, static=static)]


def _nouns() -> list[str]:
    return [*PERMANENT_TYPES, "パーマネント", "呪文", "カード", "パーマネント・カード", *_PLAYER_NOUNS,
            "クリーチャー・呪文", "インスタント・カード", "ソーサリー・カード"]


# -- terms ---------------------------------------------------------------------------------

#: the card whose ability it is, as its text calls it
THIS = {w: w for w in ("このクリーチャー", "このパーマネント", "このカード", "この呪文", "このオーラ", "このアーティファクト",
                       "このエンチャント", "この土地", "これ")}
BLOCKS.term(Term.choice("this", THIS, "the card whose ability it is: このクリーチャー, このパーマネント, これ …"))
BLOCKS.term(Term.choice("it", {w: w for w in ("それ", "それら", "そのカード", "そのクリーチャー", "そのパーマネント")},
                        "what the text calls それ: the targets, the creature that died, what the previous block "
                        "moved"))
BLOCKS.term(Term("objects", r"[^、。「」：]+?", str,
                 description="objects by owner, state, colour, type and numbers compared: "
                             "あなたがコントロールする裏向きのクリーチャー, トークンでない他のクリーチャー, "
                             "マナ総量が3以下の土地でないパーマネント …"))
BLOCKS.term(Term("n", r"\d+", int, description="a number"))
BLOCKS.term(Term("mod", r"[+\-－]\d+/[+\-－]\d+", str, description="a change of power and toughness: +3/+3, -2/-2"))
BLOCKS.term(Term("pt", r"\d+/\d+", str, description="power and toughness: 1/1"))
BLOCKS.term(Term("color", r"無色|[白青黒赤緑](?:と[白青黒赤緑])*", str, description="白, 青, 白と青 … or 無色"))
BLOCKS.term(Term("subtypes", r"[^のを、。]+?", str, description="creature types joined by ・: 犬, 人間・兵士"))
BLOCKS.term(Term("word", r"[^「」、。を]+", str,
                 description="a keyword ability: 飛行, 速攻, 護法{2}, プロテクション（黒） …"))
BLOCKS.term(Term("label", r"[^「」]+", str, description="the label of an effect of the same card"))
BLOCKS.term(Term.choice("counter", {"+1/+1": "+1/+1", "-1/-1": "-1/-1", "忠誠": "忠誠", "守備": "守備"},
                        "a kind of counter"))
BLOCKS.term(Term.choice("tapped", {"タップ状態で": True, "": False}, "タップ状態で, or nothing"))
BLOCKS.term(Term.choice("under", {"オーナーのコントロール下で": "owner", "あなたのコントロール下で": "you", "": "you"},
                        "whose control it enters under: オーナーのコントロール下で, あなたのコントロール下で, or "
                        "nothing (the ability's controller)"))
BLOCKS.term(Term.choice("putverb", {"戻す": "戻す", "戻してもよい": "戻す", "出す": "出す", "出してもよい": "出す"},
                        "戻す, 出す (…てもよい: the engine always does it)"))


def _objects(text: str, *, counted: bool = False, anywhere: bool = False) -> Objects:
    return Objects.parse(text, counted=counted, anywhere=anywhere)


# -- the context of one resolution ---------------------------------------------------------

@dataclass
class Context:
    """One resolution of an ability or a spell: whose it is and what its text calls それ."""

    game: GameView
    source: Any
    controller: int
    #: what それ stands for: (object, the object id it had when named) — or a player (int)
    it: list = field(default_factory=list)
    #: the card's own face-down characteristics (what its effects turn face down as)
    face_down_as: Characteristics | None = None
    #: the previous block could not do what it says (「できないなら」)
    failed: bool = False
    ability: bool = True
    #: what objects of それ were as they left the battlefield: id(card) -> (characteristics, controller)
    known: dict = field(default_factory=dict)

    @property
    def reason(self) -> str:
        return f"「{self.source.name}」" + ("の能力" if self.ability else "")

    @property
    def by(self) -> str:
        return f"「{self.source.name}」"

    def objects(self) -> list:
        """それ, as objects still the same (CR 400.7): a card that moved is a new object."""
        return [o for o, oid in self.it if not isinstance(o, int) and o.object_id == oid]

    def players(self) -> list[int]:
        return [o for o, _ in self.it if isinstance(o, int)]

    def name(self, objs: list) -> None:
        self.it = [(o, o if isinstance(o, int) else o.object_id) for o in objs]


Step = Callable[[Context], None]


def effect(template: str):
    """An effect block."""
    return BLOCKS.phrase("effect", template)


# -- verbs on それ ----------------------------------------------------------------------------

def _on_battlefield(ctx: Context) -> list:
    return [o for o in ctx.objects() if ctx.game.zone_rules.on_battlefield(o)]


def _destroy(ctx: Context, objs: list) -> None:
    for o in objs:
        if ctx.game.zone_rules.on_battlefield(o):
            ctx.game.destroy(o, reason=ctx.by)


def _face_up(ctx: Context, objs: list) -> None:
    ctx.failed = False
    for o in objs:
        if not ctx.game.face_down_rules.turn_face_up(o, reason=ctx.reason):
            ctx.failed = True


def _face_down(ctx: Context, objs: list) -> None:
    for o in objs:
        if ctx.game.zone_rules.on_battlefield(o):
            ctx.game.face_down_rules.turn_face_down(o, face_down_as=ctx.face_down_as, by=ctx.by)


def _counter(ctx: Context, objs: list) -> None:
    for o in objs:
        if o in ctx.game.stack_rules.stack:
            ctx.game.stack_rules.counter(o, by=ctx.by)


def _remember(ctx: Context, objs: list) -> None:
    """What それ was as it left the battlefield (its last known information, CR 608.2h):
    a later block asks its power or its controller."""
    for o in objs:
        if ctx.game.zone_rules.on_battlefield(o):
            ctx.known[id(o)] = (ctx.game.layer_rules.characteristics(o), o.controller)


def _exile(ctx: Context, objs: list) -> None:
    _remember(ctx, objs)
    ctx.name([ctx.game.zone_rules.exile(o) for o in objs if o.zone.kind in (BATTLEFIELD, STACK, GRAVEYARD, HAND)])


def _sacrifice(ctx: Context, objs: list) -> None:
    for o in objs:
        if ctx.game.zone_rules.on_battlefield(o) and o.controller == ctx.controller:
            ctx.game.sacrifice(o, reason=ctx.reason)


def _tap(ctx: Context, objs: list) -> None:
    for o in objs:
        if ctx.game.zone_rules.on_battlefield(o):
            ctx.game.tap(o, reason=ctx.reason)


def _untap(ctx: Context, objs: list) -> None:
    for o in objs:
        if ctx.game.zone_rules.on_battlefield(o):
            ctx.game.untap(o, reason=ctx.reason)


def _to_hand(ctx: Context, objs: list) -> None:
    _remember(ctx, objs)
    ctx.name([ctx.game.zone_rules.move(o, HAND, reason=ctx.reason) for o in objs
              if o.zone.kind in (BATTLEFIELD, GRAVEYARD)])


VERBS: dict[str, Callable[[Context, list], None]] = {
    "破壊する": _destroy, "表向きにする": _face_up, "裏向きにする": _face_down, "打ち消す": _counter,
    "追放する": _exile, "生け贄に捧げる": _sacrifice, "タップする": _tap, "アンタップする": _untap,
    "オーナーの手札に戻す": _to_hand,
}
BLOCKS.term(Term("do", r"[^、。「」]+", str, description="what is done: " + ", ".join(VERBS)))

#: what may stand before a verb: 「その後、」, 「できないなら、」 (only when the previous block
#: could not do what it says), 「それが裏向きなら、」 (only to those of それ in that state)
STATES: dict[str, Callable[[Any], bool]] = {
    "裏向き": lambda o: not o.face_up, "表向き": lambda o: o.face_up,
    "タップ状態": lambda o: bool(o.tapped), "アンタップ状態": lambda o: not o.tapped,
}
BLOCKS.term(Term.choice("lead", {"": None, "その後、": "then", "できないなら、": "otherwise",
                                 "次の終了ステップの開始時に、": "end-step",
                                 **{f"それが{s}なら、": s for s in STATES}},
                        "before the verb: その後、, できないなら、, それが裏向きなら、 …, 次の終了ステップの開始時に、 "
                        "(a delayed triggered ability, CR 603.7), or nothing"))


def _later(verb: Callable[[Context, list], None], text: str) -> Ability:
    """A delayed triggered ability (CR 603.7) doing the verb to それ, if it is still the
    same object (CR 400.7)."""

    def effect(game, source, card=None, card_id=0, controller=None, **_) -> None:
        ctx = Context(game, source, source.controller if controller is None else controller)
        ctx.it = [(card, card_id)]
        verb(ctx, ctx.objects())

    return Ability(TRIGGERED, text, event=END_STEP, effect=effect)


def _verb(word: str) -> Callable[[Context, list], None]:
    """A verb of VERBS (the term takes any words, so that a typo gets the nearest verb)."""
    if word not in VERBS:
        raise ValueError(f"unknown action {word!r}{closest_words(word, VERBS)}")
    return VERBS[word]


@BLOCKS.phrase("effect", "{lead}{it}を{do}")
@BLOCKS.phrase("effect", "{lead}{this}を{do}")
@BLOCKS.phrase("effect", "{objects}をすべて{do}")
def act(do: str, lead: str | None = None, it: str | None = None, this: str | None = None,
        objects: str | None = None) -> Step:
    """Do it to それ (the targets, the creature that died, what the previous block moved),
    to the card whose ability it is, or to every object the words name."""
    verb = _verb(do)
    which = _objects(objects) if objects is not None else None

    def step(ctx: Context) -> None:
        if lead == "otherwise" and not ctx.failed:
            return
        if which is not None:
            objs = which.all(ctx.game, ctx.source, ctx.controller)
        elif this is not None:
            objs = [ctx.source]
            ctx.name(objs)
        else:
            objs = ctx.objects()
        if lead in STATES:
            objs = [o for o in objs if STATES[lead](o)]
        if lead == "end-step":
            for o in objs:
                if ctx.game.zone_rules.on_battlefield(o):
                    ctx.game.stack_rules.delay(ctx.source, later, card=o, card_id=o.object_id)
            return
        verb(ctx, objs)

    later = _later(verb, f"次の終了ステップの開始時に、それを{do}。")
    return step


@effect("それが{objects}であるなら")
def only_if(objects: str) -> Step:
    """The rest of the ability acts on それ only if it is what the words say (CR 608.2c)."""
    which = _objects(objects, anywhere=True)

    def step(ctx: Context) -> None:
        kept = []
        for o in ctx.objects():
            # the card as it is in the zone it is in now (a card in a graveyard: its printed types)
            probe = Probe(ctx.game, ctx.source, ctx.controller, o)
            if all(t(probe) for t in which.tests) and any(a(probe) for a in which.alternatives):
                kept.append(o)
            else:
                ctx.game.log.record("no-op.not-such", card=o, objects=objects)
        ctx.name(kept)

    return step


BLOCKS.term(Term.choice("facing", {"裏向きで": ("down", False), "裏向きかつタップ状態で": ("down", True),
                                   "表向きで": ("up", False), "タップ状態で": ("up", True), "": ("up", False)},
                        "how it enters: 裏向きで, 裏向きかつタップ状態で, 表向きで, タップ状態で, or nothing (face up)"))


#: the keyword actions that put the top card of a library onto the battlefield face down,
#: as the way that turned it face down (its characteristics: face_down.BY_WAY)
MANIFEST = {"予示": "予示", "偽装": "偽装"}
BLOCKS.term(Term.choice("manifest", MANIFEST, "予示 (manifest, CR 701.40) or 偽装 (cloak, CR 701.58)"))
BLOCKS.term(Term.choice("dread", {"戦慄予示": "戦慄予示"},
                        "戦慄予示 (manifest dread, CR 701.62): look at the top two, manifest one, the other to "
                        "the graveyard"))


def _manifest(way: str | None, dread: str | None) -> Step:
    """予示・偽装 the top card of the controller's library, or 戦慄予示: the card put onto
    the battlefield face down becomes それ (「その後、これをそれにつける」)."""

    def step(ctx: Context) -> None:
        if dread is not None:
            card = ctx.game.face_down_rules.manifest_dread(ctx.controller)
        elif not ctx.game.board.zone(ctx.controller, LIBRARY).cards:
            ctx.game.log.record("no-op.empty-library", way=way)
            card = None
        else:
            card = ctx.game.face_down_rules.manifest(ctx.controller, way)
        ctx.name([card] if card is not None else [])

    return step


@BLOCKS.phrase("effect", "{lead}{it}を{facing}{under}戦場に{putverb}")
@BLOCKS.phrase("effect", "あなたのライブラリーの一番上のカードを{manifest}する")
@BLOCKS.phrase("effect", "{dread}する")
def put_onto_battlefield(it: str | None = None, facing: tuple[str, bool] = ("up", False), under: str = "you",
                         putverb: str = "出す", lead: str | None = None, manifest: str | None = None,
                         dread: str | None = None) -> Step:
    """Put それ onto the battlefield.  Face down, with the face-down characteristics of the
    card whose ability it is (its ``裏向き`` effect), or none stated (CR 708.2a); face up
    otherwise, whatever it was where it was (a face-down exiled card included: a card is
    put onto the battlefield face up unless the effect says otherwise, CR 110.2).  Or the
    keyword actions that put a library's card onto the battlefield face down as a 2/2
    creature: 予示 (CR 701.40), 偽装 (with ward {2}, CR 701.58) the top card, 戦慄予示
    (CR 701.62: the top two looked at, one manifested, the other into the graveyard)."""
    if manifest is not None or dread is not None:
        return _manifest(manifest, dread)
    side, tapped = facing

    def step(ctx: Context) -> None:
        if lead == "otherwise" and not ctx.failed:
            return
        done = []
        for o in ctx.objects():
            if o.zone.kind in (BATTLEFIELD, STACK):
                continue
            if lead in STATES and not STATES[lead](o):
                continue
            controller = o.owner if under == "owner" else ctx.controller
            if side == "down":
                ctx.game.zone_rules.put_onto_battlefield(o, controller, face_down_as=ctx.face_down_as or FACE_DOWN_DEFAULT,
                                                         face_down_by=ctx.by, tapped=tapped, reason="効果")
            else:
                ctx.game.zone_rules.put_onto_battlefield(o, controller, tapped=tapped, reason="効果")
            done.append(o)
        ctx.name(done)

    return step


# -- damage, cards, life, counters ----------------------------------------------------------

@dataclass(frozen=True)
class Amount:
    """How much: a number (「3点」), or the power of それ (「それのパワーに等しい点数」), as it
    is now, or as it last was on the battlefield if it left (CR 608.2h)."""

    n: int | None

    def of(self, ctx: Context, obj=None) -> int:
        if self.n is not None:
            return self.n
        objs = [obj] if obj is not None else [o for o, _ in ctx.it if not isinstance(o, int)]
        if not objs:
            return 0
        o = objs[0]
        if ctx.game.zone_rules.on_battlefield(o):
            return ctx.game.layer_rules.characteristics(o).power or 0
        if id(o) in ctx.known:
            return ctx.known[id(o)][0].power or 0
        return o.definition.front.power or 0


def _amount(text: str) -> Amount:
    m = re.fullmatch(r"(\d+)点", text)
    return Amount(int(m[1]) if m else None)


BLOCKS.term(Term("amount", r"\d+点|(?:それの|その)パワーに等しい点数", _amount,
                 description="how much: 3点, or それのパワーに等しい点数 (そのパワーに等しい点数)"))
BLOCKS.term(Term.choice("players", {"各プレイヤー": "each", "各対戦相手": "opponents"},
                        "players: 各プレイヤー, 各対戦相手"))
BLOCKS.term(Term.choice("who", {"あなた": "you", "それのコントローラー": "its-controller",
                                "そのコントローラー": "its-controller"},
                        "the player: あなた, or それのコントローラー (the controller of それ)"))


@BLOCKS.phrase("effect", "{it}に{amount}のダメージを与える")
@BLOCKS.phrase("effect", "{this}は{it}に{amount}のダメージを与える")
@BLOCKS.phrase("effect", "{players}に{amount}のダメージを与える")
@BLOCKS.phrase("effect", "{objects}にそれぞれ{amount}のダメージを与える")
@BLOCKS.phrase("effect", "{dealer:it}は他の各クリーチャーに{amount}のダメージを与える")
def damage(amount: Amount, it: str | None = None, this: str | None = None, players: str | None = None,
           objects: str | None = None, dealer: str | None = None) -> Step:
    """Damage: dealt by the card whose ability it is (or by それ, to each other creature),
    to それ, to players, or to each object the words name."""
    which = _objects(objects) if objects is not None else None

    def step(ctx: Context) -> None:
        game = ctx.game
        if dealer is not None:
            for o in _on_battlefield(ctx):
                n = amount.of(ctx, o)
                for other in game.zone_rules.permanents():
                    if other is not o and CREATURE in game.layer_rules.characteristics(other).types:
                        game.combat_rules.deal_damage(other, n, o)
            return
        n = amount.of(ctx)
        if players is not None:
            for p in (0, 1):
                if players == "each" or p != ctx.controller:
                    game.combat_rules.deal_damage_to_player(p, n, ctx.source)
            return
        if which is not None:
            for o in which.all(game, ctx.source, ctx.controller):
                game.combat_rules.deal_damage(o, n, ctx.source)
            return
        for o in ctx.objects():
            if game.zone_rules.on_battlefield(o):
                game.combat_rules.deal_damage(o, n, ctx.source)
        for p in ctx.players():
            game.combat_rules.deal_damage_to_player(p, n, ctx.source)

    return step


@BLOCKS.phrase("effect", "カードを{n}枚引く")
@BLOCKS.phrase("effect", "{who}はカードを{n}枚引く")
def draw(n: int, who: str = "you") -> Step:
    """A player draws cards: you, or the controller of それ."""
    def step(ctx: Context) -> None:
        for p in _players(ctx, who):
            for _ in range(n):
                ctx.game.zone_rules.draw(p)

    return step


def _players(ctx: Context, who: str) -> list[int]:
    if who == "you":
        return [ctx.controller]
    found = []
    for o, _ in ctx.it:
        if isinstance(o, int):
            continue
        if ctx.game.zone_rules.on_battlefield(o):
            found.append(o.controller)
        elif id(o) in ctx.known:
            found.append(ctx.known[id(o)][1])
    return found


BLOCKS.term(Term.choice("gainlose", {"得る": 1, "失う": -1}, "得る or 失う"))


@BLOCKS.phrase("effect", "{who}は{amount}のライフを{gainlose}")
def life(who: str, amount: Amount, gainlose: int) -> Step:
    """A player gains or loses life: you, or the controller of それ (as it last was, if it
    left the battlefield: CR 608.2h)."""

    def step(ctx: Context) -> None:
        n = amount.of(ctx)
        for p in _players(ctx, who):
            if gainlose > 0:
                ctx.game.gain_life(p, n, ctx.source)
            else:
                ctx.game.lose_life(p, n, ctx.source)

    return step


@BLOCKS.phrase("effect", "{this}の上に{counter}カウンターを{n}個置く")
@BLOCKS.phrase("effect", "{it}の上に{counter}カウンターを{n}個置く")
def counters(counter: str, n: int, this: str | None = None, it: str | None = None) -> Step:
    """Put counters on the card whose ability it is, or on それ."""
    def step(ctx: Context) -> None:
        for o in ([ctx.source] if this is not None else _on_battlefield(ctx)):
            ctx.game.add_counters(o, counter, n)

    return step


def _signed(text: str) -> int:
    return int(text.replace("－", "-").replace("+", ""))


def _modify(mod: str) -> tuple[int, int, Callable[[Characteristics], Characteristics]]:
    p, t = (_signed(x) for x in mod.split("/"))
    return p, t, lambda ch: ch.with_(power=ch.power + p, toughness=ch.toughness + t)


BLOCKS.term(Term.choice("until", {"ターン終了時まで": True, "": False},
                        "ターン終了時まで, or nothing (as long as the object stays)"))


@BLOCKS.phrase("effect", "{it}は{until}{mod}の修整を受ける")
@BLOCKS.phrase("effect", "ターン終了時まで、{it}は{mod}の修整を受ける")
@BLOCKS.phrase("effect", "{this}は{until}{mod}の修整を受ける")
def modify(mod: str, until: bool = True, it: str | None = None, this: str | None = None) -> Step:
    """A change of power and toughness (layer 7c), until end of turn or as long as the
    object stays on the battlefield."""
    _modify(mod)

    def step(ctx: Context) -> None:
        _p, _t, apply = _modify(mod)
        when = "ターン終了時まで" if until else ""
        for o in ([ctx.source] if this is not None else ctx.objects()):
            if ctx.game.zone_rules.on_battlefield(o):
                ctx.game.layer_rules.add_effect(o, "7c", apply, f"{when}{mod}（{ctx.by}）", until_end_of_turn=until)

    return step


# -- attaching, tokens, delayed triggers, mana ------------------------------------------------

@BLOCKS.phrase("effect", "{this}をプレイヤー1人につける")
@BLOCKS.phrase("effect", "{this}を{it}につける")
def attach(this: str, it: str | None = None) -> Step:
    """Attach the Aura or the Equipment whose ability it is to それ (a permanent still the
    same object, CR 701.3), or to a player (the engine picks an opponent of its
    controller: no step chooses the player)."""

    def step(ctx: Context) -> None:
        if it is None:
            ctx.game.attach(ctx.source, ("player", 1 - ctx.source.controller))
            return
        if not ctx.game.zone_rules.on_battlefield(ctx.source):
            return
        for o in _on_battlefield(ctx):
            ctx.game.attach(ctx.source, o)

    return step


def _colors(text: str) -> frozenset[str]:
    return frozenset() if text == "無色" else frozenset(text.split("と"))


#: what a token that is a copy is printed as: nothing (its copy effect gives it every value)
COPY_TOKEN = Face("トークン", "token", None, ())


@effect("{color}の{pt}の{subtypes}・クリーチャー・トークン{n}体を{tapped}生成する")
@effect("{it}のコピーであるトークン{n}体を生成する")
def make_tokens(n: int, color: str | None = None, pt: str | None = None, subtypes: str | None = None,
                tapped: bool = False, it: str | None = None) -> Step:
    """Create tokens: creature tokens as the words say (the token's name is its creature
    types), or tokens that are copies of それ (CR 707.2: the copiable values of the
    permanent as it is now)."""
    if it is not None:
        def copies(ctx: Context) -> None:
            for o in _on_battlefield(ctx):
                for _ in range(n):
                    ctx.game.create_token(ctx.controller, COPY_TOKEN, copy_of=o)

        return copies
    kinds = tuple(subtypes.split("・"))
    for k in kinds:
        if k not in words.CREATURE_TYPES:
            raise ValueError(f"unknown creature type {k!r}{closest_words(k, words.CREATURE_TYPES)}")
    power, toughness = (int(x) for x in pt.split("/"))
    face = Face("・".join(kinds), "・".join(kinds), None, (CREATURE,), kinds, power=power, toughness=toughness,
                color_indicator=_colors(color))

    def step(ctx: Context) -> None:
        for _ in range(n):
            ctx.game.create_token(ctx.controller, face, tapped=tapped)

    return step


@effect("好きな色1色のマナ1点を加える")
def add_mana() -> Step:
    """(Mana is not tracked: the examples say when a cost is paid.)"""
    return lambda ctx: None


@dataclass(frozen=True)
class CastFaceDown:
    """「…を裏向きに唱えてもよい」: the ability lets its controller cast such cards face
    down, with the card's face-down characteristics (its ``裏向き`` effect)."""

    objects: Objects


@effect("{objects}1枚を、マナ・コストを支払うことなく裏向きに唱えてもよい")
def may_cast_face_down(objects: str) -> CastFaceDown:
    return CastFaceDown(_objects(objects))


@dataclass(frozen=True)
class Instead:
    """What a replacement effect does instead (「代わりに…」)."""

    zone: str


@effect("代わりに追放する")
def instead_exile() -> Instead:
    return Instead(EXILE)


# -- events -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Event:
    """When an ability applies: a triggered ability's event, or the event a replacement
    effect (「～に際し」「～なら」) changes."""

    kind: str  # "triggered" or "replacement"
    event: str
    #: ANOTHER_DIES, ANOTHER_ENTERS: which objects count, (game, source, death or object) -> bool
    affects: Callable | None = None


#: what happens to the card whose ability it is: (kind, event)
HAPPENINGS = {
    "戦場に出たとき": ("triggered", ENTERS),
    "表向きになったとき": ("triggered", TURNED_FACE_UP),
    "死亡したとき": ("triggered", DIES),
    "プレイヤーに戦闘ダメージを与えるたび": ("triggered", COMBAT_DAMAGE_TO_PLAYER),  # (combat damage is not modelled)
    "戦場に出るに際し": ("replacement", AS_ENTERS),  # CR 614.1c: not while it enters face down (CR 708.3)
    "表向きになるに際し": ("replacement", AS_TURNED_UP),  # CR 708.11
    "戦場を離れるなら": ("replacement", LEAVES_BATTLEFIELD),
}
BLOCKS.term(Term.choice("happening", HAPPENINGS, "what happens to it: " + ", ".join(HAPPENINGS)))
#: what happens to other objects the words name: (event, whose control it enters under)
OTHERS = {
    "死亡するたび": (ANOTHER_DIES, None), "1体死亡するたび": (ANOTHER_DIES, None),
    "戦場に出るたび": (ANOTHER_ENTERS, None), "1体戦場に出るたび": (ANOTHER_ENTERS, None),
    "1体あなたのコントロール下で戦場に出るたび": (ANOTHER_ENTERS, "you"),
}
BLOCKS.term(Term.choice("others", OTHERS, "what happens to the objects named: " + ", ".join(OTHERS)))
#: the beginning of a step (no upkeep step is modelled: such an ability never triggers)
STEPS = {"あなたのアップキープ": UPKEEP, "次の終了ステップ": END_STEP, "あなたの終了ステップ": YOUR_END_STEP}
BLOCKS.term(Term.choice("step", STEPS, "a step: " + ", ".join(STEPS)))


@BLOCKS.phrase("event", "{this}が{happening}")
@BLOCKS.phrase("event", "{objects}が{others}")
@BLOCKS.phrase("event", "{step}の開始時に")
def event(happening: tuple[str, str] | None = None, this: str | None = None, objects: str | None = None,
          others: tuple[str, str | None] | None = None, step: str | None = None) -> Event:
    """When it happens to the card whose ability it is, to other objects the words name
    (their last known information for a death), or at the beginning of a step."""
    if happening is not None:
        return Event(*happening)
    if step is not None:
        return Event("triggered", step)
    which = _objects(objects)
    kind, under = others

    def counts(game, source, what) -> bool:
        if kind == ANOTHER_DIES:
            return which.fits(game, source, source.controller, death=what)
        if under == "you" and what.controller != source.controller:
            return False
        return which.fits(game, source, source.controller, what)

    return Event("triggered", kind, counts)


# -- targets ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TargetSpec:
    objects: Objects
    #: up to how many different targets (「クリーチャー最大2体」, CR 601.2c); one otherwise
    most: int = 1


BLOCKS.term(Term.choice("unit", {"体": "体", "つ": "つ", "枚": "枚", "人": "人"}, "体, つ, 枚 or 人"))


@BLOCKS.phrase("target", "{objects}")
@BLOCKS.phrase("target", "{objects}最大{n}{unit}")
def target(objects: str, n: int | None = None, unit: str | None = None) -> TargetSpec:
    """What may be targeted, and how many: クリーチャー1体, 対戦相手がコントロールする裏向きの
    クリーチャー1体, クリーチャー1体かプレイヤー1人かプレインズウォーカー1体かバトル1つ …;
    クリーチャー最大2体 (up to two different ones)"""
    if n is not None:
        if n < 2:
            raise ValueError(f"最大{n}{unit}: write one target as {objects}1{unit}")
        return TargetSpec(_objects(objects), n)
    found = _objects(objects, counted=True)
    if found.count != 1:
        raise ValueError(f"{objects!r}: only one target is modelled (1体, 1つ, 1枚, 1人)")
    return TargetSpec(found)


# -- static abilities: what they change, for which objects, when ----------------------------

@dataclass(frozen=True)
class Affected:
    """Which objects a static ability applies to: (game, source, object) -> bool."""

    test: Callable[[Any, Any, Any], bool]
    text: str


BLOCKS.term(Term.choice("attached", {"エンチャントしている": "エンチャント", "装備している": "装備"},
                        "what the Aura or Equipment is attached to: エンチャントしている, 装備している"))


# {this} registered before {objects} (decorators apply from the bottom): both have no fixed
# words, and the first registered wins
@BLOCKS.phrase("affected", "{attached}クリーチャー")
@BLOCKS.phrase("affected", "{objects}")
@BLOCKS.phrase("affected", "{this}")
def affected(this: str | None = None, objects: str | None = None, attached: str | None = None) -> Affected:
    """The card itself, the objects the words name, or the creature the Aura or the
    Equipment is attached to (while it is still the same object)."""
    if this is not None:
        return Affected(lambda game, source, obj: obj is source, this)
    if attached is not None:
        return Affected(lambda game, source, obj: source.attached_to is obj
                        and source.attached_object == obj.object_id, f"{attached}しているクリーチャー")
    which = _objects(objects)
    return Affected(lambda game, source, obj: which.fits(game, source, source.controller, obj, static=True), objects)


BLOCKS.term(Term.choice("whose", {"あなた": "you", "対戦相手": "opponent"}, "あなた or 対戦相手"))


@BLOCKS.phrase("condition", "{whose}のターンの間")
def during_turn(whose: str) -> Callable[[Any, Any], bool]:
    if whose == "you":
        return lambda game, source: game.active_player == source.controller
    return lambda game, source: game.active_player != source.controller


@dataclass(frozen=True)
class Change:
    """A continuous change in a layer (CR 613): ``apply`` maps characteristics."""

    layer: str
    apply: Callable[[Characteristics], Characteristics]


@dataclass(frozen=True)
class Grant:
    """「『…』を持つ」: grants the ability another effect of the same card defines (its label)."""

    label: str


@dataclass(frozen=True)
class Forbid:
    """「…できない」: a rule-modifying effect the game reads at the action (CR 101.2)."""

    action: str


@dataclass(frozen=True)
class Defines:
    """A characteristic-defining ability (CR 604.3, layer 7a)."""

    apply: Callable[[Any, Any, Characteristics], Characteristics]


@BLOCKS.phrase("static", "{mod}の修整を受ける")
def gets(mod: str) -> Change:
    _p, _t, apply = _modify(mod)
    return Change("7c", apply)


def _keyword(word: str) -> Ability:
    base = re.match(r"[^{]+", word)
    base = base.group(0) if base else word
    if base in words.KEYWORDS_WITH_COST:
        if not re.fullmatch(r"(?:\{[^}]+\})+", word[len(base):]):
            raise ValueError(f"{base} takes a cost: {base}{{2}}")
    elif word not in words.KEYWORDS and not is_protection(word):
        raise ValueError(f"unknown keyword {word!r}{closest_words(word, [*words.KEYWORDS, *words.KEYWORDS_WITH_COST, 'プロテクション（黒）'])}")
    return keyword(word)


@BLOCKS.phrase("static", "{word}を持つ")
@BLOCKS.phrase("static", "「{label}」を持つ")
def has(word: str | None = None, label: str | None = None) -> Change | Grant:
    """「…を持つ」: a keyword ability (layer 6), or the ability another effect of the same
    card defines (its label)."""
    if label is not None:
        return Grant(label)
    ability = _keyword(word)
    return Change("6", lambda ch: ch.with_(abilities=(*ch.abilities, ability)))


#: what a rule-modifying effect forbids (CR 101.2: "can't" wins over "can")
FORBIDDEN = {"表向きにできない": TURN_FACE_UP, "打ち消されない": COUNTERED}
BLOCKS.term(Term.choice("forbidden", FORBIDDEN, "what cannot happen to it: " + ", ".join(FORBIDDEN)))


@BLOCKS.phrase("static", "{forbidden}")
def cannot(forbidden: str) -> Forbid:
    """「…できない」「…されない」: the game reads it at the action; 打ち消されない works
    while the spell is on the stack (CR 113.6)."""
    return Forbid(forbidden)


@BLOCKS.phrase("static", "パワーとタフネスは、{objects}の数に等しい")
def pt_count(objects: str) -> Defines:
    which = _objects(objects)

    def apply(game, card, values: Characteristics) -> Characteristics:
        n = len(which.all(game, card, card.controller, static=True))
        return values.with_(power=n, toughness=n)

    return Defines(apply)



# -- basic rules (spec/mtg/basic-rules.rst): mana of one kind -------------------------------

BLOCKS.term(Term("mana", r"(?:\{[WUBRGC]\})+", str, description="mana symbols: {G}, {R}{R}, {C}"))


@effect("{mana}を加える")
def add_mana_of(mana: str) -> Step:
    """「{T}：{G}を加える。」 (a basic land's mana ability, CR 305.6): mana is not tracked,
    the examples say when a cost is paid."""
    return lambda ctx: None


__all__ = ["BLOCKS", "Context", "Objects", "Event", "TargetSpec", "Affected", "Change", "Grant", "Forbid",
           "Defines", "CastFaceDown", "Instead"]

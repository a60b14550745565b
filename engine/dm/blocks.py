"""The building blocks Duel Masters cards are written with (spec/dm/cards/*.rst).

A block is a phrase, in Japanese like the card texts, that stands for one step of an
ability (``自分の山札の上から1枚目を表向きにしてもよい``), a condition on the event that
triggers it (``相手プレイヤーを攻撃していれば``) or what a static ability changes
(``自分のクリーチャーすべてに「スピードアタッカー」を与える``).  Placeholders take closed
sets of words (the terms below), so one block serves every card that says the same thing
about other cards, zones or numbers; no block names a card.

An ability is the sequence of its effect blocks.  The blocks of one ability share a
:class:`Context`: the player whose ability it is, and *what the text calls それ* — the
cards (or shields) the previous block turned face up, chose or moved — which is what
``それがドラゴンなら…`` or ``そのクリーチャーをすべてバトルゾーンに出す`` act on.
A block that lets a player choose yields a :class:`~rulings.core.choices.Choice` and gets the
decision back, as every ability does; a choice of cards *for what they are* among cards
of a non-public zone says so (``by_hidden_characteristic``), and the rules of choices.py
decide whether it may be declined.

Blocks come in *families*: one function per kind of thing a text says, with every
template that says it registered on that function — cards from the top of a deck
(``top_of_deck``), choosing (``choose``: among a pool, among それ, a player, at random),
acting on cards (``act``: a pool, それ, この…, with それが…なら), drawing, shuffling (a
deck or the shields), extra turns, conditions on the triggering event, continuous changes
to one's creatures.  What differs between cards is a typed slot: a player, a count
(``1体``, ``2枚まで``), a pool (owner, 他の, tapped, cost or power with 以下/以上, zone,
kind, civilization, race), a verb (破壊する, 裏向きにする, シールド1つの下に置く …).

``rulings blocks dm`` (or :data:`BLOCKS`.phrases) lists every block; when a card says
something no block says, add a word to a slot (a verb, a pool word) or a template to the
family it belongs to before adding a family.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass, field
from typing import Any

from rulings.core.choices import Choice
from rulings.vocabulary import PhraseBook, Term

from . import words
from .objects import BATTLE, DECK, GRAVEYARD, HAND, MANA, SHIELDS, DmCard, DuelView, Shield

BLOCKS = PhraseBook("dm", "ja", kinds=("effect", "condition", "static"))


@dataclass
class Context:
    """One resolution of an ability: whose it is, and what its text calls それ."""

    duel: DuelView
    card: DmCard
    data: dict
    #: the player whose ability it is (the caster of a spell, else the controller)
    me: int
    #: the cards or shields the previous block acted on (それ / その中 / そのクリーチャー)
    it: list = field(default_factory=list)
    #: the player a block chose (そのプレイヤー)
    player: int | None = None
    #: the block says "…してもよい" and its verb asks a choice of its own: choosing
    #: nothing declines (シールド1つの下に置いてもよい)
    optional: bool = False

    @property
    def reason(self) -> str:
        return f"「{self.card.name}」"


#: one step of an ability: a generator over the context (it may yield choices)
Step = Callable[[Context], Generator]


def _cards(items: Iterable[Any], *, fortress: bool = False) -> list[DmCard]:
    """Cards of ``items``: a shield stands for its shield cards (top first), and also for
    the castle fortifying it when ``fortress``."""
    out: list[DmCard] = []
    for item in items:
        if isinstance(item, Shield):
            out.extend(item.all_cards() if fortress else item.cards)
        else:
            out.append(item)
    return out


def _may(ctx: Context, what: str) -> Generator:
    """A "…してもよい": the player decides whether the text happens (True) or not."""
    use = yield Choice(ctx.me, f"{ctx.reason}: {what}?", [True], text_mandatory=False)
    return bool(use)


# -- terms: the words a placeholder may take --------------------------------------------

def _race(word: str) -> Callable[[DmCard], bool]:
    return lambda c: c.definition.is_creature and c.definition.has_race(word)


def _civ(civ: str, kind: Callable[[DmCard], bool]) -> Callable[[DmCard], bool]:
    return lambda c: civ in c.definition.civilizations and kind(c)


_ANY: Callable[[DmCard], bool] = lambda c: True  # noqa: E731
_CREATURE: Callable[[DmCard], bool] = lambda c: c.definition.is_creature  # noqa: E731
_SPELL: Callable[[DmCard], bool] = lambda c: c.definition.is_spell  # noqa: E731

#: what a card is, as a text asks (ドラゴン, 呪文, 進化ではないクリーチャー …)
FILTERS: dict[str, Callable[[DmCard], bool]] = {
    "カード": _ANY,
    "クリーチャー": _CREATURE,
    "進化クリーチャー": lambda c: c.definition.is_creature and c.definition.evolution,
    "進化ではないクリーチャー": lambda c: c.definition.is_creature and not c.definition.evolution,
    "呪文": _SPELL,
    "城": lambda c: c.definition.kind == "castle",
    **{w: _race(w) for w in words.race_words()},
    **{f"{civ}の{noun}": _civ(civ, pred) for civ in words.CIVILIZATIONS
       for noun, pred in (("カード", _ANY), ("クリーチャー", _CREATURE), ("呪文", _SPELL))},
}

BLOCKS.term(Term.choice("filter", FILTERS, "what a card is: カード, クリーチャー, 呪文, 進化ではないクリーチャー, a race "
                                           "word (ドラゴン, フェニックス …), 火のクリーチャー …"))
BLOCKS.term(Term("n", r"\d+", int, description="a number"))
BLOCKS.term(Term.choice("unit", {"枚": "枚", "体": "体", "つ": "つ", "人": "人"}, "a counter: 枚, 体, つ, 人"))
BLOCKS.term(Term("top", r"1枚目|\d+枚", lambda s: 1 if s == "1枚目" else int(s[:-1]),
                 description="how many cards from the top: 1枚目 (the top card) or N枚"))
BLOCKS.term(Term.choice("player", {"自分": "me", "相手": "opponent", "そのプレイヤー": "chosen"},
                        "自分, 相手, or そのプレイヤー (the player a block chose)"))
BLOCKS.term(Term.choice("it", {w: w for w in ("それ", "それら", "そのカード", "そのクリーチャー", "そのシールド",
                                              "その呪文", "選んだカード", "選んだクリーチャー", "選んだシールド")},
                        "what the previous block acted on (それ)"))
BLOCKS.term(Term.choice("this", {w: w for w in ("このクリーチャー", "このカード", "この呪文")},
                        "the card whose ability it is"))
BLOCKS.term(Term.choice("keyword", {k: k for k in words.KEYWORDS}, "a keyword ability"))
BLOCKS.term(Term.choice("zone", words.ZONES, "a zone"))


@dataclass(frozen=True)
class Count:
    """How many a text chooses: ``1体``, ``2枚まで`` (up to)."""

    n: int
    up_to: bool = False

    @classmethod
    def parse(cls, text: str) -> "Count":
        m = re.fullmatch(r"(\d+)(?:枚|体|つ|人)(まで)?", text)
        return cls(int(m[1]), bool(m[2]))


BLOCKS.term(Term("count", r"\d+(?:枚|体|つ|人)(?:まで)?", Count.parse,
                 description="how many, with its counter: 1体, 2つ, 2枚まで (up to)"))
BLOCKS.term(Term.choice("chooses", {"選ぶ": False, "選んでもよい": True},
                        "選ぶ, or 選んでもよい (the player may choose none)"))
BLOCKS.term(Term.choice("draws", {"引く": True, "引いてもよい": False}, "引く, or 引いてもよい (if the player wants)"))
BLOCKS.term(Term.choice("shuffled", {"山札": DECK, "シールド": SHIELDS}, "what is shuffled: 山札 or シールド"))


def _player(ctx: Context, who: str) -> int:
    if who == "me":
        return ctx.me
    if who == "opponent":
        return 1 - ctx.me
    if ctx.player is None:
        raise ValueError("そのプレイヤー: no block chose a player before")
    return ctx.player


# the pool a text chooses from or acts on: 相手のタップしているクリーチャー, 自分のシールド,
# 自分のマナゾーンのカード, 相手のコスト3以下のクリーチャー …
_POOL = (r"(?:(?P<owner>自分と相手|自分|相手|各プレイヤー)の)?(?P<other>他の)?"
         r"(?P<tapped>タップしている|アンタップしている)?"
         r"(?:(?P<stat>コスト|パワー)(?P<limit>\d+)(?P<cmp>以下|以上)の)?"
         r"(?:(?P<zone>マナゾーン|墓地|手札|シールドゾーン|山札)の)?"
         r"(?P<what>シールド|プレイヤー|" + "|".join(re.escape(w) for w in sorted(FILTERS, key=len, reverse=True)) + ")")
_POOL_PARSE = re.compile(_POOL)
_OWNERS = {"自分": ("me",), "相手": ("opponent",), "自分と相手": ("me", "opponent"),
           "各プレイヤー": ("me", "opponent"), None: ("me", "opponent")}
_ZONE_KINDS = {"マナゾーン": MANA, "墓地": GRAVEYARD, "手札": HAND, "シールドゾーン": SHIELDS, "山札": DECK}


@dataclass(frozen=True)
class Pool:
    """Cards or shields a text names by where they are and what they are."""

    text: str
    owners: tuple[str, ...]
    other: bool
    tapped: bool | None
    limit: tuple[str, str, int] | None
    zone: str | None
    what: str

    @classmethod
    def parse(cls, text: str) -> "Pool":
        m = _POOL_PARSE.fullmatch(text)
        if m is None:
            raise ValueError(f"not a set of cards: {text!r}")
        limit = (m["stat"], m["cmp"], int(m["limit"])) if m["stat"] else None
        tapped = None if not m["tapped"] else m["tapped"] == "タップしている"
        return cls(text, _OWNERS[m["owner"]], bool(m["other"]), tapped, limit,
                   _ZONE_KINDS.get(m["zone"]), m["what"])

    @property
    def shields(self) -> bool:
        return self.what == "シールド"

    @property
    def players(self) -> bool:
        return self.what == "プレイヤー"

    def fits(self, ctx: Context, card: DmCard) -> bool:
        if self.other and card is ctx.card:
            return False
        if self.tapped is not None and card.tapped != self.tapped:
            return False
        if self.limit is not None:
            stat, cmp, n = self.limit
            value = card.definition.cost if stat == "コスト" else card.definition.power
            if value is None or (value > n if cmp == "以下" else value < n):
                return False
        return FILTERS[self.what](card)

    def items(self, ctx: Context) -> list:
        players = [_player(ctx, o) for o in self.owners]
        if self.shields:
            return [s for p in players for s in ctx.duel.zones.shields[p]]
        if self.zone is None:
            return [c for p in players for c in ctx.duel.zones.creatures(p) if self.fits(ctx, c)]
        return [c for p in players for c in ctx.duel.zones.zone(p, self.zone).cards if self.fits(ctx, c)]

    def by_hidden_characteristic(self) -> bool:
        """Cards picked for what they are, among cards of a non-public zone."""
        return self.zone in (HAND, SHIELDS, DECK) and self.what != "カード"


BLOCKS.term(Term("pool", re.sub(r"\(\?P<\w+>", "(?:", _POOL),
                 Pool.parse, description="cards or shields by owner, state and kind: 相手のクリーチャー, "
                                         "自分の他のクリーチャー, 相手のタップしているクリーチャー, 自分のシールド, "
                                         "自分のマナゾーンのカード, 相手のコスト3以下のクリーチャー …"))


# -- verbs: what a text does to cards ---------------------------------------------------

Verb = Callable[[Context, list], Generator]


def _move_to(kind: str) -> Verb:
    def act(ctx: Context, items: list) -> Generator:
        moved = []
        for c in _cards(items):
            ctx.duel.moves.move(c, kind, reason=ctx.reason)
            moved.append(c)
        ctx.it = moved
        yield from ()

    return act


def _destroy(ctx: Context, items: list) -> Generator:
    done = []
    for c in _cards(items):
        if c.zone.kind == BATTLE and ctx.duel.zones.is_top_creature(c):
            ctx.duel.combat.destroy(c)
            done.append(c)
    ctx.it = done
    yield from ()


def _to_bottom(ctx: Context, items: list) -> Generator:
    # 好きな順序で: the engine keeps the order the cards are in
    for c in _cards(items):
        ctx.duel.moves.to_deck_bottom(c, reason=ctx.reason)
    yield from ()


def _to_top(ctx: Context, items: list) -> Generator:
    # one by one, so the last one ends on top (好きな順序で: the order the cards are in)
    for c in _cards(items):
        ctx.duel.moves.to_deck_top(c, reason=ctx.reason)
    yield from ()


def _into_battle(ctx: Context, items: list) -> Generator:
    done = [c for c in _cards(items) if c.definition.is_creature]
    for c in done:
        ctx.duel.playing.put_into_battle(c, ctx.me, reason=ctx.reason)
    ctx.it = done
    yield from ()


def _tap(tapped: bool) -> Verb:
    def act(ctx: Context, items: list) -> Generator:
        for c in _cards(items):
            if c.zone.kind in (BATTLE, MANA):
                c.tapped = tapped
        yield from ()

    return act


def _reveal(ctx: Context, items: list) -> Generator:
    ctx.it = ctx.duel.visibility.reveal(_cards(items), ctx.reason)
    yield from ()


def _look(ctx: Context, items: list) -> Generator:
    ctx.it = ctx.duel.visibility.look(ctx.me, _cards(items, fortress=True))
    yield from ()


def _keep_face_up(ctx: Context, items: list) -> Generator:
    ctx.duel.visibility.keep_face_up(_cards(items), f"{ctx.reason} (表向きのままプレイする)")
    yield from ()


def _shield(face_up: bool) -> Verb:
    def act(ctx: Context, items: list) -> Generator:
        for c in _cards(items):
            ctx.duel.shield_rules.add_shield(c.owner, [c], face_up=face_up, reason=ctx.reason)
        yield from ()

    return act


def _turn_face_down(ctx: Context, items: list) -> Generator:
    ctx.duel.visibility.turn_face_down(_cards(items), reason=ctx.reason)
    yield from ()


def _under_a_shield(ctx: Context, items: list) -> Generator:
    """シールド・プラス: face down under one of one's shields (still one shield)."""
    cards = _cards(items)
    if not cards:
        return
    picked = yield Choice(ctx.me, f"a shield to put the card(s) under ({ctx.reason})",
                          list(ctx.duel.zones.shields[ctx.me]), text_mandatory=not ctx.optional)
    for shield in picked:
        for c in cards:
            ctx.duel.shield_rules.put_under_shield(shield, c, f"{ctx.reason}: under a shield")
    ctx.it = cards if picked else []


_under_a_shield.asks = True  # its choice of a shield is the "…てもよい"


def _into_one_shield(ctx: Context, items: list) -> Generator:
    """Every card, face up, as one new shield of its owner; the player chooses which
    card is on top (the order under it is the order the cards are in)."""
    cards = _cards(items)
    if not cards:
        return
    picked = yield Choice(ctx.me, f"which card goes on top of the new shield ({ctx.reason})", cards)
    top = picked[0]
    ctx.duel.shield_rules.add_shield(top.owner, [top] + [c for c in cards if c is not top], face_up=True,
                                     reason=ctx.reason)
    ctx.it = cards


def _break(ctx: Context, items: list) -> Generator:
    shields = [s for s in items if isinstance(s, Shield)]
    for shield in shields:
        if shield in ctx.duel.zones.shields[shield.owner]:
            ctx.duel.shield_rules.break_shield(shield)
    ctx.it = shields
    yield from ()


def _cast_free(ctx: Context, items: list) -> Generator:
    for c in _cards(items):
        if c.definition.is_spell:
            yield from ctx.duel.playing.cast_ability(ctx.me, c)


#: (final form, continuative form, te-form) -> what it does
_VERBS: list[tuple[tuple[str, ...], Verb]] = [
    (("破壊する", "破壊し", "破壊して"), _destroy),
    (("手札に戻す", "手札に戻し", "手札に戻して"), _move_to(HAND)),
    (("手札に加える", "手札に加え", "手札に加えて"), _move_to(HAND)),
    (("マナゾーンに置く", "マナゾーンに置き", "マナゾーンに置いて"), _move_to(MANA)),
    (("墓地に置く", "墓地に置き", "墓地に置いて"), _move_to(GRAVEYARD)),
    (("捨てる", "捨て", "捨てて"), _move_to(GRAVEYARD)),
    (("山札の一番下に置く", "山札の一番下に置き", "山札の一番下に置いて"), _to_bottom),
    (("山札の上に置く", "山札の上に置き", "山札の上に置いて"), _to_top),
    (("好きな順序で山札の一番下に置く", "好きな順序で山札の一番下に置き", "好きな順序で山札の一番下に置いて"), _to_bottom),
    (("バトルゾーンに出す", "バトルゾーンに出し", "バトルゾーンに出して"), _into_battle),
    (("タップする", "タップし", "タップして"), _tap(True)),
    (("アンタップする", "アンタップし", "アンタップして"), _tap(False)),
    (("表向きにする", "表向きにし", "表向きにして"), _reveal),
    (("すべてのプレイヤーに見せる", "すべてのプレイヤーに見せ", "すべてのプレイヤーに見せて"), _reveal),
    (("見る", "見", "見て"), _look),
    (("表向きのままプレイする", "表向きのままプレイし", "表向きのままプレイして"), _keep_face_up),
    (("シールド化する", "シールド化し", "シールド化して"), _shield(False)),
    (("表向きにしてシールド化する", "表向きにしてシールド化し", "表向きにしてシールド化して"), _shield(True)),
    (("表向きのままシールド化する", "表向きのままシールド化し", "表向きのままシールド化して"), _shield(True)),
    (("ブレイクする", "ブレイクし", "ブレイクして"), _break),
    (("裏向きにする", "裏向きにし", "裏向きにして"), _turn_face_down),
    (("自分のシールド1つの下に裏向きで置く", "自分のシールド1つの下に裏向きで置き", "自分のシールド1つの下に裏向きで置いて"),
     _under_a_shield),
    (("好きな順序で重ね、表向きのまま1つのシールドにする", "好きな順序で重ね、表向きのまま1つのシールドにし",
      "好きな順序で重ね、表向きのまま1つのシールドにして"), _into_one_shield),
    (("コストを支払わずに唱える", "コストを支払わずに唱え", "コストを支払わずに唱えて"), _cast_free),
]
BLOCKS.term(Term.choice("do", {forms[0]: act for forms, act in _VERBS},
                        "what is done to the cards (final form): 破壊する, 手札に戻す, 墓地に置く, バトルゾーンに出す, "
                        "表向きにする, シールド化する …"))
BLOCKS.term(Term.choice("doing", {forms[1]: act for forms, act in _VERBS},
                        "the same, continuative form (…し、…): 破壊し, バトルゾーンに出し …"))
BLOCKS.term(Term.choice("doing_te", {forms[2]: act for forms, act in _VERBS},
                        "the same, te-form (…してもよい): 表向きにして, 手札に戻して …"))
BLOCKS.term(Term.choice("stays", {"表向きのままプレイする": _keep_face_up},
                        "how the cards are played from now on: 表向きのままプレイする"))


# -- effect blocks ------------------------------------------------------------------------
#
# Each function below is one *family*: every template registered on it says the same kind
# of thing, and its slots say what differs (which cards, how many, what is done to them,
# whether the player may decline).  A card text picks the template that reads like it.

def _top(ctx: Context, who: str, n: int) -> list[DmCard]:
    return list(ctx.duel.zones.zone(_player(ctx, who), DECK).cards[:n])


@BLOCKS.phrase("effect", "{player}の山札の上から{top}を{do}")
@BLOCKS.phrase("effect", "{player}の山札の上から{top}を{doing_te}もよい")
@BLOCKS.phrase("effect", "{player}の山札の上から、{filter}が{count}出るまでカードを表向きにする")
def top_of_deck(player: str, top: int | None = None, do: Verb | None = None, doing_te: Verb | None = None,
                filter: Callable | None = None, count: "Count | None" = None) -> Step:
    """Cards from the top of a deck: the top ``top`` cards, something done to them (それ
    is what was done to); with …てもよい, only if the player wants (a verb that itself
    asks which shield or card — シールド1つの下に置く — is declined by choosing none).
    With ``…が{count}出るまで``: cards are turned face up one by one from the top until
    ``count`` fitting ones are face up (or a card cannot be turned face up); それ is the
    fitting ones."""

    def until(ctx: Context) -> Generator:
        found: list[DmCard] = []
        for c in list(ctx.duel.zones.zone(_player(ctx, player), DECK).cards):
            if len(found) == count.n:
                break
            if not ctx.duel.visibility.reveal([c], ctx.reason):
                break
            if filter(c):
                found.append(c)
        ctx.it = found
        yield from ()

    def step(ctx: Context) -> Generator:
        verb = do or doing_te
        ctx.it = []
        cards = _top(ctx, player, top)
        if not cards:
            return
        if doing_te is not None:
            if getattr(verb, "asks", False):
                ctx.optional = True
            elif not (yield from _may(ctx, f"the top {top} card(s) of the deck")):
                return
        ctx.it = cards
        try:
            yield from verb(ctx, cards)
        finally:
            ctx.optional = False

    return until if count is not None else step


@BLOCKS.phrase("effect", "{player}の{shuffled}をシャッフルする")
def shuffle(player: str, shuffled: str) -> Step:
    """Shuffle a deck (every card in it goes face down, and nobody knows where any is) or
    the shields (each shield keeps its number of cards, and where it lies; nobody knows
    which cards are in which)."""

    def step(ctx: Context) -> Generator:
        who = _player(ctx, player)
        if shuffled == DECK:
            ctx.duel.moves.shuffle(who)
        else:
            ctx.duel.shield_rules.shuffle_shields(who, reason=ctx.reason)
        yield from ()

    return step


@BLOCKS.phrase("effect", "カードを{n}枚{draws}")
def draw(n: int, draws: bool) -> Step:
    """The player whose ability it is draws ``n`` cards (引いてもよい: if they want)."""

    def step(ctx: Context) -> Generator:
        ctx.it = []
        if draws or (yield from _may(ctx, f"draw {n} card(s)")):
            ctx.it = [c for c in (ctx.duel.moves.draw(ctx.me) for _ in range(n)) if c is not None]

    return step


# -- choosing ---------------------------------------------------------------------------------

def _choose(ctx: Context, options: list, text: str, count: Count, *, optional: bool, hidden: bool) -> Generator:
    picked = yield Choice(ctx.me, f"{ctx.reason}: {text}を{count.n}{'まで' if count.up_to else ''}選ぶ", options,
                          minimum=0 if count.up_to else count.n, maximum=count.n,
                          text_mandatory=not (count.up_to or optional), by_hidden_characteristic=hidden,
                          verifiable=[c for c in options if hidden and c.face_up])
    return list(picked)


@BLOCKS.phrase("effect", "{pool}を{count}{chooses}")
@BLOCKS.phrase("effect", "{pool}を{count}選び、{do}")
@BLOCKS.phrase("effect", "その中から{filter}を{count}{chooses}")
@BLOCKS.phrase("effect", "その中から{filter}を{count}選び、{do}")
@BLOCKS.phrase("effect", "{player}の手札を{count}見ないで選び、{do}")
def choose(count: Count, pool: Pool | None = None, filter: Callable | None = None, player: str | None = None,
           chooses: bool = False, do: Verb | None = None) -> Step:
    """Choose ``count`` (…まで: up to; 選んでもよい: if the player wants) among a pool
    (相手のクリーチャー, 自分のシールド, プレイヤー …), among what the previous block acted
    on (その中から, for what they are), or at random from a hand (見ないで: nobody
    chooses); それ is the choice (a chosen player is そのプレイヤー), and ``do`` is done
    to it.  Among cards of a non-public zone picked for what they are, the choice may
    be declined unless a fitting card is face up (choices.py)."""

    def step(ctx: Context) -> Generator:
        if player is not None:
            hand = list(ctx.duel.zones.zone(_player(ctx, player), HAND).cards)
            ctx.it = ctx.duel.rng.sample(hand, min(count.n, len(hand)))
        elif pool is not None and pool.players:
            picked = yield from _choose(ctx, [0, 1], pool.text, count, optional=chooses, hidden=False)
            ctx.player = picked[0] if picked else None
            ctx.it = []
        elif pool is not None:
            ctx.it = yield from _choose(ctx, pool.items(ctx), pool.text, count, optional=chooses,
                                        hidden=pool.by_hidden_characteristic())
        else:
            fitting = [c for c in _cards(ctx.it) if filter(c)]
            hidden = filter is not _ANY and any(not c.zone.public for c in fitting)
            ctx.it = yield from _choose(ctx, fitting, "その中から", count, optional=chooses, hidden=hidden)
        if do is not None:
            yield from do(ctx, ctx.it)

    return step


# -- acting on cards named by where they are, by それ, or by この… ------------------------------

@BLOCKS.phrase("effect", "{pool}をすべて{do}")
@BLOCKS.phrase("effect", "{it}を{do}")
@BLOCKS.phrase("effect", "{it}をすべて{do}")
@BLOCKS.phrase("effect", "{this}を{do}")
@BLOCKS.phrase("effect", "{it}は{stays}")
@BLOCKS.phrase("effect", "それが{filter}なら{do}")
@BLOCKS.phrase("effect", "それが{filter}なら{doing}、それ以外なら{do}")
def act(pool: Pool | None = None, it: str | None = None, this: str | None = None, filter: Callable | None = None,
        doing: Verb | None = None, do: Verb | None = None, stays: Verb | None = None) -> Step:
    """Do something to cards: every card (or shield) of a pool (自分の他のクリーチャーを
    すべて…), what the previous block acted on (それ, そのシールド …), or the card whose
    ability it is (このクリーチャー).  With それが{filter}なら, only the fitting ones are
    done to (the others stay where they are), or, with それ以外なら, each goes one way
    if it fits and the other if not."""

    def step(ctx: Context) -> Generator:
        if pool is not None:
            ctx.it = pool.items(ctx)
        cards = [ctx.card] if this is not None else list(ctx.it)
        if filter is None:
            yield from (do or stays)(ctx, cards)
        elif doing is None:
            fitting = [c for c in cards if filter(c)]
            yield from do(ctx, fitting)
            ctx.it = fitting
        else:
            for c in cards:
                yield from (doing if filter(c) else do)(ctx, [c])
            ctx.it = cards

    return step


# -- turns --------------------------------------------------------------------------------------

@BLOCKS.phrase("effect", "その中の{filter}1{unit}につき、このターンの後に自分のターンを追加する")
@BLOCKS.phrase("effect", "このターンの後に自分のターンを{n}回追加する")
def extra_turns(n: int | None = None, filter: Callable | None = None, unit: str | None = None) -> Step:
    """Extra turns after this one: ``n``, or one per fitting card the previous block
    acted on."""

    def step(ctx: Context) -> Generator:
        count = n if filter is None else sum(1 for c in _cards(ctx.it) if filter(c))
        ctx.duel.turns.extra_turns[:0] = [ctx.me] * count
        if count:
            ctx.duel.log.record("extra-turn", player=ctx.me, n=count)
        yield from ()

    return step


# -- conditions: on the event that triggers the ability ------------------------------------

BLOCKS.term(Term.choice("attacked", {"相手プレイヤー": "player", "クリーチャー": "creature"},
                        "what an attack is against: 相手プレイヤー or クリーチャー"))
BLOCKS.term(Term.choice("entered_by", {"召喚": True}, "how a creature entered: 召喚"))


@BLOCKS.phrase("condition", "{attacked}を攻撃していれば")
@BLOCKS.phrase("condition", "{entered_by}によって出ていれば")
def event_was(attacked: str | None = None, entered_by: bool | None = None) -> Callable[[dict], bool]:
    """What the triggering event was: an attack against the opponent or a creature, or a
    creature entering by being summoned (not put into the battle zone by an effect)."""
    if attacked is not None:
        return lambda data: data.get("target") == attacked
    return lambda data: bool(data.get("summoned"))


# -- statics: what a static ability changes ----------------------------------------------------

@BLOCKS.phrase("static", "自分のクリーチャーすべてに「{keyword}」を与える")
@BLOCKS.phrase("static", "自分のクリーチャーはすべて「{keyword}」を得る")
@BLOCKS.phrase("static", "自分のクリーチャーがブレイクするシールドの数を{n}倍にする")
def own_creatures(keyword: str | None = None, n: int | None = None) -> dict:
    """A continuous change to every creature of the controller (as Forge's ``Mode$
    Continuous | Affected$ Creature.YouCtrl`` with what it adds): a keyword they have,
    or how many shields they break (``n`` times as many)."""
    return {"grants": (keyword,)} if keyword is not None else {"break_multiplier": n}


@BLOCKS.phrase("static", "各プレイヤーは山札の一番上のカードを表向きにしてプレイする")
def top_of_deck_face_up() -> dict:
    """The top card of each deck is face up while it is the top."""
    return {"top_of_deck_face_up": True}


@BLOCKS.phrase("static", "誰も{zone}のカードを見ることができない")
def forbid_looking(zone: str) -> dict:
    """Nobody may look at the cards of that zone (turning them face up or showing them
    is looking at them too)."""
    return {"forbids_looking_at": (zone,)}

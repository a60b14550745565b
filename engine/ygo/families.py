"""Families of action and static blocks with typed slots (spec/ygo/cards/*.rst).

Where engine/ygo/blocks.py has grown one block per sentence of a card, the families here
are shaped like the rules: one block says one thing an effect does, with slots for what
varies from card to card (where cards are picked from, how many, which — a description
read by :func:`~rulings.ygo.blocks.describe` —, and where they go), and an effect's
``:action:`` is one or more of them in order (:func:`sequence`):

- parts split by ``；`` are independent: each is done in turn;
- a sentence no one block says is cut into actions at ``，`` / ``。`` / ``那之后``
  (『A，那之后，B』, 『A。那之后，B』, 『A，B』): B is done only if A — the action written
  right before it — did something (:func:`split_actions`).

No block names a card: a card's name only ever comes in through a placeholder.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from rulings.core import SetupError
from rulings.core.choices import FIRST_FITTING
from rulings.vocabulary import Term

from . import primitives as p
from .blocks import BLOCKS, STATS, StaticPart, _summon, _why, describe, give, moving, subject
from .memory import RULES, Info, erased_until_turn_end
from .objects import Zone

# == actions in sequence =======================================================================

#: the marks between two actions of one sentence: B is done only if A did something
THEN_WORDS = ("那之后", "，")


class Then:
    """The block between two actions of one sentence (『A，那之后，B』, 『A，B』)."""

    def __repr__(self) -> str:
        return "那之后"


THEN = Then()


@BLOCKS.phrase("action", "那之后")
@BLOCKS.phrase("action", "，")
def then():
    """A，那之后，B / A，B (one sentence): B is done only if A, the action right before, did
    something."""
    return THEN


_PARTS = re.compile(r"[；;\n]+")
_CUT = re.compile(r"[，,。]?那之后[，,]?|[，,。]")


def _is_block(text: str) -> bool:
    """Whether one action block says ``text`` (it matches a phrase, and the phrase can be
    built with what it says)."""
    found = BLOCKS.match("action", text)
    if found is None:
        return False
    phrase, args = found
    try:
        phrase.action(**args)
    except (TypeError, ValueError):
        return False
    return True


def _cut(piece: str) -> list[str]:
    """One sentence, as whole blocks joined by THEN_WORDS: the sentence itself if a block
    says it, else the last cut (at ，、。 or 那之后: the longest block first) whose left side
    is a block and whose right side can be cut too; none: the sentence (reported as no
    block)."""
    if _is_block(piece):
        return [piece]
    for m in reversed(list(_CUT.finditer(piece))):
        left, right = piece[:m.start()].strip(), piece[m.end():].strip()
        if left and right and _is_block(left):
            rest = _cut(right)
            if all(r in THEN_WORDS or _is_block(r) for r in rest):
                return [left, "那之后" if "那之后" in m.group() else "，", *rest]
    return [piece]


def split_actions(text: str) -> list[str]:
    """The blocks of an ``:action:`` field: split by ；and new lines (independent parts),
    and each sentence into its actions (:func:`_cut`)."""
    return [block for piece in _PARTS.split(text) if piece.strip() for block in _cut(piece.strip())]


#: trace entries that say nothing was done
_NOT_DONE = frozenset({"fizzle", "choice", "survive", "refused", "no-zone", "resolve", "look", "trigger"})


def _did(duel, before: int, answer) -> bool:
    """Whether a step did something: what it answered (True/False), else whether it left
    anything but 'nothing happened' in the trace."""
    if answer is not None:
        return bool(answer)
    return any(e.kind not in _NOT_DONE for e in duel.log.events[before:])


def sequence(actions: list):
    """One resolution doing ``actions`` in order (:data:`THEN` between two of them: the
    second only if the first did something)."""
    if actions and (actions[0] is THEN or actions[-1] is THEN
                    or any(a is THEN and b is THEN for a, b in zip(actions, actions[1:]))):
        raise ValueError("那之后 comes between two actions")
    if len(actions) == 1:
        return actions[0]
    steps = [(a, i + 1 < len(actions) and actions[i + 1] is THEN) for i, a in enumerate(actions) if a is not THEN]

    def resolve(duel, link) -> None:
        for step, then_follows in steps:
            before = len(duel.log.events)
            answer = step(duel, link)
            if then_follows and not _did(duel, before, answer):
                duel.log.record("fizzle.then", card=link.card, label=link.effect.label)
                return

    resolve.needs_monster_zone = any(getattr(s, "needs_monster_zone", False) for s, _ in steps)
    # what must be there to activate it at all: what the first actions pick (not what is
    # done only if they did something)
    first = steps[:next((i + 1 for i, (_s, then_follows) in enumerate(steps) if then_follows), len(steps))]
    needs = [n for s, _ in first if (n := getattr(s, "needs", None)) is not None]
    if needs:
        resolve.needs = lambda duel, card, player: all(n(duel, card, player) for n in needs)
    return resolve


_WHILE = re.compile(r"(只要这张卡在[^，,；;]*表侧表示存在)[，,](.+)")


def split_statics(text: str) -> list[str]:
    """The blocks of a ``:static:`` field: split by ；and new lines, and 『只要这张卡在…表侧表示
    存在，X』 into that and X."""
    out: list[str] = []
    for piece in filter(None, (t.strip() for t in _PARTS.split(text))):
        m = _WHILE.fullmatch(piece)
        out += [m.group(1), m.group(2).strip()] if m else [piece]
    return out


# == picking cards as the effect resolves, and moving them ====================================

#: where an effect picks cards as it resolves: (zones in the order looked at, whose —
#: of the effect's controller — or None for both players' field)
PICK_FROM: dict[str, tuple[tuple[str, ...], str | None]] = {
    "卡组": ((Zone.DECK,), "own"), "自己卡组": ((Zone.DECK,), "own"), "手卡": ((Zone.HAND,), "own"),
    "自己墓地": ((Zone.GRAVEYARD,), "own"), "额外卡组": ((Zone.EXTRA,), "own"),
    "手卡·卡组": ((Zone.HAND, Zone.DECK), "own"), "自己的手卡·场上": (("field", Zone.HAND), "own"),
    "场上": (("field",), None), "自己场上": (("field",), "own"), "对方场上": (("field",), "opponent"),
    "自己除外状态": ((Zone.BANISHED,), "own"),
}
BLOCKS.term(Term.choice("pick_from", PICK_FROM, "卡组、手卡、自己墓地、手卡·卡组、自己的手卡·场上、场上、自己场上、对方场上 …"))
BLOCKS.term(Term.choice("pick_unit", {"只": True, "张": False}, "只 (monsters) or 张 (cards)"))
BLOCKS.term(Term("pick_desc", r"[^；;，。]*?", description="a description of cards (see blocks.describe)"))
BLOCKS.term(Term.choice("besides", {"": False, "这张卡以外的": True}, "这张卡以外的 (or nothing)"))

#: what is done with the picked cards: (what, battle position for a summon)
PICK_TO: dict[str, tuple[str, str | None]] = {
    "加入手卡": (Zone.HAND, None), "送去墓地": (Zone.GRAVEYARD, None), "破坏": ("destroy", None), "除外": ("banish", None),
    "特殊召唤": ("summon", None), "无视召唤条件特殊召唤": ("summon-ignoring", None),
    "守备表示特殊召唤": ("summon", "defense"), "攻击表示特殊召唤": ("summon", "attack"),
    "在自己的灵摆区域放置": (Zone.PENDULUM, None), "里侧表示除外": ("banish face-down", None),
    # 『把1只同调怪兽同调召唤』: a conditional summon the player makes once the link is done
    "同调召唤": ("synchro-after", None),
    # 『把1只连接怪兽连接召唤』: the same for a link summon (来自星遗物中的觉醒)
    "连接召唤": ("link-after", None),
    # 『给对方观看』: shown to the opponent, staying where it is (what 『那个卡名』 then names)
    "给对方观看": ("reveal", None),
    # 『里侧守备表示特殊召唤』: special summoned face-down in defense position
    "里侧守备表示特殊召唤": ("summon-face-down", "defense"),
    # 『把这个效果特殊召唤的怪兽全部解放…仪式召唤』: a ritual summon tributing exactly what this
    # effect special summoned (their levels must add up to its level)
    "仪式召唤（把这个效果特殊召唤的怪兽全部解放）": ("ritual-tributing-summoned", None),
    # 『直到那个效果处理后除外』: banished until the chain link being resolved is done (一时除外;
    # it comes back before a summon that link lets its player make then: chain.py)
    "直到那个效果处理后除外": ("banish-until-resolved", None),
}
BLOCKS.term(Term.choice("pick_to", PICK_TO, "加入手卡、送去墓地、破坏、除外、里侧表示除外、特殊召唤、守备表示特殊召唤、攻击表示特殊召唤、"
                                          "在自己的灵摆区域放置"))

#: a description that says nothing a face-down card would hide
_PLAIN = re.compile(r"(这张卡以外的)?(卡|怪兽)?")

#: the trace words of the moves, by what is done (the rules read them: 『包含…的效果』)
_MOVE_TAGS = {Zone.HAND: "to-hand", Zone.GRAVEYARD: "to-graveyard", "summon": "summon", "summon-ignoring": "summon",
              "destroy": None,
              "banish": "to-banished", "banish face-down": "to-banished", Zone.PENDULUM: "to-pendulum-zone",
              "synchro-after": None, "link-after": None, "reveal": None, "banish-until-resolved": "to-banished",
              "summon-face-down": "summon", "ritual-tributing-summoned": "summon"}


def _move(duel, link, card, to: str, position: str | None) -> bool:
    """Do ``to`` to one picked card; whether it was done."""
    why = _why(link)
    if to == "destroy":
        return bool(duel.move_rules.destroy(card, reason=why, by_effect=link.card, by_player=link.player))
    if to in ("synchro-after", "link-after"):
        return _summon_after(duel, link, card, to.removesuffix("-after"))
    if to == "banish-until-resolved":
        if not (duel.on_field(card) and card.face_up):
            return False
        duel.banish_rules.banish_temporarily(card, returns="link-resolved", reason=why)
        return card.zone.kind == Zone.BANISHED
    if to == "reveal":
        duel.log.record("reveal", card=card, player=link.player)
        link.revealed = [*getattr(link, "revealed", ()), card]
        return True
    if to in ("summon", "summon-ignoring", "summon-face-down"):
        before = card.zone
        _summon(lambda d, lk: [card], position=position, determined=False,
                face_up=to != "summon-face-down")(duel, link)
        return card.zone is not before
    if to == "ritual-tributing-summoned":
        return _ritual_tributing_summoned(duel, link, card)
    before = card.zone
    if to == Zone.HAND:
        if duel.on_field(card):
            duel.move_rules.return_to_hand(card, reason=why)
        else:
            duel.move_rules.add_to_hand(card, reason=why)
    elif to == Zone.GRAVEYARD:
        duel.move_rules.send_to_graveyard(card, reason=why)
    elif to == "banish":
        duel.move_rules.banish(card, reason=why)
    elif to == "banish face-down":
        duel.move_rules.banish(card, reason=why, face_up=False)
    else:
        duel.summon_rules.place(card, to, link.player)
    return card.zone is not before


def _ritual_tributing_summoned(duel, link, card) -> bool:
    """Ritual summon ``card`` tributing all the monsters this effect special summoned that are
    still on the field: only when their levels add up to its level (a ritual summon needs
    that), else nothing is done."""
    tributes = [c for c, obj in (getattr(link, "summoned", None) or ()) if c.object_id == obj and duel.on_field(c)]
    level = card.definition.level or 0
    total = sum(c.definition.level or 0 for c in tributes)
    if "ritual" not in card.definition.types or not tributes or total != level:
        duel.log.record("ritual.levels-short", card=card, total=total, level=level)
        return False
    duel.summon_rules.summon(card, "ritual", link.player, tributes=tributes, by=link.card.name)
    return True


def synchro_materials(duel, player: int, card) -> list | None:
    """The first fitting synchro materials for ``card`` among ``player``'s face-up monsters:
    1 tuner and monsters other than tuners, their levels adding up to its level."""
    mine = [c for c in duel.monsters(player) if c.face_up and c.definition.is_monster and c.definition.level]
    tuners = [c for c in mine if "tuner" in c.definition.types or duel.value_rules.applies(c, "tuner")]
    others = [c for c in mine if c not in tuners]
    for tuner in tuners:
        for k in range(1, len(others) + 1):
            for rest in itertools.combinations(others, k):
                if tuner.definition.level + sum(c.definition.level for c in rest) == card.definition.level:
                    return [tuner, *rest]
    return None


def _summon_after(duel, link, card, method: str) -> bool:
    """『把1只同调怪兽同调召唤』『把1只连接怪兽连接召唤』: not a summon by the effect — the effect
    lets its player summon by that method once the chain link is done, a summon by the
    rules with the monster's own material rules (条件特殊召唤, fid=24054, 24086, 23101).  The
    materials are those on the field when the summon is made, after what the end of the
    link brings back (a monster banished until that effect was done: fid=24346)."""
    if method not in card.definition.types or card.zone.kind != Zone.EXTRA:
        return False
    player, kind = link.player, card.zone.kind

    def summon() -> None:
        if card.zone.kind != kind:
            return
        materials = (synchro_materials if method == "synchro" else link_materials)(duel, player, card)
        if materials is None:
            duel.log.record("resolve.no-materials", card=card, method=method)
            return
        duel.summon_rules.summon(card, method, player, materials=materials)

    duel.chain_rules.after_link.append(summon)
    return True


def _link_count(card, rating_of_link: bool) -> int:
    """What a material counts for a link summon: 1, or a link monster's link rating."""
    return card.definition.link if rating_of_link and "link" in card.definition.types else 1


def link_materials(duel, player: int, card) -> list | None:
    """The first fitting link materials for ``card``: ``player``'s face-up monsters that its
    material text accepts, counting 1 each (a link monster may count as its link rating)
    up to its link rating — its own monsters first; with a rule of the card 『对方场上1只
    表侧表示怪兽也能作为连接素材』 one face-up monster of the opponent too.  An effect that
    lets a player link summon (『把连接怪兽连接召唤』, not 『只用…』) leaves these rules of
    the monster as they are (fid=23101; memory.RULES)."""
    def fits(c) -> bool:
        return c.face_up and c.definition.is_monster and duel.value_rules.why_not_link_material(c, card) is None

    own = [c for c in duel.monsters(player) if fits(c)]
    theirs = [c for c in duel.monsters(1 - player) if fits(c)] \
        if any(st.kind == "link-material-from-opponent" for st in card.definition.statics) \
        and RULES["summon-after-effect-keeps-material-rules"] else []
    rating = card.definition.link
    for extra in ([()] + [(c,) for c in theirs]):
        pool = own + list(extra)
        for k in range(1, len(pool) + 1):
            for group in itertools.combinations(pool, k):
                if not all(c in group for c in extra):
                    continue
                counts = [(1, _link_count(c, True)) for c in group]
                if any(sum(pick) == rating for pick in itertools.product(*counts)):
                    return list(group)
    return None


class LevelSum:
    """『卡名不同、等级合计和给对方观看的怪兽相同的任意数量』: as many as the player likes, no
    two of one name, whose levels add up to the level of the monster this effect revealed."""

    def __repr__(self) -> str:
        return "等级合计和给对方观看的怪兽相同的任意数量"

    @staticmethod
    def pick(duel, link, fitting: list) -> list:
        revealed = list(getattr(link, "revealed", ()))
        if not revealed:
            return []
        level = revealed[0].definition.level or 0
        for k in range(1, len(fitting) + 1):
            for group in itertools.combinations(fitting, k):
                names = [c.name for c in group]
                if len(set(names)) == len(names) and sum(c.definition.level or 0 for c in group) == level:
                    return list(group)
        return []


LEVEL_SUM = LevelSum()
PICK_COUNTS = {"卡名不同、等级合计和给对方观看的怪兽相同的任意数量": LEVEL_SUM}
BLOCKS.term(Term("pick_n", r"\d+|" + "|".join(map(re.escape, PICK_COUNTS)), lambda t: PICK_COUNTS.get(t) or int(t),
                 description="a number, or 卡名不同、等级合计和给对方观看的怪兽相同的任意数量"))


def _summons_all_or_none(duel, link, picked: list) -> bool:
    """A card whose effect summons all the monsters it picked or none (a named card ruling:
    memory.ZONE_EXCEPTIONS): with fewer free monster zones than those monsters, the effect
    applies not at all — True when so (nothing is summoned)."""
    if "nothing-unless-all-fit" not in link.card.definition.rulings:
        return False
    zone = duel.board.zone(link.player, Zone.MONSTER)
    free = (zone.capacity or 5) - len(zone)
    if len(picked) <= free:
        return False
    duel.log.record("no-summon.whole-effect", card=link.card, n=len(picked), free=free)
    return True


def pick_and_move(origin, n: int, monsters: bool, desc: str, to, others: bool = False, top: bool = False):
    """Pick ``n`` cards that fit the description from where ``origin`` says, as the effect
    resolves (not targeted: by default the first fitting, in the order of the zones), and
    do ``to`` to them.  On the field a description that names anything (a card name, an
    attribute …) can only be told of a face-up card.  A spell or trap card that must leave
    the field after its chain cannot pick itself, and cannot be activated with nothing else
    to pick (activation.py reads ``needs``)."""
    zones, whose = origin
    what, position = to
    test = describe(desc)
    face_up_only = not _PLAIN.fullmatch(desc.strip())

    def candidates(duel, card, player) -> list:
        found = []
        for zone in zones:
            if zone == "field":
                cards = [c for c in duel.field_cards() if not duel.activation_rules.in_limbo(c) and (
                    whose is None or (c.controller == player) == (whose == "own"))
                         and (c.face_up or not face_up_only)]
            else:
                cards = list(duel.board.zone(player if whose == "own" else 1 - player, zone))
            found += [c for c in cards if test(duel, card, c) and (c.definition.is_monster or not monsters)
                      and not (others and c is card) and not (c is card and duel.activation_rules.must_leave_as_activated(c))]
        return found

    def resolve(duel, link) -> bool:
        fitting = candidates(duel, link.card, link.player)
        moved = []
        # 最上面的N张: the top cards of the deck, nothing to choose
        if n is LEVEL_SUM:
            options = LEVEL_SUM.pick(duel, link, fitting)
            picked = duel.by_default(link.player, f"picks {n} {desc} ({'、'.join(zones)})", options,
                                     "the first group that fits, in the zone's order", len(options))
        else:
            picked = fitting[:n] if top else duel.by_default(
                link.player, f"picks {n} {desc} ({'、'.join(zones)})", fitting, FIRST_FITTING, n)
        if what in ("summon", "summon-ignoring", "summon-face-down") and _summons_all_or_none(duel, link, picked):
            return False
        for c in picked:
            if _move(duel, link, c, what, position):
                moved.append(c)
        # what this effect moved (『这个效果加入手卡的卡』)
        link.moved = [*getattr(link, "moved", ()), *moved]
        return bool(moved)

    if "field" in zones or Zone.HAND in zones:
        resolve.needs = lambda duel, card, player: bool([c for c in candidates(duel, card, player) if c is not card])
    tag = _MOVE_TAGS[what]
    summons = what in ("summon", "summon-ignoring", "summon-face-down", "ritual-tributing-summoned", "synchro-after",
                       "link-after")
    tags = ["destroy-field"] if what == "destroy" else ["summon"] if summons else []
    if what == "summon-ignoring":
        tags.append("ignore-summon-conditions")
    if tag is not None:
        tags += [f"{zone}-{'summon' if summons else tag}" for zone in zones]
    return moving(resolve, *tags)


def _picked_with(who, origin, n: int, desc: str):
    """This card (or the targets) and n monsters of the zones ``origin`` names that fit the
    description, picked as the effect resolves: 『这张卡和手卡1只…怪兽』."""
    zones, whose = origin
    test, first = describe(desc), subject(who)

    def pick(duel, link) -> list:
        own = list(first(duel, link))
        player = link.player if whose == "own" else 1 - link.player
        found = [c for zone in zones if zone != "field" for c in duel.board.zone(player, zone)
                 if c.definition.is_monster and c not in own and test(duel, link.card, c)]
        return [*own, *found[:n]]

    return pick


@BLOCKS.phrase("action", "{who}和{origin:pick_from}{n}只{desc:pick_desc}特殊召唤")
@BLOCKS.phrase("action", "{origin:pick_from}{n}只{desc:pick_desc}和{who}特殊召唤")
def special_summon_together(who, origin, n, desc):
    """Special summon this card and n monsters picked as the effect resolves, all together
    (『A和B』『那2只』): with fewer free monster zones than monsters, none of them is summoned
    and they stay where they are (blocks._summon)."""
    return moving(_summon(_picked_with(who, origin, n, desc), together=True), "summon",
                  *(f"{zone}-summon" for zone in origin[0]))


BLOCKS.term(Term.choice("deck_top", {"最上面的": True}, "最上面的 (the top cards of the deck)"))


@BLOCKS.phrase("action", "从{origin:pick_from}把{n:pick_n}{unit:pick_unit}{desc:pick_desc}{to:pick_to}")
@BLOCKS.phrase("action", "把{origin:pick_from}{top:deck_top}{n:pick_n}{unit:pick_unit}{desc:pick_desc}{to:pick_to}")
@BLOCKS.phrase("action", "{others:besides}{origin:pick_from}{n:pick_n}{unit:pick_unit}{desc:pick_desc}{to:pick_to}")
def pick_and_move_block(origin, n, unit, desc, to, others=False, top=False):
    """Pick cards as the effect resolves and move them: 从卡组把1只…加入手卡、场上1张卡破坏、
    自己的手卡·场上1张…送去墓地、这张卡以外的自己场上1张卡破坏、把自己卡组最上面的3张卡里侧表示除外 …"""
    return pick_and_move(origin, n, unit, desc, to, others, top)


# == summoning by an effect that tributes (ritual summons) =====================================

#: where an effect ritual summons from, as the text lists them (『自己的手卡·额外卡组（表侧）·墓地·除外状态』)
RITUAL_FROM = {"手卡": Zone.HAND, "卡组": Zone.DECK, "额外卡组（表侧）": Zone.EXTRA, "墓地": Zone.GRAVEYARD,
               "除外状态": Zone.BANISHED}


def ritual_from(text: str) -> tuple[str, ...]:
    words = text.removeprefix("自己的").split("·")
    unknown = [w for w in words if w not in RITUAL_FROM]
    if unknown:
        raise ValueError(f"cannot read where it summons from: {'、'.join(unknown)}; known: {'、'.join(RITUAL_FROM)}")
    return tuple(RITUAL_FROM[w] for w in words)


BLOCKS.term(Term("ritual_from", r"自己的[^，。；;]+?", ritual_from,
                 description="自己的手卡·额外卡组（表侧）·墓地·除外状态 … (where the monster is summoned from)"))
BLOCKS.term(Term.choice("ritual_pool", {"自己的手卡·场上": (Zone.HAND, "field")},
                        "自己的手卡·场上 (where the monsters tributed are)"))


def _lands_in(duel, card) -> str:
    """Where a monster tributed now goes: the graveyard, or banished instead (大宇宙)."""
    if duel.on_field(card):
        where = duel.move_rules.redirect(card, Zone.GRAVEYARD)
        if where != Zone.GRAVEYARD:
            return where
    return Zone.BANISHED if duel.move_rules.graveyard_replaced_by() else Zone.GRAVEYARD


def chosen_first(duel, candidates: list, pool: list, zones, enough) -> tuple | None:
    """An effect that fusion or ritual summons chooses the monster to summon first, then
    the materials or tributes among ``pool`` (a group that is ``enough(monster, group)``):
    never the monster itself, which was chosen before them (fid=24272: tributing it from the
    hand or field and then summoning it from the graveyard or banishment is not a summon of
    that effect).  The first fitting monster and the fewest cards are taken (the player's
    choice, stated by default): (the monster, the group), or None."""
    for monster in candidates:
        if RULES["summoned-monster-chosen-before-tributes"]:
            others = [c for c in pool if c is not monster]
        else:
            # materials first: the monster may be one of them if it then lands where the
            # effect summons from
            others = [c for c in pool if c is not monster or _lands_in(duel, c) in zones]
        for k in range(1, len(others) + 1):
            group = next((list(g) for g in itertools.combinations(others, k) if enough(monster, g)), None)
            if group is not None:
                return monster, group
    return None


def ritual_plan(duel, card, player: int, zones, pool_zones, fits) -> tuple | None:
    """The ritual summon an effect of ``card`` can make now (chosen_first): a ritual monster
    of ``zones`` that fits (of the extra deck, a face-up one), and monsters with a level of
    ``pool_zones`` whose levels add up to its level or more."""
    candidates = []
    for zone in zones:
        for c in duel.board.zone(player, zone):
            if not (c.definition.is_monster and "ritual" in c.definition.types and fits(duel, card, c)):
                continue
            if zone == Zone.EXTRA and not c.face_up:
                continue
            candidates.append(c)
    pool = []
    for zone in pool_zones:
        cards = duel.monsters(player) if zone == "field" else duel.board.zone(player, zone)
        pool += [c for c in cards if c.definition.is_monster and c.definition.level]
    return chosen_first(duel, candidates, pool, zones,
                        lambda monster, group: sum(c.definition.level for c in group) >= (monster.definition.level or 0))


@BLOCKS.phrase("action", "等级合计直到变成仪式召唤的怪兽的等级以上为止，把{pool:ritual_pool}的怪兽解放，"
                         "把{origin:ritual_from}的1只{desc:pick_desc}仪式怪兽仪式召唤")
def ritual_summon(pool, origin, desc):
    """Ritual summon 1 ritual monster that fits from those zones, tributing monsters of
    one's hand and field whose levels add up to its level or more (ritual_plan: the monster
    is chosen first).  With nothing to summon so, the effect cannot be activated."""
    fits = describe(desc + "怪兽") if desc else (lambda duel, src, c: True)

    def resolve(duel, link) -> bool:
        plan = ritual_plan(duel, link.card, link.player, origin, pool, fits)
        if plan is None:
            duel.log.record("ritual.none", card=link.card)
            return False
        monster, tributes = plan
        duel.log.record("ritual.chosen", card=monster, tributes=tributes)
        for t in tributes:
            duel.move_rules.send_to_graveyard(t, reason=f"tributed for 「{monster.name}」", tributed=True)
        if monster.zone.kind not in origin:
            duel.log.record("ritual.none", card=link.card)
            return False
        duel.summon_rules.summon(monster, "ritual", link.player, by=link.card.name)
        link.summoned.append((monster, monster.object_id))
        return True

    resolve.needs = lambda duel, card, player: ritual_plan(duel, card, player, origin, pool, fits) is not None
    return moving(resolve, "summon", *(f"{zone}-summon" for zone in origin))


# == negating what is activated, and what becomes of that card ================================

NEGATED = {"个发动": "activation", "个效果": "effect", "次攻击": "attack"}
BLOCKS.term(Term.choice("negated", NEGATED, "个发动 (the activation), 个效果 (the effect) or 次攻击 (the attack)"))
NEGATED_FATES = {"破坏": "destroy", "除外": Zone.BANISHED, "回到持有者卡组": Zone.DECK}
BLOCKS.term(Term.choice("negated_fate", NEGATED_FATES, "破坏、除外 or 回到持有者卡组"))


def _negated_card_to(what: str, fate: str):
    """Negate the chain link below; then that card (the same object only) is banished or
    returned to its owner's deck from wherever it is — a negated card activation from off
    the field (activation.py); whether it was moved."""
    def resolve(duel, link) -> bool:
        below = link.below(duel)
        if below is None or not duel.chain_rules.negate_link(below, what, by=link.card, by_player=link.player):
            return False
        card = below.card_if_unchanged()
        if card is None:
            duel.log.record("fizzle.changed", card=below.card)
            return False
        if duel.activation_rules.in_limbo(card):
            return duel.activation_rules.move_from_limbo(card, fate, reason=_why(link))
        if fate == Zone.BANISHED:
            if duel.on_field(card):
                duel.move_rules.banish(card, reason=_why(link))
                return True
            return False
        if card.zone.kind not in (Zone.DECK, Zone.EXTRA) and not duel.activation_rules.leaves_after_resolving(card):
            duel.move_rules.return_to_deck(card, reason=_why(link))
            return True
        return False

    return resolve


@BLOCKS.phrase("action", "那{what:negated}无效")
@BLOCKS.phrase("action", "那{what:negated}无效并{fate:negated_fate}")
@BLOCKS.phrase("action", "那{what:negated}无效，那张卡{fate:negated_fate}")
def negate_that(what, fate=None):
    """Negate the activation (那个发动) or the effect (那个效果) of the chain link below, or the
    attack going on (那次攻击: it ends, the monster still attacked); with a fate,
    that card is then destroyed, banished or returned to its owner's deck (the same object
    only: a card that moved is no longer 'that card').  A card whose card activation was
    negated has left the field already: 并破坏 destroys a card on the field only when what
    it negates is not a card activation (『破坏场上的卡的效果』, 星尘龙)."""
    if what == "attack":
        if fate is not None:
            raise ValueError("那次攻击无效 has no card to move")
        return lambda duel, link: duel.battle_rules.negate_attack(reason=_why(link))
    if fate is None:
        return p.negate_below(destroy=False, what=what)
    if fate == "destroy":
        return moving(p.negate_below(destroy=True, what=what), f"negate-{what}-destroy")
    resolve = _negated_card_to(what, fate)
    return moving(resolve, Zone.DECK) if fate == Zone.DECK else resolve


# == everything that fits: 『{place}的{desc}全部{verb}』 =======================================

MASS_PLACES = {"场上": None, "自己场上": "own", "对方场上": "opponent"}
BLOCKS.term(Term.choice("mass_place", MASS_PLACES, "场上、自己场上 or 对方场上"))


def _destroy_each(duel, link, card) -> None:
    if card is link.card and duel.activation_rules.leaves_after_resolving(card):
        return  # a card that must leave the field after its chain does not destroy itself
    duel.move_rules.destroy(card, reason=_why(link), by_effect=link.card, by_player=link.player)


def _flip_each(duel, link, card) -> None:
    if not card.face_up:
        duel.move_rules.flip_face_up(card, reason=_why(link))


def _face_down_each(duel, link, card) -> None:
    if duel.move_rules.can_turn_face_down(card):
        duel.move_rules.turn_face_down(card, reason=_why(link))


#: what is done to each card: (what to do, which cards are looked at, the moves it makes)
MASS_VERBS = {
    "破坏": (_destroy_each, "field_cards", ("destroy-field",)),
    "变成表侧守备表示": (_flip_each, "monsters", ()), "变成表侧表示": (_flip_each, "monsters", ()),
    "变成里侧守备表示": (_face_down_each, "monsters", ()),
}
BLOCKS.term(Term.choice("mass_verb", MASS_VERBS, "破坏、变成表侧守备表示、变成表侧表示 or 变成里侧守备表示"))


@BLOCKS.phrase("action", "{others:besides}{where:mass_place}的{desc:pick_desc}全部{verb:mass_verb}")
def all_that_fit(where, desc, verb, others=False):
    """Do it to every card of that side of the field (of the effect's controller) that fits
    the description, as the effect resolves: 场上的魔法·陷阱卡全部破坏、自己场上的里侧表示怪兽全部
    变成表侧守备表示、这张卡以外的场上的卡全部破坏 …"""
    act, among, moves = verb
    test = describe(desc)

    def resolve(duel, link) -> None:
        for card in list(getattr(duel, among)()):
            if where is not None and (card.controller == link.player) != (where == "own"):
                continue
            if (others and card is link.card) or not test(duel, link.card, card):
                continue
            act(duel, link, card)

    return moving(resolve, *moves)


# == ATK / DEF: 『这张卡的{原本}{攻击力}{上升|下降|变成}{amount}』 ==============================

BLOCKS.term(Term.choice("stat_layer", {"": False, "原本": True}, "原本 (the original value) or nothing"))
STAT_SIGNS = {"上升": 1, "下降": -1, "变成": 0}
BLOCKS.term(Term.choice("stat_sign", STAT_SIGNS, "上升、下降 or 变成"))


def _counters(duel, card) -> int:
    return duel.memory_rules.recall(card, Info.COUNTERS) or 0


def count_of(text: str):
    """A number the game counts, as a function (duel, card) -> int: 这张卡的魔力指示物数量,
    {自己场上|对方场上|场上}的{desc}数量."""
    if text == "这张卡的魔力指示物数量":
        return _counters
    m = re.fullmatch(r"(自己场上|对方场上|场上)的(.+)数量", text)
    if m is None:
        raise ValueError(f"cannot count {text!r}: known are 这张卡的魔力指示物数量、{{自己场上|对方场上|场上}}的…数量")
    whose, test = MASS_PLACES[m.group(1)], describe(m.group(2))

    def count(duel, card) -> int:
        return sum(1 for c in duel.field_cards() if test(duel, card, c)
                   and (whose is None or (c.controller == card.controller) == (whose == "own")))

    return count


#: 守护神 艾克佐迪亚 ②: the originals of what it was tributed with (SUMMON_MATERIALS: lost
#: turned face-down or banished temporarily, FAQ fid=10736)
_TRIBUTED_SUM = "因为这张卡召唤而解放的怪兽的原本的攻击力·守备力各自合计数值"


def _tributed_sum(which: str):
    def value(duel, card, _printed) -> int:
        materials = duel.memory_rules.recall(card, Info.SUMMON_MATERIALS) or ()
        return sum((d.atk if which == "atk" else d.defense) or 0 for _serial, d in materials)

    return value


def stat_amount(text: str):
    """一半, N, a count × N, or the same as another card's value (和那只怪兽的攻击力相同):
    ("half",), ("flat", N), ("per", count, N) or ("same", whose, stat)."""
    if text == "一半":
        return ("half",)
    if text == _TRIBUTED_SUM:
        return ("tributed",)
    if text.isdigit():
        return ("flat", int(text))
    m = re.fullmatch(r"和(.+?)的(攻击力|守备力)相同", text)
    if m:
        return ("same", subject(m.group(1)), STATS[m.group(2)][0])
    m = re.fullmatch(r"(.+)×(\d+)", text)
    if m is None:
        raise ValueError(f"cannot read the amount {text!r}: 一半, a number, or …数量×N")
    return ("per", count_of(m.group(1)), int(m.group(2)))


BLOCKS.term(Term("stat_amount", rf"一半|{_TRIBUTED_SUM}|\d+|[^；;]+×\d+|和[^；;]+?的(?:攻击力|守备力)相同", stat_amount,
                 description="一半, N, …数量×N, or 和那只怪兽的攻击力相同"))


@BLOCKS.phrase("static", "这张卡的{layer:stat_layer}{which:stat}{sign:stat_sign}{amount:stat_amount}")
def own_stat(layer, which, sign, amount):
    """This card's ATK/DEF: 原本…变成 N or 一半 sets the original value; 上升/下降 N or …数量×N
    adds to it while the effect applies."""
    if layer:
        if sign != 0 or amount[0] == "per":
            raise ValueError("原本攻击力/守备力 only 变成 a number or 一半")
        value = (lambda duel, card, v: v // 2) if amount[0] == "half" else amount[1]
        return [StaticPart("original-" + s, value) for s in which]
    if amount[0] == "tributed":
        if sign != 0:
            raise ValueError(f"这张卡的攻击力·守备力变成{_TRIBUTED_SUM}")
        # what it becomes is its original value while the effect applies
        return [StaticPart("original-" + st, _tributed_sum(st)) for st in which]
    if sign == 0 or amount[0] in ("half", "same"):
        raise ValueError("攻击力/守备力 变成 … is not modelled yet: 上升 or 下降 an amount")
    if amount[0] == "flat":
        value = sign * amount[1]
    else:
        _per, count, n = amount
        value = lambda duel, card: sign * n * count(duel, card)  # noqa: E731
    return [StaticPart(s, value) for s in which]


STAT_UNTIL = {"": None, "直到回合结束时": "end of turn"}
BLOCKS.term(Term.choice("stat_until", STAT_UNTIL, "直到回合结束时 (or nothing: while it stays face-up)"))


@BLOCKS.phrase("action", "{who}的{layer:stat_layer}{which:stat}{until:stat_until}{sign:stat_sign}{amount:stat_amount}")
def change_stats(who, layer, which, until, sign, amount):
    """A resolving effect changes its ATK/DEF, until the end of the turn or for as long as it
    stays face-up: 原本…变成 N or 一半; 上升/下降 N or …数量×N (counted as it resolves);
    变成和那只怪兽的攻击力相同: becomes that card's value as it resolves (replacing the
    changes given before it; a card no longer there: nothing).  A face-down monster's are
    the printed values, which effects do not change (memory.GIVEN_FACE_DOWN)."""
    if layer and (sign != 0 or amount[0] in ("per", "same")):
        raise ValueError("原本攻击力/守备力 only 变成 a number or 一半")
    if not layer and (sign == 0) != (amount[0] == "same") or not layer and amount[0] == "half":
        raise ValueError("攻击力/守备力 上升 or 下降 an amount, or 变成和…相同")
    pick = subject(who)

    def resolve(duel, link) -> None:
        for c in pick(duel, link):
            if not duel.on_field(c):
                continue
            erase = erased_until_turn_end(Info.LASTING, c.definition.rulings) if until else None
            if amount[0] == "same":
                _whose, stat = amount[1], amount[2]
                others = [o for o in _whose(duel, link) if o is not c]
                if not others:
                    duel.log.record("fizzle.no-value", card=link.card, label=link.effect.label)
                    continue
                value = duel.value_rules.atk(others[0]) if stat == "atk" else duel.value_rules.defense(others[0])
                if value is None:
                    continue
                for s in which:
                    give(duel, c, s + "-set", value, source=link.card.name, erase=erase)
                continue
            for s in which:
                if layer:
                    give(duel, c, "original-" + s, "half" if amount[0] == "half" else amount[1],
                         source=link.card.name, erase=erase)
                else:
                    n = amount[1] if amount[0] == "flat" else amount[2] * amount[1](duel, link.card)
                    give(duel, c, s, sign * n, source=link.card.name, erase=erase)

    return resolve


# == life points: 『给与{side}N伤害』『{side}受到N伤害』『{side}失去N基本分』 ======================

def _target_original_levels(duel, link) -> int:
    return sum(card.definition.level for card, _obj in link.targets)


#: what an amount of life points may count, as a function (duel, link) -> int
LP_COUNTS = {"那只怪兽的原本等级": _target_original_levels}


def lp_amount(text: str):
    """N, or …×N (LP_COUNTS), as a function (duel, link) -> int."""
    if text.isdigit():
        return lambda duel, link, n=int(text): n
    m = re.fullmatch(r"(.+)×(\d+)", text)
    if m is None or m.group(1) not in LP_COUNTS:
        raise ValueError(f"cannot read the amount {text!r}: a number, or {'、'.join(LP_COUNTS)}×N")
    count, n = LP_COUNTS[m.group(1)], int(m.group(2))
    return lambda duel, link: count(duel, link) * n


BLOCKS.term(Term("lp_amount", r"\d+|[^；;，]+×\d+", lp_amount, description="N, or 那只怪兽的原本等级×N"))
BLOCKS.term(Term.choice("lp_how", {"受到": "damage", "失去": "loss"}, "受到 (damage) or 失去 (a loss)"))
BLOCKS.term(Term.choice("lp_unit", {"伤害": "damage", "基本分": "loss"}, "伤害 or 基本分"))


@BLOCKS.phrase("action", "给与{side}{amount:lp_amount}{unit:lp_unit}")
@BLOCKS.phrase("action", "{side}{how:lp_how}{amount:lp_amount}{unit:lp_unit}")
def life_points(side, amount, unit, how="damage"):
    """That player (of the effect's controller) takes damage (给与…伤害、受到…伤害) or loses
    life points (失去…基本分: a loss, not damage)."""
    if how != unit:
        raise ValueError("受到 … 伤害, 失去 … 基本分, 给与 … 伤害")

    def resolve(duel, link) -> None:
        player = link.player if side == "own" else 1 - link.player
        n = amount(duel, link)
        duel.lp[player] -= n
        if how == "damage":
            duel.log.record("damage", player=player, amount=n, card=link.card)
        else:
            duel.log.record("lp", player=player, amount=n, card=link.card)

    return resolve


# == 『每次…发动，X』: a static that does an action each time a card is activated ==================

_ACTIVATED_KINDS = {"魔法": frozenset({"spell"}), "陷阱": frozenset({"trap"}), "魔法·陷阱": frozenset({"spell", "trap"})}


def activated_by(text: str):
    """Which activations: a test (duel, this card, chain link).  『(对方把)魔法卡』: card
    activations of that kind (by the opponent only, if it says so); 『「X」卡持有的效果』: the
    effects a 「X」 card has, not its card activation (音响放大器: a pendulum card put in the
    pendulum zone is not one, cid=11610)."""
    m = re.fullmatch(r"(对方把)?(魔法·陷阱|魔法|陷阱)卡", text)
    if m is not None:
        opponents_only, kinds = bool(m.group(1)), _ACTIVATED_KINDS[m.group(2)]
        return lambda duel, card, link: duel.activation_rules.is_card_activation(link) and link.card.definition.kind in kinds \
            and not (opponents_only and link.player == card.controller)
    m = re.fullmatch(r"自己的(「[^」]+」)(魔法·陷阱|魔法|陷阱)卡或者它的效果", text)
    if m is not None:
        # 『自己的「X」魔法卡或者它的效果』: its card activation or any effect of such a card,
        # activated by this card's controller (闪刀姬-魁奈)
        fits = describe(f"{m.group(1)}{m.group(2)}卡")
        return lambda duel, card, link: link.player == card.controller and fits(duel, card, link.card)
    m = re.fullmatch(r"(「[^」]+」)卡持有的效果", text)
    if m is not None:
        fits = describe(f"{m.group(1)}卡")
        return lambda duel, card, link: not duel.activation_rules.is_card_activation(link) and fits(duel, card, link.card)
    if text == "其他卡":
        # 『其他卡发动的效果』: any activation (a card's or an effect's) of a card other than this one
        return lambda duel, card, link: link.card is not card
    raise ValueError(f"cannot read {text!r}: 魔法卡、陷阱卡、魔法·陷阱卡, 对方把…卡, 「…」卡持有的效果 or 其他卡")


BLOCKS.term(Term("activated_by", r"[^；;，]+?", activated_by, description="魔法卡、对方把魔法·陷阱卡、「…」卡持有的效果、其他卡 …"))


class _Applying:
    """A continuous effect doing an action as its card would on resolving: that card, its
    controller, nothing targeted or chosen."""

    class _Effect:
        label = ""

    effect = _Effect()
    event = None

    def __init__(self, card) -> None:
        self.card, self.player = card, card.controller
        self.targets: list = []
        self.chosen: list = []

    def card_if_unchanged(self):
        return self.card

    def live_targets(self) -> list:
        return []


def _each_time(test, rest: str, part: str, record: bool, optional: bool = False) -> list:
    """This card does the action block ``rest`` when ``test`` holds of a chain link, at
    ``part`` (as the card is activated, as the link's effect applies, or once the link has
    resolved); ``optional`` (『可以』): only when its controller chose to (a step says so:
    ``Chain.plan_applying``)."""
    found = BLOCKS.match("action", rest)
    if found is None:
        raise ValueError(f"no action block matches {rest!r}")
    phrase, args = found
    act = phrase.action(**args)

    def on_link(duel, card, link, label: str = "") -> None:
        if not test(duel, card, link):
            return
        if optional and not duel.chain_rules.chose_to_apply(card, label, link):
            duel.log.record("apply.not-chosen", card=card, label=label, target=link.card)
            return
        if record:
            duel.log.record("after-resolved" if part == "on-link-resolved" else "apply.as-link-applies",
                            card=card, target=link.card)
        act(duel, _Applying(card))

    return [StaticPart(part, on_link)]


#: when a continuous effect of the family below acts on a chain link of the kind it names
EACH_TIME_WHEN = {"": "on-card-activated", "那个处理后，": "on-link-resolved"}
BLOCKS.term(Term.choice("each_time_when", EACH_TIME_WHEN, "nothing (as it is activated) or 那个处理后，"))


@BLOCKS.phrase("static", "每次{what:activated_by}发动，{when:each_time_when}{rest}")
@BLOCKS.phrase("static", "{what:activated_by}发动的效果适用之际，可以{rest}")
def each_time_activated(what, rest, when="on-link-applying"):
    """A continuous effect doing an action (an action block) on chain links of that kind:
    each time a card of that kind is activated (a card activation: not one activated by an
    effect as it resolves; 王立魔法图书馆, 音响放大器); 那个处理后: once that chain link has
    resolved — before a summon the link lets its player make then (闪刀姬-魁奈 ②, fid=24182;
    chain.py); 『…发动的效果适用之际，可以…』: as that link's effect is about to apply, if
    this card's controller chooses to (完美世界 卡通世界 ③, fid=24346)."""
    return _each_time(what, rest, when, record=when != "on-card-activated", optional=when == "on-link-applying")


@BLOCKS.phrase("action", "{side}回复{amount:lp_amount}基本分")
def gain_life_points(side, amount):
    """That player (of the effect's controller) gains life points."""
    def resolve(duel, link) -> None:
        player = link.player if side == "own" else 1 - link.player
        n = amount(duel, link)
        duel.lp[player] += n
        duel.log.record("lp.gain", player=player, amount=n, card=link.card)

    return resolve


# == tokens: 『在自己场上把N只「X衍生物」特殊召唤』 ===================================================

#: on whose field tokens appear
TOKEN_SIDES = {"自己场上": "own", "回合玩家的场上": "turn player"}
BLOCKS.term(Term.choice("token_side", TOKEN_SIDES, "自己场上 or 回合玩家的场上"))


def _tributed_count(duel, link) -> int:
    return duel.memory_rules.recall(link.card, Info.COUNT) or 0


#: how many tokens, when not a number: words -> (duel, link) -> int
TOKEN_COUNTS = {"最多这个回合这张卡表侧表示存在的状态被解放的怪兽数量": _tributed_count}


def token_count(text: str):
    if text.isdigit():
        return lambda duel, link, n=int(text): n
    if text in TOKEN_COUNTS:
        return TOKEN_COUNTS[text]
    raise ValueError(f"cannot read how many tokens {text!r}: N只, or {'、'.join(TOKEN_COUNTS)}的")


BLOCKS.term(Term("token_count", r"\d+只|最多[^；;，「」]+数量的", lambda t: token_count(t.removesuffix("只").removesuffix("的")),
                 description="N只, or 最多这个回合这张卡表侧表示存在的状态被解放的怪兽数量的"))
BLOCKS.term(Term.choice("token_position", {"": None, "守备表示": "defense", "攻击表示": "attack"},
                        "守备表示、攻击表示 or nothing"))


@BLOCKS.phrase("action", "在{side:token_side}把{count:token_count}「{name}」{position:token_position}特殊召唤")
def summon_tokens(side, count, name, position):
    """Tokens (衍生物: a card of the kind 衍生物, defined as data) appear on that player's field
    by this effect, as many as the count says and the free monster zones allow (最多 …:
    up to that many)."""
    def resolve(duel, link) -> bool:
        player = link.player if side == "own" else duel.turn_player
        zone = duel.board.zone(player, Zone.MONSTER)
        n = min(count(duel, link), (zone.capacity or 5) - len(zone))
        for _ in range(max(n, 0)):
            definition = duel.definition(name)
            if "token" not in definition.types:
                raise SetupError(f"「{name}」不是衍生物，不能作为衍生物特殊召唤")
            # a token comes from no zone of the game: it is made where the summon takes it from
            token = duel.bring_in(definition, player, Zone.HAND, card_class=type(link.card))
            duel.log.record("token", card=token, player=player)
            duel.summon_rules.summon(token, "special", player, by=link.card.name, position=position)
        return n > 0

    return moving(resolve, "summon")


# == a spell that stays on the field ==============================================================

@BLOCKS.phrase("static", "这张卡发动后，用对方回合计算的{n}回合在场上残留")
def stays_for_opponents_turns(n):
    """A rule of the card (规则): after its card activation resolves it stays on the field
    like a continuous card, and is destroyed in the end phase of its controller's
    opponent's n-th turn counted from then (chain.py, values.py)."""
    return [StaticPart("stays-on-field", n)]

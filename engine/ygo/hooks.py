"""The Yu-Gi-Oh! card hooks: the few Python functions a card names because its text
cannot (yet) be said with building blocks.

Every hook is named by ``:hook: <name> <why>`` on the card or effect that needs it.
An effect hook of an activated effect is its resolution ``(duel, link)``; one of an
effect that is not activated returns the :class:`~rulings.ygo.blocks.StaticPart` list.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulings.core.choices import FIRST_FITTING

from .blocks import StaticPart
from .memory import Info
from .negation import FieldNegation
from .objects import Zone


def _unaffected_by_tribute_kinds() -> list[StaticPart]:
    """真龙剑皇 卓辉星·拼图 ①: what the tributes were decides what it is unaffected by —
    monsters: monster effects of a lower original level; spells: spell effects; traps:
    trap effects (what it was tributed with is kept when it is set and flipped)."""

    def value(duel, card, source) -> bool:
        kinds = {d.kind for _s, d in duel.memory_rules.recall(card, Info.SUMMON_MATERIALS) or ()}
        d = source.definition
        if d.kind in ("spell", "trap"):
            return d.kind in kinds
        return "monster" in kinds and d.level < card.definition.level

    return [StaticPart("unaffected", value)]


def _synchro_with_hand_monster(duel, link) -> None:
    """水晶机巧-量子白晶 ①: a non-tuner from the hand, effects negated, then a synchro
    summon of a Machine synchro monster with only it and this card."""
    me = link.card_if_unchanged()
    others = duel.by_default(link.player, "special summons a non-tuner monster from the hand",
                             [c for c in duel.board.zone(link.player, Zone.HAND)
                              if c.definition.is_monster and "tuner" not in c.definition.types], FIRST_FITTING)
    other = others[0] if others else None
    if other is None or me is None or not duel.on_field(me):
        return
    duel.summon_rules.summon(other, "special", link.player, by=link.card.name, negated=True)
    for synchro in duel.by_default(link.player, "synchro summons a Machine synchro monster",
                                   [c for c in duel.board.zone(link.player, Zone.EXTRA)
                                    if "synchro" in c.definition.types and c.definition.race == "机械"],
                                   FIRST_FITTING):
        duel.summon_rules.summon(synchro, "synchro", link.player, materials=[other, me])


def _negate_kinds_of_banished(duel, link) -> None:
    """无敌光环 ①: the monsters of the banished monster's kinds have their effects
    negated, this turn, while this card stays in the spell & trap zone (field-wide)."""
    me = link.card_if_unchanged()
    kinds = {k for c in link.chosen for k in c.definition.types} & {
        "ritual", "fusion", "synchro", "xyz", "pendulum", "link"}
    if me is None or not duel.face_up_on_field(me) or not kinds:
        return
    duel.negation_rules.field_negations.append(FieldNegation(
        lambda duel, c, kinds=frozenset(kinds): c.definition.is_monster and bool(kinds & c.definition.types),
        until=duel.turn, source=me, source_obj=me.object_id, origin=me.name))
    duel.log.record("negate.types", card=me, types=sorted(kinds))


def _control_or_summon_victim(duel, link) -> None:
    """御用王 ②: take control of the chosen face-up monster of the opponent (for good);
    with nothing chosen, special summon the destroyed monster to this side."""
    for card in link.chosen:
        if duel.face_up_on_field(card) and card.controller != link.player:
            duel.control_rules.take_control(card, link.player, "permanent")
            return
    victim = link.event.victim if link.event else None
    if victim is not None and victim.zone.kind == Zone.GRAVEYARD:
        duel.summon_rules.summon(victim, "special", link.player, by=link.card.name)


HOOKS: dict[str, Callable[..., Any]] = {
    "unaffected-by-tribute-kinds": _unaffected_by_tribute_kinds,
    "synchro-with-hand-monster": _synchro_with_hand_monster,
    "negate-kinds-of-banished": _negate_kinds_of_banished,
    "control-or-summon-victim": _control_or_summon_victim,
}

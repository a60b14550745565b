"""Continuous-target links (持续取对象): two cards kept together by an applied effect.

A link is remembered by both cards (memory row TARGET_LINK), so turning either
face-down or banishing it temporarily breaks it, exactly as the table says; what a
link still does when one of its cards leaves the field is decided here, once, before
the card has gone.

A link is made only while its source is face-up on the field: a source turned
face-down (or gone) before the effect resolves keeps nothing as its continuous target,
so ``link`` makes no link and returns None.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from rulings.core.events import EventLog

from .control import Control
from .memory import Info
from .objects import YgoCard
from .view import MemoryView, MovesView, NegationView


@dataclass(eq=False)
class TargetLink:
    """A continuous-target relation kept by an applied effect (持续取对象)."""

    id: int
    source: "YgoCard"
    source_obj: int
    target: "YgoCard"
    target_obj: int
    #: what the link does to the target while it lasts: "negate", "indestructible-effect",
    #: "control", "equip", "cannot-attack"
    grants: frozenset[str] = frozenset()
    #: what happens to the target when the source leaves the field ("to-deck", "destroy",
    #: "banish"); to the source when the target leaves the field or is destroyed
    on_source_leaves: str | None = None
    on_target_leaves: str | None = None
    on_target_destroyed: str | None = None
    #: whether the link stops doing what it grants while the source's effects are
    #: negated (剑斗兽 马斗: yes; No.106 巨岩掌 巨手, No.45 灭亡之预言者: no)
    source_negation_matters: bool = True


class LinksNegation(NegationView, Protocol):
    """What links.py asks of negation.py's ``Negation`` beyond what card data does."""

    def negations(self, card: YgoCard, depth: int = 0) -> set[str]: ...


class LinksDuel(Protocol):
    """What continuous-target links need of the rest of the duel (rulings.ygo.duel.Duel
    is one)."""

    memory_rules: MemoryView
    negation_rules: LinksNegation
    move_rules: MovesView

    def on_field(self, card: YgoCard) -> bool: ...

    def face_up_on_field(self, card: YgoCard) -> bool: ...


class Links:
    """Continuous-target links: owns the links made so far (each card of a link also
    remembers it, Info.TARGET_LINK, which is what ends it) and the last link number."""

    state_fields = ("links", "last_id")

    def __init__(self, duel: LinksDuel, control: Control, log: EventLog) -> None:
        self.duel = duel
        self.control = control
        self.log = log
        self.links: list[TargetLink] = []
        #: links are numbered from 1 in the order they are made
        self.last_id = 0

    def link(self, source: "YgoCard", target: "YgoCard", *, grants=(), on_source_leaves=None,
             on_target_leaves=None, on_target_destroyed=None, source_negation_matters: bool = True
             ) -> "TargetLink | None":
        if not self.duel.face_up_on_field(source):
            self.log.record("fizzle.no-link", card=source)
            return None

        self.last_id += 1
        link = TargetLink(self.last_id, source, source.object_id, target, target.object_id,
                          frozenset(grants), on_source_leaves, on_target_leaves, on_target_destroyed,
                          source_negation_matters)
        self.links.append(link)
        for card in (source, target):
            self.duel.memory_rules.remember(card, Info.TARGET_LINK, link.id, per=link.id, origin=source.name)
        self.log.record("link", card=source, target=target)
        return link

    def link_alive(self, link: "TargetLink") -> bool:
        return (link.source.object_id == link.source_obj and link.target.object_id == link.target_obj
                and self.duel.on_field(link.source) and self.duel.on_field(link.target)
                and self.duel.memory_rules.remembers(link.source, Info.TARGET_LINK, per=link.id)
                and self.duel.memory_rules.remembers(link.target, Info.TARGET_LINK, per=link.id))

    def links_of(self, card: "YgoCard") -> list["TargetLink"]:
        return [lk for lk in self.links if (lk.source is card or lk.target is card) and self.link_alive(lk)]

    def links_granting(self, card: "YgoCard", grant: str, depth: int = 0) -> list["TargetLink"]:
        return [lk for lk in self.links if lk.target is card and grant in lk.grants and self.link_alive(lk)
                and not (lk.source_negation_matters and lk.source.definition.is_monster
                         and self.duel.negation_rules.negations(lk.source, depth + 1))]

    def links_on_leave(self, card: "YgoCard", destroyed: bool):
        """What the links of a card that is leaving the field do, to run once it has left."""
        actions = []
        for lk in self.links_of(card):
            for c in (lk.source, lk.target):
                c.memory.forget((Info.TARGET_LINK, lk.id))
            if lk.source is card:
                other, what = lk.target, lk.on_source_leaves
                if "control" in lk.grants:
                    actions.append(lambda o=lk.target, obj=lk.target_obj: self.control.control_back(o, obj))
            else:
                other = lk.source
                what = lk.on_target_destroyed if destroyed and lk.on_target_destroyed else lk.on_target_leaves
            if what:
                actions.append(lambda o=other, w=what, obj=other.object_id, s=card.name: self.link_action(o, obj, w, s))
        return actions

    def link_action(self, card: "YgoCard", obj: int, what: str, source: str) -> None:
        if card.object_id != obj or not self.duel.on_field(card):
            return
        reason = f"its link with 「{source}」"
        if what == "destroy":
            self.duel.move_rules.destroy(card, reason=reason)
        elif what == "to-deck":
            self.duel.move_rules.return_to_deck(card, reason=reason)
        elif what == "banish":
            self.duel.move_rules.banish(card, reason=reason)


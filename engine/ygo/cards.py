"""How a Yu-Gi-Oh! card is defined, once its record is read (rulings.ygo.cardformat).

A :class:`CardDef` holds only what the rulings need of a card's text.  Activated effects
are :class:`Effect` records whose ``condition``, ``trigger`` and ``resolve`` are the
engine values of the building blocks the card is written with (rulings.ygo.blocks).
Effects that are not activated (永续效果, 规则效果) are :class:`Static` records the rules
consult.  A card-specific ruling (特别地 …) is a named entry in ``rulings``
(rulings.ygo.memory.CARD_RULINGS).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .objects import YgoCard
from .view import DuelView, LinkView

Condition = Callable[[DuelView, YgoCard], bool]
Resolution = Callable[[DuelView, LinkView], None]


class CostWord(str):
    """A cost the rules pay by its word ("banish-chosen" …: chain.py), carrying what it
    needs to be payable: ``payable`` (duel, card, player) -> the reason it cannot be paid."""

    def __new__(cls, word: str, payable: Callable[..., str | None] | None = None):
        self = super().__new__(cls, word)
        self.payable = payable
        return self


@dataclass(frozen=True)
class Effect:
    label: str
    #: "trigger" (诱发), "ignition" (起动), "quick" (诱发即时),
    #: "activation" (a spell or trap card being activated)
    kind: str
    text: str = ""
    #: for triggers: the event that starts them ("summoned", "to-graveyard", "end-phase" …)
    event: str | None = None
    #: for triggers: whether this event concerns the card (duel, card, event) -> bool
    trigger: Callable[..., bool] | None = None
    condition: Condition | None = None
    resolve: Resolution | None = None
    #: number of targets chosen on activation, and what a target must be
    targets: int = 0
    target_filter: Callable[..., bool] | None = None
    #: one filter per target when they are of different kinds (each target fills one)
    target_slots: tuple = ()
    #: "card" — 这个效果1回合只能使用1次 (this card; lost when it is turned face-down or
    #: becomes a new card); "name" — 「卡名」的效果1回合只能使用1次 (per player)
    once_per_turn: str | None = None
    mandatory: bool = False
    #: where the card is when it activates the effect: field, graveyard, banished, hand
    zone: str = "field"
    #: a cost paid on activation: "send-self" (send this card to the graveyard),
    #: "banish-self", "banish-chosen", or a function (duel, card, player)
    cost: Any = None
    #: restrictions that come with activating it (这个效果发动的回合，…): functions
    #: (duel, card, player) applied on activation
    restrictions: tuple = ()
    #: a trigger whose event is worded 『…时』: it misses the timing when something else
    #: happened after its event (『…的场合』 does not)
    misses_timing: bool = False
    #: where its resolution moves cards: "hand", "deck" … (a card that must leave the
    #: field after its chain cannot be sent there while that chain lasts)
    moves: frozenset = frozenset()


@dataclass(frozen=True)
class Static:
    """An effect that is not activated: it applies while its card is face-up (or, with
    ``zone``, while it is there) and its effects are not negated."""

    label: str
    #: what it does: "atk", "def", "negate-monsters", "unaffected", "indestructible-effect",
    #: "leave-banish", "self-destroy", "battle-lock", "limit-special-summon" …
    kind: str
    text: str = ""
    condition: Condition | None = None
    value: Any = None
    zone: str = "field"


@dataclass(frozen=True)
class CardDef:
    name: str
    #: "monster" | "spell" | "trap"
    kind: str
    #: monster frames and abilities: effect, normal, fusion, synchro, xyz, ritual,
    #: pendulum, link, gemini, flip, tuner; spell/trap types: continuous, equip, quick …
    types: frozenset[str] = frozenset()
    level: int = 0
    atk: int | None = None
    defense: int | None = None
    attribute: str = ""
    effects: tuple[Effect, ...] = ()
    statics: tuple[Static, ...] = ()
    #: card-specific rulings, by name (see memory.EXCEPTIONS and the ruling documents)
    rulings: frozenset[str] = frozenset()
    english: str = ""
    #: monster type (种族), only where an effect asks for it: "昆虫" …
    race: str = ""
    #: link rating (连接值) of a link monster
    link: int = 0
    #: pendulum scale (灵摆刻度) of a pendulum monster, as printed
    scale: int = 0

    @property
    def is_monster(self) -> bool:
        return self.kind == "monster"

    @property
    def extra_deck(self) -> bool:
        return bool(self.types & {"fusion", "synchro", "xyz", "link"})

    def effect(self, label: str) -> Effect:
        for e in self.effects:
            if e.label == label:
                return e
        known = "、".join(e.label for e in self.effects) or "none"
        raise KeyError(f"「{self.name}」 has no effect {label} (it has: {known})")


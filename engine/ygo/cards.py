"""How a Yu-Gi-Oh! card is defined: data plus small effect functions.

A :class:`CardDef` holds only what the rulings need of a card's text.  Effects are
:class:`Effect` records whose ``condition`` and ``resolve`` are small functions built
from the duel's shared primitives (``duel.destroy``, ``duel.banish_temporarily`` …).
A card-specific ruling (特别地 …) is a named entry in ``rulings`` that the rules consult.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.core import Card

    from .duel import ChainLink, Duel

Condition = Callable[["Duel", "Card"], bool]
Resolution = Callable[["Duel", "ChainLink"], None]


@dataclass(frozen=True)
class Effect:
    label: str
    #: "trigger" (触发), "ignition" (起动), "quick" (诱发即时), "continuous" (永续),
    #: "activation" (a spell or trap card being activated)
    kind: str
    text: str = ""
    #: for triggers: the event that starts them ("end-phase", "sent-to-graveyard" …)
    event: str | None = None
    condition: Condition | None = None
    resolve: Resolution | None = None
    #: number of targets chosen on activation
    targets: int = 0
    #: "card" — 这个效果1回合只能使用1次 (this card, lost when it becomes a new card);
    #: "name" — 「卡名」的效果1回合只能使用1次 (per player)
    once_per_turn: str | None = None
    mandatory: bool = False


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
    effects: tuple[Effect, ...] = ()
    #: card-specific rulings, by name (see the ruling documents)
    rulings: frozenset[str] = frozenset()
    english: str = ""
    notes: dict[str, Any] = field(default_factory=dict)

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


def monster(name: str, *types: str, level: int = 4, atk: int = 0, defense: int = 0,
            effects: tuple[Effect, ...] = (), rulings: frozenset[str] = frozenset(), english: str = "") -> CardDef:
    frames = frozenset(types) | ({"effect"} if effects and "normal" not in types else frozenset())
    return CardDef(name, "monster", frames, level, atk, defense, tuple(effects), frozenset(rulings), english)


def spell(name: str, *types: str, effects: tuple[Effect, ...] = (), english: str = "") -> CardDef:
    return CardDef(name, "spell", frozenset(types), effects=tuple(effects), english=english)


def trap(name: str, *types: str, effects: tuple[Effect, ...] = (), english: str = "") -> CardDef:
    return CardDef(name, "trap", frozenset(types), effects=tuple(effects), english=english)

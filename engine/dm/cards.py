"""What the engine knows of a Duel Masters card: its definition, built from a card of
spec/dm/cards/*.rst by cardformat.py.

A :class:`CardDef` holds only what the rulings need of a card's text.  Triggered
abilities are :class:`Ability` records whose ``resolve`` is a generator — the sequence
of the card's building blocks (blocks.py), built from the duel's shared primitives
(``duel.visibility.reveal``, ``duel.shield_rules.add_shield`` …); it *yields* a
:class:`~rulings.core.choices.Choice` whenever the text asks a player to choose, and
receives the decision back.  Static abilities are :class:`Static` records: what they
grant, and from which place they work (the rules decide whether that place counts).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any

from .objects import DmCard, DuelView

Resolution = Callable[[DuelView, DmCard, dict], Generator]


@dataclass(frozen=True)
class Ability:
    label: str
    #: the event that triggers it: "enters" (cip), "attacks", "unblocked",
    #: "opponent-casts-spell", "destroyed", or "cast" (a spell's own text)
    event: str
    resolve: Resolution
    text: str = ""
    #: a condition on the triggering event's details (e.g. the attack's target)
    when: Callable[[dict], bool] | None = None


@dataclass(frozen=True)
class Static:
    """A static ability.  ``works_from`` is where the card must be for it to apply:
    "battle zone", "shield zone" (face up, the top card of its shield) or "fortress"
    (a castle fortifying a shield)."""

    label: str
    works_from: str
    #: keywords granted to the controller's creatures in the battle zone
    grants: tuple[str, ...] = ()
    #: multiplier of the number of shields the controller's creatures break
    break_multiplier: int = 1
    #: each player plays with the top card of their deck face up (ラグーン・マーメイド)
    top_of_deck_face_up: bool = False
    #: zones nobody may look at (巡霊者メスタポ: the decks)
    forbids_looking_at: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class CardDef:
    name: str
    #: "creature" | "spell" | "castle" | "D2 field" | "psychic creature"
    kind: str
    civilizations: tuple[str, ...] = ()
    #: cost and power only where the documents need them (None: not modelled)
    cost: int | None = None
    races: tuple[str, ...] = ()
    power: int | None = None
    evolution: bool = False
    #: what an evolution creature may be put on: a word its base's races must contain
    evolves_from: tuple[str, ...] = ()
    #: keyword abilities: "S・トリガー", "シールド・ゴー", "ブロッカー", "W・ブレイカー",
    #: "T・ブレイカー", "スピードアタッカー" …
    keywords: frozenset[str] = frozenset()
    abilities: tuple[Ability, ...] = ()
    statics: tuple[Static, ...] = ()
    #: a tap ability (TT) and a D-switch, when the card has one
    tap_ability: Resolution | None = None
    d_switch: Resolution | None = None
    #: fort E: the race a tapped mana card must have for the FE abilities to be gained
    fort_e: str | None = None
    #: where the card is written (source, line), its printed text, the hooks it names
    notes: dict[str, Any] = field(default_factory=dict)

    @property
    def is_creature(self) -> bool:
        return self.kind in ("creature", "psychic creature")

    @property
    def is_spell(self) -> bool:
        return self.kind == "spell"

    def has_race(self, word: str) -> bool:
        """Races are matched by the word they contain (ドラゴン matches ボルケーノ・ドラゴン)."""
        return any(word in race for race in self.races)

    @property
    def is_dragon(self) -> bool:
        return self.has_race("ドラゴン")

    def abilities_on(self, event: str) -> list[Ability]:
        return [a for a in self.abilities if a.event == event]


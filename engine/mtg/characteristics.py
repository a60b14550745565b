"""Characteristics of an object (CR 109.3) and how they are written in Japanese.

Characteristics are plain immutable values; the layer system (layers.py) derives an
object's current characteristics from its printed ones step by step.  Types and
subtypes are stored as the Japanese words the documents use, since they are card facts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

CREATURE, ARTIFACT, LAND, ENCHANTMENT, PLANESWALKER, BATTLE, INSTANT, SORCERY = (
    "クリーチャー", "アーティファクト", "土地", "エンチャント", "プレインズウォーカー", "バトル",
    "インスタント", "ソーサリー")
PERMANENT_TYPES = frozenset({CREATURE, ARTIFACT, LAND, ENCHANTMENT, PLANESWALKER, BATTLE})

COLOR_OF_SYMBOL = {"W": "白", "U": "青", "B": "黒", "R": "赤", "G": "緑"}
COLOR_ORDER = ("白", "青", "黒", "赤", "緑")


def colors_of_cost(mana_cost: str | None) -> frozenset[str]:
    """A card's colour comes from the coloured symbols of its mana cost (CR 202.2)."""
    if not mana_cost:
        return frozenset()
    return frozenset(COLOR_OF_SYMBOL[s] for s in re.findall(r"[WUBRG]", mana_cost))


@dataclass(frozen=True)
class Characteristics:
    name: str | None = None
    mana_cost: str | None = None
    colors: frozenset[str] = frozenset()
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    defense: int | None = None
    abilities: tuple[Any, ...] = field(default=())  # cards.Ability records

    def is_(self, card_type: str) -> bool:
        return card_type in self.types

    def with_(self, **changes) -> "Characteristics":
        return replace(self, **changes)

    def mana_value(self) -> int:
        """CR 202.3: the total of the mana cost's symbols — a number counts as that much,
        X as 0 (202.3e, anywhere but the stack), a hybrid symbol as its largest part
        (202.3f); no mana cost (a face-down object, a land, a token …) is 0."""
        total = 0
        for symbol in re.findall(r"\{([^}]+)\}", self.mana_cost or ""):
            parts = symbol.split("/")
            total += max((int(p) if p.isdigit() else 0 if p == "X" else 1) for p in parts)
        return total

    def keywords(self) -> list[str]:
        return [a.text for a in self.abilities]

    def has(self, text: str) -> bool:
        return any(a.text == text for a in self.abilities)

    # -- how the documents write them -------------------------------------------

    def type_line(self) -> str:
        main = "・".join(self.types)
        if self.supertypes:
            main = "".join(f"{s}の" for s in self.supertypes) + main
        return f"{main} ─ {'・'.join(self.subtypes)}" if self.subtypes else main

    def color_text(self) -> str:
        if not self.colors:
            return "無色"
        return "・".join(c for c in COLOR_ORDER if c in self.colors)

    def pt_text(self) -> str | None:
        if self.power is None or self.toughness is None:
            return None
        return f"{self.power}/{self.toughness}"


#: CR 708.2a: what a face-down object is when nothing says otherwise.
FACE_DOWN_DEFAULT = Characteristics(types=(CREATURE,), power=2, toughness=2)

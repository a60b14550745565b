"""Cards and object identity.

A :class:`Card` is the physical card; it keeps its ``serial`` for the whole game.
Its ``object_id`` is the identity the rules care about: a card that changes zones
becomes a new object (Yu-Gi-Oh!: 只要离开当前场所，就不再当作同一张卡; Magic: CR 400.7),
so links to the old object (targets, "that monster") no longer reach it.  Turning a
card face-down or face-up keeps the object; what it erases is each game's business.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Protocol

from .memory import Memory


class Place(Protocol):
    """What a card needs of the zone it is in (rulings.core.zones.Zone is one)."""

    kind: str
    owner: int | None
    public: bool

    @property
    def label(self) -> str: ...

_object_ids = itertools.count(1)


def new_object_id() -> int:
    return next(_object_ids)


@dataclass(eq=False)
class Card:
    definition: Any
    owner: int
    serial: int
    controller: int = -1
    zone: "Place | None" = None
    face_up: bool = False
    object_id: int = field(default_factory=new_object_id)
    #: players who have looked at this card while it was hidden, for as long as it
    #: stays the same object (a new object is unknown again).
    seen_by: set[int] = field(default_factory=set)
    memory: Memory = field(default_factory=Memory)

    def __post_init__(self) -> None:
        if self.controller < 0:
            self.controller = self.owner

    @property
    def name(self) -> str:
        return self.definition.name

    def become_new_object(self) -> int:
        self.object_id = new_object_id()
        self.seen_by.clear()
        return self.object_id

    def __repr__(self) -> str:
        where = self.zone.label if self.zone else "nowhere"
        side = "face-up" if self.face_up else "face-down"
        return f"<「{self.name}」#{self.serial} obj {self.object_id} {side} in {where}>"


class CardName(str):
    """A card name as an example writes it, maybe with which copy it means (1-based, in
    the order the copies came into the game)."""

    copy: int | None

    def __new__(cls, name: str, copy: int | None = None) -> "CardName":
        made = super().__new__(cls, name)
        made.copy = copy
        return made

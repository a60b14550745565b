"""The fingerprint of a game's state (rulings.core.state) notices a change at any depth it
follows, in every kind of value a game keeps, although it decides each type's kind once."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from rulings.core import state
from rulings.core.memory import Memory


@dataclass
class Link:
    label: str
    items: list = field(default_factory=list)


class Plain:
    def __init__(self) -> None:
        self.count = 0
        self.names = {"a"}


class World:
    """Just what ``fingerprint`` reads: a board, a log, attributes."""

    def __init__(self) -> None:
        self.board = type("Board", (), {"zones": {}})()
        self.log = []
        self.links = [Link("x", [1, 2])]
        self.table = {"k": Link("y")}
        self.plain = Plain()
        self.seen = {1, 2}
        self.memory = Memory()


CHANGES = {
    "a dataclass in a list": lambda w: w.links[0].items.append(3),
    "a field of a dataclass": lambda w: setattr(w.links[0], "label", "z"),
    "a value of a dict": lambda w: setattr(w.table["k"], "label", "q"),
    "a key of a dict": lambda w: w.table.update(j=1),
    "an object's attribute": lambda w: setattr(w.plain, "count", 1),
    "a set in an object": lambda w: w.plain.names.add("b"),
    "a set": lambda w: w.seen.discard(1),
    "what a card remembers": lambda w: w.memory.remember("x", erased_by=frozenset({"moved"})),
    "a new attribute": lambda w: setattr(w, "extra", None),
    "a value that changes kind": lambda w: setattr(w.links[0], "items", {1: 2}),
}


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_a_change_changes_the_fingerprint(change):
    world = World()
    before = state.fingerprint(world)
    assert state.fingerprint(world) == before
    CHANGES[change](world)
    assert state.fingerprint(world) != before


def test_what_lies_deeper_than_followed_is_named_by_its_type():
    deep = [[[[[["bottom"]]]]]]
    assert state._value(deep, 4) == (((("list",),),),)

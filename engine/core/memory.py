"""What a card remembers, and which transitions erase it.

Modelled on ygopro-core's reset flags: every piece of information a card carries is
stored with the set of transitions that erase it (``erased_by``).  A game defines its
transitions (turned face-down, banished temporarily, left the field, control changed …)
and one table saying, per kind of information, which of them erase it; card
definitions may register lasting effects with their own erase sets, as ygopro scripts
pass their own reset masks.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Remembered:
    key: Hashable
    value: Any
    erased_by: frozenset[str]
    origin: str = ""


class Memory:
    def __init__(self) -> None:
        self._items: dict[Hashable, Remembered] = {}

    def remember(self, key: Hashable, value: Any = True, *, erased_by: frozenset[str], origin: str = "") -> None:
        self._items[key] = Remembered(key, value, frozenset(erased_by), origin)

    def recall(self, key: Hashable, default: Any = None) -> Any:
        item = self._items.get(key)
        return default if item is None else item.value

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def forget(self, key: Hashable) -> None:
        self._items.pop(key, None)

    def erase(self, transition: str) -> list[Remembered]:
        """Drop everything that ``transition`` erases; return what was dropped."""
        gone = [item for item in self._items.values() if transition in item.erased_by]
        for item in gone:
            del self._items[item.key]
        return gone

    def items(self) -> Iterator[Remembered]:
        return iter(list(self._items.values()))

    def keys_where(self, predicate) -> list[Hashable]:
        return [k for k in self._items if predicate(k)]


class Remembers:
    """A card attribute that is kept in the card's :class:`Memory`, erased by the
    transitions the game's table gives for it (``table[name]``).

    A game whose cards carry plain attributes (Magic: counters, Auras, face-down status)
    declares them with this, so that what a transition erases is its one table and the
    core's one mechanism (``card.memory.erase(transition)``), not code resetting fields.
    Reading an attribute that is not remembered gives a fresh default and stores
    nothing (a Then reads without changing the card); assign a new value, never mutate
    the one read."""

    def __init__(self, table: dict[str, frozenset[str]], default: Any = None, *, factory=None) -> None:
        self.table, self.default, self.factory = table, default, factory
        self.name = ""

    def __set_name__(self, owner, name: str) -> None:
        self.name = name
        if name not in self.table:
            raise KeyError(f"{owner.__name__}.{name}: no entry in the table of what erases it")

    def __get__(self, card, owner=None):
        if card is None:
            return self
        if self.name in card.memory:
            return card.memory.recall(self.name)
        return self.factory() if self.factory is not None else self.default

    def __set__(self, card, value) -> None:
        card.memory.remember(self.name, value, erased_by=self.table[self.name], origin="rules")

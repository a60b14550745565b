"""A fingerprint of a game's state: what a Then step must leave as it found it.

A ``那么`` / ``ならば`` step only observes.  The binding takes a fingerprint of the game
before and after each Then and reports a Then that changed it as an error of the
vocabulary (rulings.vocabulary.ThenChangedGame).  Copying the game to answer on
the copy does not work (the object graph is deep, and an answer may depend on object
identity), so the fingerprint is a plain value built from the board, the event log and
the game's own attributes, with a card reduced to its identity (serial, object id)
wherever another object refers to it.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .identity import Card
from .memory import Memory

#: how deep the game's own attributes are followed (a chain of links of a chain …)
_DEPTH = 4
_SCALARS = (int, float, str, bool, bytes, type(None))

# A Then takes two fingerprints (a Then that follows another, one: rulings.runner), about
# half the time of running the examples (1 050 examples in this process: 0.5 of 1.05 s):
# each value's kind is decided once per type (what the isinstance tests below would decide
# for every value of that type) and a dataclass's field names once per class.
_SCALAR, _CARD, _MEMORY, _DICT, _SET, _SEQUENCE, _DATACLASS, _OBJECT, _OTHER = range(9)
_KINDS: dict[type, int] = {}
_FIELDS: dict[type, tuple[str, ...]] = {}


def _kind_of(value: Any) -> int:
    """The kind of ``value`` as the tests below decide it, kept for its type."""
    cls = type(value)
    if isinstance(value, _SCALARS):
        kind = _SCALAR
    elif isinstance(value, Card):
        kind = _CARD
    elif isinstance(value, Memory):
        kind = _MEMORY
    elif isinstance(value, dict):
        kind = _DICT
    elif isinstance(value, (set, frozenset)):
        kind = _SET
    elif isinstance(value, (list, tuple)):
        kind = _SEQUENCE
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        kind = _DATACLASS
        _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(value))
    elif hasattr(value, "__dict__") and not callable(value):
        kind = _OBJECT
    else:
        kind = _OTHER
    _KINDS[cls] = kind
    return kind


def _value(value: Any, depth: int) -> Any:
    cls = type(value)
    kind = _KINDS.get(cls)
    if kind is None:
        kind = _kind_of(value)
    if kind == _SCALAR:
        return value
    if kind == _CARD:
        return ("card", value.serial, value.object_id)
    if depth <= 0:
        return cls.__name__
    depth -= 1
    if kind == _SEQUENCE:
        return tuple([_value(v, depth) for v in value])
    if kind == _DICT:
        return tuple(sorted([(repr(k), _value(v, depth)) for k, v in value.items()]))
    if kind == _DATACLASS:
        return (cls.__name__, tuple([_value(getattr(value, name), depth) for name in _FIELDS[cls]]))
    if kind == _SET:
        return tuple(sorted([repr(_value(v, depth)) for v in value]))
    if kind == _MEMORY:
        return tuple(sorted([(repr(i.key), _value(i.value, depth), tuple(sorted(i.erased_by)))
                             for i in value.items()]))
    if kind == _OBJECT:
        return (cls.__name__, _value(vars(value), depth))
    return cls.__name__


_CARD_FIELDS: dict[type, tuple[str, ...]] = {}


def card_state(card: Card) -> tuple:
    """Everything a card carries, with other objects reduced to their identity."""
    cls = type(card)
    names = _CARD_FIELDS.get(cls)
    if names is None:
        names = _CARD_FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls)
                                          if f.name not in ("definition", "zone"))
    return (card.name, *[(name, _value(getattr(card, name), _DEPTH)) for name in names])


def fingerprint(game: Any) -> tuple:
    """A value equal before and after anything that leaves ``game`` unchanged."""
    board = tuple([(zone.label, tuple([card_state(c) for c in zone.cards])) for zone in game.board.zones.values()])
    own = tuple([(name, _value(value, _DEPTH)) for name, value in sorted(_own_state(game))])
    return len(game.log), board, own


def _own_state(game: Any):
    """The game's own attributes, by name.  A component of the rules (an attribute whose
    class names its ``state_fields``) counts by the state it owns, each at the depth of
    the game's own attributes (``battle.attacking``), not by its links to the others."""
    for name, value in vars(game).items():
        if name in ("board", "log") or name.startswith("__"):
            continue
        fields = getattr(type(value), "state_fields", None)
        if fields is None:
            yield name, value
        else:
            for field_name in fields:
                yield f"{name}.{field_name}", getattr(value, field_name)


def difference(before: tuple, after: tuple) -> str:
    """What changed between two fingerprints, briefly (for the error a reader sees)."""
    if before[0] != after[0]:
        return f"{after[0] - before[0]} event(s) were recorded"
    if before[1] != after[1]:
        for (label, cards_before), (_, cards_after) in zip(before[1], after[1]):
            if cards_before != cards_after:
                names_before = [c[0] for c in cards_before]
                names_after = [c[0] for c in cards_after]
                if names_before != names_after:
                    return f"{label} held {names_before}, now {names_after}"
                return f"a card in {label} changed"
        return "the board changed"
    for (name, value_before), (_, value_after) in zip(before[2], after[2]):
        if value_before != value_after:
            return f"the game's {name} changed"
    return "the game's state changed"

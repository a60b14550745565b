"""The event log: every action and state change, in order, as structured events.

The log is the trace shown under each example on the site, so that a reader sees why
a ruling comes out as it does.  An event is a key naming what happened (``move``,
``summon``, ``set``, ``forget``, ``choice.default`` …) and typed data: the cards (kept
as :class:`CardRef`, the card's name and serial), zones (:class:`ZoneRef`, kind and
owner), players (the fields named in :data:`PLAYER_FIELDS`), numbers, and reasons (a
nested :class:`Said`, or text).  The engine says nothing in words: the words come from
each game's wording table (``engine/<game>/trace_words.py``, plain data per language),
applied by :func:`word` — Chinese for Yu-Gi-Oh!, Japanese for Magic and Duel Masters,
English for developers on the console.

An event recorded the old way, with a message (``record(kind, "…")``), is shown as that
message in every language (tests/unit/test_trace_words.py lists those call sites).
"""

from __future__ import annotations

import re
from enum import Enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


class CardRef(int):
    """A card as an event keeps it: equal to the card's serial (what code reading the
    log compares), with the card's name (what the trace shows)."""

    name: str

    def __new__(cls, serial: int, name: str) -> "CardRef":
        ref = super().__new__(cls, serial)
        ref.name = name
        return ref

    def __repr__(self) -> str:
        return f"「{self.name}」"

    def __getnewargs__(self) -> tuple[int, str]:  # copied or pickled with its name
        return int(self), self.name


def named(name: str) -> CardRef:
    """A card known only by its name (a source kept as text), as an event keeps it."""
    return CardRef(0, name)


class ZoneRef(str):
    """A zone as an event keeps it: its kind and its owner (None for a shared zone);
    equal to the zone's English label (``hand[0]``, what code reading the log compares)."""

    kind: str
    owner: int | None

    def __new__(cls, kind: str, owner: int | None = None) -> "ZoneRef":
        ref = super().__new__(cls, kind if owner is None else f"{kind}[{owner}]")
        ref.kind, ref.owner = kind, owner
        return ref

    def __getnewargs__(self) -> tuple[str, int | None]:  # copied or pickled with its parts
        return self.kind, self.owner


@dataclass(frozen=True)
class Said:
    """A phrase inside an event (a reason, an outcome): a key and typed data, worded by
    the same tables as an event."""

    key: str
    data: Mapping[str, Any] = field(default_factory=dict)


def said(key: str, **data: Any) -> Said:
    """A reason or outcome to put in an event: ``reason=said("summon", method="normal")``."""
    return Said(key, {k: _typed(v) for k, v in data.items()})


#: data fields that hold a player (0/1), worded as the steps name players (自己/对方 …)
PLAYER_FIELDS = frozenset({"player", "chooser", "victim", "winner", "loser", "controller", "caster",
                           "by_player", "turn_player", "owner"})
#: data fields that hold several players
PLAYERS_FIELDS = frozenset({"players"})


def _typed(value: Any) -> Any:
    """What an event keeps of a value: a card as a :class:`CardRef`, a zone as a
    :class:`ZoneRef`, an enum member as its value, lists and tuples element by element;
    anything else as it is."""
    if isinstance(value, Enum):
        value = value.value
    if hasattr(value, "__trace__"):  # an object that says how an event keeps it
        return value.__trace__()
    if isinstance(value, (CardRef, ZoneRef, Said, str, int, float, type(None))) and not isinstance(value, Enum):
        return value
    serial, name = getattr(value, "serial", None), getattr(value, "name", None)
    if isinstance(serial, int) and isinstance(name, str) and hasattr(value, "definition"):
        return CardRef(serial, name)
    if hasattr(value, "kind") and hasattr(value, "owner") and hasattr(value, "cards"):
        return ZoneRef(value.kind, value.owner)
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [_typed(v) for v in value]
        return tuple(sorted(items, key=str) if isinstance(value, (set, frozenset)) else items)
    return value


@dataclass(frozen=True)
class Event:
    #: what happened; ``kind`` is its first part (``resolve.not-applied`` is a ``resolve``)
    key: str
    #: the message of an event recorded the old way (None for a structured event)
    text: str | None
    data: dict[str, Any] = field(default_factory=dict)
    #: the game's wording table (what :attr:`message` and ``str`` say it with)
    words: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def kind(self) -> str:
        return self.key.split(".", 1)[0]

    @property
    def message(self) -> str:
        """The event in English, as a developer reads it."""
        return word(self, "en", self.words)

    def __str__(self) -> str:
        return line(self, "en", self.words)


class EventLog:
    def __init__(self, words: Mapping[str, Any] | None = None, language: str = "en") -> None:
        self.events: list[Event] = []
        #: the game's wording table
        self.words: Mapping[str, Any] = words or {}
        #: the language of the game's documents (what a refusal is worded in)
        self.language = language

    def say(self, key: str, **data: Any) -> str:
        """``key`` worded in the documents' language, as the trace words it: a refusal a
        reader sees under a failed example."""
        return _say(key, {k: _typed(v) for k, v in data.items()}, None, self.language, self.words)

    def record(self, key: str, message: str | None = None, /, **data: Any) -> Event:
        """Record what happened: ``record("move", card=card, source=zone, to=zone,
        reason=said("summon", method="normal"))``.  Cards, zones and lists of them are
        kept typed (:func:`_typed`).  A message (the old way) is shown as it is."""
        event = Event(key, message, {k: _typed(v) for k, v in data.items()}, self.words)
        self.events.append(event)
        return event

    def of_kind(self, kind: str) -> list[Event]:
        return [e for e in self.events if e.kind == kind]

    def lines(self, language: str = "en", words: Mapping[str, Mapping[str, Any]] | None = None) -> list[str]:
        return [line(e, language, words or self.words) for e in self.events]

    def __len__(self) -> int:
        return len(self.events)


# -- wording ------------------------------------------------------------------------------
#
# A wording table, per language: ``{"zh-CN": {...}, "ja": {...}, "en": {...}}``, each with
#   "events":  key -> template ("{card}从{source}移到{to}[[（{reason}）]]"); a key missing
#              falls back to its kind ("resolve.x" -> "resolve"), then to English
#   "zones":   zone kind -> word ("hand" -> "手卡")
#   "zone":    how a zone with an owner is said ("{owner}的{zone}")
#   "players": {0: "自己", 1: "对方"}
#   "words":   any other value -> word (summon methods, phases, yes/no …)
#   "card":    how a card is said ("「{name}」"), "list": the separator of a list
#   "fields":  field name -> {text -> word, "*": pattern} for a text field said its own
#              way ("label": {"发动": "的发动", "*": "的{}效果"})
# A template's ``[[…]]`` part is left out when a field it names is missing or empty.

_OPTIONAL = re.compile(r"\[\[(.*?)\]\]", re.S)
_FIELD = re.compile(r"\{(\w+)\}")


def _table(words: Mapping[str, Any], language: str) -> Mapping[str, Any]:
    return words.get(language) or {}


def _template(words: Mapping[str, Any], language: str, key: str) -> str | None:
    for lang in (language, "en"):
        events = _table(words, lang).get("events", {})
        k = key
        while True:
            if k in events:
                return events[k]
            if "." not in k:
                break
            k = k.rsplit(".", 1)[0]
    return None


def word_value(value: Any, language: str, words: Mapping[str, Any], name: str = "") -> str:
    """One value of an event in ``language``."""
    table = _table(words, language)
    if isinstance(value, CardRef):
        return table.get("card", "「{name}」").format(name=value.name)
    if isinstance(value, ZoneRef):
        zone = table.get("zones", {}).get(value.kind, value.kind)
        if value.owner is None:
            return zone
        owner = table.get("players", {}).get(value.owner, str(value.owner))
        return table.get("zone", "{zone}[{n}]").format(zone=zone, owner=owner, n=value.owner)
    if isinstance(value, Said):
        return _say(value.key, value.data, None, language, words)
    if isinstance(value, bool):
        return next((w for k, w in table.get("words", {}).items() if k is value), str(value))
    if isinstance(value, int) and (name in PLAYER_FIELDS or name in PLAYERS_FIELDS):
        return table.get("players", {}).get(value, f"player {value}")
    if isinstance(value, (tuple, list)):
        sep = table.get("list", ", ")
        return sep.join(word_value(v, language, words, name) for v in value)
    if isinstance(value, str):
        known = table.get("words", {}).get(value, table.get("zones", {}).get(value))
        if known is not None:
            return known
        found = _phrase(value, language, words)
        if found is None and "、" in value:  # a list the engine joined
            return "、".join(word_value(v, language, words, name) for v in value.split("、"))
        return value if found is None else found
    return str(value)


#: (language, id of the table) -> the table's phrases compiled
_PHRASES: dict[tuple[str, int], list[tuple[re.Pattern, str]]] = {}
_CARD_FIELDS = frozenset({"card", "target", "source", "by"})


def _compiled(language: str, words: Mapping[str, Any]) -> list[tuple[re.Pattern, str]]:
    key = (language, id(words))
    if key not in _PHRASES:
        out = []
        for english, said_so in _table(words, language).get("phrases", {}).items():
            pattern, pos = "", 0
            for m in _FIELD.finditer(english):
                name = m.group(1)
                pattern += re.escape(english[pos:m.start()])
                base = name.rstrip("0123456789")
                # a card is 「…」, a player the number the engine writes ("player 0")
                pattern += (r"(?P<%s>「[^「」]*」)" if base in _CARD_FIELDS
                            else r"(?P<%s>\d+)" if base in PLAYER_FIELDS else r"(?P<%s>.+?)") % name
                pos = m.end()
            out.append((re.compile(pattern + re.escape(english[pos:])), said_so))
        _PHRASES[key] = out
    return _PHRASES[key]


def _phrase(text: str, language: str, words: Mapping[str, Any]) -> str | None:
    """A reason the engine gives as English text ("cost of 「X」"), in ``language`` by the
    table's ``phrases`` (English template -> template, fields worded in turn), or None."""
    for pattern, said_so in _compiled(language, words):
        m = pattern.fullmatch(text)
        if m is None:
            continue
        given = {}
        fields = _table(words, language).get("fields", {})
        for name, value in m.groupdict().items():
            base = name.rstrip("0123456789")
            if base in fields:  # a text field said its own way (an effect's label: 的①效果)
                given[name] = _field(fields[base], value)
            elif base in PLAYER_FIELDS and value.isdigit():
                given[name] = word_value(int(value), language, words, base)
            elif base in _CARD_FIELDS:
                given[name] = value
            else:
                given[name] = word_value(value, language, words, base)
        return _FIELD.sub(lambda f: given.get(f.group(1), "?"), said_so)
    return None


def _say(key: str, data: Mapping[str, Any], message: str | None, language: str,
         words: Mapping[str, Any]) -> str:
    if message is not None:
        return message
    template = _template(words, language, key)
    if template is None:
        shown = ", ".join(f"{k}={word_value(v, language, words, k)}" for k, v in data.items())
        return f"{key}" + (f" ({shown})" if shown else "")
    fields = _table(words, language).get("fields", {})
    given = {k: _field(fields.get(k), v) if isinstance(v, str) and k in fields else word_value(v, language, words, k)
             for k, v in data.items() if v is not None and v != "" and v != ()}

    def optional(m: re.Match) -> str:
        return m.group(1) if all(f in given for f in _FIELD.findall(m.group(1))) else ""

    text = _OPTIONAL.sub(optional, template)
    return _FIELD.sub(lambda m: given.get(m.group(1), "?"), text)


def _field(said_as: Mapping[str, str], value: str) -> str:
    """A text field said the table's way: its own word, else the pattern "*" (``{}``)."""
    return said_as[value] if value in said_as else said_as.get("*", "{}").format(value)


def word(event: Event, language: str, words: Mapping[str, Any]) -> str:
    """One event in ``language`` with the game's wording table ``words``."""
    return _say(event.key, event.data, event.text, language, words)


def line(event: Event, language: str, words: Mapping[str, Any]) -> str:
    """A line of the trace: the event worded; in English (for developers) after its key."""
    text = word(event, language, words)
    return f"[{event.kind}] {text}" if language == "en" else text


def merge(*tables: Mapping[str, Any]) -> dict[str, Any]:
    """Wording tables one over the other (the later wins), per language and section."""
    out: dict[str, Any] = {}
    for table in tables:
        for language, sections in table.items():
            mine = out.setdefault(language, {})
            for section, value in sections.items():
                if isinstance(value, Mapping):
                    mine[section] = {**mine.get(section, {}), **value}
                else:
                    mine[section] = value
    return out

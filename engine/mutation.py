"""The rules tables of each game, as cells that the coverage tool changes one at a time.

Each game brings its own tables (``engine/<game>/tables.py``: a function ``tables()``
built with the pieces here); this module names no game.

A *cell* is one entry of a rules table; its change is what a mistaken rule would be:

- each game's memory table (what a card remembers × the transitions that erase it) is
  TOGGLED: a row erased by a transition is kept through it, a row kept through it is
  erased by it ("still remembered after X" is as much a rule as "forgotten after X");
- Yu-Gi-Oh!'s table of lasting effects given to a face-down monster: each kind's flag
  flipped;
- Yu-Gi-Oh!'s named card exceptions (``memory.CARD_RULINGS``): each taken off the cards
  that name it;
- Magic's table of what each way of turning a card face down makes of it
  (``face_down.BY_WAY``): its ward given or taken away, its 2/2 changed;
- every flag a card definition sets on itself: a Yu-Gi-Oh! effect's 强制 (taken off) and
  1回合1次 (taken off, or its kind swapped), a Duel Masters FE ability (taken off), each
  keyword of a Magic or Duel Masters card or ability (taken out).  Only the examples that
  bring the card in can notice these (``Cell.cards``).

Cell ids are ``<table>/<row>/<column>`` with the code's identifiers:
``memory/COUNTERS/BANISHED_TEMPORARILY``, ``face-down/battle/given``,
``exception/<ruling>/taken-off``, ``face-down/変装/ward``, and for a card's flags
``flag/<card>/<effect label>/<field>:<change>`` (``once-per-turn:taken-off``,
``once-per-turn:卡名``, ``keywords:without-飛行``; the label is ``card`` for the card's
own fields).  Every row and column also has a label in the document's language for the
site (the table modules' ``LABELS``).
A cell's ``key`` is its (row, column) as the table's module writes them: the keys of that
module's ``UNOBSERVABLE`` dict, where a change no game situation can observe is declared.

Applying a cell changes the table in this process and returns the undo; card records are
rebuilt into the catalogue when a change touches them.  Nothing here runs an example.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from rulings import cardformat
from rulings.project import GAMES

Undo = Callable[[], None]
_WORDS = re.compile(r"[、\s]+")


class CellError(Exception):
    """A change that cannot be made (it leaves a card unreadable): a fault of the tool's
    tables, reported with the cell."""


@dataclass(frozen=True)
class Cell:
    table: str
    row: str
    column: str
    #: the table's value as JSON: erased (true) or kept (false), a flag's value …
    value: Any
    #: what the change does, in the document's language
    change: str
    apply: Callable[[], Undo] = field(repr=False, compare=False)
    #: (row, column) as the table's module writes them (the keys of its UNOBSERVABLE)
    key: tuple[Any, Any] = ()
    #: only examples that bring in one of these cards can notice the change (None: any)
    cards: frozenset[str] | None = None
    #: a memory-table cell (row, transition): only an example in which a card holding the
    #: row meets the transition can notice the change (rulings.coverage: erasures)
    meets: tuple[Any, Any] | None = None

    @property
    def id(self) -> str:
        return f"{self.table}/{self.row}/{self.column}"

    @property
    def local(self) -> str:
        """The cell's key within its table: ``<row>/<column>``."""
        return f"{self.row}/{self.column}"


@dataclass
class Table:
    id: str
    #: in the document's language
    title: str
    #: the module that holds the table (and may declare UNOBSERVABLE cells), if any
    module: ModuleType | None
    rows: list[tuple[str, str]] = field(default_factory=list)  # (id, label)
    columns: list[tuple[str, str]] = field(default_factory=list)
    cells: list[Cell] = field(default_factory=list)
    #: row or column objects the module's LABELS does not name (the id is shown instead)
    unlabelled: list[str] = field(default_factory=list)

    def add(self, cell: Cell, row_label: str, column_label: str) -> None:
        if cell.row not in {r for r, _ in self.rows}:
            self.rows.append((cell.row, row_label))
        if cell.column not in {c for c, _ in self.columns}:
            self.columns.append((cell.column, column_label))
        self.cells.append(cell)


#: the words of the changes every game's tables make, per document language (a game's own
#: tables word their own changes: engine/<game>/tables.py)
WORDS = {
    "zh-CN": {"kept": "{column}后不再消失", "erased": "{column}后也消失",
              "taken-off": "去掉{field}", "swapped": "{field}改为{value}", "without": "去掉{word}",
              "card": "「{card}」", "effect": "「{card}」{label}"},
    "ja": {"kept": "{column}ときも消えない", "erased": "{column}ときに消える",
           "taken-off": "{field}を取り除く", "swapped": "{field}を{value}に変える", "without": "{word}を取り除く",
           "card": "「{card}」", "effect": "「{card}」の{label}"},
}


def _id(thing: Any) -> str:
    return getattr(thing, "name", None) or str(thing)


def label_of(labels: dict, thing: Any, table: Table) -> str:
    if thing in labels:
        return labels[thing]
    table.unlabelled.append(_id(thing))
    return _id(thing)


def catalogue_of(game: str) -> cardformat.Catalogue:
    return importlib.import_module(f"{GAMES[game][1]}.catalogue").CATALOGUE


# -- changes ----------------------------------------------------------------------------

def set_value(game: str, table: dict, key: Any, value: Any) -> Callable[[], Undo]:
    """``table[key] = value``; the catalogue is built again (a card may have read the
    table as it was built) — a card at a time, as the examples look them up
    (``Catalogue.build_lazily``) —, and after the undo it is the one built before."""
    def apply() -> Undo:
        old = table[key]
        catalogue = catalogue_of(game)
        before = catalogue.state()
        table[key] = value
        # (not lazily when the card file names a card twice: then built from the file
        # again, as it always was, now and after the undo)
        lazily = catalogue.build_lazily()

        def undo() -> None:
            table[key] = old
            if lazily:
                catalogue.restore(before)  # built with the table as it is again (or not yet built)
            else:
                catalogue.forget()

        return undo

    return apply


def records_changed(game: str, change: Callable[[dict], dict]) -> Callable[[], Undo]:
    """Every card record of ``game`` passed through ``change`` (which returns it, or a
    changed copy) and the catalogue built again from them; the undo puts back the
    catalogue built before."""
    def apply() -> Undo:
        catalogue = catalogue_of(game)
        catalogue.cards  # noqa: B018 - loaded, so that its records are there
        original, broken = list(catalogue.records.values()), set(catalogue.broken)
        before, restorable = catalogue.state(), catalogue.built_from(original)
        changed = [change(record) for record in original]
        if restorable and all(new.get("name") == old.get("name") for old, new in zip(original, changed)) \
                and catalogue.build_lazily(changed):
            # a card is built from its own record: only a changed one can break
            newly = {}
            for old, new in zip(original, changed):
                if new is not old:
                    err = catalogue.try_build(new)
                    if err is not None and new.get("name", "") not in broken:
                        newly[new.get("name", "")] = err
        else:
            catalogue.load_records(changed)
            newly = {name: err for name, err in catalogue.broken.items() if name not in broken}

        def undo() -> None:
            if restorable:
                catalogue.restore(before)  # built from the same records
            else:
                catalogue.load_records(original)

        if newly:
            undo()
            raise CellError("the change leaves cards unreadable: " + "; ".join(str(e) for e in newly.values()))
        return undo

    return apply


def _effect_field(card: str, index: int, name: str, value: str | None, card_field: str | None = None
                  ) -> Callable[[dict], dict]:
    """One field of one effect of one card set to ``value`` (None: taken off; then
    ``card_field`` of the card goes too when no effect has the flag any more)."""
    def change(record: dict) -> dict:
        if record["name"] != card:
            return record
        effects = list(record["effects"])
        fields = {k: v for k, v in effects[index]["fields"].items() if k != name}
        if value is not None:
            fields[name] = value
        effects[index] = {**effects[index], "fields": fields}
        card_fields = record["fields"]
        if value is None and card_field and not any(name in e["fields"] for e in effects):
            card_fields = {k: v for k, v in card_fields.items() if k != card_field}
        return {**record, "fields": card_fields, "effects": effects}

    return change


def _without_word(card: str, index: int | None, name: str, word: str) -> Callable[[dict], dict]:
    """One word (a keyword) taken out of a field of a card (index None) or of its effect."""
    def strip(fields: dict) -> dict:
        words = [w for w in _WORDS.split(fields[name]) if w and w != word]
        out = {k: v for k, v in fields.items() if k != name}
        if words:
            out[name] = "、".join(words)
        return out

    def change(record: dict) -> dict:
        if record["name"] != card:
            return record
        if index is None:
            return {**record, "fields": strip(record["fields"])}
        effects = list(record["effects"])
        effects[index] = {**effects[index], "fields": strip(effects[index]["fields"])}
        return {**record, "effects": effects}

    return change


# -- the tables -------------------------------------------------------------------------

def memory_table(game: str, module: ModuleType, table: dict, columns: list, title: str) -> Table:
    """A memory table, every cell toggled (erased → kept, kept → erased)."""
    words = WORDS[GAMES[game][0]]
    out = Table("memory", title, module)
    labels = getattr(module, "LABELS", {})
    column_labels = {c: label_of(labels, c, out) for c in columns}
    for row, erased in table.items():
        row_label = label_of(labels, row, out)
        for column in columns:
            is_erased = column in erased
            changed = erased - {column} if is_erased else erased | {column}
            change = words["kept" if is_erased else "erased"].format(column=column_labels[column])
            out.add(Cell("memory", _id(row), _id(column), is_erased, change, set_value(game, table, row, changed),
                         (row, column), meets=(row, column)), row_label, column_labels[column])
    return out


def switch_table(game: str, table_id: str, title: str, module: ModuleType, switches: dict, labels: dict,
                 column: str, column_label: str, change: str) -> Table:
    """A table of rules each switched off alone (``switches``: rule -> on; every game's
    basic rules, legality.py, and the smaller rule sets beside them): the change turns
    the rule off, and the engine lets through what the rule forbids."""
    out = Table(table_id, title, module)
    for rule, on in switches.items():
        out.add(Cell(table_id, _id(rule), column, on, change,
                     set_value(game, switches, rule, not on), (rule, column)),
                label_of(labels, rule, out), column_label)
    return out


@dataclass(frozen=True)
class Flags:
    """The flags a game's card definitions set on themselves, each a cell of the flag table."""

    #: field of an effect -> its value -> the other values it could have been (None: the
    #: flag taken off)
    effect: dict[str, dict[str, list[str | None]]] = field(default_factory=dict)
    #: a card field that only makes sense with an effect flag (a Duel Masters card's FE
    #: race and its FE abilities): taken off with the card's last such flag
    card_fields: dict[str, str] = field(default_factory=dict)
    #: fields of a card or an effect that list keyword abilities (each taken out in turn)
    keywords: tuple[str, ...] = ()


FLAG_TITLES = {"zh-CN": "卡片定义里的标记", "ja": "カード定義のフラグ・キーワード能力"}


def catalogue_records(game: str) -> list[dict]:
    return catalogue_of(game).current_records()


def _card_parts(record: dict, words: dict[str, str]) -> Iterator[tuple[int | None, str, str, dict, dict]]:
    """(effect index or None for the card itself, the part's name in cell ids, its label,
    its fields, its record) of each part of a card record; a label written twice is
    numbered (①, ①#2)."""
    card = record["name"]
    yield None, "card", words["card"].format(card=card), record.get("fields") or {}, record
    seen: dict[str, int] = {}
    for i, effect in enumerate(record.get("effects") or []):
        label = effect.get("label") or str(i + 1)
        seen[label] = seen.get(label, 0) + 1
        part = label if seen[label] == 1 else f"{label}#{seen[label]}"
        yield i, part, words["effect"].format(card=card, label=part), effect.get("fields") or {}, effect


def card_declarations(game: str) -> Iterator[tuple[str, str, str, str]]:
    """(row, column, why, file:line) of each ``:unobservable:`` line of the cards of
    ``game``: a card is the table its flags belong to, so it declares them there."""
    words = WORDS[GAMES[game][0]]
    for record in catalogue_records(game):
        for _index, part, _label, fields, where in _card_parts(record, words):
            written = fields.get("unobservable")
            if not written:
                continue
            line = (where.get("lines") or {}).get("unobservable") or where.get("line") or record.get("line", 0)
            for n, declaration in enumerate(filter(None, (w.strip() for w in written.splitlines()))):
                column, _, why = declaration.partition(" ")
                yield f"{record['name']}/{part}", column, why.strip(), f"{record.get('source', '?')}:{line + n}"


def _flag_cells(game: str, flags: Flags) -> Iterator[tuple[Cell, str, str]]:
    words = WORDS[GAMES[game][0]]
    fmt = cardformat.format_of(game)

    def field_label(name: str, effect: bool) -> str:
        f = fmt.field_of(name, effect=effect)
        return (f.label if f is not None else "") or name

    for record in catalogue_records(game):
        card = record["name"]
        for index, part, row_label, fields, _where in _card_parts(record, words):
            row = f"{card}/{part}"
            if index is not None:
                for name, alternatives in flags.effect.items():
                    value = fields.get(name)
                    for other in alternatives.get(value, []) if value is not None else []:
                        flabel = field_label(name, True)
                        if other is None:
                            column, change = f"{name}:taken-off", words["taken-off"].format(field=flabel)
                        else:
                            column, change = f"{name}:{other}", words["swapped"].format(field=flabel, value=other)
                        yield (Cell("flag", row, column, value or True, change,
                                    records_changed(game, _effect_field(card, index, name, other,
                                                                         flags.card_fields.get(name))),
                                    (row, column), frozenset({card})), row_label, change)
            for name in flags.keywords:
                for word in filter(None, _WORDS.split(fields.get(name) or "")):
                    column, change = f"{name}:without-{word}", words["without"].format(word=word)
                    yield (Cell("flag", row, column, True, change,
                                records_changed(game, _without_word(card, index, name, word)),
                                (row, column), frozenset({card})), row_label, change)


def flag_table(game: str, flags: Flags) -> Table:
    out = Table("flag", FLAG_TITLES[GAMES[game][0]], None)
    for cell, row_label, column_label in _flag_cells(game, flags):
        out.add(cell, row_label, column_label)
    return out


def tables(game: str) -> list[Table]:
    """Every rules table of ``game`` as cells (the card records must be readable: the
    catalogue is loaded from the extracted cards): what ``engine/<game>/tables.py``
    builds, so that a game brings its own tables and nothing here names one."""
    if game not in GAMES:
        raise KeyError(f"unknown game {game!r}; known: {', '.join(GAMES)}")
    return importlib.import_module(f"{GAMES[game][1]}.tables").tables()

"""Which rules do the examples pin?  ``rulings coverage``: rule coverage by mutation.

Each cell of each rules table (``rulings.mutation``) is changed in turn, the examples of
its game run in this process (``rulings.scenarios``) and every example that fails is
recorded: those examples *pin* the cell.  A cell no example pins is

- *equivalent* when the module holding its table declares it in ``UNOBSERVABLE`` (no game
  situation can observe the change; the reason is in the document's language);
- *unpinned* when a document declares it with ``.. rulings:unpinned:: <cell id>`` (a real
  rule that no source can pin; the gherkin build lists those in
  ``build/coverage/unpinned.json``);
- otherwise a *survivor*: a finding.

A declaration that names no cell, or declares equivalent (or unpinned) a cell that an
example pins, is an error at its file and line.

Measuring is incremental and parallel.  What a game's measurement rests on — its engine
code, its wording, its card records, the libraries, its extracted examples and this
tool's own code — is digested (named inputs of ``rulings.digests``; ``rulings.coverage_basis``, which the site reads too to
tell current results from stale ones); a game whose digest did not change is not measured
again.  When only its examples or cards changed, each example keeps what it pinned while
what it rests on (``example_key``: its steps and tables, its cards) is unchanged, and only
the edited examples run under each change.  Cells run in worker processes (``-j``), each
applying the change in process.

Outputs: ``build/coverage/<game>.json`` (the site's coverage pages read it as data: every
label and status a page shows is in it), ``build/coverage/measured/<game>.json`` (the
measurement and its basis), a console
summary per game with its survivors, and the ratchet ``tests/coverage-pinned.json``
(``--check`` fails when a cell listed there is no longer pinned; ``--update`` writes it).
"""

from __future__ import annotations

import ast
import difflib
import inspect
import json
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulings import digests, incremental, mutation, scenarios
from rulings import vocabulary as vocab_mod
from rulings.cardformat import use_cards_dir
from rulings.core import memory as core_memory
from rulings.project import COVERAGE_STATUSES as STATUSES
from rulings.project import GAMES, Paths
from rulings.coverage_basis import FORMAT, basis, measured_path, read_measurement, why_measure
from rulings.digests import digest as _digest
from rulings.results import write_atomic

BASELINE = Path("tests") / "coverage-pinned.json"


# -- measuring --------------------------------------------------------------------------

@dataclass
class Measurement:
    """One game's cells, each with the examples that fail when it changes."""

    game: str
    basis: dict[str, str]
    #: cell id -> ids of the examples that fail under its change
    cells: dict[str, list[str]] = field(default_factory=dict)
    #: cell id -> why its change could not be made
    errors: dict[str, str] = field(default_factory=dict)
    #: example id -> how it fails without any change (it cannot pin anything)
    broken: dict[str, str] = field(default_factory=dict)
    examples: int = 0
    seconds: float = 0.0
    #: example id -> what its outcome under any change rests on (``example_key``): an
    #: example whose key is unchanged keeps the cells it pinned when others are edited
    keys: dict[str, str] = field(default_factory=dict)
    #: how many examples this measurement ran (all of them, or only the edited ones)
    ran: int = 0

    def to_json(self) -> dict:
        return {"format": FORMAT, "game": self.game, "basis": self.basis, "cells": self.cells, "errors": self.errors,
                "broken": self.broken, "examples": self.examples, "seconds": self.seconds, "keys": self.keys}

    @classmethod
    def from_json(cls, data: dict) -> "Measurement":
        return cls(data["game"], dict(data["basis"]), {k: list(v) for k, v in data["cells"].items()},
                   dict(data.get("errors", {})), dict(data.get("broken", {})), int(data.get("examples", 0)),
                   float(data.get("seconds", 0.0)), dict(data.get("keys", {})))


def example_key(example: scenarios.Example, cards: incremental.CardDigests, named: list[str] | None,
                phrases: list[str] | None = None) -> str:
    """What an example's outcome rests on besides the engine: its steps and tables as they
    run (not its title, nor where it is written), the phrases they match with their
    functions (``digests.steps``, as a result's basis has it; ``phrases``: the
    manifest's list, else the phrases its steps match now), whether it is pending, and the
    cards it names with those their records name (``named``: the manifest's list; the
    names in its steps when it has none)."""
    if phrases is None:
        phrases = scenarios.phrases_of(vocab_mod.load(example.game), example)
    parts: list[str] = ["pending" if example.pending else "settled",
                        digests.steps(example.game, phrases)]
    found: set[str] = set()
    for scenario in example.scenarios:
        for step in scenario.steps:
            table = json.dumps(step.datatable.raw(), ensure_ascii=False) if step.datatable else ""
            parts.append(f"{step.type}\t{step.name}\t{table}")
            found.update(incremental._CARD_NAME.findall(step.name + table))
        parts.append("--")
    parts.append(cards.digest(list(named) if named is not None else sorted(found)))
    return _digest(parts)


@dataclass
class _Game:
    """What a worker needs to measure the cells of one game."""

    vocabulary: vocab_mod.Vocabulary
    examples: list[scenarios.Example]
    cells: dict[str, mutation.Cell]
    #: card -> the names that bring it into an example (itself, its aliases, the cards
    #: whose records name it, transitively)
    bringers: dict[str, set[str]]
    #: example id -> how it fails with no change (it pins nothing)
    broken: dict[str, str] = field(default_factory=dict)
    #: example id -> the (row, transition) pairs it meets (see ``erasures``)
    met: dict[str, set] = field(default_factory=dict)
    #: example id -> ``example_key``
    keys: dict[str, str] = field(default_factory=dict)
    #: the ids of the examples to run under each change (None: all of them)
    only: set[str] | None = None


#: set before the workers start (they inherit it: fork), or by their initializer
_WORK: dict[str, _Game] = {}


def _bringers(records: list[dict]) -> dict[str, set[str]]:
    """For each card: the names by which an example may bring it in — its own, its
    aliases, and those of every card whose record names it (a card summoning a token
    brings the token in), transitively."""
    names_in: dict[str, set[str]] = {}
    aliases: dict[str, set[str]] = {}
    for record in records:
        name = record["name"]
        text = json.dumps({k: v for k, v in record.items() if k not in ("source", "line", "lines")},
                          ensure_ascii=False)
        names_in[name] = set(incremental._CARD_NAME.findall(text)) - {name}
        aliases[name] = {v.strip() for k, v in (record.get("fields") or {}).items()
                         if k in ("english",) and isinstance(v, str) and v.strip()}
    out: dict[str, set[str]] = {}
    for card in names_in:
        found, todo = {card}, [card]
        while todo:
            current = todo.pop()
            for other, named in names_in.items():
                if current in named and other not in found:
                    found.add(other)
                    todo.append(other)
        out[card] = found | {alias for name in found for alias in aliases.get(name, ())}
    return out


def erasures(vocabulary: vocab_mod.Vocabulary, example: scenarios.Example) -> tuple[BaseException | None, set]:
    """Run ``example`` unchanged: (its first error, the (row, transition) pairs it meets —
    every time a transition erases a card's memory, each row the card holds then).

    This is what lets a memory-table cell run only the examples that meet it, and still
    record every example that fails.  A table's erase sets are read when a row is
    remembered and act only in ``Memory.erase`` (the one place a transition forgets
    anything); the engine is deterministic, so an example runs exactly as unchanged up
    to the first ``erase(T)`` on a card holding row R — where the changed cell (R, T)
    first makes a difference.  An example that never meets (R, T) runs as unchanged and
    cannot fail.  ``tests/unit/test_coverage.py`` checks it: every example of Magic and Duel
    Masters runs once with every memory cell it does not meet changed together, and must
    pass and meet the same pairs; one cell per game is measured with and without pruning."""
    met: set = set()
    original = core_memory.Memory.erase

    def erase(memory: core_memory.Memory, transition):
        for key in list(memory._items):
            met.add((key, transition))
            if isinstance(key, tuple) and key:
                met.add((key[0], transition))  # a row kept per something: (Info.LASTING, mark)
        return original(memory, transition)

    core_memory.Memory.erase = erase
    try:
        return scenarios.fails(vocabulary, example), met
    finally:
        core_memory.Memory.erase = original


def _manifest_cards(paths: Paths) -> dict[str, list[str]]:
    """example id -> the cards the manifest says it names."""
    try:
        manifest = incremental.read_manifest(paths.features)
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return {e["id"]: list(e.get("cards") or []) for e in manifest if isinstance(e, dict) and "id" in e}


def _manifest_phrases(paths: Paths) -> dict[str, list[str]]:
    """example id -> the phrases the manifest says its steps matched."""
    try:
        manifest = incremental.read_manifest(paths.features)
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return {e["id"]: list(e["phrases"]) for e in manifest if isinstance(e, dict) and "id" in e and "phrases" in e}


def _load(paths: Paths, games: Iterable[str], previous: dict[str, "Measurement"] | None = None) -> None:
    """Read the examples, vocabularies and cells of ``games`` into this process, and run
    once unchanged every example that will run under the changes (which fail; which rows
    and transitions they meet).  With a ``previous`` measurement of a game, only the
    examples whose ``example_key`` differs from it will run."""
    use_cards_dir(paths.cards)
    examples = scenarios.documented(paths, set(games))
    named, phrases = _manifest_cards(paths), _manifest_phrases(paths)
    for game_id in games:
        game = _WORK[game_id] = _Game(vocab_mod.load(game_id), [e for e in examples if e.game == game_id],
                                      {c.id: c for t in mutation.tables(game_id) for c in t.cells},
                                      _bringers(mutation.catalogue_records(game_id)))
        cards = incremental.CardDigests.read(paths.cards / f"{game_id}.json")
        game.keys = {e.id: example_key(e, cards, named.get(e.id), phrases.get(e.id)) for e in game.examples}
        before = (previous or {}).get(game_id)
        if before is not None:
            game.only = {i for i, key in game.keys.items() if before.keys.get(i) != key}
        for example in game.examples:
            if example.pending or (game.only is not None and example.id not in game.only):
                continue
            err, game.met[example.id] = erasures(game.vocabulary, example)
            if err is not None:
                game.broken[example.id] = f"{type(err).__name__}: {err}"


def _init_worker(root: str, build: str, games: list[str], previous: dict[str, "Measurement"] | None) -> None:
    # a forked worker inherits the command's handlers, which speak for the whole command
    # ("stopped by SIGTERM") and would when the pool ends its workers
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)
    if not all(g in _WORK for g in games):  # not inherited (a spawned worker)
        os.environ["RULINGS_BUILD"] = build
        _load(Paths(Path(root)), games, previous)


def _runnable(game: _Game, cell: mutation.Cell, prune: bool = True) -> list[scenarios.Example]:
    """The examples that can notice ``cell``'s change (of those that run)."""
    out = [e for e in game.examples if not e.pending and e.id not in game.broken
           and (game.only is None or e.id in game.only)]
    if cell.cards is not None:
        names = {n for card in cell.cards for n in game.bringers.get(card, {card})}
        out = [e for e in out if any(e.names(n) for n in names)]
    if prune and cell.meets is not None:
        out = [e for e in out if cell.meets in game.met.get(e.id, ())]
    return out


def _measure_cell(job: tuple[str, str, bool]) -> tuple[str, str, list[str] | None, str | None]:
    """(game, cell id, the examples failing under the change — None if it could not be
    made —, why not)."""
    game_id, cell_id, prune = job
    game = _WORK[game_id]
    cell = game.cells[cell_id]
    try:
        undo = cell.apply()
    except mutation.CellError as err:
        return game_id, cell_id, None, str(err)
    try:
        failing = [e.id for e in _runnable(game, cell, prune) if scenarios.fails(game.vocabulary, e) is not None]
    finally:
        undo()
    return game_id, cell_id, failing, None


def reusable(previous: Measurement | None, now: dict[str, str], game: str) -> Measurement | None:
    """``previous``, when what it rests on differs from ``now`` only in the examples and
    cards — then an example whose ``example_key`` is unchanged keeps what it pinned, and
    only the others run under each change.  None when the engine or this tool changed,
    the cells are not the same, or a change could not be made: everything is measured."""
    if previous is None or not previous.keys or previous.errors:
        return None
    if any(previous.basis.get(part) != now.get(part) for part in ("engine", "tool")):
        return None
    cells = {c.id for t in mutation.tables(game) for c in t.cells}
    return previous if cells == set(previous.cells) else None


def measure(paths: Paths, games: list[str], jobs: int = 1, bases: dict[str, dict[str, str]] | None = None,
            only: set[str] | None = None, prune: bool = True, previous: dict[str, Measurement] | None = None
            ) -> dict[str, Measurement]:
    """Measure every cell of ``games`` (or the cell ids in ``only``): each change applied
    in turn, the examples of its game that can notice it run in process (``jobs`` worker
    processes), every failing example recorded.  ``prune=False``: a memory-table cell
    runs every example, not only those that meet it (``erasures``).  ``previous``: per
    game, a measurement ``reusable`` for it: only the examples edited since run, the
    others keep what they pinned."""
    previous = previous or {}
    start = time.perf_counter()
    _load(paths, games, previous)
    loaded = time.perf_counter() - start
    out: dict[str, Measurement] = {}
    jobs_list: list[tuple[str, str, bool]] = []
    cost: dict[tuple[str, str], int] = {}
    for game_id in games:
        game = _WORK[game_id]
        m = out[game_id] = Measurement(game_id, (bases or {}).get(game_id) or basis(paths, game_id),
                                       examples=sum(1 for e in game.examples if not e.pending), keys=dict(game.keys))
        before = previous.get(game_id)
        kept = set(game.keys) - game.only if game.only is not None else set()
        m.broken = {i: why for i, why in (before.broken.items() if before else ()) if i in kept} | game.broken
        m.ran = sum(1 for e in game.examples if not e.pending and (game.only is None or e.id in game.only))
        m.seconds = loaded * len(game.examples) / max(1, sum(len(_WORK[g].examples) for g in games))
        for cell in game.cells.values():
            if only is not None and cell.id not in only:
                continue
            runnable = cost[game_id, cell.id] = len(_runnable(game, cell, prune))
            if before is not None:
                m.cells[cell.id] = [i for i in before.cells.get(cell.id, ()) if i in kept]
                if not runnable:
                    continue
            jobs_list.append((game_id, cell.id, prune))
    # the longest first, so that no worker is left with a long cell at the end
    jobs_list.sort(key=lambda j: -cost[j[0], j[1]])
    start = time.perf_counter()
    if jobs > 1 and len(jobs_list) > 1:
        context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods()
                                              else "spawn")
        with context.Pool(min(jobs, len(jobs_list)), _init_worker,
                          (str(paths.root), str(paths.build), list(games), previous)) as pool:
            done = list(pool.imap_unordered(_measure_cell, jobs_list))
            pool.close()
            pool.join()
    else:
        done = [_measure_cell(job) for job in jobs_list]
    elapsed = time.perf_counter() - start
    total = sum(cost.values()) or 1
    for game_id, cell_id, failing, error in done:
        m = out[game_id]
        if failing is None:
            m.errors[cell_id] = error or "could not be applied"
        else:
            m.cells[cell_id] = sorted(set(m.cells.get(cell_id, ())) | set(failing))
    for game_id, m in out.items():
        # the order of the cells is the tables' (a parallel run finishes them in any order)
        order = list(_WORK[game_id].cells)
        m.cells = {c: m.cells[c] for c in order if c in m.cells}
        m.errors = {c: m.errors[c] for c in order if c in m.errors}
        share = sum(v for (g, _), v in cost.items() if g == game_id) / total
        m.seconds = round(m.seconds + elapsed * share, 1)
    return out


# -- declarations -----------------------------------------------------------------------

@dataclass
class Declaration:
    game: str
    cell: str
    kind: str  # equivalent | unpinned
    reason: str
    where: str  # file:line


def _key_lines(module) -> tuple[str, int, list[int]]:
    """(file, line of the UNOBSERVABLE assignment, line of each key in order) of a
    module, read from its source (the keys of a dict display, in order)."""
    try:
        path = inspect.getsourcefile(module) or module.__file__
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    except (OSError, TypeError, SyntaxError):
        return getattr(module, "__file__", module.__name__), 0, []
    try:
        where = Path(path).resolve().relative_to(incremental.ENGINE.parent).as_posix()
    except ValueError:
        where = str(path)
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == "UNOBSERVABLE" for t in targets):
            value = node.value
            keys = [k.lineno for k in value.keys if k is not None] if isinstance(value, ast.Dict) \
                and None not in value.keys else []
            return where, node.lineno, keys
    return where, 0, []


def _matches(written: Any, thing: Any, ident: str) -> bool:
    try:
        return written == thing or (isinstance(written, str) and written == ident)
    except Exception:  # noqa: BLE001 - an odd key simply does not match
        return False


def equivalent_declarations(game: str, tables: list[mutation.Table]) -> tuple[list[Declaration], list[str]]:
    """The cells the tables' modules declare UNOBSERVABLE, and the errors of those
    declarations (a key that names no cell, a reason that is not a text), at file:line."""
    out: list[Declaration] = []
    errors: list[str] = []
    modules = []
    for table in tables:
        if table.module is not None and table.module not in modules:
            modules.append(table.module)
    for module in modules:
        declared = getattr(module, "UNOBSERVABLE", None)
        if declared is None:
            continue
        path, line, key_lines = _key_lines(module)
        if not isinstance(declared, dict):
            errors.append(f"{path}:{line}: UNOBSERVABLE must be a dict {{(row, column): reason}}")
            continue
        cells = [c for t in tables if t.module is module for c in t.cells]
        lines = key_lines if len(key_lines) == len(declared) else [line] * len(declared)
        for (key, reason), at in zip(declared.items(), lines):
            where = f"{path}:{at}"
            if not (isinstance(key, tuple) and len(key) == 2):
                errors.append(f"{where}: UNOBSERVABLE key {key!r} is not a (row, column) pair")
                continue
            found = [c for c in cells if _matches(key[0], c.key[0], c.row) and _matches(key[1], c.key[1], c.column)]
            if not found:
                names = [f"({c.row}, {c.column})" for c in cells]
                close = difflib.get_close_matches(f"({mutation._id(key[0])}, {mutation._id(key[1])})", names, n=3)
                errors.append(f"{where}: UNOBSERVABLE names no cell of the tables of {module.__name__}: {key!r}"
                              + (f"; closest: {', '.join(close)}" if close else ""))
                continue
            if not isinstance(reason, str) or not reason.strip():
                errors.append(f"{where}: UNOBSERVABLE {key!r}: the reason must be a text, in the document's language")
                continue
            out += [Declaration(game, c.id, "equivalent", reason.strip(), where) for c in found]
    flags = {c.id: c for t in tables if t.id == "flag" for c in t.cells}
    for row, column, reason, where in mutation.card_declarations(game):
        cell_id = f"flag/{row}/{column}"
        if cell_id not in flags:
            close = difflib.get_close_matches(cell_id, list(flags), n=3)
            errors.append(f"{where}: :unobservable: names no flag of this card part: {column!r}"
                          + (f"; closest: {', '.join(close)}" if close else ""))
        elif not reason:
            errors.append(f"{where}: :unobservable: {column}: say why no game can observe it")
        else:
            out.append(Declaration(game, cell_id, "equivalent", reason, where))
    return out, errors


def unpinned_declarations(paths: Paths, known: dict[str, set[str]]
                          ) -> tuple[list[Declaration], list[tuple[str | None, str]]]:
    """The cells the documents declare unpinned (``build/coverage/unpinned.json``, written
    by the gherkin build), and the errors, each with its game (None: of the file): a
    directive naming no cell, at its doc:line.  ``known``: game -> its cell ids (only
    these games are checked)."""
    path = paths.coverage / "unpinned.json"
    if not path.exists():
        return [], []
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(entries, list):
            raise ValueError("not a list")
    except (OSError, ValueError) as err:
        return [], [(None, f"{path}: cannot read the unpinned cells ({err}); build the documents again")]
    out: list[Declaration] = []
    errors: list[tuple[str | None, str]] = []
    for entry in entries:
        try:
            game, cell, where = entry["game"], entry["cell"], f"{entry['doc']}:{entry['line']}"
            reason = str(entry.get("reason") or "").strip()
        except (KeyError, TypeError):
            errors.append((None, f"{path}: an entry without game, cell, doc or line: {entry!r}"))
            continue
        if game not in known:
            if game not in GAMES:
                errors.append((None, f"{where}: rulings:unpinned of an unknown game {game!r}"))
            continue
        if cell not in known[game]:
            close = difflib.get_close_matches(cell, sorted(known[game]), n=3, cutoff=0.5)
            errors.append((game, f"{where}: rulings:unpinned names no cell of {game}: {cell!r}"
                                 + (f"; closest: {', '.join(close)}" if close else "")))
            continue
        if not reason:
            errors.append((game, f"{where}: rulings:unpinned {cell}: say why no example can pin it"))
        out.append(Declaration(game, cell, "unpinned", reason, where))
    return out, errors


# -- statuses and the results file ------------------------------------------------------

@dataclass
class Coverage:
    """One game's cells with their statuses, ready to write."""

    game: str
    data: dict
    errors: list[str]
    survivors: list[tuple[str, str]]  # (cell id, what it is, in the document's words)
    notes: list[str]


def statuses(m: Measurement, tables: list[mutation.Table], declarations: list[Declaration],
             declaration_errors: list[str] = ()) -> Coverage:
    """Each cell's status from what pins it and what declares it."""
    errors = list(declaration_errors)
    notes: list[str] = []
    by_cell: dict[str, dict[str, Declaration]] = {}
    for d in declarations:
        by_cell.setdefault(d.cell, {})[d.kind] = d
    out_tables = []
    summary = {s: 0 for s in STATUSES} | {"total": 0}
    survivors: list[tuple[str, str]] = []
    for table in tables:
        if table.unlabelled:
            notes.append(f"{table.id}: no label in the document's language for {', '.join(table.unlabelled)} "
                         f"(LABELS of {table.module.__name__ if table.module else 'the table'}): the id is shown")
        rows, columns = dict(table.rows), dict(table.columns)
        cells = {}
        for cell in table.cells:
            declared = by_cell.get(cell.id, {})
            entry: dict[str, Any] = {"value": cell.value, "change": cell.change}
            if cell.id in m.errors:
                errors.append(f"{cell.id}: the change cannot be made: {m.errors[cell.id]}")
            failing = m.cells.get(cell.id, [])
            entry["examples"] = failing
            if failing:
                status = "pinned"
                for kind, d in sorted(declared.items()):
                    errors.append(f"{d.where}: {cell.id} is declared {kind}, but examples fail when it changes "
                                  f"({', '.join(failing[:5])}{' …' if len(failing) > 5 else ''}): the declaration "
                                  "is wrong")
            elif "equivalent" in declared and "unpinned" in declared:
                status = "equivalent"
                errors.append(f"{declared['unpinned'].where}: {cell.id} is declared unpinned, and equivalent at "
                              f"{declared['equivalent'].where}: one or the other")
            elif declared:
                status = "equivalent" if "equivalent" in declared else "unpinned"
            else:
                status = "survivor"
                what = f"{rows[cell.row]} × {columns[cell.column]}"
                survivors.append((cell.id, what if cell.change == columns[cell.column] else f"{what}: {cell.change}"))
            d = declared.get(status)
            if d is not None:
                entry["reason"] = d.reason
                if status == "unpinned":
                    entry["where"] = d.where
            entry["status"] = status
            summary[status] += 1
            summary["total"] += 1
            cells[cell.local] = {k: entry[k] for k in ("status", "value", "change", "examples", "reason", "where")
                                 if k in entry}
        out_tables.append({"id": table.id, "title": table.title,
                           "rows": [{"id": i, "label": label} for i, label in table.rows],
                           "columns": [{"id": i, "label": label} for i, label in table.columns],
                           "cells": cells})
    if m.broken:
        notes.append(f"{len(m.broken)} example(s) fail without any change and pin nothing "
                     f"(`rulings check` says why): {', '.join(sorted(m.broken))}")
    complete = not m.errors and not m.broken
    data = {"game": m.game, "basis": _digest([json.dumps(m.basis, sort_keys=True),
                                               json.dumps([vars(d) for d in declarations], sort_keys=True,
                                                          ensure_ascii=False)]),
            "complete": complete, "tables": out_tables, "summary": summary}
    return Coverage(m.game, data, errors, survivors, notes)


def pinned(data: dict) -> list[str]:
    """The ids of the pinned cells of a game's results."""
    return sorted(f"{t['id']}/{key}" for t in data["tables"] for key, c in t["cells"].items()
                  if c["status"] == "pinned")


def ratchet(baseline: dict[str, list[str]], results: dict[str, dict]) -> list[str]:
    """The cells of ``baseline`` that are no longer pinned, one message each (only the
    games in ``results`` are compared)."""
    out = []
    for game, data in results.items():
        status = {f"{t['id']}/{key}": c["status"] for t in data["tables"] for key, c in t["cells"].items()}
        for cell in baseline.get(game, []):
            now = status.get(cell)
            if now != "pinned":
                out.append(f"{game}: {cell} was pinned and is now " + (now or "gone (no such cell)"))
    return out


def read_baseline(path: Path) -> dict[str, list[str]]:
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not all(isinstance(v, list) for v in data.values()):
        raise ValueError(f"{path}: not a baseline ({{game: [cell id, …]}})")
    return data


def write_baseline(path: Path, baseline: dict[str, list[str]]) -> None:
    write_atomic(path, json.dumps({g: sorted(baseline[g]) for g in sorted(baseline)}, ensure_ascii=False,
                                  indent=1) + "\n")


# -- the command ------------------------------------------------------------------------

def _write_if_changed(path: Path, text: str) -> None:
    """Write ``text`` atomically, unless the file already holds it (the site's builds
    look at it)."""
    try:
        if path.read_text(encoding="utf-8") == text:
            return
    except OSError:
        pass
    write_atomic(path, text)


def run(paths: Paths, games: list[str] | None = None, *, jobs: int | None = None, everything: bool = False,
        check: bool = False, update: bool = False, baseline_path: Path | None = None,
        stream=sys.stdout) -> int:
    """``rulings coverage``: measure what changed, write the results, report.  The
    features must be extracted.  Exit status: 1 on a declaration error, a change that
    cannot be made or (``check``) a pinned cell of the baseline that is no longer pinned."""
    games = list(games or GAMES)
    jobs = jobs or os.cpu_count() or 1
    use_cards_dir(paths.cards)
    out_dir = paths.coverage
    bases = {g: basis(paths, g) for g in games}
    previous: dict[str, Measurement] = {}
    #: games whose last measurement holds for every example not edited since
    reuse: dict[str, Measurement] = {}
    to_measure: dict[str, str] = {}
    for game in games:
        data = read_measurement(paths, game)
        why = why_measure(data, bases[game], everything, game)
        if why is None:
            previous[game] = Measurement.from_json(data)
        else:
            to_measure[game] = why
            if not everything and data is not None and data.get("format") == FORMAT:
                before = reusable(Measurement.from_json(data), bases[game], game)
                if before is not None:
                    reuse[game] = before
    if to_measure:
        print(f"coverage: measuring {', '.join(f'{g} ({why})' for g, why in to_measure.items())}"
              f" in {jobs} worker{'s' if jobs > 1 else ''}"
              + (f"; {', '.join(previous)} unchanged, not measured" if previous else ""), file=stream)
        start = time.perf_counter()
        fresh = measure(paths, list(to_measure), jobs, bases, previous=reuse)
        for game, m in fresh.items():
            write_atomic(measured_path(paths, game), json.dumps(m.to_json(), ensure_ascii=False, indent=1))
        previous.update(fresh)
        edited = [f"{g}: {m.ran} of {m.examples} examples edited" for g, m in fresh.items() if g in reuse]
        print(f"coverage: measured {sum(len(m.cells) + len(m.errors) for m in fresh.values())} cells in "
              f"{time.perf_counter() - start:.1f} s" + (f" (only the edited examples ran: {'; '.join(edited)})"
                                                       if edited else ""), file=stream)
    else:
        print(f"coverage: nothing changed: nothing measured ({', '.join(games)} up to date)", file=stream)
    all_tables = {g: mutation.tables(g) for g in games}
    known = {g: {c.id for t in all_tables[g] for c in t.cells} for g in games}
    unpinned, unpinned_errors = unpinned_declarations(paths, known)
    results: dict[str, dict] = {}
    failed = False
    for game in games:
        declared, errors = equivalent_declarations(game, all_tables[game])
        # an error of the file itself is reported with the first game
        errors += [e for g, e in unpinned_errors if g == game or (g is None and game == games[0])]
        cov = statuses(previous[game], all_tables[game], declared + [d for d in unpinned if d.game == game], errors)
        _write_if_changed(out_dir / f"{game}.json", json.dumps(cov.data, ensure_ascii=False, indent=1))
        results[game] = cov.data
        s = cov.data["summary"]
        print(f"{game}: {s['total']} cells: {s['pinned']} pinned, {s['equivalent']} equivalent, "
              f"{s['unpinned']} unpinned, {s['survivor']} survivor{'s' if s['survivor'] != 1 else ''}", file=stream)
        for note in cov.notes:
            print(f"  note: {note}", file=stream)
        if cov.survivors:
            print("  survivors (no example fails when the cell changes; pin, declare equivalent or unpinned):",
                  file=stream)
            width = max(len(c) for c, _ in cov.survivors)
            for cell, what in cov.survivors:
                print(f"    {cell.ljust(width)}  {what}", file=stream)
        for error in cov.errors:
            print(f"error: {error}", file=stream)
        failed = failed or bool(cov.errors)
    print(f"results: {out_dir}/<game>.json", file=stream)
    baseline_path = baseline_path or paths.root / BASELINE
    if update:
        try:
            baseline = read_baseline(baseline_path)
        except ValueError:
            baseline = {}
        for game, data in results.items():
            baseline[game] = pinned(data)
        write_baseline(baseline_path, baseline)
        print(f"baseline: {baseline_path} now lists the {sum(len(pinned(d)) for d in results.values())} pinned "
              f"cells of {', '.join(results)}", file=stream)
    if check:
        try:
            baseline = read_baseline(baseline_path)
        except ValueError as err:
            print(f"error: {err}", file=stream)
            return 1
        lost = ratchet(baseline, results)
        if lost:
            print(f"coverage dropped: {len(lost)} cell(s) of {baseline_path.name} no longer pinned "
                  "(pin them again, or, if the rule really changed, `rulings coverage --update`):", file=stream)
            for line in lost:
                print(f"  {line}", file=stream)
            failed = True
        else:
            gained = sum(len(set(pinned(d)) - set(baseline.get(g, []))) for g, d in results.items())
            print(f"ratchet: every cell of {baseline_path.name} is still pinned"
                  + (f" ({gained} more pinned: `rulings coverage --update` records them)" if gained else ""),
                  file=stream)
    return 1 if failed else 0


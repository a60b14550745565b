"""The coverage results as the site reads them: ``build/coverage/<game>.json``, written by
``rulings coverage``, read as data (every label and status a page shows is in the file).
Whether they still fit the code and documents is decided with ``rulings.coverage_basis``,
what the tool itself decides it with; the site never imports the coverage tool (every
game's rules, mutation, the scenario runner, pytest-bdd).  Read when pages are resolved;
a builder records a digest of what each page showing them showed, so that the page is
written again when they change (``changed``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulings import coverage_basis, digests
from rulings.project import COVERAGE_STATUSES as STATUSES
from rulings.project import GAMES, Paths, read_cached

from .nodes import dashboard



def folder(env) -> Path:
    return Path(env.srcdir, env.config.rulings_coverage).resolve()


def path_of(env, game: str) -> Path:
    return folder(env) / f"{game}.json"


#: per process: path -> ((mtime, size) | None, (data | None, problem | None))
_CACHE: dict[str, tuple[tuple | None, tuple[dict | None, str | None]]] = {}


def load(env, game: str) -> tuple[dict | None, str | None]:
    """(the game's results, why there are none): a missing or unreadable file is no data."""
    path = path_of(env, game)

    def read(stamp) -> tuple[dict | None, str | None]:
        if stamp is None:
            return None, f"{path}: missing"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            _check(data, game)
        except (OSError, ValueError, TypeError, KeyError, AttributeError) as err:
            return None, f"{path}: cannot read the coverage results ({err})"
        return data, None

    return read_cached(_CACHE, path, read)[1]


def _check(data: Any, game: str) -> None:
    """The shape the page relies on; anything else is unreadable, not half shown."""
    if not isinstance(data, dict) or data.get("game") != game:
        raise ValueError(f"not the coverage of {game}")
    for table in data["tables"]:
        ids = {f"{r['id']}/{c['id']}" for r in table["rows"] for c in table["columns"]}
        for key, cell in table["cells"].items():
            if key not in ids:
                raise ValueError(f"cell {key!r} of table {table['id']!r} is in no row and column")
            if cell["status"] not in STATUSES:
                raise ValueError(f"cell {table['id']}/{key}: unknown status {cell['status']!r}")


def find_cell(data: dict | None, cell: str) -> tuple[dict, dict, dict, dict | None] | None:
    """(table, row, column, results of the cell) of a cell id ``<table>/<row>/<column>``."""
    if not data:
        return None
    table_id, _, rest = cell.partition("/")
    for table in data.get("tables", []):
        if table["id"] != table_id:
            continue
        for row in table["rows"]:
            for column in table["columns"]:
                if f"{row['id']}/{column['id']}" == rest:
                    return table, row, column, table["cells"].get(rest)
    return None


def label(data: dict | None, cell: str) -> str | None:
    """A cell's readable name, in the document's language, when the results give one."""
    found = find_cell(data, cell)
    if found is None:
        return None
    table, row, column, _ = found
    parts = [table.get("title") or table["id"], row.get("label") or row["id"]]
    if len(table["columns"]) > 1:
        parts.append(column.get("label") or column["id"])
    return " · ".join(parts)


def digest(env, games) -> str:
    """What a page showing the coverage results of these games would show of them now:
    the results, and whether they still fit the site's code and documents."""
    shown = []
    for game in sorted(games):
        data, problem = load(env, game)
        # not the digest of what the results rest on ("basis": every example's steps among
        # others), which changes with any edit of an example and no page shows; whether
        # the results still fit is here (unfit)
        kept = {k: v for k, v in data.items() if k != "basis"} if isinstance(data, dict) else data
        shown.append([game, kept, problem, data and unfit(env, game, data)])
    return digests.of_json(shown, None)


def games_shown(env, docname: str, doctree) -> list[str]:
    """The games whose coverage results a page shows: its unpinned notes, its coverage
    page, every game on a dashboard."""
    games = {r["game"] for r in env.rulings_unpinned.get(docname, []) if r.get("game")}
    if docname in env.rulings_coverage_pages:
        games.add(env.rulings_coverage_pages[docname])
    if next(iter(doctree.findall(dashboard)), None) is not None:
        games |= set(GAMES)
    return sorted(games)


def note_games(app, doctree) -> None:
    """``doctree-read``: which games' coverage the page shows."""
    env = app.env
    games = games_shown(env, env.docname, doctree)
    if games:
        env.rulings_coverage_games[env.docname] = games
    else:
        env.rulings_coverage_games.pop(env.docname, None)


def changed(env, shown: dict[str, str]) -> set[str]:
    """The pages whose coverage results changed since a builder wrote them; ``shown`` (what
    each page showed when that builder last wrote it) is brought up to date.  Asked once
    every document is read (the basis rests on every document's examples and declarations)."""
    return shown_changed(shown, {d: digest(env, games) for d, games in env.rulings_coverage_games.items()
                                 if d in env.found_docs})


def shown_changed(shown: dict[str, str], now: dict[str, str]) -> set[str]:
    """The pages whose digest of what they show differs from ``shown`` (what a builder
    last wrote); ``shown`` becomes ``now``, pages no longer there dropped."""
    for docname in set(shown) - set(now):
        del shown[docname]
    out = {d for d, value in now.items() if shown.get(d) != value}
    shown.update(now)
    return out


@dataclass
class BuildPaths(Paths):
    """The project's paths with the build folder the site was told about (the coverage
    folder's parent), whatever the environment of this process says."""

    folder: Path = Path("build")

    @property
    def build(self) -> Path:
        return self.folder


def _paths(env) -> Paths:
    return BuildPaths(root=Path(env.srcdir).parent, folder=folder(env).parent)


#: per process: (game, stamps of the files it rests on) -> the measurement's basis now
_BASIS: dict[tuple, dict[str, str]] = {}


def _stamp(path: Path) -> tuple | None:
    try:
        st = path.stat()
        return st.st_mtime_ns, st.st_size
    except OSError:
        return None


def _basis_now(paths: Paths, game: str) -> dict[str, str]:
    """``coverage_basis.basis``: the game's engine code, cards, extracted examples and the
    tool, digested again only when the files the examples and cards are read from changed."""
    key = (str(paths.build), game, _stamp(paths.features / "manifest.json"), _stamp(paths.cards / f"{game}.json"),
           tuple(_stamp(p) for p in sorted(paths.features.rglob("*.feature"))))
    if key not in _BASIS:
        _BASIS[key] = coverage_basis.basis(paths, game)
    return _BASIS[key]


def unfit(env, game: str, data: dict) -> str | None:
    """Why the results no longer fit the site (None: they do): the game's engine code,
    cards, extracted examples or the tool changed since the measurement
    (``coverage_basis.why_measure`` against ``build/coverage/measured/<game>.json``), or
    the documents declare other cells unpinned than the results say."""
    paths = _paths(env)
    why = coverage_basis.why_measure(coverage_basis.read_measurement(paths, game), _basis_now(paths, game), False, game)
    if why:
        return why
    declared = {r["cell"] for docname, records in env.rulings_unpinned.items() if docname in env.found_docs
                for r in records if r["game"] == game}
    for table in data["tables"]:
        for key, cell in table["cells"].items():
            ident = f"{table['id']}/{key}"
            if cell["status"] == "unpinned" and ident not in declared:
                return f"{ident} is no longer declared unpinned"
            if cell["status"] == "survivor" and ident in declared:
                return f"{ident} was declared unpinned since"
    return None

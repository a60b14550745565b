"""The coverage results as the site reads them: ``build/coverage/<game>.json``, written by
``rulings coverage``.  Read when pages are resolved; a page that shows them records a
digest of what it showed, so that it is read again when they change (``outdated``)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from sphinx.util import logging

logger = logging.getLogger(__name__)

STATUSES = ("pinned", "equivalent", "unpinned", "survivor")


def folder(env) -> Path:
    return Path(env.srcdir, env.config.rulings_coverage).resolve()


def path_of(env, game: str) -> Path:
    return folder(env) / f"{game}.json"


#: per process: path -> ((mtime, size) | None, data | None, problem | None)
_CACHE: dict[str, tuple[tuple | None, dict | None, str | None]] = {}


def load(env, game: str) -> tuple[dict | None, str | None]:
    """(the game's results, why there are none): a missing or unreadable file is no data."""
    path = path_of(env, game)
    try:
        st = path.stat()
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = None
    cached = _CACHE.get(str(path))
    if cached is None or cached[0] != stamp:
        data, problem = None, None
        if stamp is None:
            problem = f"{path}: missing"
        else:
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                _check(data, game)
            except (OSError, ValueError, TypeError, KeyError, AttributeError) as err:
                data, problem = None, f"{path}: cannot read the coverage results ({err})"
        cached = _CACHE[str(path)] = (stamp, data, problem)
    return cached[1], cached[2]


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
    """What the coverage results of these games are, for pages that show them."""
    out = hashlib.sha256()
    for game in sorted(games):
        data, problem = load(env, game)
        out.update(json.dumps([game, data, problem], sort_keys=True, ensure_ascii=False).encode())
    return out.hexdigest()


def games_shown(env, docname: str) -> list[str]:
    """The games whose coverage results a page shows: its unpinned notes, its coverage
    page, every game on a dashboard."""
    from engine.project import GAMES

    games = {r["game"] for r in env.rulings_unpinned.get(docname, []) if r.get("game")}
    if docname in env.rulings_coverage_pages:
        games.add(env.rulings_coverage_pages[docname])
    if docname in env.rulings_dashboards:
        games |= set(GAMES) | set(env.rulings_coverage_pages.values())
    return sorted(games)


def record_digest(app, doctree) -> None:
    """``doctree-read``: what the page showed of the coverage results."""
    env = app.env
    games = games_shown(env, env.docname)
    if games:
        env.rulings_coverage_digests[env.docname] = (games, digest(env, games))
    else:
        env.rulings_coverage_digests.pop(env.docname, None)


def outdated(env) -> set[str]:
    """Pages whose coverage results changed since they were read."""
    return {docname for docname, (games, shown) in env.rulings_coverage_digests.items()
            if docname in env.found_docs and shown != digest(env, games)}

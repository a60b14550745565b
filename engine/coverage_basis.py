"""What a coverage measurement rests on, and whether it still holds.

``rulings coverage`` (``rulings.coverage``) records, with each game's measurement in
``build/coverage/measured/<game>.json``, a digest of each thing the measurement rests on
(``basis``, named inputs of ``rulings.digests`` and its own): the game's engine code, its
step functions, its wording, its cards, the libraries, its examples as extracted and the
coverage tool's own code.  The tool measures a game again when one of
them changed (``why_measure``); the site shows a game's results as current only while
none did (``rulings.sphinxext.measured``).  Both read it here: this module imports no
rules of any game, no mutation, no scenario runner, no pytest — the site reads coverage
results as data and never loads the tool that measures them.
"""

from __future__ import annotations

import json
from pathlib import Path

from rulings import digests, incremental
from rulings.project import Paths, feature_files

#: the format of ``build/coverage/measured/<game>.json``
FORMAT = 3
#: the coverage tool's own code (read as bytes, never imported here): a measurement
#: rests on it too
TOOL = ("coverage.py", "coverage_basis.py", "mutation.py", "scenarios.py")


def measured_path(paths: Paths, game: str) -> Path:
    """The record of ``game``'s last measurement (its cells, and what it rests on)."""
    return paths.coverage / "measured" / f"{game}.json"


def read_measurement(paths: Paths, game: str) -> dict | None:
    """``game``'s last measurement as written, or None (missing or unreadable)."""
    try:
        data = json.loads(measured_path(paths, game).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


#: a digest of parts in order (``rulings.digests.digest``)
digest = digests.digest


def basis(paths: Paths, game: str) -> dict[str, str]:
    """What the measurement of ``game`` rests on, as named inputs (``rulings.digests``):
    its engine code, its step functions, its wording tables, its cards, the libraries,
    plus its own: its examples as extracted (the features, without the comments that say
    where each example is written) and the coverage tool's code."""
    cards = incremental.CardDigests.read(paths.cards / f"{game}.json").records
    features = []
    for path in feature_files(paths, {game}):
        text = path.read_text(encoding="utf-8")
        features += [path.relative_to(paths.features).as_posix(),
                     "\n".join(line.rstrip() for line in text.splitlines()
                               if line.strip() and not line.lstrip().startswith("#"))]
    return {"engine": digests.engine(game), "steps": digests.vocabulary(game), "wording": digests.wording(game),
            "cards": digest(f"{name}\t{digest}" for name, digest in sorted(cards.items())),
            "libraries": digests.libraries(), "examples": digest(features),
            "tool": digests.of_files([digests.ENGINE / name for name in TOOL], digests.ENGINE)}


_BASIS_WORDS = {"engine": "engine of {game} changed", "steps": "steps of {game} changed", "cards": "cards changed", "wording": "wording of {game} changed",
                "libraries": "libraries changed",
                "examples": "examples changed", "tool": "the coverage tool changed"}


def why_measure(previous: dict | None, now: dict[str, str], everything: bool, game: str = "the game"
                ) -> str | None:
    """Why ``game`` must be measured again (None: its last measurement ``previous`` holds
    for the basis ``now``)."""
    if everything:
        return "asked for (--all)"
    if previous is None:
        return "never measured"
    if previous.get("format") != FORMAT or not isinstance(previous.get("basis"), dict):
        return "no record of what it was measured against"
    changed = [part for part in now if previous["basis"].get(part) != now[part]]
    return ", ".join(_BASIS_WORDS[p].format(game=game) for p in changed) if changed else None

"""Where a project keeps its things, and which games it knows: plain facts that the
engine, the Sphinx extension, the pytest binding and the CLI all need, owned by none
of them."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: game id -> (Gherkin language of its documents, its rules package)
GAMES: dict[str, tuple[str, str]] = {
    "ygo": ("zh-CN", "rulings.ygo"),
    "mtg": ("ja", "rulings.mtg"),
    "dm": ("ja", "rulings.dm"),
}

#: game id -> how the site names it (the dashboard's groups)
GAME_LABELS: dict[str, str] = {
    "ygo": "游戏王 OCG · Yu-Gi-Oh!",
    "mtg": "マジック：ザ・ギャザリング · Magic: The Gathering",
    "dm": "デュエル・マスターズ · Duel Masters",
}

#: game id -> how it is named in its own language (its part of a page serving every game)
GAME_NAMES: dict[str, str] = {"ygo": "游戏王 OCG", "mtg": "マジック：ザ・ギャザリング", "dm": "デュエル・マスターズ"}

#: the statuses of a rules-table cell in the coverage results (rulings.coverage); here so
#: that the site reads them without importing the coverage tool (every game's engine)
COVERAGE_STATUSES = ("pinned", "equivalent", "unpinned", "survivor")

#: the tag of a scenario whose name is its title followed by `` (<id>)``, once per time
#: (another example of the document has its title)
REPEATED_TITLE = "@rulings-repeated-title"


#: the tag line of an extracted feature file naming its game (``@rulings-game:<game>``)
_GAME_TAG = re.compile(r"\s*@rulings-game:(\S+)")


def game_of(feature_file: Path) -> str | None:
    """The game an extracted feature file's tag line names, if any."""
    with feature_file.open(encoding="utf-8") as f:
        for line in f:
            m = _GAME_TAG.match(line)
            if m:
                return m.group(1)
            if not line.startswith("#") and line.strip():
                break
    return None


def feature_files(paths: "Paths", games: set[str] | None = None) -> list[Path]:
    """The extracted feature files (of ``games``), in a stable order."""
    files = sorted(paths.features.rglob("*.feature"))
    return [p for p in files if games is None or game_of(p) in games]


def scenario_title(name: str, example_id: str, tags) -> str:
    """The title of the example a scenario named ``name`` was written from."""
    suffix = f" ({example_id})"
    for _ in range(sum(t == REPEATED_TITLE.lstrip("@") for t in tags)):
        name = name.removesuffix(suffix)
    return name


@dataclass
class Paths:
    root: Path

    @property
    def spec(self) -> Path:
        return self.root / "spec"

    @property
    def build(self) -> Path:
        # RULINGS_BUILD lets several checkouts or workers keep separate outputs
        return Path(os.environ["RULINGS_BUILD"]).resolve() if os.environ.get("RULINGS_BUILD") else self.root / "build"

    @property
    def features(self) -> Path:
        return self.build / "features"

    @property
    def cards(self) -> Path:
        """The card definitions of the documents, one JSON file per game."""
        return self.build / "cards"

    @property
    def coverage(self) -> Path:
        """The coverage results (``rulings coverage``), one JSON file per game, and the
        cells the documents declare unpinned (``unpinned.json``)."""
        return self.build / "coverage"

    @property
    def site(self) -> Path:
        return self.build / "site"

    @property
    def doctrees(self) -> Path:
        return self.build / "doctrees"

    @property
    def environment(self) -> Path:
        """The doctrees and the environment every Sphinx build of a cycle shares (gherkin,
        html, ``rulings serve``): each document is read once, whichever builder reads it."""
        return self.doctrees / "shared"

    @property
    def results(self) -> Path:
        return self.build / "results.json"

    @property
    def receipt(self) -> Path:
        """What the last run of the examples recorded, written once its results are saved
        (``rulings.bdd.plugin``); ``rulings`` reads it to know whether the run finished."""
        return self.build / "run-receipt.json"

    @property
    def runner(self) -> Path:
        """The test modules that run the documented examples (a result rests on them)."""
        return self.root / "tests" / "examples"

    def problems(self, builder: str) -> Path:
        return self.build / f"{builder}-problems.json"


def find_root(start: Path | None = None) -> Path:
    here = (start or Path.cwd()).resolve()
    for candidate in (here, *here.parents):
        if (candidate / "spec" / "conf.py").exists():
            return candidate
    raise FileNotFoundError("no spec/conf.py here or above: run rulings inside the project")


def file_stamp(st: os.stat_result) -> tuple[int, int, int, int]:
    """What says a file is as it was: a file replaced by a rename (``write_atomic``) is a
    new inode whatever its times; one written in place moves its change time, which no
    program sets back (``touch`` and ``cp -a`` set a modification time)."""
    return st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns


def read_cached(cache: dict[str, tuple[tuple | None, Any]], path: Path,
                read: Callable[[tuple | None], Any]) -> tuple[tuple | None, Any]:
    """(the file's stamp, ``read(stamp)``), read again only when the file's modification
    or change time, size or inode changed (stamp None: the file is missing) — a process reads each
    results file once however many pages show it."""
    try:
        stamp = file_stamp(path.stat())
    except OSError:
        stamp = None
    cached = cache.get(str(path))
    if cached is None or cached[0] != stamp:
        cached = cache[str(path)] = (stamp, read(stamp))
    return cached

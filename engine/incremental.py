"""Which examples must run again, and why: what each result was computed against.

A result is kept for as long as nothing it rests on changed: the example's text (its
hash), the code of its game's engine (every module the game and the binding import,
read as bytes), and the cards it names (their records as extracted, with the cards
those name in turn).  ``plan`` compares each example of the manifest with its result
and returns the ones to run with the reason; everything else keeps its result.

Plain Python: the CLI, the pytest binding and the benchmark share it.
"""

from __future__ import annotations

import hashlib
import json
import re
from importlib import metadata
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulings import results as results_mod
from rulings.project import GAMES, read_cached

ENGINE = Path(__file__).resolve().parent
_CARD_NAME = re.compile(r"「([^「」]+)」")


# -- the engine a game runs on ------------------------------------------------------------

#: what every game runs through: the shared engine and the pytest binding.  A game's
#: package imports nothing of ``engine`` beyond these and itself (kept true by
#: tests/unit/test_incremental.py); the Sphinx extension and the CLI are not on the
#: path of a run.
SHARED = ("__init__.py", "cardformat.py", "vocabulary.py", "project.py", "results.py", "wording.py",
          "core/**/*.py", "bdd/**/*.py")


def code_files(game: str) -> list[Path]:
    """The source files the examples of ``game`` run through."""
    package = GAMES[game][1].split(".")[-1] if game in GAMES else game
    patterns = (*SHARED, f"{package}/**/*.py")
    return sorted({p for pattern in patterns for p in ENGINE.glob(pattern)})


_CODE: dict[str, str] = {}


def code_digest(game: str) -> str:
    """A digest of every source file the examples of ``game`` run through (cached for
    the process: the code does not change under a running process)."""
    if game not in _CODE:
        digest = hashlib.sha256()
        for path in code_files(game):
            digest.update(path.relative_to(ENGINE).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
        _CODE[game] = digest.hexdigest()[:16]
    return _CODE[game]


# -- the cards an example names ----------------------------------------------------------

@dataclass
class CardDigests:
    """Per game: each card's digest, its aliases, and the other cards its record names."""
    records: dict[str, str] = field(default_factory=dict)
    names: dict[str, set[str]] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)
    _digests: dict[tuple, str] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def read(cls, path: Path) -> "CardDigests":
        out = cls()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return out
        for record in data.get("cards", []) if isinstance(data, dict) else []:
            name = record.get("name")
            if not name:
                continue
            # where a card is written does not change what it does
            text = json.dumps({k: v for k, v in record.items() if k not in ("source", "line", "lines")},
                              ensure_ascii=False, sort_keys=True)
            out.records[name] = hashlib.sha256(text.encode()).hexdigest()[:16]
            out.names[name] = set(_CARD_NAME.findall(text)) - {name}
            for alias in (record.get("fields") or {}).values():
                if isinstance(alias, str) and alias.strip() and alias.strip() not in out.records:
                    out.aliases.setdefault(alias.strip(), name)
        return out

    def digest(self, named: list[str]) -> str:
        """The cards named, and the cards their records name, transitively (kept per set of
        names: many examples name the same cards)."""
        key = tuple(sorted(set(named)))
        known = self._digests.get(key)
        if known is None:
            known = self._digests[key] = self._digest(key)
        return known

    def _digest(self, named) -> str:
        todo = [self.aliases.get(n, n) if n not in self.records else n for n in named]
        seen: set[str] = set()
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            seen.add(name)
            todo.extend(n for n in self.names.get(name, ()) if n in self.records)
        parts = [f"{n}\t{self.records.get(n, 'missing')}" for n in sorted(seen)]
        return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


# -- the plan -------------------------------------------------------------------------------

@dataclass
class Plan:
    #: example id -> why it runs
    run: dict[str, str]
    #: example id -> what its result rests on (every runnable example)
    basis: dict[str, dict[str, str]]
    total: int = 0
    #: example id -> its document (for the examples that run: which features to read)
    documents: dict[str, str] = field(default_factory=dict)

    def summary(self) -> str:
        """One line for the console: how many run and why."""
        if not self.run:
            return f"nothing changed: no example runs ({self.total} results up to date)"
        reasons: dict[str, int] = {}
        for why in self.run.values():
            reasons[why] = reasons.get(why, 0) + 1
        because = ", ".join(f"{n} {why}" for why, n in sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0])))
        return f"running {len(self.run)} of {self.total} examples: {because}"

    def details(self, limit: int = 20) -> list[str]:
        lines = [f"  {example_id}: {why}" for example_id, why in sorted(self.run.items())[:limit]]
        if len(self.run) > limit:
            lines.append(f"  … and {len(self.run) - limit} more")
        return lines

    def to_json(self) -> str:
        return json.dumps({"run": self.run, "basis": self.basis, "total": self.total, "documents": self.documents},
                          ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> "Plan":
        data = json.loads(text)
        return cls(run=dict(data["run"]), basis=dict(data["basis"]), total=int(data.get("total", 0)),
                   documents=dict(data.get("documents", {})))


def runner_digest(runner: Path) -> str:
    """A digest of the runner of the examples (the project's ``tests/examples``: the
    modules pytest collects them through), by content: its files as bytes."""
    digest = hashlib.sha256()
    for path in sorted(Path(runner).rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        digest.update(path.relative_to(runner).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


#: the libraries an example is read and run through (its Gherkin parsed, its steps bound
#: and run): a new version may read or run it differently, so a result rests on them too
LIBRARIES = ("gherkin-official", "pytest", "pytest-bdd")
_LIBRARIES: list[str] = []


def libraries_digest() -> str:
    """The versions of :data:`LIBRARIES` installed (once per process)."""
    if not _LIBRARIES:
        versions = []
        for name in LIBRARIES:
            try:
                versions.append(f"{name}=={metadata.version(name)}")
            except metadata.PackageNotFoundError:
                versions.append(f"{name} missing")
        _LIBRARIES.append(hashlib.sha256("\n".join(versions).encode()).hexdigest()[:16])
    return _LIBRARIES[0]


def basis_of(example: dict, cards: dict[str, CardDigests], runner: str | None = None) -> dict[str, str]:
    """What a run of ``example`` rests on now: its game's engine code, the cards it names,
    the libraries it runs through and (given) the runner's code."""
    game = example.get("game") or ""
    out = {"engine": code_digest(game),
           "cards": cards.get(game, CardDigests()).digest(list(example.get("cards") or [])),
           "libraries": libraries_digest()}
    if runner is not None:
        out["runner"] = runner
    return out


def plan(manifest: list[dict], results: dict[str, dict[str, Any]], cards_dir: Path, *,
         force: set[str] | None = None, rerun_unsuccessful: bool = False, runner: Path | None = None) -> Plan:
    """Which extracted examples of ``manifest`` need a run against ``results``.

    ``force``: ids to run whatever their results say.  ``rerun_unsuccessful``: run
    again the examples whose last result failed or could not be set up (a plain pytest
    session does, so that a failure fails it).  ``runner``: the folder of the modules
    that run the examples (``Paths.runner``), part of what a result rests on."""
    cards = {game: CardDigests.read(Path(cards_dir) / f"{game}.json")
             for game in {e.get("game") for e in manifest if e.get("game")}}
    runs_through = runner_digest(runner) if runner is not None else None
    out = Plan(run={}, basis={})
    for example in manifest:
        if not example.get("extracted"):
            continue
        example_id = example["id"]
        out.total += 1
        basis = out.basis[example_id] = basis_of(example, cards, runs_through)
        entry = results_mod.brief(results, example_id)  # without its trace: not compared
        if force is not None and example_id in force:
            why = "asked for"
        elif entry is None:
            why = "new"
        elif entry.get("hash") != example["hash"]:
            why = "text changed"
        elif not isinstance(entry.get("basis"), dict):
            why = "no record of what it ran against"
        elif entry["basis"].get("engine") != basis["engine"]:
            why = f"engine of {example.get('game')} changed"
        elif entry["basis"].get("cards") != basis["cards"]:
            why = "cards changed"
        elif entry["basis"].get("runner") != basis.get("runner"):
            why = "runner changed"
        elif entry["basis"].get("libraries") != basis["libraries"]:
            why = "libraries changed"
        elif (entry.get("status") == "pending") != (example.get("declared") == "pending"):
            # a result recorded as pending says nothing of the ruling once it is declared
            # settled (and the other way round): run it as it is declared now
            why = "declared pending" if example.get("declared") == "pending" else "no longer pending"
        elif rerun_unsuccessful and entry.get("outcome") not in ("passed", None) and not example.get("declared"):
            why = f"{entry.get('outcome')} last time"
        else:
            continue
        out.run[example_id] = why
        out.documents[example_id] = example.get("docname", "")
    return out


#: per process: path -> (stamp, what was read): the CLI reads the manifest and the results
#: before the run, after it and when reconciling; each version is parsed once
_MANIFESTS: dict[str, tuple[tuple | None, Any]] = {}
_RESULTS: dict[str, tuple[tuple | None, Any]] = {}


def read_manifest(features: Path) -> list[dict]:
    """The examples of the last extraction (``ValueError``/``KeyError``/``OSError`` when it
    is unreadable); parsed once per version of the file.  Not to be changed by callers."""
    path = Path(features) / "manifest.json"

    def read(stamp):
        try:
            return list(json.loads(path.read_text(encoding="utf-8"))["examples"]), None
        except (OSError, ValueError, KeyError, TypeError) as err:
            return None, err

    examples, err = read_cached(_MANIFESTS, path, read)[1]
    if err is not None:
        raise err
    return examples


def forget_manifests() -> None:
    """Let go of the manifests read so far (the next read parses the file again)."""
    _MANIFESTS.clear()


def read_results(path: Path) -> tuple[Mapping[str, dict[str, Any]], str | None]:
    """(the results file's entries, why it could not be read): empty with the reason when
    it is unreadable; parsed once per version of the file.  Not to be changed by callers."""
    def read(stamp):
        try:
            return results_mod.load_entries(path), None
        except results_mod.ResultsError as err:
            return {}, str(err)

    return read_cached(_RESULTS, Path(path), read)[1]


def read_inputs(paths) -> tuple[list[dict], dict[str, dict[str, Any]]]:
    """The manifest of the last extraction and the results file, each empty when it is
    missing or unreadable: then every example simply counts as never run."""
    try:
        manifest = read_manifest(paths.features)
    except (OSError, ValueError, KeyError, TypeError):
        manifest = []
    return manifest, read_results(paths.results)[0]

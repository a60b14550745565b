"""Which examples must run again, and why: what each result was computed against.

A result is kept for as long as nothing it rests on changed: the example's text (its
hash), the code of its game's engine (every module the game and the binding import,
read as bytes, but the phrase functions of its vocabulary), the phrases its steps
matched when it was read with the code of each one's function (the match travels with
the example: adding a phrase runs again only the examples whose steps now match it,
editing a phrase's function only the examples that use it), and the cards it names
(their records as extracted, with the cards those name in turn).  ``plan`` compares each example of the manifest with its result
and returns the ones to run with the reason; everything else keeps its result.

Plain Python: the CLI, the pytest binding and the benchmark share it.
"""

from __future__ import annotations

import ast
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
SHARED = ("__init__.py", "cardformat.py", "vocabulary.py", "runner.py", "project.py", "results.py", "wording.py",
          "core/**/*.py", "bdd/**/*.py")


def code_files(game: str) -> list[Path]:
    """The source files the examples of ``game`` run through."""
    package = _package_of(game)
    patterns = (*SHARED, f"{package}/**/*.py")
    return sorted({p for pattern in patterns for p in ENGINE.glob(pattern)} - {ENGINE / package / n for n in PAGES_ONLY})


_CODE: dict[str, str] = {}

#: the modules of a game's package that hold its step vocabulary: their phrase functions
#: are digested per example (``steps_digest``), the rest of them with the engine
VOCABULARY_MODULES = ("steps.py",)
#: the modules of a game's package that only the pages read (what each phrase means, in
#: the documents' language): no example runs through them
PAGES_ONLY = ("explanations.py",)
_PHRASE_DECORATORS = {"given", "when", "then", "phrase"}


def phrase_id(game: str, kind: str, template: str) -> str:
    """The stable name of one phrase of a game's vocabulary: what an example records for
    each step it matched (``"phrases"`` of its record and of the manifest)."""
    return f"{game}:{kind}:{template}"


@dataclass
class VocabularyCode:
    """A vocabulary module read apart: its code without the phrase functions, and each
    phrase's function (by phrase id, with the phrase functions it calls in turn)."""
    rest: bytes
    phrases: dict[str, str]


def _phrases_of(decorator: ast.expr) -> list[tuple[str, str]] | None:
    """(kind, template) of a phrase decorator written with literals (``@V.given("…")``,
    ``@V.phrase(("given", "when"), "…")``); None for anything else."""
    if not (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute)
            and decorator.func.attr in _PHRASE_DECORATORS):
        return None
    try:
        args = [ast.literal_eval(a) for a in decorator.args]
    except ValueError:
        return None
    if decorator.func.attr == "phrase":
        if len(args) != 2:
            return None
        kinds, template = args
        kinds = (kinds,) if isinstance(kinds, str) else kinds
    else:
        if len(args) != 1:
            return None
        kinds, template = (decorator.func.attr,), args[0]
    if not isinstance(template, str) or not all(isinstance(k, str) for k in kinds):
        return None
    return [(k, template) for k in kinds]


def read_vocabulary_code(game: str, source: str) -> VocabularyCode:
    """Split a vocabulary module's ``source``: every top-level function that only phrase
    decorators written with literals register is taken out of the module's code and kept
    under its phrases, with the phrase functions it names (transitively).  A function the
    rest of the module names stays in it (conservatively: whatever uses it then runs
    again when it changes); so do terms, helpers and anything registered otherwise."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    found: dict[str, tuple[ast.FunctionDef, list[tuple[str, str]]]] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.decorator_list:
            kinds = [_phrases_of(d) for d in node.decorator_list]
            if all(k is not None for k in kinds):
                found[node.name] = (node, [p for k in kinds for p in k])

    def span(node) -> tuple[int, int]:
        """The function's lines, its decorators and the comment lines just above them."""
        start = node.decorator_list[0].lineno - 1
        while start > 0 and lines[start - 1].lstrip().startswith("#"):
            start -= 1
        return start, node.end_lineno

    def names_in(nodes_) -> set[str]:
        return {n.id for part in nodes_ for n in ast.walk(part) if isinstance(n, ast.Name)}

    # a phrase function the rest of the module names stays in the rest
    while True:
        kept = [n for n in tree.body if not (getattr(n, "name", None) in found and found[n.name][0] is n)]
        named = names_in(kept) & set(found)
        if not named:
            break
        for name in named:
            del found[name]
    removed = {i for node, _ in found.values() for i in range(*span(node))}
    # blank lines do not count: a phrase added with the blank lines around it leaves the rest as it was
    rest = "".join(line for i, line in enumerate(lines) if i not in removed and line.strip())
    calls = {name: names_in([node]) & set(found) for name, (node, _) in found.items()}
    phrases: dict[str, str] = {}
    for name, (node, registered) in found.items():
        seen, todo = set(), [name]
        while todo:
            other = todo.pop()
            if other not in seen:
                seen.add(other)
                todo.extend(calls[other])
        text = "\0".join("".join(lines[slice(*span(found[n][0]))]) for n in sorted(seen))
        digest = hashlib.sha256(text.encode()).hexdigest()[:16]
        for kind, template in registered:
            phrases[phrase_id(game, kind, template)] = digest
    return VocabularyCode(rest.encode(), phrases)


_VOCABULARY_CODE: dict[str, dict[str, str]] = {}


def _package_of(game: str) -> str:
    return GAMES[game][1].split(".")[-1] if game in GAMES else game


def _file_bytes(game: str, path: Path) -> bytes:
    """What of ``path`` the engine digest of ``game`` covers: all of it, but for a
    vocabulary module of the game, whose phrase functions are digested per example."""
    data = path.read_bytes()
    if path.parent == ENGINE / _package_of(game) and path.name in VOCABULARY_MODULES:
        code = read_vocabulary_code(game, data.decode("utf-8"))
        _VOCABULARY_CODE.setdefault(game, {}).update(code.phrases)
        return code.rest
    return data


def code_digest(game: str) -> str:
    """A digest of every source file the examples of ``game`` run through, without the
    phrase functions of its vocabulary (``steps_digest`` covers each example's); cached
    for the process: the code does not change under a running process."""
    if game not in _CODE:
        digest = hashlib.sha256()
        _VOCABULARY_CODE[game] = {}
        for path in code_files(game):
            digest.update(path.relative_to(ENGINE).as_posix().encode() + b"\0" + _file_bytes(game, path) + b"\0")
        _CODE[game] = digest.hexdigest()[:16]
    return _CODE[game]


def phrase_functions(game: str) -> dict[str, str]:
    """Phrase id -> digest of its function (with the phrase functions it calls), for the
    phrases of ``game`` whose functions ``code_digest`` leaves out."""
    code_digest(game)
    return _VOCABULARY_CODE.get(game, {})


def steps_digest(game: str, phrases) -> str:
    """What an example's steps run through in its game's vocabulary: the phrases they
    matched (as recorded when it was read) and each one's function.  A phrase whose
    function is not apart from the engine (registered otherwise) counts by its id: its
    code is in ``code_digest``."""
    functions = phrase_functions(game)
    parts = [f"{p}\t{functions.get(p, 'engine')}" for p in sorted(set(phrases or ()))]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def vocabulary_digest(game: str) -> str:
    """Every phrase function of ``game`` left out of ``code_digest`` (a measurement of the
    whole game rests on them all)."""
    return steps_digest(game, phrase_functions(game))


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
    #: example id -> the phrases its steps matched when it was read (for the examples
    #: that run: the binding checks that they run through those)
    phrases: dict[str, list[str]] = field(default_factory=dict)

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
        return json.dumps({"run": self.run, "basis": self.basis, "total": self.total, "documents": self.documents,
                           "phrases": self.phrases}, ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> "Plan":
        data = json.loads(text)
        return cls(run=dict(data["run"]), basis=dict(data["basis"]), total=int(data.get("total", 0)),
                   documents=dict(data.get("documents", {})), phrases=dict(data.get("phrases", {})))


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
    """What a run of ``example`` rests on now: its game's engine code outside the phrase
    functions, the phrases its steps matched when it was read with their functions
    (``steps_digest``), the cards it names, the libraries it runs through and (given)
    the runner's code."""
    game = example.get("game") or ""
    out = {"engine": code_digest(game), "steps": steps_digest(game, example.get("phrases")),
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
        elif entry["basis"].get("steps") != basis["steps"]:
            why = "steps changed"
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
        if "phrases" in example:
            out.phrases[example_id] = list(example["phrases"])
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

"""Which examples must run again, and why: what each result was computed against.

A result is kept for as long as nothing it rests on changed: the example's text (its
hash) and its basis, named inputs of ``rulings.digests`` (one recipe per input, shared
with every other cache): the code of its game's engine outside the phrase functions of
its vocabulary and its wording tables, the phrases its steps matched when it was read
with the code of each one's function (the match travels with the example: adding a
phrase runs again only the examples whose steps now match it, editing a phrase's
function only the examples that use it), the game's wording tables (a trace is worded
when the example runs), the cards it names (their records as extracted, with the cards
those name in turn), the libraries it runs through and the runner.  ``plan`` compares
each example of the manifest with its result and returns the ones to run with the
reason; everything else keeps its result.

Plain Python: the CLI, the pytest binding and the benchmark share it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulings import digests
from rulings import results as results_mod
from rulings.project import file_stamp, read_cached

_CARD_NAME = re.compile(r"「([^「」]+)」")


# -- the engine a game runs on ------------------------------------------------------------
# what it is, and the phrases an example's steps run through, are named inputs of
# rulings.digests (one recipe per input); these names stay here for their callers

ENGINE, SHARED = digests.ENGINE, digests.SHARED
phrase_id, read_vocabulary_code, phrase_functions = digests.phrase_id, digests.read_vocabulary_code, \
    digests.phrase_functions


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
            out.records[name] = digests.digest([text])
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
        return digests.digest(["\n".join(f"{n}\t{self.records.get(n, 'missing')}" for n in sorted(seen))])


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
    #: the files ``basis`` was computed from, as they were (``files_stamp``: the
    #: manifest and the cards), for a caller that would compute it again
    made_from: tuple = ()

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


def basis_of(example: dict, cards: dict[str, CardDigests], runner: str | None = None) -> dict[str, str]:
    """What a run of ``example`` rests on now, as named inputs (``rulings.digests``): its
    game's engine code outside the phrase functions and the wording tables, the phrases
    its steps matched when it was read with their functions, the game's wording (a trace
    is worded when it runs), the cards it names, the libraries it runs through and
    (given) the runner's code."""
    game = example.get("game") or ""
    out = {"engine": digests.engine(game), "steps": digests.steps(game, example.get("phrases")),
           "wording": digests.wording(game),
           "cards": cards.get(game, CardDigests()).digest(list(example.get("cards") or [])),
           "libraries": digests.libraries()}
    if runner is not None:
        out["runner"] = runner
    return out


#: the parts of a basis in the order ``plan`` names them, and how it names a change of each
CHANGED = (("engine", "engine of {game} changed"), ("steps", "steps changed"),
           ("wording", "wording of {game} changed"), ("cards", "cards changed"), ("runner", "runner changed"),
           ("libraries", "libraries changed"))


def why_run(example: dict, entry: dict[str, Any] | None, basis: dict[str, str],
            rerun_unsuccessful: bool = False, compared: dict | None = None) -> str | None:
    """Why ``example`` needs a run given its result ``entry`` (without its trace) and what
    a run of it rests on now (``basis``); None when its result stands.  ``compared``: the
    bases compared so far by the caller (which asks for every example of the site, whose
    bases are a few objects shared by many: each pair of them compared once)."""
    if entry is None:
        return "new"
    if entry.get("hash") != example["hash"]:
        return "text changed"
    kept = entry.get("basis")
    if not isinstance(kept, dict):
        return "no record of what it ran against"
    if compared is None:
        changed = _changed_part(kept, basis)
    else:
        pair = (id(kept), id(basis))
        known = compared.get(pair)
        if known is None or known[0] is not kept or known[1] is not basis:
            known = compared[pair] = (kept, basis, _changed_part(kept, basis))
        changed = known[2]
    if changed:
        return changed.format(game=example.get("game"))
    if (entry.get("status") == "pending") != (example.get("declared") == "pending"):
        # a result recorded as pending says nothing of the ruling once it is declared
        # settled (and the other way round): run it as it is declared now
        return "declared pending" if example.get("declared") == "pending" else "no longer pending"
    if rerun_unsuccessful and entry.get("outcome") not in ("passed", None) and not example.get("declared"):
        return f"{entry.get('outcome')} last time"
    return None


def _changed_part(kept: dict, basis: dict[str, str]) -> str | None:
    """How the first part of ``basis`` that a result's basis does not have is said."""
    return next((words for part, words in CHANGED if kept.get(part) != basis.get(part)), None)


def settled(manifest: list[dict], results: Mapping[str, dict[str, Any]], ran: Plan) -> bool:
    """Whether every example ``ran`` ran now has a result that a plan made from the same
    inputs would keep (what a cycle's stamp needs: the next cycle would run nothing)."""
    if not ran.run:
        return True
    todo = set(ran.run)
    for example in manifest:
        if example.get("id") in todo:
            todo.discard(example["id"])
            if not example.get("extracted") or \
                    why_run(example, results_mod.brief(results, example["id"]), ran.basis[example["id"]]) is not None:
                return False
    return not todo


def plan(manifest: list[dict], results: dict[str, dict[str, Any]], cards_dir: Path, *,
         force: set[str] | None = None, rerun_unsuccessful: bool = False, runner: Path | None = None) -> Plan:
    """Which extracted examples of ``manifest`` need a run against ``results``.

    ``force``: ids to run whatever their results say.  ``rerun_unsuccessful``: run
    again the examples whose last result failed or could not be set up (a plain pytest
    session does, so that a failure fails it).  ``runner``: the folder of the modules
    that run the examples (``Paths.runner``), part of what a result rests on."""
    cards = {game: CardDigests.read(Path(cards_dir) / f"{game}.json")
             for game in {e.get("game") for e in manifest if e.get("game")}}
    runs_through = digests.runner(runner) if runner is not None else None
    out = Plan(run={}, basis={})
    # examples naming the same cards through the same phrases rest on the same basis:
    # computed once and shared (not to be changed by the plan's readers); computing it
    # for every example was half the plan of a one-step edit at 100 000 examples
    shared: dict[tuple, dict[str, str]] = {}
    compared: dict = {}
    for example in manifest:
        if not example.get("extracted"):
            continue
        example_id = example["id"]
        out.total += 1
        key = (example.get("game") or "", tuple(example.get("cards") or ()), tuple(example.get("phrases") or ()))
        basis = shared.get(key)
        if basis is None:
            basis = shared[key] = basis_of(example, cards, runs_through)
        out.basis[example_id] = basis
        if force is not None and example_id in force:
            why = "asked for"
        else:
            why = why_run(example, results_mod.brief(results, example_id), basis, rerun_unsuccessful, compared)
            if why is None:
                continue
        out.run[example_id] = why
        out.documents[example_id] = example.get("docname", "")
        if "phrases" in example:
            out.phrases[example_id] = list(example["phrases"])
    return out


def files_stamp(features: Path, cards_dir: Path) -> tuple:
    """What the bases of a plan are computed from, as the files are now: the manifest and
    each game's cards file (modification time, size, inode: a file written again by
    ``write_atomic`` is a new inode)."""
    out = []
    for path in [Path(features) / "manifest.json", *sorted(Path(cards_dir).glob("*.json"))]:
        try:
            st = path.stat()
            out.append((str(path), st.st_mtime_ns, st.st_size, st.st_ino))
        except OSError:
            out.append((str(path), None))
    return tuple(out)


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


def known_manifest(features: Path) -> list[dict] | None:
    """The manifest as this process last read or wrote it, if the file is still that
    version (None otherwise: nothing is read here)."""
    path = Path(features) / "manifest.json"
    cached = _MANIFESTS.get(str(path))
    if cached is None or cached[1][1] is not None:
        return None
    try:
        st = path.stat()
    except OSError:
        return None
    return cached[1][0] if cached[0] == file_stamp(st) else None


def remember_manifest(features: Path, examples: list[dict]) -> None:
    """The manifest just written by this process (``examples``, as the file says them):
    the next read takes it without parsing the file again.  Not to be changed after."""
    path = Path(features) / "manifest.json"
    _MANIFESTS.pop(str(path), None)
    read_cached(_MANIFESTS, path, lambda stamp: (examples, None) if stamp is not None else (None, OSError(path)))


def forget_manifests() -> None:
    """Let go of the manifests read so far (the next read parses the file again)."""
    _MANIFESTS.clear()


def read_results(path: Path) -> tuple[Mapping[str, dict[str, Any]], str | None]:
    """(the results file's entries, why it could not be read): empty with the reason when
    it is unreadable; parsed once per version of the file (taken from its index when the
    index was written for that version: ``results.load_entries``).  Not to be changed by
    callers."""
    def read(stamp):
        try:
            return results_mod.load_entries(path, index=True), None
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

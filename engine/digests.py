"""One way to digest what a cache rests on: the named inputs, and one recipe per input.

Every cache of the project (a result's basis, a coverage measurement's basis, the site's
environment version, its reading cache, the check that skips a build whose inputs did not
change, the shards' inputs, the search dictionary) states its key as a set of the named
inputs below plus its own specifics, and builds it here: :func:`digest` of parts, files by
content (:func:`of_files`), versions of libraries (:func:`of_versions`).  What an input
covers is decided once, in this module, so two caches resting on the same thing cannot
disagree about what that thing is.

The named inputs (:data:`INPUTS`):

``engine`` (per game)
    the code the game's examples run through: the shared engine, the pytest binding and
    the game's package, but the phrase functions of its vocabulary (``steps``), its
    wording tables (``wording``) and the modules only the pages read.
``steps`` (per game and set of phrases)
    the phrases an example's steps matched when it was read, with each one's function
    (and the phrase functions that one calls): adding a phrase changes the ``steps`` of
    only the examples whose steps now match it.
``vocabulary`` (per game)
    every phrase function of the game (``steps`` of all its phrases).
``wording`` (per game)
    the tables that put what the engine found into the document's words: the shared
    ``wording.py``, ``core/trace_words.py``, the game's ``trace_words.py`` and
    ``card_words.py``.  A trace is worded when the example runs and kept as text in its
    result, so a wording change runs the game's examples again (and the pages show the
    new traces once they ran).  A card's problems are worded when its file is read
    (``card_words.py``): those tables are part of ``extension`` too, so a change there
    reads the documents again.
``libraries``
    the versions of Python and of the libraries an example is read and run through.
``extension``
    the code that reads and renders the documents (the Sphinx extension, the results,
    vocabulary and digest modules, the modules only pages read, the tables a card's
    problems are worded with) and the versions of the libraries it reads with.
``runner`` (per folder)
    the modules pytest collects the examples through (``tests/examples``).
``documents`` / ``cards`` (per folder)
    the sources under ``spec/``, the card records an extraction wrote, by content.
``distributions``
    Python and every installed distribution's version (what a whole ``rulings build``
    may read through: the theme, pytest's plugins …; the cycle's stamp rests on it).

Inputs made of the engine's own code are computed once per process (the code does not
change under a running process; :func:`forget` is for tests and for ``rulings serve``,
which compares the code on disk with the code it runs); the others by content each time.
A vocabulary module read apart (its phrase functions taken out of it) is kept between
processes, per machine, as a file's digest is kept (:class:`KeptVocabularyCode`).

Plain Python: no rules of any game are imported here.
"""

from __future__ import annotations

import ast
import hashlib
import json
import marshal
import os
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from rulings.project import GAMES, file_stamp
from rulings.results import write_atomic

#: the engine's source folder (the package ``rulings``)
ENGINE = Path(__file__).resolve().parent
#: the length of a short digest (hex digits)
SHORT = 16

#: what every game runs through: the shared engine and the pytest binding.  A game's
#: package imports nothing of the engine beyond these and itself (kept true by
#: tests/unit/test_incremental.py); the Sphinx extension and the CLI are not on the path
#: of a run.
SHARED = ("__init__.py", "cardformat.py", "vocabulary.py", "runner.py", "project.py", "results.py", "digests.py",
          "mutation.py",
          "core/**/*.py", "bdd/**/*.py")
#: the wording tables: shared ones, and each game's (in its package)
SHARED_WORDING = ("wording.py", "core/trace_words.py")
GAME_WORDING = ("trace_words.py", "card_words.py")
#: the wording tables the pages read (a card's problems, worded when its file is read)
PAGE_WORDING = ("card_words.py",)
#: the modules of a game's package that hold its step vocabulary: their phrase functions
#: are digested per example (``steps``), the rest of them with the engine
VOCABULARY_MODULES = ("steps.py",)
#: the modules of a game's package that only the pages read (what each phrase means, in
#: the documents' language): no example runs through them
PAGES_ONLY = ("explanations.py",)
#: the libraries an example is read and run through (its Gherkin parsed, its steps bound
#: and run): a new version may read or run it differently
LIBRARIES = ("gherkin-official", "pytest", "pytest-bdd")
#: the libraries the site reads and renders documents with
SITE_LIBRARIES = ("gherkin-official", "sphinx", "docutils")
#: the code that reads and renders documents besides the extension's folder
SITE_CODE = ("results.py", "vocabulary.py", "digests.py")

_PHRASE_DECORATORS = {"given", "when", "then", "phrase"}


# -- how anything is digested ---------------------------------------------------------------

def digest(parts: Iterable[str | bytes], length: int | None = SHORT) -> str:
    """A digest of ``parts`` in order, each apart from the next (``length`` hex digits;
    None: all of them)."""
    h = hashlib.sha256()
    for part in parts:
        h.update(part if isinstance(part, bytes) else part.encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest() if length is None else h.hexdigest()[:length]


def of_json(value: Any, length: int | None = SHORT) -> str:
    """A digest of a JSON value (keys sorted)."""
    return digest([json.dumps(value, sort_keys=True, ensure_ascii=False)], length)


def of_bytes(data: bytes) -> bytes:
    """A short digest of bytes held in memory (a document's records as pickled: what its
    lines of the manifest are kept by, ``KeptPickled.digest_of``)."""
    return hashlib.blake2b(data, digest_size=16).digest()


def of_source(path: Path, kept: Path | None = None, *, save: bool = False) -> str:
    """A document's digest as the extension keeps it for each source (32 hex digits of
    the sha256 of its bytes; "" when it cannot be read), through :class:`KeptDigests`
    at ``kept`` when given (the file ``rulings`` keeps every input's digest in: a document
    not changed since is not read again; ``save``: that file written now if it changed)."""
    try:
        if kept is None:
            return KeptDigests.derive(Path(path).read_bytes()).hex()[:32]
        cache = KeptDigests.at(kept)
        try:
            return cache.of(Path(path)).hex()[:32]
        finally:
            if save:
                cache.save()
    except OSError:
        return ""


def of_files(files: Iterable[Path], root: Path | None = None, *, length: int | None = SHORT,
             kept: Path | None = None, digest_of: Callable[[Path], bytes] | None = None) -> str:
    """A digest of files by content (each file's own digest), each with its name (relative
    to ``root``, else its own name); a missing file counts as missing.  ``kept``: where
    each file's digest is kept between processes (:class:`KeptDigests`: a file that did
    not change since is not read again); the same digest either way.  ``digest_of``: a
    file's own digest when it is not the sha256 of its bytes (``OSError``: missing)."""
    cache = KeptDigests.at(kept) if kept is not None and digest_of is None else None
    parts: list[str | bytes] = []
    for path in files:
        try:
            if digest_of is not None:
                data = digest_of(path)
            elif cache is not None:
                data = cache.of(path)
            else:
                data = hashlib.sha256(path.read_bytes()).digest()
        except OSError:
            data = b"\0missing"
        parts += [path.relative_to(root).as_posix() if root is not None else path.name, data]
    if cache is not None:
        cache.save()
    return digest(parts, length)


class KeptDigests:
    """Each file's digest, kept in a file between processes with the file's stamp (inode,
    size, modification and change times) and when it was digested, and taken again only
    while the file has that stamp *and* had it for a while before it was digested: a write
    after the digest moves the change time (which no program sets back) past what it was,
    and a write in the same tick of the file system's clock as the one before is after the
    digest only when the digest came within that tick (not trusted: read again).  At
    100 000 examples, the documents, the features and the results of a cycle are about
    400 MB, read three times a cycle (issue 28)."""

    #: how long a file must have been as it is before its digest is kept: above the
    #: coarsest clock tick of file times (10 ms)
    QUIET_NS = 100_000_000
    #: what is kept of each file (a subclass keeps something else: its own kind)
    KIND = 1
    _OPEN: dict[tuple, "KeptDigests"] = {}

    @staticmethod
    def derive(data: bytes) -> Any:
        """What is kept of a file's bytes: their sha256."""
        return hashlib.sha256(data).digest()

    def __init__(self, path: Path) -> None:
        self.path, self.changed = Path(path), False
        self.known: dict[str, tuple] = {}
        try:
            known = marshal.loads(self.path.read_bytes())
            if isinstance(known, dict) and known.get("format") == (self.KIND, sys.implementation.cache_tag):
                self.known = known["files"]
        except (OSError, EOFError, ValueError, TypeError, KeyError):
            pass

    @classmethod
    def at(cls, path: Path) -> "KeptDigests":
        """The digests kept at ``path``, read once per process."""
        given = (cls, str(path))
        known = cls._OPEN.get(given)
        if known is None:
            # (the path resolved once per form it is given in: asked for each source)
            key = (cls, str(Path(path).resolve()))
            if key not in cls._OPEN:
                cls._OPEN[key] = cls(Path(key[1]))
            known = cls._OPEN[given] = cls._OPEN[key]
        return known

    def of(self, path: Path) -> Any:
        """What is kept of the file (:meth:`derive`; ``OSError`` when it cannot be read)."""
        key = str(path)
        st = os.stat(key)
        stamp = file_stamp(st)
        known = self.known.get(key)
        if known is not None and known[0] == stamp and stamp[3] < known[1] - self.QUIET_NS:
            return known[2]
        at = time.time_ns()
        with open(key, "rb") as f:
            st = os.fstat(f.fileno())
            value = self.derive(f.read())
        self.known[key] = (file_stamp(st), at, value)
        self.changed = True
        return value

    def save(self) -> None:
        """Write what is kept, when something was digested since it was read; without the
        files that are gone (a file's entry is replaced when it changes, but the entry of a
        file deleted would stay for ever: the user's cache of vocabulary modules kept every
        copy of the engine a test had made, 9 MB after a day of runs, read whole by every
        process that asks for the ``engine`` input)."""
        if not self.changed:
            return
        self.known = {key: entry for key, entry in self.known.items() if os.path.lexists(key)}
        try:
            write_atomic(self.path, [marshal.dumps({"format": (self.KIND, sys.implementation.cache_tag),
                                                    "files": self.known})], durable=False)
            self.changed = False
        except OSError:
            pass  # a cache: digested again next time


def of_versions(names: Iterable[str], length: int | None = SHORT) -> str:
    """A digest of the installed versions of the distributions ``names``."""
    versions = []
    for name in names:
        try:
            versions.append(f"{name}=={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{name} missing")
    return digest(versions, length)


# -- per process ----------------------------------------------------------------------------

_ONCE: dict[tuple, Any] = {}


def _once(key: tuple, compute: Callable[[], Any]) -> Any:
    if key not in _ONCE:
        _ONCE[key] = compute()
    return _ONCE[key]


def forget() -> None:
    """Let go of every input computed so far (the next asks compute them again)."""
    _ONCE.clear()
    _STEPS.clear()


# -- the engine a game runs on --------------------------------------------------------------

def package_of(game: str) -> str:
    return GAMES[game][1].split(".")[-1] if game in GAMES else game


def wording_files(game: str) -> list[Path]:
    """The wording tables of ``game`` (shared ones included)."""
    package = ENGINE / package_of(game)
    return [p for p in (*(ENGINE / n for n in SHARED_WORDING), *(package / n for n in GAME_WORDING)) if p.is_file()]


def code_files(game: str) -> list[Path]:
    """The source files the examples of ``game`` run through, but its wording tables."""
    package = package_of(game)
    patterns = (*SHARED, f"{package}/**/*.py")
    left_out = {ENGINE / package / n for n in PAGES_ONLY} | set(wording_files(game))
    return sorted({p for pattern in patterns for p in ENGINE.glob(pattern)} - left_out)


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
    rest, functions = _split_vocabulary(source)
    return VocabularyCode(rest, {phrase_id(game, kind, template): f for kind, template, f in functions})


def _split_vocabulary(source: str) -> tuple[bytes, list[tuple[str, str, str]]]:
    """:func:`read_vocabulary_code` of any game: (the rest, [(kind, template, digest of
    its function)])."""
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
    phrases: list[tuple[str, str, str]] = []
    for name, (node, registered) in found.items():
        seen, todo = set(), [name]
        while todo:
            other = todo.pop()
            if other not in seen:
                seen.add(other)
                todo.extend(calls[other])
        function = digest(["".join(lines[slice(*span(found[n][0]))]) for n in sorted(seen)])
        phrases += [(kind, template, function) for kind, template in registered]
    return rest.encode(), phrases


class KeptVocabularyCode(KeptDigests):
    """A vocabulary module read apart (:func:`read_vocabulary_code`: the sha256 of its
    rest, and each phrase's function), kept between processes as ``KeptDigests`` keeps a
    file's digest: a module not changed since is not parsed again (its syntax tree was a
    tenth of a small project's build, 55 ms for Yu-Gi-Oh!'s, in every process that
    asks for the ``engine`` input).  Kept per machine (:func:`_kept_vocabulary_code`),
    under the digest of this module's code, which is how a module is read apart."""

    KIND = "vocabulary-code"

    @staticmethod
    def derive(data: bytes) -> tuple[bytes, list[tuple[str, str, str]]]:
        rest, functions = _split_vocabulary(data.decode("utf-8"))
        return hashlib.sha256(rest).digest(), functions


def _kept_vocabulary_code() -> KeptVocabularyCode | None:
    """Where the vocabulary modules read apart are kept: a cache of the user's
    (``$XDG_CACHE_HOME``, else ``~/.cache``, as the theme's compiled templates), named
    by this module's code; None where it cannot be (they are read every time)."""
    try:
        home = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
        folder = Path(home) / "rulings"
        folder.mkdir(parents=True, exist_ok=True)
        return KeptVocabularyCode.at(folder / f"vocabulary-code-{digest([Path(__file__).read_bytes()])}")
    except (OSError, RuntimeError):  # no home (RuntimeError), a folder that cannot be made
        return None


def _engine_and_phrases(game: str) -> tuple[str, dict[str, str]]:
    """(the ``engine`` input of ``game``, its phrase functions by phrase id): the files of
    ``code_files`` by content, as :func:`of_files` digests them, a vocabulary module by
    its rest (the phrase functions taken out)."""
    functions: dict[str, str] = {}
    package = ENGINE / package_of(game)
    kept = _kept_vocabulary_code()

    def digest_of(path: Path) -> bytes:
        if path.parent == package and path.name in VOCABULARY_MODULES:
            rest, phrases = kept.of(path) if kept is not None else KeptVocabularyCode.derive(path.read_bytes())
            functions.update({phrase_id(game, kind, template): f for kind, template, f in phrases})
            return rest
        return hashlib.sha256(path.read_bytes()).digest()

    engine = of_files(code_files(game), ENGINE, digest_of=digest_of)
    if kept is not None:
        kept.save()
    return engine, functions


def engine(game: str) -> str:
    """The ``engine`` input of ``game`` (once per process)."""
    return _once(("engine", game), lambda: _engine_and_phrases(game))[0]


def phrase_functions(game: str) -> dict[str, str]:
    """Phrase id -> digest of its function (with the phrase functions it calls), for the
    phrases of ``game`` whose functions ``engine`` leaves out."""
    return _once(("engine", game), lambda: _engine_and_phrases(game))[1]


def engine_on_disk(game: str) -> str:
    """The ``engine`` input of ``game`` as the files are now (not kept)."""
    return _engine_and_phrases(game)[0]


def steps(game: str, phrases: Iterable[str] | None) -> str:
    """The ``steps`` input of an example: the phrases its steps matched, each with its
    function.  A phrase whose function is not apart from the engine (registered
    otherwise) counts by its id: its code is in ``engine``."""
    functions = phrase_functions(game)
    key = (game, frozenset(phrases or ()))
    known = _STEPS.get(key)
    # kept per set of phrases while the game's phrase functions are the same object (many
    # examples match the same phrases; the edit loop asks for every example on each save)
    if known is not None and known[0] is functions:
        return known[1]
    out = digest(["\n".join(f"{p}\t{functions.get(p, 'engine')}" for p in sorted(key[1]))])
    _STEPS[key] = (functions, out)
    return out


#: (game, phrases) -> (the phrase functions it was computed from, the ``steps`` input)
_STEPS: dict[tuple, tuple[dict, str]] = {}


def vocabulary(game: str) -> str:
    """The ``vocabulary`` input of ``game``: every phrase function of it."""
    return steps(game, phrase_functions(game))


def wording(game: str) -> str:
    """The ``wording`` input of ``game`` (once per process)."""
    return _once(("wording", game), lambda: of_files(wording_files(game), ENGINE))


def libraries() -> str:
    """The ``libraries`` input: Python's version and :data:`LIBRARIES`' (once per process)."""
    return _once(("libraries",), lambda: digest([sys.version, of_versions(LIBRARIES)]))


def extension() -> str:
    """The ``extension`` input (once per process)."""
    def compute() -> str:
        site = sorted((ENGINE / "sphinxext").glob("*.py")) + [ENGINE / n for n in SITE_CODE]
        pages = [ENGINE / package_of(g) / n for g in GAMES for n in PAGES_ONLY]
        words = [ENGINE / package_of(g) / n for g in GAMES for n in PAGE_WORDING]
        return digest([of_files([p for p in site + pages + words if p.is_file()], ENGINE),
                       of_versions(SITE_LIBRARIES)])
    return _once(("extension",), compute)


def distributions() -> str:
    """Python itself and the version of every installed distribution (once per process):
    what a whole cycle of ``rulings build`` may read through (the theme, Sphinx's own
    extensions, pytest's plugins), beyond the libraries named above."""
    def compute() -> str:
        # each distribution's metadata folder is named by its name and version (PEP 427,
        # PEP 376): listing the folders of the path is what parsing every metadata file
        # would say, at a tenth of the cost
        found = []
        # the installations (the environment's, Python's own, the user's): not where the
        # command was started from, which ``python -m`` puts on the path and a console
        # script does not (the project's own code is ``engine``)
        homes = {os.path.abspath(p) + os.sep for p in (sys.prefix, sys.base_prefix, sys.exec_prefix)}
        try:
            import site
            homes.add(os.path.abspath(site.getuserbase()) + os.sep)
        except (AttributeError, OSError):
            pass
        for entry in dict.fromkeys(sys.path):
            if not entry or not any((os.path.abspath(entry) + os.sep).startswith(h) for h in homes):
                continue
            try:
                names = os.listdir(entry)
            except OSError:
                continue
            found += [f"{entry}/{n}" for n in names if n.endswith((".dist-info", ".egg-info"))]
        return digest([sys.version, sys.executable, *sorted(found)])
    return _once(("distributions",), compute)


def runner(folder: Path) -> str:
    """The ``runner`` input: the modules pytest collects the examples through, by content
    (each time: they are the project's, edited while a process runs)."""
    folder = Path(folder)
    files = sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)
    return of_files(files, folder)


def folder(path: Path, pattern: str = "**/*", length: int | None = SHORT, kept: Path | None = None) -> str:
    """The ``documents`` or ``cards`` input: the files of a folder by content (``kept``:
    :func:`of_files`)."""
    path = Path(path)
    return of_files(sorted(p for p in path.glob(pattern) if p.is_file() and "__pycache__" not in p.parts), path,
                    length=length, kept=kept)


#: every named input and what it takes
INPUTS: dict[str, Callable[..., str]] = {
    "engine": engine, "steps": steps, "vocabulary": vocabulary, "wording": wording, "libraries": libraries,
    "extension": extension, "runner": runner, "documents": folder, "cards": folder,
    "distributions": distributions,
}


def key(inputs: dict[str, str], *own: str | bytes, length: int | None = SHORT) -> str:
    """One cache's key: its named inputs (name -> the input's digest, each computed by
    its function in :data:`INPUTS`) and its own specifics, in one digest."""
    unknown = set(inputs) - set(INPUTS)
    if unknown:
        raise KeyError(f"not a named input: {', '.join(sorted(unknown))}")
    return digest([of_json(inputs, None), *own], length)

"""The extension's data in the Sphinx environment: collected per document, purged
and merged for parallel builds; which documents are read again, and which pages are
written again without reading (their results or coverage changed, or another builder
sharing the environment read them).
"""

from __future__ import annotations

import json
import os
import pickle
import sys
import time
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.util import logging

from rulings import cardformat, digests, incremental
from rulings import results as results_mod
from rulings import vocabulary as vocab_mod
from rulings.project import GAMES, read_cached

from . import card_registry, measured, problems
from .card_registry import cards_by_game
from .card_registry import uses as card_uses
from .nodes import block_index, card_index

logger = logging.getLogger(__name__)

#: the game of a document follows from its folder unless its metadata says otherwise
DEFAULT_GAMES = {game: language for game, (language, _) in GAMES.items()}


def project_path(env, docname: str) -> str:
    """The document's path as the maintainer knows it (relative to the project)."""
    full = Path(env.doc2path(docname))
    root = Path(env.srcdir).parent
    try:
        return full.relative_to(root).as_posix()
    except ValueError:
        return full.as_posix()


def _top_fields(document: nodes.document) -> dict[str, str]:
    """File-wide metadata: the field list at the very top of the document."""
    for child in document.children:
        if isinstance(child, (nodes.comment, nodes.target, nodes.substitution_definition)):
            continue
        if isinstance(child, (nodes.field_list, nodes.docinfo)):
            return {f[0].astext().strip(): f[1].astext().strip() for f in child.children
                    if isinstance(f, nodes.field) and len(f) == 2}
        break
    return {}


def document_language(document: nodes.document, docname: str, config) -> tuple[str | None, str | None, str]:
    """(game, Gherkin language, explanation if undetermined) of one document."""
    games: dict[str, str] = {**DEFAULT_GAMES, **(config.rulings_games or {})}
    fields = _top_fields(document)
    folder = docname.split("/", 1)[0] if "/" in docname else None
    game = fields.get("game") or (folder if folder in games else None)
    game = sys.intern(game) if game else game  # one string for every example of a game
    language = fields.get("gherkin-language") or (games.get(game) if game else None)
    if game is None or language is None:
        return game, language, (f"cannot tell the game and Gherkin language of {docname!r}: put it in one of the "
                                f"folders {', '.join(sorted(games))}/ or start it with the fields "
                                f"':game:' and ':gherkin-language:'")
    return game, language, ""


# -- results -------------------------------------------------------------------------

def results_path(app) -> Path:
    return Path(app.confdir, app.config.rulings_results).resolve()


def remember_results_path(app) -> None:
    """Keep the resolved results path in the environment (builder-inited), where the
    directive and the event handlers find it without reaching for the application."""
    app.env.rulings_results_path = str(results_path(app))


_WARNED: set[tuple[int, tuple | None]] = set()


def forget_env(env) -> None:
    """An environment handed from one build to the next in a process (``build._Sphinx``):
    the next build warns as a build of a newly loaded environment would."""
    _WARNED.difference_update({key for key in _WARNED if key[0] == id(env)})


def load_results(env) -> tuple[dict[str, dict[str, Any]], str | None]:
    """The results file, parsed once per process and version of the file (shared with the
    CLI, rulings.incremental); a broken file is reported (naming the file) and treated as
    empty: nothing shows as passed."""
    path = Path(getattr(env, "rulings_results_path", "") or Path(env.srcdir, env.config.rulings_results).resolve())
    data, problem = incremental.read_results(path)
    if problem and (id(env), problem) not in _WARNED:
        # once per build (each build has its own environment object)
        _WARNED.add((id(env), problem))
        logger.warning(problem, type="rulings", subtype="results")
    return data, problem


#: per process: the cards file of a game -> (its stamp, its digests)
_CARD_DIGESTS: dict[str, tuple[tuple | None, Any]] = {}


@lru_cache(maxsize=64)
def _cards_file(srcdir: str, setting: str, game: str) -> Path:
    """A game's cards file (resolved once per process: basis_now asks for every example
    it reads and shows, and resolving a path is a system call per folder)."""
    return Path(srcdir, setting).resolve() / f"{game}.json"


def basis_now(env, record: dict, per_game: dict | None = None) -> dict[str, str] | None:
    """What a run of the example would rest on now (``incremental.basis_of``): its game's
    engine code, the cards it names as the last extraction wrote them, the libraries.  A
    result computed against anything else is stale on the page — as after an engine edit
    followed by a plain ``sphinx-build`` (``rulings build`` runs those examples first)."""
    basis = _basis(env, record, per_game)
    return None if basis is None else dict(basis)


def _basis(env, record: dict, per_game: dict | None = None) -> dict[str, str] | None:
    """``basis_now``, the dict kept per process itself (not to be changed: status_now
    only reads it, for every example of the site in every html build)."""
    game = record.get("game")
    if not game:
        return None
    known = per_game.get(game) if per_game is not None else None
    if known is None:
        path = _cards_file(str(env.srcdir), env.config.rulings_cards, game)
        stamp, cards = read_cached(_CARD_DIGESTS, path, lambda stamp: incremental.CardDigests.read(path))
        known = (stamp, cards, (digests.engine(game), digests.wording(game), digests.libraries()))
        if per_game is not None:
            # a caller going through every example at one moment (check_examples): the
            # cards file's stamp and the code's inputs looked up once per game
            per_game[game] = known
    stamp, cards, code = known
    names, phrases = tuple(record.get("cards") or ()), tuple(record.get("phrases") or ())
    # the same example asked again (its status when read, when checked, when written, its
    # result when shown): the inputs it rests on are each kept per process by
    # rulings.digests, so the key holds them as they are now, and the cards file's stamp
    key = (game, stamp, names, phrases, *code)
    basis = _BASES.get(key)
    if basis is None:
        if len(_BASES) > 200_000:
            _BASES.clear()
        basis = _BASES[key] = incremental.basis_of({"game": game, "cards": list(names), "phrases": phrases},
                                                   {game: cards})
    return basis


#: per process: what an example rests on (``basis_now``), by everything it is computed from
_BASES: dict[tuple, dict[str, str]] = {}


def status_now(env, record: dict, results: Mapping[str, dict[str, Any]], per_game: dict | None = None) -> str:
    """The status an extracted example shows: ``results.status_of`` with what it rests on
    now (``per_game``: see ``basis_now``)."""
    return results_mod.status_of(record["id"], record["hash"], record.get("declared"), results,
                                 _basis(env, record, per_game))[0]


def result_of(env, record: dict, results: Mapping[str, dict[str, Any]] | None = None, *,
              trace: bool = True) -> dict[str, Any]:
    """The result entry an example's status rests on, looked up in the results file when
    the example is shown: the environment keeps no copy of every result (most of its
    size, loaded and saved by every build).  ``results``: the file as loaded once by a
    caller that looks up every example (checking the file's stamp each time costs more
    than the lookup).  ``trace=False``: a caller that does not show the trace gets the
    entry without it (results.brief), as it is kept, not a copy."""
    if not record.get("extracted"):
        # not run as written: whatever an earlier text left does not count
        return {}
    if results is None:
        results, _ = load_results(env)
    entry = results_mod.status_of(record["id"], record["hash"], record.get("declared"), results,
                                  basis_now(env, record))[1]
    if entry is None:
        return {}
    return results[record["id"]] if trace else entry


#: what a page shows of a result (not how long it took, which changes on every run)
_SHOWN = ("hash", "status", "outcome", "failing_step", "message")


def results_digest(records: list[dict], results: Mapping[str, dict]) -> str:
    """What the pages showing ``records`` show of their results (each trace by the digest
    of its text, kept with the entries: parsing every trace to compare them was most of
    an edit cycle's html build, and keeping every trace's text a tenth of its memory)."""
    # the same entries as last time (the same objects: results.read_lines keeps the
    # entries of lines that did not change) with the same statuses: the same digest
    ids = tuple(r["id"] for r in records)
    if isinstance(results, results_mod.Entries):
        shown = [(r.get("status"), results._briefs.get(r["id"]), results._digests.get(r["id"])) for r in records]
    else:
        shown = [(r.get("status"), results.get(r["id"]), None) for r in records]
    known = _RESULTS_DIGESTS.get(ids)
    if known is not None and len(known[0]) == len(shown) and all(
            a[0] == b[0] and a[1] is b[1] and a[2] is b[2] for a, b in zip(known[0], shown)):
        return known[1]
    relevant = {}
    if isinstance(results, results_mod.Entries):
        # each entry and its trace's digest as ``shown`` holds them (results.brief and
        # results.trace_digest of the same entries)
        for r, (status, entry, trace) in zip(records, shown):
            relevant[r["id"]] = [status, *((entry or {}).get(k) for k in _SHOWN), None if trace is None else trace.hex()]
    else:
        for r in records:
            trace = results_mod.trace_digest(results, r["id"])
            relevant[r["id"]] = [r.get("status"), *((results_mod.brief(results, r["id"]) or {}).get(k) for k in _SHOWN),
                                 None if trace is None else trace.hex()]
    out = digests.of_json(relevant, None)
    if isinstance(results, results_mod.Entries):
        if len(_RESULTS_DIGESTS) > 4096:
            _RESULTS_DIGESTS.clear()
        _RESULTS_DIGESTS[ids] = (shown, out)
    return out


#: per process: the ids of a page's examples -> ((status, entry, trace) of each, as the
#: digest was computed from them; the objects kept so that none is another's), digest)
_RESULTS_DIGESTS: dict[tuple, tuple[list, str]] = {}


# -- environment handling --------------------------------------------------------------

class PerDocument(dict):
    """docname -> what the extension keeps of it (``env.rulings_examples``,
    ``env.rulings_cards``), pickled whole — except by a process Sphinx forked to read a
    share of the documents in parallel (``Builder._read_parallel``), which pickles its
    whole environment to hand it back although the build merges from it only the
    documents that process read (``merge_info``): there, only those.  From nothing at
    30 000 examples the extraction's process peaked at 668 MB, about the html phase's,
    each process handing back every example read before it was forked (issue 28)."""

    def __reduce__(self):
        read = _READ_HERE.get(os.getpid()) if _BUILD_PID not in (None, os.getpid()) else None
        items = self.items() if read is None else ((d, v) for d, v in self.items() if d in read)
        return (type(self), (), None, None, iter(list(items)))


class KeptPickled(PerDocument):
    """``env.rulings_examples``: each document's records pickled on their own, and the
    bytes kept while the records stay as they were, so that saving the environment
    pickles again only the documents whose records changed (issue 28: at 100 000
    examples the records were 138 MB of the environment's 167 MB, pickled whole twice
    per ``rulings build`` after a one-step edit: 3.9 s).

    The bytes a document's records were loaded from (or last pickled to) are written
    again as they are when its records are the same list of the same dicts with the same
    size and the same verdict fields (``_mark``: the only fields changed after reading,
    by ``cards.check_examples`` and ``rulings serve``); anything else — a document read
    again, its list replaced, a record added, replaced or decided again — is pickled
    afresh.  The mark is computed from the records themselves at every save, so a
    change made by code that does not say so is still saved.  A process forked to read
    pickles only the documents it read (``PerDocument``)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        #: docname -> (the pickled records, their mark when pickled or loaded, the
        #: digest of those bytes once taken: ``digest_of``)
        self._kept: dict[str, tuple[bytes, int | None, bytes | None]] = {}

    def __reduce__(self):
        # the documents' bytes are handed to the pickler one by one (the dict items of
        # the reduce value), so that they are not all alive at once besides the records
        # (a full save at 100 000 examples: 138 MB more at its peak); unpickling sets
        # each document's bytes, then ``__setstate__`` unpickles them.  The digest of
        # each document's bytes (``digest_of``) goes with them: filled in while the bytes
        # are handed out, and pickled after them (a reduce value's state comes after its
        # items), so that a process that loads them does not digest 138 MB again
        digests_of: dict[str, bytes] = {}
        return (type(self), (), {"digests": digests_of}, None, self._blobs(digests_of))

    def _blobs(self, digests_of: dict[str, bytes] | None = None):
        forked = _BUILD_PID not in (None, os.getpid())
        read = _READ_HERE.get(os.getpid()) if forked else None
        kept = getattr(self, "_kept", None)
        if kept is None:
            kept = self._kept = {}
        fresh = 0
        for docname, records in list(self.items()):
            if read is not None and docname not in read:
                continue
            mark = self.mark(records)
            known = kept.get(docname)
            if known is None or mark is None or known[1] != mark:
                known = (pickle.dumps(_fresh_strings(records, {}), protocol=pickle.HIGHEST_PROTOCOL), mark, None)
                fresh += len(known[0])
                # the bytes pickled now are kept for the next save of this process (the
                # html build after the gherkin build of `rulings build`, rulings serve's
                # next cycle) up to KEEP_FRESH_BYTES: from nothing at 100 000 examples
                # all of them would be 138 MB more at the peak, for a second pickling of
                # 2 s in a build of minutes (10 000 examples: 14 MB, kept); not by a
                # forked reader (its bytes are the parent's to keep)
                if not forked and fresh <= KEEP_FRESH_BYTES:
                    kept[docname] = known
                else:
                    kept.pop(docname, None)
            if digests_of is not None:
                digests_of[docname] = self._digest(docname) if kept.get(docname) is known \
                    else digests.of_bytes(known[0])
            yield docname, known[0]

    def __setstate__(self, state) -> None:
        """Unpickled: each document's records from its bytes, the bytes kept (with their
        digest, when it was pickled with them)."""
        if not hasattr(self, "_kept"):
            self._kept = {}
        known = state.get("digests") if isinstance(state, dict) else None
        for docname, blob in list(dict.items(self)):
            if type(blob) is bytes:
                records = pickle.loads(blob)
                dict.__setitem__(self, docname, records)
                digest = known.get(docname) if isinstance(known, dict) else None
                self._kept[docname] = (blob, self.mark(records), digest if type(digest) is bytes else None)

    def _digest(self, docname: str) -> bytes:
        """The digest of a document's kept bytes, taken once and kept with them."""
        blob, mark, digest = self._kept[docname]
        if digest is None:
            digest = digests.of_bytes(blob)
            self._kept[docname] = (blob, mark, digest)
        return digest

    @staticmethod
    def mark(records) -> int | None:
        return _mark(records)

    def let_go(self) -> None:
        """No save of this process follows: the kept bytes are let go of (the next save,
        if any, pickles every document afresh)."""
        self._kept = {}

    def __setitem__(self, docname, records):
        self._kept.pop(docname, None)
        super().__setitem__(docname, records)

    def __delitem__(self, docname):
        self._kept.pop(docname, None)
        super().__delitem__(docname)

    def pop(self, docname, *default):
        self._kept.pop(docname, None)
        return super().pop(docname, *default)

    def setdefault(self, docname, default=None):
        if docname not in self:
            self._kept.pop(docname, None)
        return super().setdefault(docname, default)

    def update(self, *args, **kwargs):
        for docname, records in dict(*args, **kwargs).items():
            self[docname] = records

    def popitem(self):
        docname, records = super().popitem()
        self._kept.pop(docname, None)
        return docname, records

    def clear(self):
        self._kept.clear()
        super().clear()

    def digest_of(self, docname: str) -> bytes | None:
        """A digest of the document's records as they are, taken from the bytes kept for
        them while those are still their bytes (the same check as a save's, ``_mark``);
        None when no bytes are kept for them (read or changed since the last save beyond
        ``KEEP_FRESH_BYTES``).  What the gherkin builder keys each document's part of the
        manifest by: equal digests, equal records (issue 28)."""
        known = getattr(self, "_kept", {}).get(docname)
        if known is None or docname not in self or known[1] is None or known[1] != self.mark(self[docname]):
            return None
        return self._digest(docname)


def _fresh_strings(obj, memo: dict):
    """``obj`` as pickling it gives the same bytes, with a new copy of each non-ASCII
    string in its dicts, lists and tuples (each object copied once: ``memo``, so that
    what is shared stays shared, as pickling writes it): the strings pickled are thrown
    away with the copy.  CPython's pickler encodes a string to UTF-8 through the
    string's own cache, kept beside it as long as it lives (``PyUnicode_AsUTF8AndSize``):
    pickled as they are, every Japanese and Chinese step, line and title of the records
    carried a UTF-8 copy of itself to the end of the build — at 10 000 examples from
    nothing 26.6 MB alive through the extraction's writing of features (issue 28).
    Anything else (numbers, ranges, ASCII strings: their UTF-8 form is their own) is
    the same object."""
    t = type(obj)
    if t is str:
        if obj.isascii():
            return obj
    elif t is not dict and t is not list and t is not tuple:
        return obj
    known = memo.get(id(obj))
    if known is not None:
        return known[0]
    if t is str:
        out = obj.encode("utf-8", "surrogatepass").decode("utf-8", "surrogatepass")
    elif t is dict:
        out = {_fresh_strings(k, memo): _fresh_strings(v, memo) for k, v in obj.items()}
    elif t is list:
        out = [_fresh_strings(v, memo) for v in obj]
    else:
        out = tuple(_fresh_strings(v, memo) for v in obj)
    # the original kept alive with its copy: no id in the memo is another object's
    memo[id(obj)] = (out, obj)
    return out


#: at most this many bytes pickled afresh by one save are kept for the next (``KeptPickled``)
KEEP_FRESH_BYTES = 16 << 20


def _mark(records) -> int | None:
    """What must be the same for a document's kept bytes to be its records: the list and
    each record (the objects, their number of fields, the text they were read from) and
    the fields decided after reading (status, extracted, error, reason).  None (pickled
    afresh every time) for anything else."""
    if not isinstance(records, list) or not all(type(r) is dict for r in records):
        return None
    try:
        return hash((id(records), len(records),
                     *[(id(r), len(r), r.get("hash"), r.get("line"), r.get("status"), r.get("extracted"),
                        r.get("error"), r.get("reason")) for r in records]))
    except TypeError:  # a field that cannot be hashed
        return None


#: the process that began reading (``env-before-read-docs``), and per process the
#: documents it read (``record_source``): a process forked to read knows its own
_BUILD_PID: int | None = None
_READ_HERE: dict[int, set[str]] = {}


def begin_reading(app, env, docnames) -> None:
    """``env-before-read-docs``: this process reads (or forks the processes that do)."""
    global _BUILD_PID
    _BUILD_PID = os.getpid()
    _READ_HERE.pop(_BUILD_PID, None)


def init_env(app, env, docnames) -> None:
    for attr, default in (("rulings_examples", KeptPickled), ("rulings_dashboards", set),
                          ("rulings_vocabularies", dict), ("rulings_cards", PerDocument), ("rulings_unpinned", dict),
                          ("rulings_coverage_pages", dict), ("rulings_coverage_games", dict),
                          # docname -> digest of the source as it was read (source_digest)
                          ("rulings_sources", dict)):
        if not hasattr(env, attr):
            setattr(env, attr, default())
        elif issubclass(default, PerDocument) and type(getattr(env, attr)) is not default:
            setattr(env, attr, default(getattr(env, attr)))


def purge_doc(app, env, docname: str) -> None:
    init_env(app, env, ())
    env.rulings_examples.pop(docname, None)
    env.rulings_vocabularies.pop(docname, None)
    env.rulings_cards.pop(docname, None)
    env.rulings_unpinned.pop(docname, None)
    env.rulings_coverage_pages.pop(docname, None)
    env.rulings_coverage_games.pop(docname, None)
    env.rulings_sources.pop(docname, None)
    env.rulings_dashboards.discard(docname)


def merge_info(app, env, docnames, other) -> None:
    init_env(app, env, ())
    for docname in docnames:
        if docname in other.rulings_examples:
            env.rulings_examples[docname] = other.rulings_examples[docname]
        if docname in getattr(other, "rulings_vocabularies", {}):
            env.rulings_vocabularies[docname] = other.rulings_vocabularies[docname]
        if docname in getattr(other, "rulings_cards", {}):
            env.rulings_cards[docname] = other.rulings_cards[docname]
        for attr in ("rulings_unpinned", "rulings_coverage_pages", "rulings_coverage_games", "rulings_sources"):
            if docname in getattr(other, attr, {}):
                getattr(env, attr)[docname] = getattr(other, attr)[docname]
        if docname in other.rulings_dashboards:
            env.rulings_dashboards.add(docname)


def source_digest(env, docname: str, save: bool = False) -> str:
    """A digest of a document's source file as it is now ("" when it cannot be read):
    kept between processes where ``rulings`` keeps its inputs' digests
    (``rulings_kept_digests``), so that the sources of 100 000 examples (74 MB) are not
    read again by each build of a cycle (issue 28)."""
    kept = getattr(env.config, "rulings_kept_digests", "")
    return digests.of_source(Path(env.doc2path(docname)), Path(kept) if kept else None, save=save)


def record_source(app, doctree) -> None:
    """``doctree-read``: the digest of the source just read (see ``outdated``)."""
    app.env.rulings_sources[app.env.docname] = source_digest(app.env, app.env.docname)
    _READ_HERE.setdefault(os.getpid(), set()).add(app.env.docname)


def record_vocabularies(app, doctree) -> None:
    env = app.env
    env.rulings_vocabularies[env.docname] = vocabulary_stamps(
        {r["game"] for r in env.rulings_examples.get(env.docname, []) if r.get("game")}
        | {f"cards:{c['game']}" for c in env.rulings_cards.get(env.docname, []) if c.get("game")})


def vocabulary_stamps(games, known: dict[str, str] | None = None) -> dict[str, str]:
    """A fingerprint of each game's vocabulary (phrases and terms) and, for keys
    ``cards:<game>``, of its card format: a document whose steps or cards were checked
    against another vocabulary or format is read again.  ``known``: the fingerprints
    taken so far by the caller (which asks for every document's: each game's once)."""
    out = {}
    for game in sorted(games):
        if known is not None and game in known:
            out[game] = known[game]
            continue
        try:
            if game.startswith("cards:"):
                out[game] = cardformat.format_of(game.split(":", 1)[1]).fingerprint()
            else:
                out[game] = vocab_mod.load(game).fingerprint()
        except (KeyError, ImportError, AttributeError):
            out[game] = ""
        if known is not None:
            known[game] = out[game]
    return out


def outdated(app, env, added, changed, removed) -> list[str]:
    """``env-get-outdated``: documents to read again although their source did not change:
    they were checked against another vocabulary or card format, or they had problems
    last time (so that the problems are reported again).  What a page shows of the
    results and of the coverage is filled in when it is written, so a page whose results
    changed is written again, not read again (``to_write``).  Sphinx calls a document
    changed when its file is newer than its last reading; a document whose content
    differs from what was read is read again whatever its file's time says (a copy or
    an unpacked archive keeps older times: the site would show, and run, the old text)."""
    init_env(app, env, ())
    again = set()
    unchanged = sorted(env.found_docs - set(added) - set(changed) - set(removed))
    for i, docname in enumerate(unchanged):
        if env.rulings_sources.get(docname) != source_digest(env, docname, save=i == len(unchanged) - 1):
            again.add(docname)
    fingerprints: dict[str, str] = {}
    for docname in env.rulings_examples:
        if docname in changed or docname in removed or docname not in env.found_docs:
            continue
        stamps = env.rulings_vocabularies.get(docname)
        if stamps is None or stamps != vocabulary_stamps(stamps, fingerprints):
            again.add(docname)
    again |= problem_documents(app, env) - set(removed)
    return sorted(again)


def to_write(app, env) -> list[str]:
    """``env-get-updated``: the pages this builder writes again without reading them.

    The gherkin and html builds of a cycle share one environment: the gherkin build
    reads what changed, and html writes every page read since html last wrote its pages
    (Sphinx's own check sees only sources newer than their pages), the pages whose
    results or coverage results changed since they were written, and, when any of that
    happened, the pages showing every document's state (the dashboard, the cards with
    the examples naming them).  What each builder last wrote is kept per builder beside
    the environment (``written_record``), and only once its pages are written
    (``commit_written``): Sphinx saves the environment before it writes the pages, so a
    build killed while writing would have left a record of pages never written, and the
    next build would not write them."""
    init_env(app, env, ())
    name = app.builder.name
    written = _TENTATIVE[name] = written_record(env, name)
    if name == "gherkin":
        # features show no results; a document read by another builder since the gherkin
        # builder last wrote is in its own outdated check (builder.py)
        written["at"] = time.time_ns() // 1_000
        return []
    since = written.get("at", -1)
    out = {d for d in env.found_docs if env.all_docs.get(d, since + 1) > since}
    removed = written.get("docs", set()) - env.found_docs
    _drop_pages_of(app, removed)
    results, _ = load_results(env)
    out |= measured.shown_changed(written.setdefault("results", {}),
                                  {d: results_digest(records, results) for d, records in env.rulings_examples.items()
                                   if d in env.found_docs})
    out |= measured.changed(env, written.setdefault("coverage", {}))
    if out or removed:
        out |= _pages_showing_everything(env, written.setdefault("cards", {}), written, out | removed)
    # every page's sidebar shows each document's status dot (attention.sidebar_status):
    # when one document's counts change, a page not written again would keep its old dot
    # — a green dot beside a document that now fails
    dots = digests.of_json(sorted((d, sorted(counts(records).items())) for d, records in env.rulings_examples.items()
                                  if records and d in env.found_docs), None)
    if written.get("sidebar") != dots:
        out |= set(env.found_docs)
        written["sidebar"] = dots
    written["at"] = time.time_ns() // 1_000
    written["docs"] = set(env.found_docs)
    return sorted(out)


#: builder -> what it is writing now (this process), kept by ``commit_written``
_TENTATIVE: dict[str, dict] = {}


def _written_file(env, builder: str) -> Path:
    return Path(env.doctreedir) / f"rulings-written-{builder}.json"


def written_record(env, builder: str) -> dict:
    """What ``builder`` last wrote, as its last build that finished kept it: when it
    decided what to write (``at``), the documents there were, and digests of what each
    page showed (results, coverage, cards)."""
    try:
        data = json.loads(_written_file(env, builder).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = {}
    if not isinstance(data, dict):
        data = {}
    data["docs"] = set(data.get("docs") or ())
    return data


def commit_written(app, exception) -> None:
    """``build-finished``: the pages are written; keep what they show (not after a build
    that stopped: its pages are written again by the next one)."""
    record = _TENTATIVE.pop(app.builder.name, None)
    if record is None or exception is not None:
        return
    results_mod.write_atomic(_written_file(app.env, app.builder.name),
                             json.dumps({**record, "docs": sorted(record.get("docs", ()))}, ensure_ascii=False,
                                        sort_keys=True))


def _pages_showing_everything(env, previous: dict[str, str], written: dict | None = None,
                              changed: set[str] | None = None) -> set[str]:
    """The pages that show every document's state: the dashboard and the coverage pages
    always, a card file when the examples naming its cards changed, a card index or a
    list of building blocks when what it lists changed (``_card_data_shown``).

    ``written["named"]`` keeps, per document, the cards its examples named when the
    pages were last written (``_named_by``).  Given ``changed`` (every document whose
    examples may show otherwise since: read again, its results or statuses changed,
    removed), a card file none of whose cards an example of a changed document names,
    now or then, shows what it showed: its digest is not made again (going through the
    examples naming the cards of every card file was most of an edit cycle's check at
    100 000 examples).  A changed document that defines cards, or did (what a name
    stands for may change), or no such record kept: every card file is checked."""
    registry = cards_by_game(env)
    aliases = {game: card_registry.aliases(game, cards) for game, cards in registry.items()}
    named = written.get("named") if written is not None else None
    partial = isinstance(named, dict) and changed is not None and not any(
        d in previous or env.rulings_cards.get(d) for d in changed)
    affected: set[str] = set()
    if partial:
        for docname in changed:
            now = _named_by(env, docname, aliases) if docname in env.found_docs else []
            affected.update(named.get(docname) or ())
            affected.update(now)
            if now:
                named[docname] = now
            else:
                named.pop(docname, None)
    else:
        named = {d: keys for d in sorted(env.rulings_examples) if d in env.found_docs
                 for keys in [_named_by(env, d, aliases)] if keys}
    if written is not None:
        written["named"] = named
    uses = None
    out = set()
    for docname in sorted(d for d in env.rulings_dashboards if d in env.found_docs):
        defined = env.rulings_cards.get(docname)
        if not defined:
            uses = card_uses(env) if uses is None else uses
            shown = _card_data_shown(env, docname, uses)
            if shown is None:
                # the dashboard, the coverage pages: every document counts
                out.add(docname)
                continue
        else:
            if partial and docname in previous and \
                    not any(f"{c.get('game')}\t{c.get('name')}" in affected for c in defined):
                continue
            uses = card_uses(env) if uses is None else uses
            shown = [[c.get("game"), c.get("name"), [[r["id"], r["title"], r["docname"], r.get("status")]
                                                     for r in uses.get((c.get("game"), c.get("name")), [])]]
                     for c in defined]
        digest = digests.of_json(shown, None)
        if previous.get(docname) != digest:
            previous[docname] = digest
            out.add(docname)
    for docname in set(previous) - env.found_docs:
        del previous[docname]
    return out


def _named_by(env, docname: str, aliases: dict[str, dict[str, str]]) -> list[str]:
    """The cards the examples of ``docname`` name, each as ``game<TAB>name`` by the name
    its card is defined under (other names resolved as ``card_registry.uses`` does)."""
    keys = set()
    for record in env.rulings_examples.get(docname) or ():
        game = record.get("game")
        other = aliases.get(game, {})
        for name in record.get("cards") or ():
            keys.add(f"{game}\t{other.get(name, name)}")
    return sorted(keys)


def _card_data_shown(env, docname: str, uses) -> list | None:
    """What a page whose only parts filled in at writing are card indexes and lists of
    building blocks (``spec/cards.rst``, ``spec/vocabulary.rst``) shows besides its own
    text: each of its games' cards as recorded, the examples naming each (id, title,
    document, status), the code the blocks are read with, and every document's title and
    place in the tables of contents (its links and navigation).  None for any other page
    (a placeholder of another kind, an example): it is written whenever any page is."""
    try:
        doctree = env.get_doctree(docname)
    except Exception:  # noqa: BLE001 - unreadable: written, as before
        return None
    parts = set()
    for node in doctree.findall(nodes.Element):
        kind = type(node)
        if kind in (card_index, block_index):
            parts.add((node["game"], kind is card_index))
        elif kind.__module__.startswith("rulings"):
            return None
    if not parts:
        return None
    registry = cards_by_game(env)
    shown: list = []
    for game, index in sorted(parts):
        cards = registry.get(game, {})
        # a card index lists the examples naming each card; the blocks, the cards alone
        shown.append([game, index, digests.engine(game) if game in GAMES else None,
                      [[name, cards[name], [[r["id"], r["title"], r["docname"], r.get("status")]
                                            for r in uses.get((game, name), [])] if index else None]
                       for name in sorted(cards)]])
    shown.append(sorted([d, env.titles[d].astext() if d in env.titles else None] for d in env.found_docs))
    shown.append(sorted([d, list(included)] for d, included in env.toctree_includes.items()))
    return json.loads(json.dumps(shown, ensure_ascii=False, sort_keys=True, default=repr))


def _drop_pages_of(app, removed) -> None:
    """A deleted or renamed document leaves no page behind: Sphinx keeps old pages,
    and a deleted document's examples would still show their last verdict."""
    suffix = getattr(app.builder, "out_suffix", "")
    if not suffix or app.builder.name == "gherkin":
        return
    for docname in removed:
        Path(app.builder.outdir, docname + suffix).unlink(missing_ok=True)


def problem_documents(app, env) -> set[str]:
    """Documents that had warnings in the last build (see rulings.sphinxext.build)."""
    listed = problems.recorded(app)
    path = app.config.rulings_problems_file
    if path:
        try:
            listed |= set(json.loads(Path(path).read_text(encoding="utf-8")).get("documents", []))
        except (OSError, ValueError, AttributeError):
            pass
    return {d for d in listed if d in env.found_docs}


def check_consistency(app, env) -> None:
    """Ids unique across the site; document titles unique."""
    seen: dict[str, dict] = {}
    for docname in sorted(env.rulings_examples):
        for record in env.rulings_examples[docname]:
            first = seen.setdefault(record["id"], record)
            if first is not record:
                logger.warning(f"duplicate example id {record['id']!r}: also used at "
                               f"{first['source']}:{first['line']}", location=(docname, record["line"]),
                               type="rulings", subtype="duplicate-id")
    for docname in sorted(env.rulings_examples):
        by_title: dict[str, dict] = {}
        for record in env.rulings_examples[docname]:
            first = by_title.setdefault(record["title"], record)
            if first is not record:
                logger.warning(f"two examples of this document have the title {record['title']!r} "
                               f"(the other is at line {first['line']})", location=(docname, record["line"]),
                               type="rulings", subtype="duplicate-title")
    titles: dict[str, str] = {}
    for docname in sorted(env.found_docs):
        title = env.titles[docname].astext().strip() if docname in env.titles else ""
        if not title:
            continue
        if title in titles:
            logger.warning(f"two documents have the title {title!r}: {project_path(env, titles[title])} and "
                           f"{project_path(env, docname)}", location=(docname, 1), type="rulings",
                           subtype="duplicate-title")
        else:
            titles[title] = docname


def warn_not_run(app, env) -> None:
    """``env-updated``, once every example's status is known (after
    ``cards.check_examples``): a site built by plain ``sphinx-build`` warns with the
    number of examples it shows without a current result, so that ``-W`` fails while any
    is not run or stale.  Not for the ``gherkin`` builder (extracting comes before
    running) nor under ``rulings`` (``rulings_warn_not_run``: it reconciles the counts)."""
    if app.builder.name == "gherkin" or not app.config.rulings_warn_not_run:
        return
    records = [r for docname, rs in env.rulings_examples.items() if docname in env.found_docs for r in rs]
    c = counts(records)
    # every status whose result is not current, counted even when none has it
    missing = sorted((s for s in c if not results_mod.STATUS[s].current), key=lambda s: -results_mod.STATUS[s].rank)
    if any(c[s] for s in missing):
        logger.warning(f"{sum(c[s] for s in missing)} of {len(records)} examples have no current result "
                       f"({', '.join(f'{c[s]} {s.replace(chr(45), chr(32))}' for s in missing)}): the site shows them so; "
                       "`rulings check` runs them", type="rulings", subtype="not-run")


def all_records(env) -> list[dict]:
    return [r for docname in sorted(env.rulings_examples) for r in env.rulings_examples[docname]]


def counts(records: list[dict]) -> dict[str, int]:
    out = {s: 0 for s in results_mod.STATUSES}
    for r in records:
        out[r["status"]] += 1
    return out

"""The results file: what the last run of each example gave, keyed by id and text hash.

Written atomically by the pytest-bdd binding (a killed run leaves the previous file
whole); read by the Sphinx extension and by ``rulings check``.  An entry counts only for
the exact text it was recorded for: an example edited since is *stale*.
"""

from __future__ import annotations

import hashlib
import json
import marshal
import operator
import os
import sys
import tempfile
import weakref
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulings.project import file_stamp

FORMAT = 1


@dataclass(frozen=True)
class Status:
    """What a status means to everything that shows or counts it (pages, the attention
    page, the sidebar, `rulings check`): a new status is a row here (decided in
    :func:`status_of`) and its words in each language (``rulings.sphinxext.language``)."""

    name: str
    #: worst first: what a document, a game or a page is marked with when its examples differ
    rank: int
    #: its result ran on the text, engine and cards as they are now (its trace is shown)
    current: bool
    #: `rulings check` fails while an example has it
    blocks: bool
    #: its result's failing step (and message) is shown when it has one
    shows_failing_step: bool
    #: `rulings check`'s last line counts it even when no example has it
    counted_always: bool
    #: the colour pages mark it with (``rulings-statuses.css`` is written from this)
    colour: str


KINDS = (
    Status("passed", rank=4, current=True, blocks=False, shows_failing_step=False, counted_always=True,
           colour="#2e9e44"),
    Status("failed", rank=0, current=True, blocks=True, shows_failing_step=True, counted_always=True,
           colour="#d32f2f"),
    Status("pending", rank=3, current=True, blocks=False, shows_failing_step=True, counted_always=False,
           colour="#9e9e9e"),
    Status("stale", rank=1, current=False, blocks=True, shows_failing_step=False, counted_always=False,
           colour="#c68400"),
    Status("not-run", rank=2, current=False, blocks=True, shows_failing_step=True, counted_always=False,
           colour="#607d8b"),
)
#: in the order pages list them
STATUSES = tuple(k.name for k in KINDS)
STATUS = {k.name: k for k in KINDS}
WORST_FIRST = tuple(sorted(STATUSES, key=lambda s: STATUS[s].rank))


def worst(counts: Mapping[str, int]) -> str:
    """The worst status with a count (the best when there is none)."""
    return next((s for s in WORST_FIRST if counts.get(s)), WORST_FIRST[-1])


def status_css() -> str:
    """The colour of each status on every element that shows one."""
    return "".join(f".rulings-{k.name} {{ border-left-color: {k.colour}; }}\n"
                   f".rulings-badge-{k.name} {{ background: {k.colour}; }}\n"
                   f'.rulings-dashboard-row[data-status="{k.name}"] td:first-child {{ border-left: 5px solid {k.colour}; }}\n'
                   for k in KINDS)


class ResultsError(Exception):
    """The results file exists but cannot be used (truncated, other format …)."""


def text_hash(language: str, title: str, body: str) -> str:
    """The hash an example's result is keyed by: its language, title and steps."""
    normalised = "\n".join(line.rstrip() for line in body.strip().splitlines())
    digest = hashlib.sha256(f"{language}\n{' '.join(title.split())}\n{normalised}".encode()).hexdigest()
    return digest[:16]


def load(path: str | os.PathLike) -> dict[str, dict[str, Any]]:
    """Entries by example id; an empty dict if there is no file yet."""
    path = Path(path)
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise ResultsError(f"{path}: not a readable results file ({err}); run the examples again") from None
    except OSError as err:
        raise ResultsError(f"{path}: cannot read the results file ({err})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("results"), dict):
        found = data.get("format") if isinstance(data, dict) else None
        raise ResultsError(f"{path}: results format {found!r}, expected {FORMAT}; run the examples again")
    bad = sorted(k for k, v in data["results"].items() if not isinstance(v, dict))
    if bad:
        raise ResultsError(f"{path}: entries {', '.join(map(repr, bad[:5]))} are not results; run the examples again")
    return data["results"]


class Entries(Mapping):
    """The entries of a results file, each kept without its trace, which is kept as its
    JSON text and parsed when the whole entry is looked up.  Parsed whole, the results of
    10 000 examples took about 40 MB of the site build's memory, three quarters of it
    the traces, which only the page showing the example needs; everything else (the
    status of each example, what the plan and the reconciliation compare) reads the
    entry without its trace (:func:`brief`).

    Read from a file (:func:`load_entries`), not even the trace's text is kept: the
    file stays open (a run that replaces it renames another file over it, so what is
    open is still the version read), each entry's place in it is kept, and a whole
    entry is read again from there and parsed when it is looked up; each trace is kept
    as a digest of its text (:func:`trace_digest`: what a page's results digest
    compares).  At 100 000 examples the traces as text were about 110 MB of the site
    build's largest process (issue 28)."""

    def __init__(self, briefs: dict[str, dict[str, Any]], traces: dict[str, bytes],
                 digests: dict[str, bytes] | None = None, places: dict[str, int] | None = None,
                 fd: int | None = None) -> None:
        self._briefs, self._traces = briefs, traces
        self._digests = digests if digests is not None else {k: _digest(v) for k, v in traces.items()}
        #: (offset << 32 | length) of each entry's line, when read from the open file ``fd``
        self._places, self._fd = places or {}, fd
        if fd is not None:
            weakref.finalize(self, os.close, fd)

    def _line(self, example_id: str) -> dict[str, Any]:
        place = self._places[example_id]
        raw = os.pread(self._fd, place & 0xFFFFFFFF, place >> 32)
        return json.loads(b"{" + raw + b"}")[example_id]

    def raw_line(self, example_id: str) -> str | None:
        """The entry's line as the file read holds it (``"id":{…}``, already parsed once
        by :func:`read_lines`), when the entries are read from an open file; else None."""
        place = self._places.get(example_id) if self._fd is not None else None
        return None if place is None else os.pread(self._fd, place & 0xFFFFFFFF, place >> 32).decode()

    def __getitem__(self, example_id: str) -> dict[str, Any]:
        if self._fd is not None and example_id in self._places:
            return self._line(example_id)
        entry = dict(self._briefs[example_id])
        trace = self._traces.get(example_id)
        if trace is not None:
            entry["trace"] = json.loads(trace)
        return entry

    def __contains__(self, example_id: object) -> bool:
        return example_id in self._briefs

    def __iter__(self) -> Iterator[str]:
        return iter(self._briefs)

    def __len__(self) -> int:
        return len(self._briefs)

    def __repr__(self) -> str:
        return f"<results: {len(self._briefs)} entries>"


def _digest(trace_text_: bytes) -> bytes:
    return hashlib.blake2b(trace_text_, digest_size=16).digest()


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def brief(results: Mapping[str, dict[str, Any]], example_id: str) -> dict[str, Any] | None:
    """An example's entry without its trace (from :class:`Entries`; a plain dict's entry
    is given whole).  Shared: not to be changed by the caller."""
    if isinstance(results, Entries):
        return results._briefs.get(example_id)
    return results.get(example_id)


def trace_text(results: Mapping[str, dict[str, Any]], example_id: str) -> str | None:
    """An example's trace as compact JSON (from :class:`Entries` read from a file: read
    and parsed again)."""
    if isinstance(results, Entries):
        trace = results._traces.get(example_id)
        if trace is not None or results._fd is None or example_id not in results._digests:
            return None if trace is None else trace.decode()
    entry = results.get(example_id)
    return None if entry is None or "trace" not in entry else _compact(entry["trace"])


def trace_digest(results: Mapping[str, dict[str, Any]], example_id: str) -> bytes | None:
    """A digest of an example's trace as compact JSON (None: no trace), kept by
    :class:`Entries` (the same object as long as the entry's line is the same)."""
    if isinstance(results, Entries):
        return results._digests.get(example_id)
    text = trace_text(results, example_id)
    return None if text is None else _digest(text.encode())


#: fields of an entry whose values repeat across entries
_SHARED_VALUES = ("status", "outcome", "feature")
def load_entries(path: str | os.PathLike, *, index: bool = False) -> Mapping[str, dict[str, Any]]:
    """:func:`load` for a reader that looks entries up: the same entries and the same
    errors (every line is parsed here, so a broken file is reported now), each trace
    kept as a digest and the file open, each whole entry read again from it when it is
    looked up (:class:`Entries`).  A file in any other layout (written by hand, say) is
    loaded whole.

    ``index``: the file's index (:func:`index_path`) stands for parsing its lines when it
    was written for the very file that is open (its stamp: inode, size, modification
    and change times); else the lines are parsed and the index is written for the next
    reader.  At 100 000 examples, 0.2 s instead of 2.4 s (issue 28)."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return {}
    except OSError as err:
        raise ResultsError(f"{path}: cannot read the results file ({err})") from None
    indexed = index and hasattr(os, "pread")
    try:
        if indexed:
            known = _read_index(path, fd)
            if known is not None:
                return known
        with os.fdopen(os.dup(fd), "rb") as f:
            data = f.read()
        read = read_lines(data, fd=fd if hasattr(os, "pread") else None)
    except BaseException:
        os.close(fd)
        raise
    if read is None or read[1]._fd is None:
        os.close(fd)
    if read is None or set(read[0]) != {"format"}:
        return load(path)
    if indexed:
        entries = read[1]
        try:
            _write_index(path, file_stamp(os.fstat(fd)), entries._briefs, entries._digests, entries._places)
        except OSError:
            pass  # (a cache: the next reader parses the lines again)
    return read[1]


# -- the index of a results file ------------------------------------------------------------
# Beside the project's results file (``build/.results.json.index``): what reading its lines
# gives (each entry without its trace, each trace's digest, each line's place in the file),
# for the file it was written for, named by its stamp.  Written by whoever writes the file
# (:func:`save` with ``index=True``: a run, `rulings merge`, a run's results dropped) and
# by a reader that had to parse the lines; a file written by anything else (by hand, by an
# older version, copied) has another inode or change time, and is read line by line.  In
# marshal's format (no code runs when it is read, unlike pickle; shared values written
# once), for this Python only.

INDEX_FORMAT = 1


def index_path(path: str | os.PathLike) -> Path:
    """Where the index of the results file ``path`` is kept."""
    path = Path(path)
    return path.with_name(f".{path.name}.index")


def _index_head(stamp: tuple) -> tuple:
    return ("rulings-results-index", INDEX_FORMAT, FORMAT, sys.implementation.cache_tag, marshal.version, stamp)


def _write_index(path: Path, stamp: tuple, briefs: dict, digests: dict, places: dict) -> None:
    head = marshal.dumps(_index_head(stamp))
    write_atomic(index_path(path), [len(head).to_bytes(4, "little"), head, marshal.dumps((briefs, digests, places))],
                 durable=False)


def _read_index(path: Path, fd: int) -> Entries | None:
    """The entries of the open results file ``fd`` from its index, if the index was
    written for this very file (else None: its lines are to be read)."""
    try:
        with open(index_path(path), "rb") as f:
            # (marshal.load from a file reads it a few bytes at a time: 5x slower)
            size = int.from_bytes(f.read(4), "little")
            if marshal.loads(f.read(size)) != _index_head(file_stamp(os.fstat(fd))):
                return None
            briefs, digests, places = marshal.loads(f.read())
    except FileNotFoundError:
        return None
    except (OSError, EOFError, ValueError, TypeError):
        return None  # damaged, or of another Python: as if there were none
    if not (isinstance(briefs, dict) and isinstance(digests, dict) and isinstance(places, dict)
            and briefs.keys() == places.keys() and digests.keys() <= briefs.keys()):
        return None
    return Entries(briefs, {}, digests, places, fd)


def _share_basis(entry: dict[str, Any]) -> None:
    """One basis for the entries that rest on the same (json makes every line's own: a
    third of an entry; an index written from them keeps one too)."""
    basis = entry.get("basis")
    if isinstance(basis, dict) and all(isinstance(v, str) for v in basis.values()):
        items = tuple(basis.items())
        shared = _SHARED_BASES.get(items)
        if shared is None:
            if len(_SHARED_BASES) > 500_000:
                _SHARED_BASES.clear()
            shared = _SHARED_BASES[items] = {_SHARED_KEYS.setdefault(k, k): _SHARED_STRINGS.setdefault(v, v)
                                             for k, v in items}
        entry["basis"] = shared


def _brief_of(entry: Mapping[str, Any]) -> tuple[dict[str, Any], bytes | None]:
    """An entry without its trace (its strings shared as :func:`read_lines` shares them),
    and the digest of its trace (None: it has none)."""
    brief_ = {_SHARED_KEYS.setdefault(k, k): v for k, v in entry.items() if k != "trace"}
    for field in _SHARED_VALUES:
        value = brief_.get(field)
        if isinstance(value, str):
            brief_[field] = _SHARED_STRINGS.setdefault(value, value)
    _share_basis(brief_)
    return brief_, (_digest(_compact(entry["trace"]).encode()) if "trace" in entry else None)


def read_lines(data: bytes, *, fd: int | None = None) -> tuple[dict[str, Any], Entries] | None:
    """(the fields before the entries, the entries) of a results file in the layout
    :func:`save` writes, each trace kept as text (:class:`Entries`; given ``fd``, the
    file ``data`` was read from, left open for the entries to be read again from it:
    each trace kept as a digest only); None when ``data`` is not in that layout (a file
    written by hand, a broken one: :func:`load` says what is wrong with it).  The fields
    before the entries are ``format`` (checked here) and, in a shard's results file
    (``rulings check --shard``), ``shard``."""
    lines = data.split(b"\n")
    first = lines[0]
    if len(lines) == 2 and first.endswith(b'"results":{}}') and not lines[1]:
        # no entries: the whole file is one line
        first, lines = first[:-2], [first[:-2], b"}}", b""]
    if not (first.startswith(b'{"format":') and first.endswith(b'"results":{')) or lines[-2:] != [b"}}", b""]:
        return None
    try:
        head = json.loads(first[:-len(b'"results":{')].rstrip(b",") + b"}")
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None
    if not isinstance(head, dict) or head.get("format") != FORMAT or first != _head_line(head):
        return None
    global _LAST_LINES
    keep_text = fd is None
    briefs: dict[str, dict[str, Any]] = {}
    traces: dict[str, bytes] = {}
    trace_digests: dict[str, bytes] = {}
    places: dict[str, int] = {}
    last, seen = (_LAST_LINES[1] if _LAST_LINES[0] == keep_text else {}), {}
    at = len(first) + 1
    shared_keys, shared_values = _SHARED_KEYS, _SHARED_STRINGS
    for line in lines[1:-2]:
        start, at = at, at + len(line) + 1
        value_of = line[:-1] if line.endswith(b",") else line
        # a line as the last file read had it (most lines after a run of a few examples):
        # its entry as parsed then, shared (entries are not changed by their readers)
        key = hashlib.blake2b(value_of, digest_size=16).digest()
        known = last.get(key)
        if known is not None and known[0] not in briefs:
            example_id, entry, trace, digest = seen[key] = known
            briefs[example_id] = entry
            if digest is not None:
                trace_digests[example_id] = digest
                if trace is not None:
                    traces[example_id] = trace
            places[example_id] = start << 32 | len(value_of)
            continue
        try:
            parsed = json.loads(b"{" + value_of + b"}")
        except (json.JSONDecodeError, UnicodeDecodeError):
            return None
        if len(parsed) != 1:
            return None
        (example_id, entry), = parsed.items()
        if not isinstance(entry, dict) or example_id in briefs:
            return None
        trace = digest = None
        if "trace" in entry:
            text = _compact(entry.pop("trace")).encode()
            digest = trace_digests[example_id] = _digest(text)
            if keep_text:
                trace = traces[example_id] = text
        # one string for each field's name, and for the values most entries share
        # (statuses, the document, the engine's digest); one basis for the entries
        # that rest on the same (json makes every line's own: a third of an entry)
        entry = {shared_keys.setdefault(k, k): v for k, v in entry.items()}
        for field in _SHARED_VALUES:
            value = entry.get(field)
            if isinstance(value, str):
                entry[field] = shared_values.setdefault(value, value)
        _share_basis(entry)
        briefs[example_id] = entry
        places[example_id] = start << 32 | len(value_of)
        seen[key] = (example_id, entry, trace, digest)
    _LAST_LINES = (keep_text, seen)
    if len(shared_values) > 500_000:
        shared_values.clear()
    if fd is None:
        return head, Entries(briefs, traces, trace_digests)
    return head, Entries(briefs, {}, trace_digests, places, fd)


#: per process: digest of each entry line of the results file read last -> (its id, its
#: entry without the trace, the trace's text (when kept), the trace's digest), so that
#: reading the file again after a run parses only the lines that changed; first whether
#: the texts were kept
_LAST_LINES: tuple[bool, dict[bytes, tuple[str, dict[str, Any], bytes | None, bytes | None]]] = (True, {})
#: per process: the names of the fields, the values entries share, each basis
_SHARED_KEYS: dict[str, str] = {}
_SHARED_STRINGS: dict[str, str] = {}
_SHARED_BASES: dict[tuple, dict[str, str]] = {}


def _head_line(head: dict[str, Any]) -> bytes:
    """The first line :func:`save` writes for these fields."""
    return next(_pieces({**head, "results": {}}, "results")).encode() + b"{"


def save(path: str | os.PathLike, results: Mapping[str, dict[str, Any]], *, index: bool = False) -> None:
    """Replace the results file in one step (write a temporary file, then rename), one
    entry at a time: the file is never held whole in memory (at 10 000 examples it was
    twice 16 MB of text, the largest part of a run's peak).  ``index``: write the file's
    index too (:func:`load_entries`), from what is written (the entries kept from the
    previous file by :class:`Merged` are not parsed again)."""
    if not index:
        write_atomic(path, _pieces({"format": FORMAT, "results": results}, "results"))
        return
    path = Path(path)
    briefs: dict[str, dict[str, Any]] = {}
    digests: dict[str, bytes] = {}
    places: dict[str, int] = {}

    def pieces() -> Iterator[bytes | tuple[int, int, int]]:
        head = _head_line({"format": FORMAT})
        if not results:
            yield head + b"}}\n"
            return
        yield head
        at = len(head)
        # the entries kept from the previous file, read from it (Merged over Entries):
        # each one's place there, its entry without the trace, its trace's digest
        old = results._old if isinstance(results, Merged) else None
        if isinstance(old, Entries) and old._fd is not None:
            new, old_places, old_briefs, old_digests = results._new, old._places, old._briefs, old._digests
        else:
            new, old_places, old_briefs, old_digests = {}, {}, {}, {}
        # the entries kept one after the other there as here are copied as one piece of
        # the file (in the kernel where it can: os.copy_file_range)
        span: list[int] | None = None
        for i, k in enumerate(sorted(results)):
            sep = b"\n" if i == 0 else b",\n"
            place = None if k in new else old_places.get(k)
            if place is not None:
                briefs[k], digest = old_briefs[k], old_digests.get(k)
                start, length = place >> 32, place & 0xFFFFFFFF
                if span is not None and start == span[1] + 2:
                    span[1] = start + length
                else:
                    if span is not None:
                        yield results.copy_of(*span)
                    yield sep
                    span = [start, start + length]
            else:
                if span is not None:
                    yield results.copy_of(*span)
                    span = None
                entry = results[k]
                line = f"{_compact(k)}:{_compact(entry)}".encode()
                briefs[k], digest = _brief_of(entry)
                length = len(line)
                yield sep + line
            if digest is not None:
                digests[k] = digest
            at += len(sep)
            places[k] = at << 32 | length
            at += length
        if span is not None:
            yield results.copy_of(*span)
        yield b"\n}}\n"

    stamp = write_atomic(path, pieces())
    try:
        _write_index(path, stamp, briefs, digests, places)
    except OSError:
        index_path(path).unlink(missing_ok=True)


class Merged(Mapping):
    """``new`` entries over ``old`` ones, for the ids ``ids``: what a run writes, the
    entries it did not run read from the previous file (:class:`Entries`) one at a time
    as they are written."""

    def __init__(self, new: Mapping[str, dict[str, Any]], old: Mapping[str, dict[str, Any]], ids: set[str]) -> None:
        self._new, self._old, self._ids = new, old, ids

    def __getitem__(self, example_id: str) -> dict[str, Any]:
        if example_id not in self._ids:
            raise KeyError(example_id)
        return self._new[example_id] if example_id in self._new else self._old[example_id]

    def line_of(self, example_id: str) -> str | None:
        """An entry kept from the previous file, as that file's line (None: encode it):
        after a run of one example of 100 000, parsing and encoding again every entry it
        did not run was 3 of the run's 6 seconds.  The line is the one :func:`read_lines`
        parsed and checked when the file was read."""
        if example_id in self._new or not isinstance(self._old, Entries):
            return None
        return self._old.raw_line(example_id)

    def copy_of(self, start: int, end: int) -> tuple[int, int, int]:
        """A piece of the previous file for :func:`write_atomic` to copy: (its open file,
        where the piece starts, its length)."""
        return self._old._fd, start, end - start

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids)

    def __len__(self) -> int:
        return len(self._ids)


def _pieces(data: dict[str, Any], key: str) -> Iterator[str]:
    """:func:`dump_lines`, a piece at a time."""
    compact = _compact
    head = ",".join(f"{compact(k)}:{compact(v)}" for k, v in sorted(data.items()) if k != key)
    yield "{" + head + ("," if head else "") + f"{compact(key)}:"
    entries = data[key]
    if isinstance(entries, Mapping):
        if not entries:
            yield "{}"
        else:
            line_of = entries.line_of if isinstance(entries, Merged) else lambda k: None
            for i, k in enumerate(sorted(entries)):
                line = line_of(k)
                yield ("{\n" if i == 0 else ",\n") + (line if line is not None else
                                                       f"{compact(k)}:{compact(entries[k])}")
            yield "\n}"
    elif not entries:
        yield "[]"
    else:
        for i, e in enumerate(entries):
            yield ("[\n" if i == 0 else ",\n") + compact(e)
        yield "\n]"
    yield "}\n"


def dump_lines(data: dict[str, Any], key: str) -> str:
    """JSON with one entry of ``data[key]`` a line (in key order if a mapping): as easy to
    read and to diff as an indented file, written by json's C encoder (``indent`` makes
    json fall back to pure Python, seconds for the results of 10 000 examples)."""
    return "".join(_pieces(data, key))


def write_atomic(path: str | os.PathLike, text: str | Iterable[str | bytes | tuple[int, int, int]], *,
                 durable: bool = True
                 ) -> tuple[int, int, int, int]:
    """Write ``text`` (or its pieces, in order: text, bytes, or (an open file, offset,
    length): that part of the file, copied) to ``path`` so that a reader
    sees the old file or the new one, never a part: a temporary file beside it, flushed,
    then renamed over it.  ``durable=False`` (caches that can be computed again) skips the
    fsync: after a crash of the machine such a file may be empty, and is then read as no
    cache.  Returns the new file's stamp (inode, size, modification and change times) as
    the rename left it (taken from the file written, whatever replaces it afterwards)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=path.suffix + ".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            if isinstance(text, str):
                f.write(text.encode("utf-8"))
            else:
                for piece in text:
                    if isinstance(piece, tuple):
                        f.flush()
                        _copy(*piece, f.fileno())
                    else:
                        f.write(piece if isinstance(piece, bytes) else piece.encode("utf-8"))
            f.flush()
            if durable:
                os.fsync(f.fileno())
            os.replace(tmp, path)
            # (the rename moves the change time of the file renamed)
            return file_stamp(os.fstat(f.fileno()))
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _copy(source: int, offset: int, length: int, target: int) -> None:
    """Append ``length`` bytes of the open file ``source`` from ``offset`` to ``target``."""
    while length > 0:
        try:
            done = os.copy_file_range(source, target, length, offset)
        except (AttributeError, OSError):
            done = 0
        if done <= 0:  # (no such call here, or not between these files: by hand)
            data = os.pread(source, min(length, 1 << 24), offset)
            if not data:
                raise OSError(f"the results file being copied ended {length} bytes early")
            done = os.write(target, data)
        offset, length = offset + done, length - done


def rests_on(entry: Mapping[str, Any], basis: Mapping[str, str] | None) -> bool:
    """Whether a result was computed against ``basis`` (every part of it; None: no
    basis to compare, as for a caller that knows only the text)."""
    if basis is None:
        return True
    kept = entry.get("basis")
    # (map and operator.eq: asked for every example of the site by every build)
    return isinstance(kept, Mapping) and all(map(operator.eq, map(kept.get, basis.keys()), basis.values()))


def status_of(example_id: str, text_hash_: str, declared: str | None,
              results: dict[str, dict[str, Any]], basis: Mapping[str, str] | None = None
              ) -> tuple[str, dict[str, Any] | None]:
    """The status an example shows, and the result entry it rests on (if any), without
    its trace when ``results`` are :class:`Entries` (:func:`brief`).  The one place a
    status is decided: a result counts only for the text it was run on and, given
    ``basis`` (what a run would rest on now: ``rulings.incremental.basis_of``), only if
    it was run against that engine, those cards and that runner — else it is stale."""
    entry = brief(results, example_id)
    if declared == "pending":
        return "pending", entry if entry and entry.get("hash") == text_hash_ else None
    if entry is None:
        return "not-run", None
    if entry.get("hash") != text_hash_ or not rests_on(entry, basis):
        return "stale", entry
    status = entry.get("status")
    # "error": the example could not be set up, so its ruling was not checked
    return (status if status in ("passed", "failed") else "not-run"), entry

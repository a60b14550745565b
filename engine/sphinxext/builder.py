"""The ``gherkin`` builder: one ``.feature`` file per document with examples.

``sphinx-build -b gherkin spec build/features``.  Incremental by content: a document
is written again when it was read again, or when its source differs from the one its
feature was written from (a digest per document in ``sources.json``, so that a document
whose prose changed but whose feature did not is not outdated on every later build), or
when another builder sharing the environment read it since; a file is rewritten only
when its text changed.
``manifest.json`` lists every example of every document (extracted or not), which is
what ``rulings check`` reconciles the features and results against.
"""

from __future__ import annotations

import json
import marshal
import os
import sys
from pathlib import Path

from sphinx.builders import Builder
from sphinx.util import logging

from rulings import incremental
from rulings.project import file_stamp
from rulings.results import _compact as compact
from rulings.results import dump_lines, index_path, write_atomic

from .cards import write_cards
from .gherkin import feature_text
from .state import KeptPickled, source_digest, written_record
from .unpinned import write_declarations

logger = logging.getLogger(__name__)
MANIFEST_FORMAT = 3
SOURCES = "sources.json"


class GherkinBuilder(Builder):
    name = "gherkin"
    format = "gherkin"
    epilog = "Features are in %(outdir)s."
    allow_parallel = True
    out_suffix = ".feature"

    def init(self) -> None:
        #: docname -> digest of the source its feature was last written from
        self.written: dict[str, str] = {}
        try:
            self.written = dict(json.loads(Path(self.outdir, SOURCES).read_text(encoding="utf-8")))
        except (OSError, ValueError, TypeError):
            pass

    def _source_digest(self, docname: str, save: bool = False) -> str:
        return source_digest(self.env, docname, save=save)

    def _target(self, docname: str) -> Path:
        return Path(self.outdir, docname + self.out_suffix)

    def get_outdated_docs(self):
        # the html build shares the environment: a document it read since this builder
        # last wrote (a vocabulary it was checked against may have changed) is written
        since = written_record(self.env, self.name).get("at", -1)
        found = sorted(self.env.found_docs)
        for i, docname in enumerate(found):
            digest = self._source_digest(docname, save=i == len(found) - 1)
            # found_docs may still list a document deleted or renamed since the last build
            if not digest:
                continue
            if self.written.get(docname) != digest or self.env.all_docs.get(docname, since + 1) > since:
                yield docname
            elif self.env.rulings_examples.get(docname) and not self._target(docname).exists():
                yield docname

    def get_target_uri(self, docname: str, typ: str | None = None) -> str:
        return docname + self.out_suffix

    def prepare_writing(self, docnames) -> None:
        pass

    def write_documents(self, docnames) -> None:
        # a feature is written from the examples kept in the environment: no doctree
        # needs loading (Sphinx's documented override for such builders)
        for docname in sorted(docnames):
            self.written[docname] = self._source_digest(docname)
            self.write_doc(docname, None)

    def write_doc(self, docname: str, doctree) -> None:
        records = [r for r in self.env.rulings_examples.get(docname, []) if r["extracted"]]
        target = self._target(docname)
        if not records:
            target.unlink(missing_ok=True)
            return
        title = self.env.titles[docname].astext() if docname in self.env.titles else docname
        text = feature_text(language=records[0]["language"], game=records[0]["game"], title=title, source=records[0]["source"],
                            scenarios=records)
        if target.exists() and target.read_text(encoding="utf-8") == text:
            return
        write_atomic(target, text)

    def finish(self) -> None:
        # drop features of documents that no longer exist or no longer have examples
        wanted = {self._target(d) for d, records in self.env.rulings_examples.items()
                  if d in self.env.found_docs and any(r["extracted"] for r in records)}
        for path in Path(self.outdir).rglob("*" + self.out_suffix):
            if path not in wanted:
                path.unlink()
        write_cards(self.env, Path(self.confdir, self.config.rulings_cards).resolve())
        write_declarations(self.env, Path(self.confdir, self.config.rulings_coverage).resolve())
        self.written = {d: v for d, v in self.written.items() if d in self.env.found_docs}
        write_atomic(Path(self.outdir, SOURCES), json.dumps(self.written, sort_keys=True, indent=0))
        examples = self.env.rulings_examples
        documents = [(d, [_entry(r) for r in examples[d]], examples.digest_of(d) if isinstance(examples, KeptPickled)
                      else None) for d in sorted(examples) if d in self.env.found_docs and examples[d]]
        write_manifest(Path(self.outdir), documents)


def _entry(record: dict) -> dict:
    """An example as the manifest lists it."""
    return {k: record[k] for k in ("id", "hash", "title", "docname", "source", "line", "game", "language",
                                   "declared", "extracted", "error")} \
        | {"body_lines": list(record["body_lines"]), "cards": sorted(record.get("cards") or ()),
           "phrases": list(record.get("phrases") or ())}


# -- the manifest, written in proportion to what changed (issue 28) ---------------------------
#
# ``manifest.json`` is ``dump_lines`` of every example, document after document.  Beside
# it, ``.manifest.json.index`` says, for the very file it was written with (its stamp),
# where each document's lines are and the digest of the records they were made from
# (``KeptPickled.digest_of``: a digest of their pickled bytes).  A document whose records
# have the digest the index gives is not encoded again: its lines are copied from the file
# as they are (at 100 000 examples the manifest is 79 MB, and encoding it whole was a
# second of every cycle); a manifest in which nothing changed is not written at all.  An
# index of another file (written by hand, by an older version, half written by a build
# that was killed) is not used: the manifest is then encoded whole, as before.

INDEX_FORMAT = 1


def _index_head(stamp: tuple) -> tuple:
    return ("rulings-manifest-index", INDEX_FORMAT, MANIFEST_FORMAT, sys.implementation.cache_tag, stamp)


def _read_index(path: Path, fd: int) -> tuple[bytes, list] | None:
    """(the manifest's first line, [(docname, digest, offset, length) …]) of the open
    manifest ``fd``, if the index was written for this very file."""
    try:
        with open(index_path(path), "rb") as f:
            head, places = marshal.loads(f.read())
    except (OSError, EOFError, ValueError, TypeError):
        return None
    if head != _index_head(file_stamp(os.fstat(fd))) or not isinstance(places, tuple) or len(places) != 2:
        return None
    return places


def write_manifest(outdir: Path, documents: list[tuple[str, list[dict], bytes | None]]) -> None:
    """``manifest.json`` for ``documents`` ((docname, its entries, the digest of its records
    or None), in order), each document's lines copied from the current file when they are
    of the same records; the file left as it is when nothing in it changed."""
    path = Path(outdir, "manifest.json")
    manifest = [e for _d, entries, _k in documents for e in entries]
    # the manifest as this process last read or wrote it, while the file is that version
    known = incremental.known_manifest(Path(outdir))
    if known is not None and known == manifest:
        return
    head = dump_lines({"format": MANIFEST_FORMAT, "examples": []}, "examples")
    assert head.endswith(":[]}\n")
    head = (head[:-len("[]}\n")] + "[\n").encode("utf-8")
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        fd = None
    try:
        old = _read_index(path, fd) if fd is not None else None
        before = {}
        if old is not None and old[0] == head:
            before = {d: (digest, offset, length) for d, digest, offset, length in old[1]}
        pieces: list = [head]
        places, offset, same = [], len(head), old is not None and old[0] == head and len(old[1]) == len(documents)
        for i, (docname, entries, digest) in enumerate(documents):
            if i:
                pieces.append(b",\n")
                offset += 2
            kept = before.get(docname)
            if digest is not None and kept is not None and kept[0] == digest:
                pieces.append((fd, kept[1], kept[2]))
                length = kept[2]
                same = same and kept[1] == offset and old[1][i][0] == docname
            else:
                text = ",\n".join(compact(e) for e in entries).encode("utf-8")
                length = len(text)
                # lines encoded again the same (a verdict the manifest does not list
                # changed): the file need not change for them
                same = same and kept is not None and kept[1] == offset and kept[2] == length and \
                    old[1][i][0] == docname and os.pread(fd, length, offset) == text
                pieces.append(text)
            places.append((docname, digest, offset, length))
            offset += length
        pieces.append(b"\n]}\n")
        if not documents:
            pieces = [head[:-len(b"[\n")], b"[]}\n"]
        if same and os.fstat(fd).st_size == offset + len(pieces[-1]):
            stamp = file_stamp(os.fstat(fd))
        else:
            stamp = write_atomic(path, pieces)
    finally:
        if fd is not None:
            os.close(fd)
    write_atomic(index_path(path), [marshal.dumps((_index_head(stamp), (head, tuple(places))))], durable=False)
    incremental.remember_manifest(Path(outdir), manifest)

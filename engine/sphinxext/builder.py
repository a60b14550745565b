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
from itertools import groupby
from operator import itemgetter
from pathlib import Path

from sphinx.builders import Builder
from sphinx.util import logging

from rulings import digests, incremental
from rulings.results import _compact as compact
from rulings.results import dump_lines, write_atomic

from .cards import write_cards
from .gherkin import feature_text
from .state import all_records, written_record
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

    def _source_digest(self, docname: str) -> str:
        return digests.of_file(Path(self.env.doc2path(docname)))

    def _target(self, docname: str) -> Path:
        return Path(self.outdir, docname + self.out_suffix)

    def get_outdated_docs(self):
        # the html build shares the environment: a document it read since this builder
        # last wrote (a vocabulary it was checked against may have changed) is written
        since = written_record(self.env, self.name).get("at", -1)
        for docname in self.env.found_docs:
            digest = self._source_digest(docname)
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
        manifest = [{k: r[k] for k in ("id", "hash", "title", "docname", "source", "line", "game", "language",
                                       "declared", "extracted", "error")}
                    | {"body_lines": list(r["body_lines"]), "cards": sorted(r.get("cards") or ()),
                       "phrases": list(r.get("phrases") or ())}
                    for r in all_records(self.env) if r["docname"] in self.env.found_docs]
        write_cards(self.env, Path(self.confdir, self.config.rulings_cards).resolve())
        write_declarations(self.env, Path(self.confdir, self.config.rulings_coverage).resolve())
        self.written = {d: v for d, v in self.written.items() if d in self.env.found_docs}
        write_atomic(Path(self.outdir, SOURCES), json.dumps(self.written, sort_keys=True, indent=0))
        path = Path(self.outdir, "manifest.json")
        # the manifest as this process last read or wrote it, while the file is that
        # version: compared without reading the file (every example of the site) again
        known = incremental.known_manifest(Path(self.outdir))
        if known is not None and known == manifest:
            return
        text = _manifest_text(manifest)
        if known is not None or not path.exists() or path.read_text(encoding="utf-8") != text:
            write_atomic(path, text)
        incremental.remember_manifest(Path(self.outdir), manifest)


#: per process: docname -> (its manifest entries, their lines as ``dump_lines`` writes them);
#: kept only by a process that writes the manifest again and again (``rulings serve``'s
#: worker sets KEEP_LINES): at 100,000 examples the lines are 180 MB
_LINES: dict[str, tuple[list[dict], str]] = {}
KEEP_LINES = False


def _manifest_text(manifest: list[dict]) -> str:
    """``dump_lines`` of the manifest, each document's lines encoded again only when its
    entries changed since this process last wrote them."""
    if not manifest or not KEEP_LINES:
        _LINES.clear()
        return dump_lines({"format": MANIFEST_FORMAT, "examples": manifest}, "examples")
    groups = [(docname, list(entries)) for docname, entries in groupby(manifest, key=itemgetter("docname"))]
    pieces = []
    for docname, entries in groups:
        known = _LINES.get(docname)
        if known is None or known[0] != entries:
            known = _LINES[docname] = (entries, ",\n".join(compact(e) for e in entries))
        pieces.append(known[1])
    for docname in set(_LINES) - {docname for docname, _ in groups}:
        del _LINES[docname]
    head = dump_lines({"format": MANIFEST_FORMAT, "examples": []}, "examples")
    assert head.endswith(":[]}\n")
    return head[:-len("[]}\n")] + "[\n" + ",\n".join(pieces) + "\n]}\n"

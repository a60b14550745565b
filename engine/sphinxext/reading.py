"""What reading an example's body decided, computed once per text and kept by content.

Parsing a body with the official Gherkin parser and matching every step against the
game's vocabulary was the largest part of reading a document, and both builders (the
``gherkin`` extraction and ``html``) read every document, each example the same way.
The outcome depends only on the game, its Gherkin language, the title, the body, the
vocabulary's fingerprint and the code that reads (the extension's format version, the
parser's version), so it is kept under a digest of those, per document, in
``<build>/reading/<docname>.json``: the other builder, and the next build of an edited
document, read the examples that did not change from there.  Lines are kept relative
to the body, so moving an example within its document does not miss the cache, and the
warnings are replayed at the lines of the document as it is now.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine import vocabulary as vocab_mod
from engine.results import write_atomic

from .gherkin import ExampleError, parse_example

#: per process: document's file -> (entries read from disk, entries used by this reading)
_DOCS: dict[Path, tuple[dict[str, Any], dict[str, Any]]] = {}


@lru_cache(maxsize=None)
def _code_version() -> str:
    from importlib import metadata

    from . import _format_version

    try:
        parser = metadata.version("gherkin-official")
    except metadata.PackageNotFoundError:
        parser = "?"
    return f"{_format_version()}:{parser}"


#: (game, vocabulary object, its phrase and term counts) -> fingerprint: computed again
#: when phrases or terms are added (a test or a plugin registering more)
_FINGERPRINTS: dict[tuple[str, int, int, int], str] = {}


def _fingerprint(game: str) -> str:
    vocabulary = vocab_mod.load(game)
    key = (game, id(vocabulary), len(vocabulary.phrases), len(vocabulary.terms))
    if key not in _FINGERPRINTS:
        _FINGERPRINTS[key] = vocabulary.fingerprint()
    return _FINGERPRINTS[key]


def read_body(language: str, game: str, title: str, body: list[str]) -> dict[str, Any]:
    """Parse one body and check its steps against the game's vocabulary.  Lines are
    indexes into ``body``; ``None`` means the example's own line.  Raises KeyError or
    ImportError when the game has no vocabulary (not kept: nothing to key it by)."""
    out: dict[str, Any] = {"steps": [], "outline": False, "header": [], "rows": [], "cards": {},
                           "warnings": [], "error": None, "extracted": False}
    try:
        parsed = parse_example(language, title, body)
    except ExampleError as err:
        index = err.line if err.line is not None and err.line < len(body) else None
        out["error"] = [err.message, index, True]
        out["warnings"].append([err.message, index, "gherkin"])
        return out
    out.update(extracted=True, outline=parsed.is_outline, header=parsed.header, rows=parsed.rows,
               steps=[{"keyword": s.keyword, "kind": s.kind, "text": s.text, "line": s.line, "table": s.table}
                      for s in parsed.steps])
    vocabulary = vocab_mod.load(game)
    if vocabulary.language != language:
        message = (f"the {game} vocabulary is written in {vocabulary.language}, "
                   f"but this document declares Gherkin language {language}")
        out.update(extracted=False, error=[message, None, False], warnings=[[message, None, "language"]])
        return out
    reported: set[tuple[int, str]] = set()
    undefined: list[list] = []
    for instance in parsed.instances():
        for step, text in instance:
            where = step.line
            found = vocabulary.read(step.kind, text)
            if found is None:
                if (where, "step") not in reported:
                    reported.add((where, "step"))
                    closest = vocabulary.closest(step.kind, text)
                    hint = f"; closest known phrase: {step.keyword} {closest[0]}" if closest else ""
                    message = f"no {step.kind} phrase matches {text!r}{hint}"
                    undefined.append([message, where])
                    out["warnings"].append([message, where, "undefined-step"])
                continue
            tied = found.tied
            if tied and (where, "ambiguous") not in reported:
                reported.add((where, "ambiguous"))
                out["warnings"].append([f"step {text!r} matches {len(tied)} phrases equally: " + " | ".join(tied),
                                        where, "ambiguous-step"])
            for name in found.card_names:
                out["cards"].setdefault(name, where)
    if undefined:
        # a step no phrase matches cannot be run: the example is not run, and says why
        out.update(extracted=False, undefined=undefined)
    return out


def _key(language: str, game: str, title: str, body: list[str]) -> str:
    data = json.dumps([_code_version(), _fingerprint(game), language, game, title, body], ensure_ascii=False)
    return hashlib.sha256(data.encode()).hexdigest()[:32]


def cached_read(folder: str, docname: str, language: str, game: str, title: str, body: list[str]) -> dict[str, Any]:
    """:func:`read_body`, from the document's kept readings when the same text was read
    before (by either builder)."""
    key = _key(language, game, title, body)
    path = Path(folder, docname + ".json")
    if path not in _DOCS:
        try:
            kept = json.loads(path.read_text(encoding="utf-8"))
            kept = kept if isinstance(kept, dict) else {}
        except (OSError, ValueError):
            kept = {}
        _DOCS[path] = (kept, {})
    kept, used = _DOCS[path]
    entry = kept.get(key)
    if not isinstance(entry, dict) or "warnings" not in entry:
        entry = read_body(language, game, title, body)
    used[key] = entry
    return entry


def keep(folder: str, docname: str) -> None:
    """After a document is read: keep the readings of its examples as they are now
    (only those, so that the file does not grow with every edit)."""
    path = Path(folder, docname + ".json")
    kept, used = _DOCS.pop(path, ({}, {}))
    if used and used != kept:
        # a cache: not synced to disk (a file lost with the machine is read again)
        write_atomic(path, json.dumps(used, ensure_ascii=False, separators=(",", ":")), durable=False)


def keep_read(app, doctree) -> None:
    """``doctree-read``: see :func:`keep`."""
    keep(app.env.rulings_reading_path, app.env.docname)

"""Whether the extracted features are current, told without Sphinx.

The ``gherkin`` build (``rulings extract``; ``rulings check`` and ``rulings build`` do it
first) writes build/features, the manifest and the cards, and leaves a stamp: the digest
of everything it read (``inputs_digest``, a key of ``rulings.digests``: the documents,
the engine's code, the extension, the libraries, the settings).  The pytest binding reads those features; it never
builds, and it never imports Sphinx: it computes the same digest here and compares it
with the stamp (``why_not_current``).  Features that are missing, half written or older
than the documents or the engine are refused with a message naming the command that
brings them up to date, never run as they are.

The html build keeps its stamp the same way (its digest also reads the results, the
cards and the coverage results).
"""

from __future__ import annotations

import json
from pathlib import Path

from rulings import digests
from rulings.project import Paths

#: the command that brings build/features up to date (what a stale session asks for)
COMMAND = "rulings extract"

def settings(paths: Paths, builder: str) -> dict[str, str]:
    """What every build of the project is told (the same for every builder but the file
    its problems go to: a setting that differs would make Sphinx read everything again)."""
    return {"rulings_problems_file": str(paths.problems(builder)), "rulings_results": str(paths.results),
            "rulings_cards": str(paths.cards), "rulings_coverage": str(paths.coverage),
            "rulings_reading": str(paths.build / "reading"),
            "rulings_search_cuts": str(paths.build / "search-cuts"),
            # `rulings` reconciles the counts itself (and extracts before it runs)
            "rulings_warn_not_run": "0"}


def format_version() -> int:
    """The environment's version: the ``extension`` input of ``rulings.digests`` (the code
    that reads and renders examples, the tables a card's problems are worded with, the
    versions of the Gherkin parser, Sphinx and docutils), so that any change to it
    re-reads every document instead of leaving features and pages rendered by the old
    code."""
    return int(digests.extension()[:12], 16)


def inputs_digest(paths: Paths, builder: str, overrides: dict | None = None, *,
                  code_version: int | None = None) -> str:
    """A digest of everything a build reads, by content: named inputs of
    ``rulings.digests`` (the documents, the extension — as the environment's version,
    ``code_version`` when a build has it at hand —, the whole engine's code, which the
    extension reads vocabularies and card formats through, the libraries) and its own
    (the builder and its settings; for html the results, the cards and the coverage
    results the pages show)."""
    overrides = settings(paths, builder) if overrides is None else overrides
    code_version = format_version() if code_version is None else code_version
    inputs = {"documents": digests.folder(paths.spec), "extension": str(code_version),
              "engine": digests.folder(digests.ENGINE), "libraries": digests.libraries()}
    own = [json.dumps([builder, overrides])]
    if builder != "gherkin":
        own.append(digests.of_files([paths.results]))
        # the coverage pages, the dashboard and the unpinned notes show them
        own += [digests.folder(paths.cards, "*.json"), digests.folder(paths.coverage, "**/*.json")]
    return digests.key(inputs, *own, length=None)


def stamp_file(paths: Paths, builder: str) -> Path:
    """Where a build writes the digest of what it read, once its output is whole."""
    return paths.build / f"{builder}-inputs.txt"


def outputs(paths: Paths, builder: str) -> list[Path]:
    """What a finished build of ``builder`` leaves (all of it must be there)."""
    if builder == "gherkin":
        return [paths.features / "manifest.json", paths.cards, paths.coverage / "unpinned.json"]
    return [paths.site / "index.html"]


def recorded(paths: Paths, builder: str) -> dict | None:
    """What the last build of ``builder`` recorded (status, warnings), if it finished."""
    try:
        data = json.loads(paths.problems(builder).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("status", 2) <= 1 else None


def why_not_current(paths: Paths) -> str | None:
    """None when build/features is the extraction of the documents and engine as they are
    now; else why not, and what to run."""
    stamp, missing = stamp_file(paths, "gherkin"), [p for p in outputs(paths, "gherkin") if not p.exists()]
    try:
        stamped = stamp.read_text(encoding="utf-8")
    except OSError:
        stamped = None
    if stamped is None and not paths.features.exists():
        why = f"the documented examples are not extracted: {paths.features} does not exist"
    elif stamped is None or missing or recorded(paths, "gherkin") is None:
        why = (f"the extraction in {paths.build} did not finish"
               + (f" ({', '.join(str(p) for p in missing)} missing)" if missing else f" ({stamp} missing)"))
    elif stamped != inputs_digest(paths, "gherkin"):
        why = (f"{paths.features} is stale: the documents (spec/) or the engine changed since they were extracted "
               f"({stamp} does not match); examples as they were are not run as if they were current")
    else:
        return None
    return f"{why}.  Run `{COMMAND}` (or `make test`), then pytest again."

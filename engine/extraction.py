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
import os
from dataclasses import dataclass
from pathlib import Path

from rulings import digests
from rulings.project import Paths
from rulings.results import write_atomic

#: the command that brings build/features up to date (what a stale session asks for)
COMMAND = "rulings extract"

def settings(paths: Paths, builder: str) -> dict[str, str]:
    """What every build of the project is told (the same for every builder but the file
    its problems go to: a setting that differs would make Sphinx read everything again)."""
    return {"rulings_problems_file": str(paths.problems(builder)), "rulings_results": str(paths.results),
            "rulings_cards": str(paths.cards), "rulings_coverage": str(paths.coverage),
            "rulings_reading": str(paths.build / "reading"),
            "rulings_search_cuts": str(paths.build / "search-cuts"),
            "rulings_kept_digests": str(kept_digests(paths)),
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
    kept = kept_digests(paths)
    inputs = {"documents": digests.folder(paths.spec, kept=kept), "extension": str(code_version),
              "engine": digests.folder(digests.ENGINE, kept=kept), "libraries": digests.libraries()}
    own = [json.dumps([builder, overrides])]
    if builder != "gherkin":
        own.append(digests.of_files([paths.results], kept=kept))
        # the coverage pages, the dashboard and the unpinned notes show them
        own += [digests.folder(paths.cards, "*.json", kept=kept), digests.folder(paths.coverage, "**/*.json", kept=kept)]
    return digests.key(inputs, *own, length=None)


def kept_digests(paths: Paths) -> Path:
    """Where the digests of the files a cycle reads are kept (``digests.KeptDigests``: a
    file not changed since is not read again)."""
    return paths.build / ".file-digests"


def stamp_file(paths: Paths, builder: str) -> Path:
    """Where a build writes the digest of what it read, once its output is whole."""
    return paths.build / f"{builder}-inputs.txt"


def outputs(paths: Paths, builder: str, recorded_: dict | None = None) -> list[Path]:
    """What a finished build of ``builder`` leaves (all of it must be there); for html,
    the page of every document its last build found (``recorded_``: what it recorded)."""
    if builder == "gherkin":
        return [paths.features / "manifest.json", paths.cards, paths.coverage / "unpinned.json"]
    pages = (recorded_ or {}).get("pages") or []
    return [paths.site / "index.html", *(paths.site / f"{docname}.html" for docname in pages)]


def recorded(paths: Paths, builder: str) -> dict | None:
    """What the last build of ``builder`` recorded (status, warnings), if it finished."""
    try:
        data = json.loads(paths.problems(builder).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("status", 2) <= 1 else None


@dataclass
class BuildOutcome:
    status: int
    warnings: list[str]


def unchanged_build(paths: Paths, builder: str, digest: str | None = None) -> BuildOutcome | None:
    """The outcome of the last build of ``builder`` (its status and warnings), if it read
    exactly the inputs there are now (``digest``: theirs, when the caller has it) and its
    output is all there: what building again would give.  No Sphinx is started to tell."""
    try:
        stamped = stamp_file(paths, builder).read_text(encoding="utf-8")
    except OSError:
        return None
    if stamped != (inputs_digest(paths, builder) if digest is None else digest):
        return None
    last = recorded(paths, builder)
    if last is None or not all(p.exists() for p in outputs(paths, builder, last)):
        return None
    return BuildOutcome(int(last["status"]), list(last.get("warnings", [])))


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


# -- a whole cycle of ``rulings build`` -------------------------------------------------------
#
# ``rulings build`` with nothing changed since its last complete cycle makes no Sphinx
# application, plans nothing and reconciles nothing: the cycle leaves a stamp, the digest
# of every input its outputs rest on (taken as the cycle starts: an edit during the cycle
# makes the next one run), of the outputs it left (the results, the features, the cards,
# the coverage results, what each build found: taken before the pages are written, and
# the same as when the counts were made) and of each page of the site as written, with
# what it printed.  When the inputs and the outputs are all as stamped, what a full cycle
# would print is printed again.  Anything that does not match (a document, a card file,
# conf.py, a static file or template, the engine, the runner, a library, the settings, a
# results file written by `rulings check`, a page deleted or written by someone else, a
# stamp left half written or removed by a cycle that was killed) is a full cycle.

#: files of the project's root a run reads (pytest's configuration and hooks)
ROOT_FILES = ("pyproject.toml", "conftest.py", "setup.cfg", "pytest.ini", "tox.ini")


def cycle_stamp_file(paths: Paths) -> Path:
    return paths.build / "cycle-stamp.json"


def cycle_inputs(paths: Paths) -> str:
    """The digest of everything a cycle reads that no part of it writes, by content: every
    file under spec/ (documents, cards, conf.py, static files, templates), the engine's
    whole code (its ``engine``, ``steps``, ``vocabulary`` and ``wording`` inputs are parts
    of it, and so is the code of ``extension``), every installed distribution and Python
    (the versions of ``libraries`` and ``extension`` among them), the runner, the
    project's pytest configuration, and the settings of both builds."""
    kept = kept_digests(paths)
    inputs = {"documents": digests.folder(paths.spec, kept=kept), "engine": digests.folder(digests.ENGINE, kept=kept),
              "runner": digests.runner(paths.runner), "distributions": digests.distributions()}
    own = [json.dumps([settings(paths, "gherkin"), settings(paths, "html")], sort_keys=True),
           digests.of_files([paths.root / n for n in ROOT_FILES], paths.root)]
    return digests.key(inputs, *own, length=None)


def cycle_outputs(paths: Paths) -> str:
    """The digest of what a cycle's counts and pages are made from that its own steps
    wrote, by content: the results, the features and the manifest, the cards, the
    coverage results, the extraction's stamp and problems (the html build's are written
    after this is taken: what it found is in the cycle's stamp, its pages are compared
    one by one)."""
    build = paths.build
    files, kept = [paths.results, stamp_file(paths, "gherkin"), paths.problems("gherkin")], kept_digests(paths)
    return digests.digest([digests.of_files(files, build, length=None, kept=kept),
                           digests.folder(paths.features, length=None, kept=kept),
                           digests.folder(paths.cards, "*.json", length=None, kept=kept),
                           digests.folder(paths.coverage, "**/*.json", length=None, kept=kept)], None)


def site_files(paths: Paths) -> dict[str, list[int]]:
    """Every file of the site as it is: relative path -> [size, modification time (ns)]."""
    out: dict[str, list[int]] = {}
    todo = [paths.site]
    while todo:
        try:
            entries = list(os.scandir(todo.pop()))
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                todo.append(Path(entry.path))
            else:
                st = entry.stat(follow_symlinks=False)
                out[Path(entry.path).relative_to(paths.site).as_posix()] = [st.st_size, st.st_mtime_ns]
    return out


def write_cycle_stamp(paths: Paths, inputs: str, outputs: str, said: dict) -> None:
    """After a complete cycle: its inputs as it started, its outputs before the pages
    were written, every page of the site, and what it said (``said``: what
    :func:`unchanged_cycle` gives back)."""
    write_atomic(cycle_stamp_file(paths), json.dumps({"inputs": inputs, "outputs": outputs,
                                                      "site": site_files(paths), "said": said},
                                                     ensure_ascii=False, sort_keys=True))


def unchanged_cycle(paths: Paths, seen: dict | None = None) -> dict | None:
    """What the last complete cycle said, if nothing it rests on changed since and its
    outputs are all in place, as it left them; else None (a full cycle is needed).
    ``seen``: given, gets the inputs' digest as computed here ("inputs"), for the cycle
    that starts now (the documents and the engine read once, not twice)."""
    stamp = cycle_stamp_file(paths)
    try:
        data = json.loads(stamp.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not (isinstance(data, dict) and isinstance(data.get("said"), dict) and isinstance(data.get("site"), dict)
            and data["site"]):
        return None
    # the cheapest first: a page deleted or written since, then the outputs, then the inputs
    if data["site"] != site_files(paths) or data.get("outputs") != cycle_outputs(paths):
        return None
    inputs = cycle_inputs(paths)
    if seen is not None:
        seen["inputs"] = inputs
    if data.get("inputs") != inputs:
        return None
    return data["said"]

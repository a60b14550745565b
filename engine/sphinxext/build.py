"""Running Sphinx from Python (the CLI and the pytest session use this).

Warnings are captured, written next to the output, and the documents they came from
are re-read by the next build so that an unchanged broken document keeps failing
instead of going quiet after its first build.
"""

from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.util.console import nocolor
from sphinx.util.docutils import docutils_namespace, patch_docutils

from engine.project import Paths, find_root  # noqa: F401 - re-exported
from engine.results import write_atomic

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


@dataclass
class BuildOutcome:
    status: int
    warnings: list[str]


def build(paths: Paths, builder: str, *, fresh: bool = False, strict: bool = False,
          jobs: int | None = None) -> BuildOutcome:
    outdir = paths.features if builder == "gherkin" else paths.site
    nocolor()
    warnings = io.StringIO()
    problems = paths.problems(builder)
    overrides = {"rulings_problems_file": str(problems), "rulings_results": str(paths.results),
                 "rulings_cards": str(paths.cards)}
    app = None
    crash = paths.build / f"{builder}-crash.txt"
    crashed = False
    try:
        with patch_docutils(paths.spec), docutils_namespace():
            app = Sphinx(str(paths.spec), str(paths.spec), str(outdir), str(paths.doctrees / builder), builder,
                         confoverrides=overrides, status=None, warning=warnings, freshenv=fresh,
                         warningiserror=False, keep_going=True, verbosity=0, parallel=jobs or 0)
            app.build()
            status = app.statuscode
    except Exception as err:  # a bug, not a document problem: one clear line, the traceback in a file
        import traceback

        crashed, status = True, 2
        write_atomic(crash, traceback.format_exc())
        warnings.write(f"{paths.spec}: ERROR: the {builder} build stopped: {type(err).__name__}: {err} "
                       f"(traceback in {crash})\n")
    else:
        crash.unlink(missing_ok=True)
    found: dict[str, str] = {}
    if app is not None and getattr(app, "env", None) is not None:
        found = {str(Path(app.env.doc2path(d))): d for d in app.env.found_docs}
    lines = [_ANSI.sub("", line) for line in warnings.getvalue().splitlines() if line.strip()]
    documents = set()
    for line in lines:
        m = re.match(r"^(.*?\.rst)(?::\d+)?:", line)
        if m and m.group(1) in found:
            documents.add(found[m.group(1)])
    if crashed:
        # every document is suspect: read them all again next time
        documents |= set(found.values())
    if strict and lines:
        status = status or 1
    # what the build found, for the processes that use its output without building again
    write_atomic(problems, json.dumps({"documents": sorted(documents), "warnings": lines, "status": status},
                                      ensure_ascii=False, indent=1))
    return BuildOutcome(status, lines)

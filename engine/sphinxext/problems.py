"""Documents with problems keep reporting them, build after build.

Sphinx reads a document again only when it changed, so a warning about an unchanged
document is shown once and then goes quiet: a broken example would look fine on the
next build.  The extension watches every warning of a build, remembers which
documents they were about (a small file beside the doctrees) and has those documents
read again next time (state.outdated), so their warnings come back until
they are fixed.  This works for plain ``sphinx-build`` as for ``rulings``.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from docutils import nodes
from sphinx.util.logging import NAMESPACE, get_node_location

FILE = "rulings-problems.json"


class ProblemRecorder(logging.Handler):
    """Collects the documents that warnings of one build are about."""

    def __init__(self, app) -> None:
        super().__init__(level=logging.WARNING)
        self.app = app
        self.documents: set[str] = set()

    def emit(self, record: logging.LogRecord) -> None:
        try:
            docname = self._docname(getattr(record, "location", None))
        except Exception:  # never let bookkeeping break a build
            docname = None
        if docname is None:
            current = getattr(getattr(self.app.env, "current_document", None), "docname", "")
            docname = current or None
        if docname:
            self.documents.add(docname)

    def _docname(self, location) -> str | None:
        env = self.app.env
        if isinstance(location, nodes.Node):
            location = get_node_location(location)
        if isinstance(location, tuple):
            first = location[0]
            if first in env.found_docs:
                return first
            location = first
        if isinstance(location, str) and location:
            if location in env.found_docs:
                return location
            path = location.rsplit(":", 1)[0] if not Path(location).exists() else location
            return env.path2doc(path)
        return None


def path(app) -> Path:
    # one list per builder: builders sharing one environment (and doctree folder) find
    # different problems (html resolves references, gherkin does not)
    return Path(app.doctreedir) / FILE.replace(".json", f"-{app.builder.name}.json")


#: the recorder of each running application (several builds may share a process)
_RECORDERS: dict[int, ProblemRecorder] = {}


def start(app) -> None:
    """builder-inited: watch this build's warnings."""
    recorder = ProblemRecorder(app)
    logging.getLogger(NAMESPACE).addHandler(recorder)
    _RECORDERS[id(app)] = recorder


def finish(app, exception) -> None:
    """build-finished: keep the list for the next build."""
    recorder = _RECORDERS.pop(id(app), None)
    if recorder is None:
        return
    logging.getLogger(NAMESPACE).removeHandler(recorder)
    target = path(app)
    text = json.dumps({"documents": sorted(recorder.documents)}, ensure_ascii=False)
    try:
        from rulings.results import write_atomic

        write_atomic(target, text)
    except OSError:
        pass


def recorded(app) -> set[str]:
    try:
        return set(json.loads(path(app).read_text(encoding="utf-8")).get("documents", []))
    except (OSError, ValueError, AttributeError):
        return set()

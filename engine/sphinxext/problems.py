"""Documents with problems keep reporting them, build after build.

Sphinx reads a document again only when it changed, so a warning about an unchanged
document is shown once and then goes quiet: a broken example would look fine on the
next build.  The extension watches every warning of a build, remembers which
documents they were about (a small file beside the doctrees) and has those documents
read again next time (state.outdated), so their warnings come back until
they are fixed.  This works for plain ``sphinx-build`` as for ``rulings``.

A build that is killed keeps no list of its warnings, while Sphinx has already saved
the environment that says its documents are read (it saves it before writing): their
warnings would never come back.  So the documents a build is about to read are noted
first (``UNFINISHED``, for every builder) and read again by the next build until a build
that read them finishes.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from docutils import nodes
from sphinx.util.logging import NAMESPACE, get_node_location

from rulings.results import write_atomic

FILE = "rulings-problems.json"
#: the documents read by builds that did not finish (beside the environment)
UNFINISHED = "rulings-read-unfinished.json"


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


def _unfinished(app) -> Path:
    return Path(app.doctreedir) / UNFINISHED


def _read_list(path: Path) -> set[str]:
    try:
        return set(json.loads(path.read_text(encoding="utf-8")).get("documents", []))
    except (OSError, ValueError, AttributeError):
        return set()


def note_reading(app, env, docnames) -> None:
    """env-before-read-docs: the documents this build reads are kept as read by a build
    that did not finish, before Sphinx saves the environment that says they are read;
    ``finish`` takes them off.  A build killed after the save (while it writes) leaves
    them listed, and the next build reads them again, warnings and all."""
    if not docnames:
        return
    target = _unfinished(app)
    listed = _read_list(target)
    if set(docnames) <= listed:
        return
    try:
        write_atomic(target, json.dumps({"documents": sorted(listed | set(docnames))}, ensure_ascii=False))
    except OSError:
        pass


def finish(app, exception) -> None:
    """build-finished: keep the list for the next build."""
    recorder = _RECORDERS.pop(id(app), None)
    if recorder is None:
        return
    if exception is None:
        # the documents read by builds that did not finish are read, their warnings listed
        _unfinished(app).unlink(missing_ok=True)
    logging.getLogger(NAMESPACE).removeHandler(recorder)
    target = path(app)
    text = json.dumps({"documents": sorted(recorder.documents)}, ensure_ascii=False)
    try:
        write_atomic(target, text)
    except OSError:
        pass


def recorded(app) -> set[str]:
    """The documents to read again for their warnings: those of this builder's last
    build, and those read by a build that did not finish."""
    return _read_list(path(app)) | _read_list(_unfinished(app))

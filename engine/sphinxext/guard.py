"""A document that stops Sphinx while it is read is an error naming the file, not the end
of the build.

docutils recurses once per level of nesting (300 nested block quotes, 150 nested lists
exhaust Python's stack), and a directive, a transform or a handler may raise on input no
one foresaw.  Sphinx lets any such exception end the whole build, naming no document:
every other document's examples went unextracted and the check said "0 passed, 0
failed".  Here the builder's ``read_doc`` is wrapped: when reading one document raises,
the error is reported at that document (and the line where reading stopped, when the
parser knows it), whatever it recorded is purged, and the document is read again as a
short page that says, in the page's language, that it could not be read.  Its examples
are not run (nothing of them is known); the other documents are read as usual, and the
document is read again on every build while it has the problem (``problems.py``).
"""

from __future__ import annotations

import sys

from sphinx.errors import SphinxWarning
from sphinx.util import logging

from .state import DEFAULT_GAMES

logger = logging.getLogger(__name__)

#: docname -> why it could not be read (this process: the document is being read again)
_UNREADABLE: dict[str, str] = {}

#: what the stand-in page says, by the game of the document's folder
_SAYS = {
    "zh-CN": "这份文档在读取时出错，无法显示；它的例子没有运行。",
    "ja": "この文書は読み込み中にエラーが起きたため表示できない。その例は実行されていない。",
}


def _line_of(tb) -> int | None:
    """The document line the innermost docutils state machine of a traceback was at."""
    line = None
    while tb is not None:
        owner = tb.tb_frame.f_locals.get("self")
        machine = getattr(owner, "state_machine", None) if owner is not None else None
        if machine is not None and hasattr(machine, "abs_line_number"):
            try:
                line = machine.abs_line_number()
            except Exception:  # noqa: BLE001 - a machine that cannot say keeps the last line known
                pass
        tb = tb.tb_next
    return line


def _is_sphinx_stop(err: BaseException) -> bool:
    """A warning turned into an error (``-W`` without ``--keep-going``): Sphinx's own stop."""
    while err is not None:
        if isinstance(err, SphinxWarning):
            return True
        err = err.__cause__
    return False


def guard_reading(app) -> None:
    """``builder-inited``: wrap the builder's ``read_doc`` (see the module's docstring)."""
    builder = app.builder
    original = builder.read_doc
    if getattr(original, "rulings_guarded", False):
        return

    def read_doc(docname: str, *args, **kwargs) -> None:
        try:
            return original(docname, *args, **kwargs)
        except Exception as err:  # noqa: BLE001 - any crash of one document is that document's error
            if _is_sphinx_stop(err):
                raise
            line = _line_of(sys.exc_info()[2])
            what, deep = f"{type(err).__name__}: {err}", isinstance(err, RecursionError)
        if deep:
            what += " (the document nests too deeply: block quotes, lists or directives inside one another)"
        message = f"reading this document stopped: {what}; its examples are not run, the other documents are read"
        logger.error(message, location=(docname, line), type="rulings", subtype="unreadable")
        # what the failed reading left of the document goes, as before any reading
        app.events.emit("env-purge-doc", app.env, docname)
        app.env.clear_doc(docname)
        _UNREADABLE[docname] = what
        try:
            return original(docname, *args, **kwargs)
        finally:
            _UNREADABLE.pop(docname, None)

    read_doc.rulings_guarded = True
    builder.read_doc = read_doc


def stand_in(app, docname: str, source: list[str]) -> None:
    """``source-read``: the text of a document that could not be read, read again."""
    what = _UNREADABLE.get(docname)
    if what is None:
        return
    language = DEFAULT_GAMES.get(docname.split("/", 1)[0], "zh-CN")
    title = docname
    detail = "\n".join("   " + line for line in what.splitlines()) or "   ?"
    source[0] = (f"{'=' * len(title)}\n{title}\n{'=' * len(title)}\n\n"
                 f"{_SAYS.get(language, _SAYS['zh-CN'])}\n\n::\n\n{detail}\n")

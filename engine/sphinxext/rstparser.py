"""Sphinx's reStructuredText parser without docutils' cost after each directive.

After every explicit-markup construct (each ``.. example::``, ``.. card::`` …) docutils'
``Body.explicit_list`` builds a whole nested state machine (every body state instantiated,
all their transitions compiled into tables) over the rest of the document, started in
the state ``Explicit``, to parse the explicit constructs that may follow at once.  In a
ruling document the next line is nearly always prose, and that machine stops on its
first line: building it was most of docutils' own cost of reading a document of
examples.

Our state classes take the short way when docutils' long way provably ends like that,
and otherwise call docutils' own method.  The long way, for the line after the construct
(docutils 0.22.4, ``parsers/rst/states.py`` and ``statemachine.py``):

- ``nested_list_parse`` runs a new ``NestedStateMachine`` over
  ``input_lines[offset:]``, ``offset`` the next line, with
  ``input_offset = abs_line_offset() + 1`` and ``Explicit.blank_finish = blank_finish``.
- No line left: ``next_line`` raises ``EOFError`` with the nested ``line_offset`` at 0;
  ``State.eof`` (``Explicit`` keeps it) adds nothing.  The new offset is
  ``abs_line_offset() + 1``; ``blank_finish`` comes back unchanged.
- A line left: ``Explicit`` tries its transitions in order on it.  Every one of them is
  ``SpecializedBody.invalid_input`` (``blank`` included) but ``explicit_markup`` and
  ``anonymous``, and the last, ``text``, matches any line; so a line matching neither of
  those two patterns calls ``invalid_input``: ``previous_line()`` (nested offset -1) and
  ``EOFError``, caught by ``run``; nothing was added to any node, no message was made.
  The new offset is ``abs_line_offset()``, ``blank_finish`` unchanged.
- ``explicit_list`` then calls ``goto_line(new offset)`` (which notifies the observers:
  ``document.note_source`` ends where docutils leaves it) and, without a blank finish,
  adds docutils' unindent warning.

So without that machine: ``goto_line`` to the same offset, the same warning.  A line
that does start an explicit construct, debug mode, and everything else go the long way.
tests/unit/test_rst_parser.py parses every document of spec/ and crafted cases with
both parsers and compares trees, lines and messages; it also fails if the docutils code
this rests on changes.

Nested parses (directive contents, list items, block quotes) start from
``nested_sm_kwargs``, which docutils fills with its module's ``state_classes``; our
states name ours instead and keep their state machines in a cache of their own, so that
docutils' cache (shared by every parser in the process) never hands ours to anyone else.
"""

from __future__ import annotations

import re

from docutils.parsers.rst import states
from sphinx.parsers import RSTParser as SphinxRSTParser

#: the two transitions of ``Explicit`` that do not end it at once (docutils' own patterns)
_EXPLICIT_MARKUP = re.compile(states.Body.patterns["explicit_markup"])
_ANONYMOUS = re.compile(states.Body.patterns["anonymous"])


class _NestedInOurs:
    """A state whose nested parses use our states too."""

    nested_sm_cache: list = []

    def __init__(self, state_machine, debug=False) -> None:
        super().__init__(state_machine, debug)
        self.nested_sm_kwargs = {"state_classes": STATE_CLASSES, "initial_state": "Body"}


class _ShortExplicitList:
    """``Body.explicit_list`` without a state machine when it would stop at once."""

    def explicit_list(self, blank_finish) -> None:
        if self.debug:  # docutils' machine prints what it does
            return super().explicit_list(blank_finish)
        machine = self.state_machine
        lines = machine.input_lines
        offset = machine.line_offset + 1  # next line
        if offset < len(lines):
            line = lines[offset]
            if _EXPLICIT_MARKUP.match(line) or _ANONYMOUS.match(line):
                return super().explicit_list(blank_finish)
            # docutils' machine goes back to this line, which notes it again (note_source)
            self.goto_line(machine.abs_line_offset())
        else:
            self.goto_line(machine.abs_line_offset() + 1)  # past the end, as docutils' does
        if not blank_finish:
            self.parent += self.unindent_warning("Explicit markup")
        return None


def _ours(state_class: type) -> type:
    """docutils' state under its own name (the state machine looks states up by name)."""
    mixins = (_NestedInOurs, _ShortExplicitList) if issubclass(state_class, states.Body) else (_NestedInOurs,)
    return type(state_class.__name__, (*mixins, state_class),
                {"__module__": __name__, "__doc__": state_class.__doc__})


STATE_CLASSES: tuple[type, ...] = tuple(_ours(cls) for cls in states.state_classes)


class RSTParser(SphinxRSTParser):
    """Sphinx's reStructuredText parser with our state classes (docutils documents
    changing ``state_classes`` as the way to extend its parser)."""

    def __init__(self, rfc2822: bool = False, inliner=None) -> None:
        super().__init__(rfc2822, inliner)
        self.state_classes = STATE_CLASSES

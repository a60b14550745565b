"""Our reStructuredText parser (engine/sphinxext/rstparser.py) reads every document as
Sphinx's own does: the same tree, the same source and line on every node, the same
messages at the same lines; and it skips docutils' state machine after a directive
only where that machine would stop at once."""

from __future__ import annotations

import hashlib
import inspect
import io
from pathlib import Path
from types import SimpleNamespace

import docutils
import pytest
from docutils import frontend, nodes, statemachine, utils
from docutils.parsers.rst import Directive, directives, states
from sphinx.application import Sphinx
from sphinx.parsers import RSTParser as SphinxRSTParser

from rulings.sphinxext import rstparser
from rulings.sphinxext.rstparser import RSTParser

ROOT = Path(__file__).resolve().parents[2]
SPEC = sorted((ROOT / "spec").rglob("*.rst"))


class _AnyOptions(dict):
    def __missing__(self, name):
        return directives.unchanged


class Anything(Directive):
    """Stands in for every directive of the documents that docutils does not know
    (ours, Sphinx's): options read by docutils' own parser, the content parsed nested,
    so that cards with effects inside are nested contexts."""

    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec = _AnyOptions()

    def run(self):
        node = nodes.container(classes=[self.name], names=[])
        node["shown"] = repr((self.arguments, sorted(self.options.items()), self.content_offset))
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


class Fails(Directive):
    """A directive whose run reports an error (``self.error``)."""

    has_content = True

    def run(self):
        raise self.error("this directive always fails")


STAND_INS = {"example": Anything, "card": Anything, "effect": Anything, "rulings-dashboard": Anything,
             "rulings-vocabulary": Anything, "rulings-blocks": Anything, "rulings-cards": Anything,
             "rulings:coverage": Anything, "rulings:unpinned": Anything, "toctree": Anything,
             "failing": Fails}


@pytest.fixture(scope="module", autouse=True)
def stand_ins():
    before = dict(directives._directives)
    for name, directive in STAND_INS.items():
        directives.register_directive(name, directive)
    yield
    directives._directives.clear()
    directives._directives.update(before)


def reading(parser_class, text: str, source: str = "doc.rst", debug: bool = False) -> str:
    """All that parsing ``text`` leaves: the tree, every node's source and line, every
    message (at any level), what the reporter wrote, the document's tables and where it
    last noted the input."""
    settings = frontend.get_default_settings(docutils.parsers.rst.Parser)
    stream = io.StringIO()
    settings.report_level, settings.halt_level, settings.warning_stream = 1, 5, stream
    settings.debug = debug
    document = utils.new_document(source, settings)
    messages: list[nodes.system_message] = []
    document.reporter.attach_observer(messages.append)
    parser = parser_class()
    parser._config = SimpleNamespace(rst_prolog=None, rst_epilog=None)
    parser.parse(text, document)
    placed = [f"{type(n).__name__} {n.source} {n.line}" for n in document.findall()]
    tables = {name: _shown(getattr(document, name)) for name in (
        "nameids", "nametypes", "ids", "refnames", "refids", "footnote_refs", "citation_refs", "substitution_defs",
        "substitution_names", "indirect_targets", "autofootnotes", "autofootnote_refs", "symbol_footnotes",
        "symbol_footnote_refs", "footnotes", "citations", "autofootnote_start", "symbol_footnote_start",
        "id_counter", "parse_messages", "include_log")}
    return "\n".join([document.pformat(), *placed, *(m.pformat() for m in messages), stream.getvalue(),
                      repr(tables), repr((document.current_source, document.current_line))])


def _shown(value) -> str:
    if isinstance(value, dict):
        return repr(sorted(map(str, value)))
    if isinstance(value, list):
        return repr([v.pformat() if isinstance(v, nodes.Node) else repr(v) for v in value])
    return repr(value)


def same_reading(text: str, source: str = "doc.rst") -> None:
    ours, sphinx = reading(RSTParser, text, source), reading(SphinxRSTParser, text, source)
    assert ours == sphinx


EXAMPLE = ".. example:: 标题\n   :id: x-{n}\n   :date: 15/2/5\n\n   假如 一\n   那么 二\n"

CASES = {
    "directive then paragraph": EXAMPLE.format(n=1) + "\n段落。\n",
    "directive then paragraph, no blank line": ".. note:: x\n段落。\n",
    "directive with content then unindented line": ".. note::\n\n   text\nunindented\n",
    "directive then comment": EXAMPLE.format(n=1) + "\n.. a comment\n\n段落。\n",
    "directive then comment, no blank line": EXAMPLE.format(n=1) + ".. a comment\n段落。\n",
    "directive then empty comment": EXAMPLE.format(n=1) + "\n..\n\n   not a comment any more\n",
    "two directives back to back, blank line": EXAMPLE.format(n=1) + "\n" + EXAMPLE.format(n=2),
    "two directives back to back, no blank line": EXAMPLE.format(n=1) + EXAMPLE.format(n=2),
    "three directives then text": EXAMPLE.format(n=1) + EXAMPLE.format(n=2) + "\n" + EXAMPLE.format(n=3) + "\ntext\n",
    "directive then anonymous target": EXAMPLE.format(n=1) + "\n__ http://example.org/\n\n段落 `link`__。\n",
    "directive then anonymous target, no blank line": EXAMPLE.format(n=1) + "__ http://example.org/\ntext\n",
    "directive then target": ".. note:: x\n\n.. _here:\n\ntext `here`_\n",
    "directive then footnote and citation": ".. note:: x\n\n.. [1] one\n.. [CIT] two\n\n[1]_ [CIT]_\n",
    "directive then substitution": ".. note:: x\n\n.. |s| replace:: sub\n\n|s|\n",
    "directive then an indented line": ".. note:: x\n\n  indented after\n",
    "option block then an unindented line": EXAMPLE.format(n=1).split("\n\n")[0] + "\nunindented\n",
    "directive at the end of input": "text\n\n" + EXAMPLE.format(n=1).rstrip("\n"),
    "directive at the end, trailing blanks": "text\n\n" + EXAMPLE.format(n=1) + "\n\n\n",
    "comment at the end of input": "text\n\n.. just a comment",
    "anonymous target at the end of input": "text\n\n__ http://example.org/",
    "directive alone": ".. note:: x",
    "directive then section": "Title\n=====\n\n.. note:: x\n\nOther\n=====\n\ntext\n",
    "directive then transition-like line": ".. note:: x\n\n----\n\ntext\n",
    "directive then bullet list": ".. note:: x\n\n- a\n- b\n",
    "directive then table": ".. note:: x\n\n=== ===\na   b\n=== ===\n",
    "directive then field list": ".. note:: x\n\n:field: value\n:other: more\n",
    "directive then line block": ".. note:: x\n| one\n| two\n",
    "directive then doctest": ".. note:: x\n>>> 1\n",
    "directive then two dots in text": ".. note:: x\n\n..text not markup\n",
    "directive then whitespace-only line": ".. note:: x\n   \nnext\n",
    "in a list item": "- item\n\n  " + EXAMPLE.format(n=1).replace("\n", "\n  ") + "\n  more\n\n- second\n\n  .. note:: y\n  text\n",
    "in an enumerated list": "1. one\n\n   .. note:: x\n\n   after\n\n2. two\n\n   .. note:: y\n   unindent\n",
    "in a block quote": "text\n\n   " + EXAMPLE.format(n=1).replace("\n", "\n   ") + "\n   quoted after\n",
    "in an admonition": ".. admonition:: Title\n\n   .. note:: inner\n\n   after inner\n\n   .. note:: second\n   no blank\n",
    "in a definition list": "term\n   .. note:: x\n\n   definition\n\nterm 2\n   .. note:: y\n   def\n",
    "in a field list": ":field: .. note:: x\n:other: text\n\n   .. note:: y\n\n   after\n",
    "nested directives": ".. card:: c\n   :id: 1\n\n   .. effect:: e\n      :id: 2\n\n      body\n\n   .. effect:: f\n   text\n\nafter\n",
    "a directive with an error": ".. failing::\n\n   content\n\ntext\n",
    "a directive with an error, no blank line": ".. failing::\n   content\ntext\n",
    "a directive with a markup error": ".. note::\n   :unknown: option\n\n   content\n\ntext\n",
    "an unknown directive": ".. no-such-directive:: x\n\n   content\ntext\n",
    "an unknown directive then a directive": ".. no-such-directive:: x\n.. note:: y\n\ntext\n",
    "tabs": ".. note:: x\n\n\tindented by a tab\ntext\n",
    "a hundred examples between paragraphs": "".join(f"段落 {n}。\n\n" + EXAMPLE.format(n=n) + "\n"
                                                      for n in range(100)),
}


@pytest.mark.parametrize("name", CASES)
def test_crafted_cases_read_the_same(name):
    same_reading(CASES[name])


@pytest.mark.parametrize("path", SPEC, ids=[str(p.relative_to(ROOT)) for p in SPEC])
def test_every_document_of_spec_reads_the_same(path):
    same_reading(path.read_text(encoding="utf-8"), str(path))


def test_included_text_reads_the_same(tmp_path):
    """An included file's lines are put into the input after the directive (with
    padding lines around them); what follows an ``include`` is read from there."""
    (tmp_path / "part.rst").write_text(".. note:: included\n\nincluded text\n", encoding="utf-8")
    same_reading(".. include:: part.rst\n.. note:: after\n\ntext\n", str(tmp_path / "doc.rst"))
    same_reading("text\n\n.. include:: part.rst\n\nmore text\n", str(tmp_path / "doc.rst"))


def test_debug_output_is_the_same(capsys, monkeypatch):
    """In debug mode docutils' state machines print what they do: ours go its way.

    Both parsers reuse nested state machines, made with the debug flag of the parse that
    made them, from a cache that lives as long as the process; each starts here from an
    empty one, as the first parse of a process does, whatever ran before in this worker."""
    text = CASES["directive then paragraph"] + CASES["in a list item"]
    monkeypatch.setattr(rstparser._NestedInOurs, "nested_sm_cache", [])
    monkeypatch.setattr(states.RSTState, "nested_sm_cache", [])
    ours = reading(RSTParser, text, debug=True), capsys.readouterr()
    sphinx = reading(SphinxRSTParser, text, debug=True), capsys.readouterr()
    assert "StateMachine.run" in sphinx[1].err
    assert ours == sphinx


def test_the_short_way_is_taken(monkeypatch):
    """After each of a hundred examples between paragraphs docutils builds a state
    machine of every state; ours builds none."""
    made = []
    real = states.RSTState.nested_list_parse

    def counted(self, *args, **kwargs):
        made.append(kwargs.get("initial_state"))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(states.RSTState, "nested_list_parse", counted)
    text = CASES["a hundred examples between paragraphs"]
    reading(SphinxRSTParser, text)
    assert made.count("Explicit") == 100
    made.clear()
    reading(RSTParser, text)
    assert made == []
    # a construct after a construct still goes the long way
    reading(RSTParser, CASES["two directives back to back, no blank line"])
    assert made == ["Explicit"]


def test_nested_parses_use_our_states_and_their_own_cache():
    machine = states.RSTStateMachine(RSTParser().state_classes, "Body")
    body = machine.states["Body"]
    assert body.nested_sm_kwargs["state_classes"] is rstparser.STATE_CLASSES
    assert body.nested_sm_cache is not states.RSTState.nested_sm_cache
    assert [cls.__name__ for cls in rstparser.STATE_CLASSES] == [cls.__name__ for cls in states.state_classes]
    assert all(issubclass(ours, theirs) for ours, theirs in zip(rstparser.STATE_CLASSES, states.state_classes))
    machine.unlink()


#: the docutils code the short way rests on, as read when it was proved (docutils 0.22.4):
#: when any of it changes, read it again and update the proof in rstparser.py and here
RELIED_ON = {
    "Body.explicit_list": "582295247031",
    "RSTState.nested_list_parse": "a9df2dec0471",
    "RSTState.goto_line": "3e1331044e7a",
    "RSTState.unindent_warning": "89145eb3b5a9",
    "SpecializedBody.invalid_input": "11d3c166cc94",
    "Explicit": "c6be6d152bfc",
    "StateMachine.run": "9a000874d55f",
    "StateMachine.next_line": "21dec1957223",
    "StateMachine.previous_line": "ea99072300e4",
    "StateMachine.goto_line": "793b46570c8f",
    "StateMachine.check_line": "a978bb2b8ba7",
    "State.eof": "53ed61d9c54d",
    "NestedStateMachine.run": "162f097595bb",
}


def _source_of(name: str):
    owner, _, attribute = name.partition(".")
    obj = getattr(states, owner, None)
    if obj is None or obj.__module__ != states.__name__:
        obj = getattr(statemachine, owner)
    return inspect.getsource(getattr(obj, attribute) if attribute else obj)


def _digest(name: str) -> str:
    return hashlib.sha256(_source_of(name).encode()).hexdigest()[:12]


@pytest.mark.parametrize("name", RELIED_ON)
def test_the_docutils_code_relied_on_is_unchanged(name):
    assert _digest(name) == RELIED_ON[name], (
        f"docutils' {name} changed (docutils {docutils.__version__}): check the proof in "
        f"engine/sphinxext/rstparser.py against the new code, then update RELIED_ON")


def test_explicit_ends_at_once_on_any_other_line():
    """In the state ``Explicit``, every transition but ``explicit_markup`` and
    ``anonymous`` ends the machine at once, the last one matches any line, and the
    two that do not end it use the patterns our parser checks."""
    assert list(inspect.signature(states.Body.explicit_list).parameters) == ["self", "blank_finish"]
    machine = states.NestedStateMachine(rstparser.STATE_CLASSES, "Explicit")
    explicit = machine.states["Explicit"]
    order = explicit.transition_order
    assert order[-1] == "text" and explicit.transitions["text"][0].match("任何一行 at all")
    for name in order:
        pattern, method, _ = explicit.transitions[name]
        if name in ("explicit_markup", "anonymous"):
            assert pattern.pattern == {"explicit_markup": rstparser._EXPLICIT_MARKUP,
                                       "anonymous": rstparser._ANONYMOUS}[name].pattern
        else:
            assert method.__func__ is states.SpecializedBody.invalid_input, name
    assert type(explicit).eof is statemachine.State.eof
    machine.unlink()


def test_sphinx_reads_documents_with_our_parser(tmp_path):
    spec = tmp_path / "spec"
    spec.mkdir()
    (spec / "conf.py").write_text('extensions = ["rulings.sphinxext"]\n', encoding="utf-8")
    (spec / "index.rst").write_text("T\n=\n\ntext\n", encoding="utf-8")
    app = Sphinx(str(spec), str(spec), str(tmp_path / "out"), str(tmp_path / "doctrees"), "html",
                 status=io.StringIO(), warning=io.StringIO())
    for filetype in SphinxRSTParser.supported:
        assert app.registry.get_source_parser(filetype) is RSTParser

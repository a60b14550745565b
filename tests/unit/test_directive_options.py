"""Our directives read their ``:name: value`` lines themselves (ReadsOwnOptions): what
they read, and every error, is what docutils' own option parsing gives the same
directive with an ``option_spec``."""

import pytest
from docutils import nodes
from docutils.core import publish_doctree
from docutils.parsers.rst import Directive, directives

from rulings.sphinxext.directive import ReadsOwnOptions, _Options

KNOWN = {"id": directives.unchanged, "count": directives.nonnegative_int, "flag": directives.flag}


class Docutils(Directive):
    required_arguments = 0
    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec = _Options(KNOWN)

    def run(self):
        shown = repr((self.arguments, sorted(self.options.items()), list(self.content), self.content_offset))
        return [nodes.literal_block(shown, shown)]


class Ours(ReadsOwnOptions, Docutils):
    option_spec = None
    known_options = KNOWN

    def run(self):
        self.read_options()
        return super().run()


def doctree(directive, source: str) -> str:
    directives.register_directive("demo", directive)
    try:
        tree = publish_doctree(source, settings_overrides={"report_level": 5, "halt_level": 5,
                                                           "warning_stream": False})
    finally:
        directives._directives.pop("demo", None)
    return tree.pformat()


CASES = {
    "title and options": ".. demo:: 一个标题\n   :id: x-1\n   :count: 3\n\n   body line\n",
    "title on two lines": ".. demo:: 一个\n   标题\n   :id: x\n\n   body\n",
    "no title": ".. demo::\n   :id: x\n\n   body\n",
    "only options, no body": ".. demo:: t\n   :id: x\n   :flag:\n",
    "no options": ".. demo:: t\n\n   body\n",
    "one word, no options": ".. demo:: t\n",
    "nothing at all": ".. demo::\n",
    "an option alone as the title line": ".. demo:: :id: x\n\n   body\n",
    "empty value": ".. demo:: t\n   :id:\n\n   body\n",
    "continued value": ".. demo:: t\n   :id: first\n      second\n      third\n\n   body\n",
    "value on the next line": ".. demo:: t\n   :id:\n      below\n\n   body\n",
    "unknown option": ".. demo:: t\n   :colour: red\n\n   body\n",
    "upper-case name": ".. demo:: t\n   :ID: x\n\n   body\n",
    "duplicate option": ".. demo:: t\n   :id: a\n   :id: b\n\n   body\n",
    "bad value": ".. demo:: t\n   :count: many\n\n   body\n",
    "flag with a value": ".. demo:: t\n   :flag: yes\n\n   body\n",
    "body without a blank line": ".. demo:: t\n   :id: x\n   body straight after\n",
    "title without a blank line": ".. demo:: t\n   body straight after\n",
    "markup in a name": ".. demo:: t\n   :*id*: x\n\n   body\n",
    "escaped colon in a name": ".. demo:: t\n   :a\\:b: x\n\n   body\n",
    "reference-like name": ".. demo:: t\n   :id_: x\n\n   body\n",
    "colon in a value": ".. demo:: t\n   :id: a:b: c\n\n   body\n",
    "no space after the name": ".. demo:: t\n   :id:x\n\n   body\n",
    "a name of letters, digits and hyphens": ".. demo:: t\n   :my-id2: x\n   :id: y\n\n   body\n",
    "one continued among simple ones": ".. demo:: t\n   :id: a\n   :count: 1\n     2\n\n   body\n",
    "spaces inside a value": ".. demo:: t\n   :id:   a  b\n\n   body\n",
    "nested in a list": "- item\n\n  .. demo:: t\n     :id: x\n\n     body\n",
    "two directives": ".. demo:: a\n   :id: 1\n\n   x\n\n.. demo:: b\n   :count: -1\n\n   y\n",
}


@pytest.mark.parametrize("name", CASES)
def test_options_read_as_docutils_reads_them(name):
    source = CASES[name]
    assert doctree(Ours, source) == doctree(Docutils, source)


def test_the_errors_are_docutils_own_at_the_directive_line():
    tree = doctree(Ours, "para\n\n.. demo:: t\n   :count: many\n\n   body\n")
    assert "Error in \"demo\" directive:\n            invalid option value: (option: \"count\"; value: 'many')" in tree
    assert 'line="3"' in tree and 'level="3"' in tree
    assert 'unknown option: "colour"' not in doctree(Ours, CASES["unknown option"])  # read as unchanged
    assert "duplicate option" in doctree(Ours, CASES["duplicate option"])
    assert "invalid option block" in doctree(Ours, CASES["body without a blank line"])

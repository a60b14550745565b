"""Issue 26, "done when": a ``rulings build`` killed at each of its phases — the
extraction (the gherkin build: reading, writing the features, its last step), the
run, between the environment's save and the pages, the html build (writing the pages,
its last step) — followed by a normal ``rulings build`` that shows the truth: an edited
example is not shown as passed, a problem of a document is reported again, and the
counts of the console, the results and the pages agree; and, as a build killed half way
took the cycle's stamp away (issue 28), that build is a full cycle which leaves the stamp
again (for the next to say the same without Sphinx).

The run and "between the save and the pages" are tested in test_green_never_lies.py
(``test_a_run_that_dies_…``, ``test_a_page_not_written_…``); here ``rulings build``
itself is killed (``os._exit``, as SIGKILL would: nothing of the process runs after)
at a point of each other phase.
"""

from __future__ import annotations

import re

import pytest

from tests.unit.built_project import built, built_project  # noqa: F401 (fixtures)

#: ``python kill.py ROOT WHERE``: ``rulings build`` of ROOT, killed at WHERE
KILL = """\
import os
import sys

from sphinx.builders.html import StandaloneHTMLBuilder

from rulings import cli
from rulings.sphinxext import builder, state

root, where = sys.argv[1], sys.argv[2]


def dies(original, when=lambda *a: True):
    def patched(*args, **kwargs):
        if when(*args):
            sys.stdout.flush()
            os._exit(9)  # as SIGKILL: nothing of this process runs after
        return original(*args, **kwargs)
    return patched


edited = lambda self, docname, *rest: docname == "ygo/good"  # noqa: E731
if where == "reading":  # the gherkin build, while it reads the edited document
    state.record_source = dies(state.record_source, lambda app, doctree: app.env.docname == "ygo/good")
elif where == "features":  # the gherkin build, its environment saved, writing the features
    builder.GherkinBuilder.write_doc = dies(builder.GherkinBuilder.write_doc, edited)
elif where == "manifest":  # the gherkin build, its features written, before the manifest
    builder.GherkinBuilder.finish = dies(builder.GherkinBuilder.finish)
elif where == "pages":  # the html build, writing the pages
    StandaloneHTMLBuilder.write_doc = dies(StandaloneHTMLBuilder.write_doc, edited)
elif where == "html-finish":  # the html build, every page written, before its last step
    StandaloneHTMLBuilder.finish = dies(StandaloneHTMLBuilder.finish)
else:
    raise SystemExit(f"unknown place {where!r}")
sys.exit(cli.main(["--root", root, "build"]))
"""

WRONG = """\
   假如 自己在之前的回合召唤了「破坏龙 甘多拉」
   当 「破坏龙 甘多拉」变成里侧守备表示
   那么 「破坏龙 甘多拉」不再是通常召唤的怪兽
"""


def _statuses_on_pages(sandbox) -> dict[str, str]:
    out = {}
    for page in ("ygo/good", "ygo/other"):
        for ident, status in re.findall(r'data-example-id="([^"]+)"[^>]*data-status="([^"]+)"', sandbox.html(page)):
            out[ident] = status
    return out


@pytest.mark.parametrize("where", ["reading", "features", "manifest", "pages", "html-finish"])
def test_a_build_killed_at_each_phase_is_followed_by_a_build_that_shows_the_truth(built, where, monkeypatch):
    from rulings import extraction
    from rulings.project import Paths
    from tests.unit.test_bad_input import document, example
    from tests.unit.test_unchanged_cycle import _build, _refused

    monkeypatch.delenv("RULINGS_BUILD", raising=False)  # Paths(built.root): the project's own build/

    # the project built once (tests/unit/built_project.py): spec/ygo/good.rst (good-1) and
    # spec/ygo/other.rst (other-1) passed, their pages written
    assert _statuses_on_pages(built) == {"good-1": "passed", "other-1": "passed"}
    # the example is edited: it now fails; and a problem of the document's prose must be
    # reported by every build until it is fixed
    built.write("spec/ygo/good.rst", document("好文档", "见 :nosuchrole:`x`。\n\n", example("good-1", WRONG)))
    script = built.root / "kill.py"
    script.write_text(KILL, encoding="utf-8")
    killed = built.python(str(script), str(built.root), where)
    assert killed.returncode == 9, (where, killed.stdout + killed.stderr)
    # the build took the cycle's stamp away as it started (issue 28): the next is full
    assert _refused(built) == {"stamp"}, where

    after, fast = _build(built)
    assert not fast, (where, built.output(after))
    output = built.output(after)
    assert "Traceback" not in output, (where, output)
    assert re.search(r"spec/ygo/good\.rst:\d+: .*Unknown interpreted text role \"nosuchrole\"", after.stderr), (where, output)
    assert after.stdout.strip().splitlines()[-1] == "1 passed, 1 failed", (where, output)
    assert "counts disagree" not in output, (where, output)
    assert built.results()["good-1"]["status"] == "failed", (where, output)
    assert _statuses_on_pages(built) == {"good-1": "failed", "other-1": "passed"}, (where, output)
    assert "不再是通常召唤的怪兽" in built.html("ygo/good")
    # which leaves the stamp again, for what it did: what the next build asks first
    # (cli.cmd_build; its fast cycle itself: test_unchanged_cycle.py) finds it standing,
    # with this build's status and last line
    said = extraction.unchanged_cycle(Paths(built.root))
    assert said is not None, (where, _refused(built))
    assert (said["status"], said["last_line"]) == (after.returncode, "1 passed, 1 failed"), (where, said)
    # and so does every build after it, and the check
    again = built.rulings("check")
    assert again.returncode == 1, (where, built.output(again))
    assert re.search(r"spec/ygo/good\.rst:\d+: .*Unknown interpreted text role \"nosuchrole\"", again.stdout), \
        (where, built.output(again))
    assert again.stdout.strip().splitlines()[-1] == "1 passed, 1 failed", (where, built.output(again))

"""Hostile documents: the site is public and documents are written by many hands.

A document cannot run code, put raw HTML in the site, or pull files of the machine into
it; whatever text it holds (titles, steps, sources, failure messages) shows as text.
"""

from __future__ import annotations

import ast
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests import sources
from tests.conftest import FEW_CARDS

#: the pipeline, not the cards: the sandboxes hold the cards the documents name
pytestmark = pytest.mark.sandbox_cards(*FEW_CARDS)

ROOT = Path(__file__).resolve().parents[2]

EVIL = '<script>alert("x")</script>" onmouseover="alert(1)'
HANDLER = 'x" onmouseover="alert(1)'

ESCAPING = f"""\
==============================
标题 {EVIL}
==============================

.. example:: 例子 {EVIL}
   :id: hostile-1
   :source: https://example.com/faq?a=1&b=2
   :date: 1/2/3 {EVIL}

   假如 自己通常召唤「{HANDLER}」
   那么 「{HANDLER}」在墓地

.. example:: 来源 {EVIL}
   :id: hostile-2
   :source: https://example.com/<script>alert(1)</script>
            https://example.com/"onmouseover="alert(1)
            javascript:alert(1)

   假如 自己通常召唤「破坏龙 甘多拉」
   当 {EVIL}

.. example:: 步骤
   :id: hostile-3

   假如 自己通常召唤「{EVIL}」
"""

FILES = """\
====
文件
====

.. raw:: html

   <script>alert(1)</script>

.. include:: ../../secret.txt

.. literalinclude:: ../../secret.txt

.. csv-table:: t
   :file: ../../secret.txt

见 :download:`这个 <../../secret.txt>`。

.. image:: ../../secret.txt

.. role:: html(raw)
   :format: html

:html:`<script>alert(1)</script>`
"""

SECRET = "TOPSECRET-7f3a"


class _Markup(HTMLParser):
    """What the browser would make of a page: elements, attributes, script bodies."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.handlers: list[str] = []
        self.links: list[str] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name.startswith("on"):
                self.handlers.append(f"<{tag} {name}={value!r}>")
            if name in ("href", "src") and value and value.strip().lower().startswith(("javascript:", "data:")):
                self.links.append(f"<{tag} {name}={value!r}>")
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script and "alert" in data:
            self.scripts.append(data)


def _no_raw_markup(html: str) -> None:
    """No event handler, script or javascript: link came from the document's text."""
    markup = _Markup()
    markup.feed(html)
    assert not markup.handlers and not markup.scripts and not markup.links, \
        (markup.handlers, markup.scripts, markup.links)


def test_titles_steps_sources_and_messages_show_as_text(sandbox, monkeypatch):
    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    sandbox.write("spec/ygo/hostile.rst", ESCAPING)
    built = sandbox.rulings("build")
    out = sandbox.output(built)
    # the bad sources are refused at their line; the unknown step and card are named
    assert re.search(r"hostile\.rst:15: .*source 'https://example.com/<script>alert\(1\)</script>' is not", out)
    assert re.search(r"hostile\.rst:17: .*source 'javascript:alert\(1\)' is not an http\(s\) URL", out)
    html = sandbox.html("ygo/hostile")
    _no_raw_markup(html)
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&quot; onmouseover=&quot;alert(1)" in html
    assert 'href="https://example.com/faq?a=1&amp;b=2"' in html
    example = html[html.index('data-example-id="hostile-1"'):]
    example = example[:example.index('data-example-id="hostile-2"')]
    # the reason it was not run (an unknown card) is escaped as well
    assert "rulings-error" in example and "卡片目录里没有「x&quot; onmouseover=&quot;alert(1)」" in example
    step = html[html.index('data-example-id="hostile-3"'):]
    assert "自己通常召唤「&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in step
    index = (sandbox.build / "site" / "index.html").read_text(encoding="utf-8")
    _no_raw_markup(index)
    assert "标题 &lt;script&gt;" in index
    for page in (sandbox.build / "site").rglob("*.html"):
        _no_raw_markup(page.read_text(encoding="utf-8"))


def test_raw_html_and_files_of_the_machine_are_refused(sandbox, monkeypatch):
    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    sandbox.write("secret.txt", SECRET + "\n")
    sandbox.write("spec/ygo/files.rst", FILES)
    checked = sandbox.rulings("check", "--no-run")
    out = sandbox.output(checked)
    assert checked.returncode != 0
    for line, what in ((5, r"'\.\. raw::' refused: raw HTML"), (9, r"'\.\. include::' refused"),
                       (11, r"'\.\. literalinclude::' refused"), (13, "csv-table"),
                       (16, "outside the spec folder"), (18, "outside the spec folder"),
                       (24, r"raw \(and derived\) roles disabled")):
        assert re.search(rf"files\.rst:{line}: .*{what}", out), (line, what, out)
    from rulings.sphinxext.build import Paths, build

    build(Paths(sandbox.root), "html")
    leaked = [p for p in sandbox.build.rglob("*") if p.is_file() and SECRET.encode() in p.read_bytes()]
    assert not leaked
    _no_raw_markup(sandbox.html("ygo/files"))


def test_refusal_does_not_rest_on_docutils_conf(sandbox, monkeypatch):
    """Without spec/docutils.conf the extension still refuses raw HTML and inclusion."""
    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    (sandbox.root / "spec" / "docutils.conf").unlink()
    sandbox.write("secret.txt", SECRET + "\n")
    sandbox.write("spec/ygo/files.rst", FILES)
    checked = sandbox.rulings("check", "--no-run")
    out = sandbox.output(checked)
    assert checked.returncode != 0
    assert re.search(r"files\.rst:5: .*'\.\. raw::' refused", out)
    assert re.search(r"files\.rst:9: .*'\.\. include::' refused", out)
    assert re.search(r"files\.rst:13: .*(csv-table|File and URL access)", out), out
    assert re.search(r"files\.rst:24: .*raw \(and derived\) roles disabled", out), out
    assert SECRET not in out


@pytest.mark.parametrize("url, ok", [
    ("https://www.db.yugioh-card.com/yugiohdb/faq_search.action?ope=5&fid=6109", True),
    ("http://example.com/a", True),
    ("javascript:alert(1)", False),
    ("file:///etc/passwd", False),
    ("ftp://example.com/x", False),
    ("//example.com/x", False),
    ("https://example.com/\"onmouseover=\"x", False),
    ("https://example.com/<b>", False),
    ("data:text/html,<script>", False),
])
def test_sources_are_http_urls_only(url, ok):
    from rulings.sphinxext.directive import URL_PATTERN

    assert bool(URL_PATTERN.match(url)) is ok


PIPELINE = [ROOT / "engine" / "sphinxext", ROOT / "engine" / "bdd", ROOT / "engine" / "vocabulary.py",
            ROOT / "engine" / "cli.py", ROOT / "engine" / "results.py", ROOT / "engine" / "shards.py"]


@sources.READS_THE_CODE
def test_no_document_text_can_become_code():
    """The pipeline never evaluates text: no eval/exec/compile; modules are imported
    only from the fixed table of games (vocabulary.GAMES)."""
    files = [p for base in PIPELINE for p in ([base] if base.is_file() else base.rglob("*.py"))]
    offences = []
    for path in files:
        for node in sources.nodes(path):
            if isinstance(node, ast.Call):
                name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
                if isinstance(node.func, ast.Name) and name in ("eval", "exec", "compile", "__import__"):
                    offences.append(f"{path.name}:{node.lineno}: {name}")
                # the game's module of the fixed table, or its explanations module beside it
                if name == "import_module" and not (path.name == "vocabulary.py" and ast.unparse(node.args[0]) in (
                        "GAMES[game]", "GAMES[game].rsplit('.', 1)[0] + '.explanations'")):
                    offences.append(f"{path.name}:{node.lineno}: import_module({ast.unparse(node.args[0])})")
    assert not offences


def test_a_game_named_in_a_document_is_looked_up_never_imported():
    from rulings import vocabulary

    with pytest.raises(KeyError):
        vocabulary.load("os")
    with pytest.raises(KeyError):
        vocabulary.load("rulings.cli")


def test_document_tags_never_become_pytest_marks():
    from rulings.bdd.plugin import ResultsRecorder

    recorder = ResultsRecorder(config=None)

    def function():
        pass

    for tag in ("skip", "xfail", "usefixtures", "rulings-id:x"):
        assert recorder.pytest_bdd_apply_tag(tag, function) is True
    assert not hasattr(function, "pytestmark")


LINKS = """\
====
链接
====

见 `这里 <javascript:alert(1)>`_ 和 `那里 <https://example.com/ok>`_ 和 `信 <mailto:a@example.com>`_。

也见 `别处`_ 和 `站内 <other.html>`_。

.. _别处: JavaScript:alert(2)

.. image:: pic.png
   :target: java\tscript:alert(3)

.. meta::
   :http-equiv=refresh: 0; url=https://evil.example.com/

结尾 `数据 <data:text/html,x>`_。
"""


def test_links_go_only_to_http_mailto_or_the_site_and_documents_stay_inside(sandbox, monkeypatch, tmp_path):
    """Issue 26, case 9: a page links only to http(s), mailto or pages of the site (other
    links are text, with an error at their line); a document puts nothing into the head
    of its page; documents are read only from inside the project, and loops of folder
    links are cut."""
    import base64
    import os

    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    sandbox.write("spec/ygo/links.rst", LINKS)
    (sandbox.root / "spec" / "ygo" / "pic.png").write_bytes(base64.b64decode(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="))
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "stolen.rst").write_text(f"====\n偷来的\n====\n\n{SECRET}\n", encoding="utf-8")
    os.symlink(outside / "stolen.rst", sandbox.root / "spec" / "ygo" / "stolen.rst")
    os.symlink(outside, sandbox.root / "spec" / "ygo" / "elsewhere")
    os.symlink("..", sandbox.root / "spec" / "ygo" / "loop")
    built = sandbox.rulings("build")
    out = sandbox.output(built)
    for line, what in ((5, r"link to 'javascript:alert\(1\)' refused"),
                       (7, r"link to 'JavaScript:alert\(2\)' refused"),
                       (11, r"link to 'javascript:alert\(3\)' refused"),
                       (14, r"'\.\. meta::' refused"),
                       (17, r"link to 'data:text/html,x' refused")):
        assert re.search(rf"links\.rst:{line}: ERROR: {what}", out), (line, what, out)
    assert re.search(r"spec/ygo/stolen\.rst:1: ERROR: link refused: it points to .*outside", out), out
    assert re.search(r"spec/ygo/elsewhere:1: ERROR: link refused: it points to .*outside", out), out
    assert re.search(r"spec/ygo/loop:1: WARNING: link to the folder .* not followed: it holds the link itself", out)
    assert "Traceback" not in out and "build stopped" not in out, out
    html = sandbox.html("ygo/links")
    _no_raw_markup(html)
    assert "http-equiv" not in html.lower() and "evil.example.com" not in html
    assert 'href="https://example.com/ok"' in html and 'href="mailto:' in html
    assert 'href="other.html"' in html
    assert "这里" in html and "别处" in html and "数据" in html  # the text of a refused link stays
    assert "script:alert" not in html.replace("&#9;", "").lower().replace("\t", "")
    leaked = [p for p in sandbox.build.rglob("*") if p.is_file() and SECRET.encode() in p.read_bytes()]
    assert not leaked
    assert not (sandbox.build / "site" / "ygo" / "loop").exists()

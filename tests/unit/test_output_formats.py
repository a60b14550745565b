"""Every output format renders every example — title, steps, status word, sources: LaTeX
(for PDF), EPUB, plain text and man pages are built with sphinx-build from the real
documents, and every example of the site is found in each."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import kept_between_sessions, run_all

BUILDERS = ("latex", "epub", "text", "man")


@pytest.fixture(scope="module")
def outputs(real_site, tmp_path_factory):
    """The four builders run by sphinx-build on the real site, from a copy of the
    environment its ``rulings build`` left and with the settings ``rulings`` gives Sphinx:
    no document is read again (architecture.md: every builder from the same environment),
    each builder only writes (issue 23: the four builds took 15 s of CPU reading every
    document again into an environment of their own, 10 s now).  Plain text is written
    for the documents that hold examples: the card index and the vocabulary, whose
    tables were most of the text writer's time, hold none (the books, LaTeX and man,
    hold every document).

    The books are kept between sessions (``kept_between_sessions``) with what they were
    made from: the stamps the real site's builds left (``extraction.inputs_digest``: the
    documents, the extension, the engine, the libraries, and for html the results, cards
    and coverage files — everything a builder of that environment reads, which ``rulings
    build`` trusts to skip Sphinx), the settings given and this module's and the harness's
    code.  Anything else, and they are built again (issue 23: 7.7 s of CPU every session)."""
    from rulings import digests
    from rulings.extraction import settings, stamp_file
    from rulings.project import Paths

    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("RULINGS_BUILD", raising=False)  # the sandbox's own build/, as its commands have it
        paths = Paths(real_site.root)
        assert paths.build == real_site.build
        environment, overrides = paths.environment, {name: settings(paths, name) for name in BUILDERS}
    made_from = digests.digest([stamp_file(paths, "gherkin").read_text(encoding="utf-8"),
                                stamp_file(paths, "html").read_text(encoding="utf-8"),
                                json.dumps(overrides, sort_keys=True),
                                Path(__file__).read_bytes(), (Path(__file__).parents[1] / "conftest.py").read_bytes()])

    def build(folder):
        stamp = folder / "made-from.txt"
        if stamp.is_file() and stamp.read_text(encoding="utf-8") == made_from and (folder / "logs.json").is_file():
            return
        for path in folder.iterdir() if folder.is_dir() else ():
            shutil.rmtree(path) if path.is_dir() else path.unlink()
        with_examples = sorted({e["docname"] for e in json.loads(
            (real_site.build / "features" / "manifest.json").read_text(encoding="utf-8"))["examples"]})

        def one(name):
            # a copy of the environment each: the builders run side by side
            doctrees = folder / f"doctrees-{name}"
            shutil.copytree(environment, doctrees)
            told = {**overrides[name], "rulings_problems_file": str(folder / f"{name}-problems.json")}  # not the site's
            options = [a for key, value in told.items() for a in ("-D", f"{key}={value}")]
            files = [f"spec/{d}.rst" for d in with_examples] if name == "text" else []
            try:
                return real_site.sphinx_build("--no-color", "-b", name, *options, "-d", str(doctrees), "spec",
                                              str(folder / name), *files)
            finally:
                shutil.rmtree(doctrees, ignore_errors=True)

        # two at a time, the machine's two cores (issue 23: 6.9 s one after the other); the
        # longest two (epub, latex) first, each beside a shorter one
        done = run_all({name: (lambda name=name: one(name)) for name in ("epub", "latex", "man", "text")}, workers=2)
        logs = {}
        for name in BUILDERS:
            assert done[name].returncode == 0, real_site.output(done[name])[-3000:]
            logs[name] = [done[name].stdout, done[name].stderr]
        (folder / "logs.json").write_text(json.dumps(logs), encoding="utf-8")
        stamp.write_text(made_from, encoding="utf-8")

    # once per session (the tests of this module may run in two pytest-xdist workers,
    # which share the real site), and kept for the next
    folder = kept_between_sessions(tmp_path_factory, "output-formats", build)
    logs = json.loads((folder / "logs.json").read_text(encoding="utf-8"))
    manifest = json.loads((real_site.build / "features" / "manifest.json").read_text(encoding="utf-8"))["examples"]
    return folder, manifest, logs


def _read(folder, pattern: str) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.rglob(pattern)))


def test_latex_has_every_example_with_its_anchor_status_and_sources(outputs):
    books, manifest, _ = outputs
    tex = _read(books / "latex", "*.tex")
    from docutils.nodes import make_id

    missing = [e["id"] for e in manifest
               if "\\label{\\detokenize{" + e["docname"] + ":" + make_id("example-" + e["id"]) + "}}" not in tex]
    assert not missing, missing[:10]
    tex = tex.replace("\\sphinxhyphen{}", "-")
    wrong = tex[tex.index("{ygo/browser:example-browser-wrong}}\n"):][:1500]
    assert "失败" in wrong and "failed" not in wrong and "故意写错的期待" in wrong and "引擎得出" in wrong
    right = tex[tex.index("{ygo/browser:example-browser-gandora}}\n"):][:1500]
    assert "通过" in right and "passed" not in right and "FAQ fid=6109" in right and "2015-02-05" in right
    # each chapter's summary counts its own document's examples (not the book's root's)
    assert "2 个例子 — 通过：1、失败：1" in tex, re.findall(r"\d+ 个例子 — [^\n]*", tex)[:5]
    assert "\\usepackage{xeCJK}" in tex  # Chinese and Japanese typeset


def test_epub_has_every_example(outputs):
    books, manifest, _ = outputs
    xhtml = _read(books / "epub", "*.xhtml")
    found = set(re.findall(r'data-example-id="([^"]+)"', xhtml))
    assert {e["id"] for e in manifest} <= found
    assert (books / "epub" / "rulings.epub").stat().st_size > 10_000


def test_text_has_every_example_with_title_steps_status_and_sources(outputs):
    books, manifest, _ = outputs
    text = _read(books / "text", "*.txt")
    flat = re.sub(r"\s+", "", text)  # the text writer wraps long titles
    missing = [e["id"] for e in manifest if f"({e['id']})" not in flat or re.sub(r"\s+", "", e["title"]) not in flat]
    assert not missing, missing[:10]
    page = (books / "text" / "ygo" / "browser.txt").read_text(encoding="utf-8")
    assert "[通过]" in page and "[失败]" in page
    assert "假如 自己在之前的回合召唤了「破坏龙 甘多拉」" in page and "FAQ fid=6109 · 2015-02-05" in page
    assert "引擎得出：「破坏龙 甘多拉」是通常召唤的怪兽" in page


def test_man_page_has_every_example(outputs):
    books, manifest, _ = outputs
    man = _read(books / "man", "*.1").replace("\\-", "-")
    missing = [e["id"] for e in manifest if f"({e['id']})" not in man]
    assert not missing, missing[:10]


def test_other_formats_read_as_the_site_does(outputs):
    """Issue 27: the man and text books name cards without raw anchors, the LaTeX book is
    titled in the project's language and switches each document to its language's CJK
    font, and the EPUB builds without a warning of its own."""
    books, _, logs = outputs
    for folder, pattern in (("man", "*.1"), ("text", "*.txt")):
        # as the man writer prints an anchor: \%<#\:card-…>
        raw = re.findall(r".{0,40}#\\?:?(?:card|example)-.{0,20}", _read(books / folder, pattern))
        assert not raw, (folder, raw[:3])
    tex = _read(books / "latex", "*.tex")
    assert re.search(r"\\title\{[^}]*裁定[^}]*\}", tex), re.findall(r"\\title\{[^}]*\}", tex)
    chapters = re.findall(r"\\CJKfamily\{(rulings\w+)\}\s*(?:\\[a-z]+\{[^}]*\}\s*)*\\chapter\{([^}]*)\}", tex)
    ja = {title for family, title in chapters if family == "rulingsja"}
    assert "マジックの基本ルール" in ja and "基本规则" not in ja, chapters[:20]
    # and its summary in its language, not the book's root's
    assert re.search(r"例 \d+ 件 — 成功：\d+", tex), re.findall(r"\d+ 个例子 — [^\n]*", tex)[:5]
    warnings = [line for line in "\n".join(logs["epub"]).splitlines() if "WARNING" in line and "rulings.not-run" not in line]
    assert not warnings, warnings


def test_the_formats_are_written_from_the_sites_environment_without_reading_again(outputs):
    """With the settings ``rulings`` gives Sphinx, a builder other than html takes the
    environment of ``rulings build`` as it is: no document read again."""
    _, _, logs = outputs
    for name in BUILDERS:
        assert "updating environment: 0 added, 0 changed, 0 removed" in logs[name][0], (name, logs[name][0][-2000:])

"""Statuses tell the truth: an example that cannot be parsed is ``not-run`` with its
reason and the closest known phrase, keyword or card on its page — never "stale", which
means only "edited since its last run" — and deleting or renaming a document never
crashes the next run."""

from __future__ import annotations

import html
import re

import pytest

from tests.conftest import FEW_CARDS

from tests.unit.built_project import built, built_project  # noqa: F401 (fixtures)
from tests.unit.test_bad_input import GOOD, document, example

#: the pipeline, not the cards: the sandboxes hold the cards the documents name
pytestmark = pytest.mark.sandbox_cards(*FEW_CARDS)

BROKEN = {
    # id: (body, what `rulings check` says, what its page says: in the document's language)
    "kw": (GOOD.replace("那么", "那末"), r"not a step: .*closest keyword: 那么",
           r"这一行不是步骤：.*这里是「那末"),
    "phrase": (GOOD.replace("变成里侧守备表示", "变成里侧攻击表示"),
               r"no when phrase matches .*; closest known phrase: 当 「\{card\}」变成里侧守备表示",
               r"没有与「当」步骤「.*」相符的短语（最接近的短语：当 「\{card\}」变成里侧守备表示）"),
    "card": (GOOD.replace("甘多拉」仍然", "干多拉」仍然"), r"unknown card 「破坏龙 干多拉」; closest: 「破坏龙 甘多拉」",
             r"卡片目录里没有「破坏龙 干多拉」（最接近的：「破坏龙 甘多拉」"),
    "twice": (GOOD, r"duplicate example id 'twice': also used at spec/ygo/(a|b)\.rst:\d+",
              r"例子编号 twice 重复：spec/ygo/(a|b)\.rst:\d+ 也用了它"),
}


def statuses(page: str) -> dict[str, str]:
    return dict(re.findall(r'data-example-id="([^"]+)" data-status="([^"]+)"', page))


@pytest.fixture(scope="module")
def broken_after_a_run(sandboxes):
    """Every example passed once; then each was broken in its own way."""
    box = sandboxes("statuses")
    box.write("spec/ygo/a.rst", document("文档一", *(example(i) for i in BROKEN)))
    first = box.rulings("check")
    assert first.returncode == 0, box.output(first)
    box.write("spec/ygo/a.rst", document("文档一", *(example(i, body) for i, (body, _, _) in BROKEN.items())))
    box.write("spec/ygo/b.rst", document("文档二", example("twice")))
    return box, box.rulings("build")


def test_an_example_that_cannot_be_parsed_is_not_run_never_stale(broken_after_a_run):
    box, done = broken_after_a_run
    output = box.output(done)
    assert "Traceback" not in output and "stale" not in done.stdout, output
    assert statuses(box.html("ygo/a")) == {i: "not-run" for i in BROKEN}
    assert statuses(box.html("ygo/b")) == {"twice": "not-run"}
    for ident, (_, why, _) in BROKEN.items():
        assert re.search(rf"a\.rst:\d+: not-run: {ident} — .*{why}", done.stdout), (ident, done.stdout)
    assert done.stdout.strip().splitlines()[-1] == "0 passed, 0 failed, 5 not-run", done.stdout


def test_the_reason_and_the_closest_phrase_are_on_the_page(broken_after_a_run):
    box, _ = broken_after_a_run
    page = html.unescape(box.html("ygo/a"))
    for ident, (_, _, why) in BROKEN.items():
        box_html = page[page.index(f'data-example-id="{ident}"'):]
        box_html = box_html[:box_html.index('class="rulings-example ', 1) if 'class="rulings-example ' in box_html[1:] else None]
        error = re.search(r'<div class="rulings-error">(.*?)</div>', box_html, re.S)
        assert error and re.search(why, error.group(1)), (ident, box_html[:1500])


def test_make_site_ends_with_the_summary_of_rulings_check_not_a_traceback(broken_after_a_run):
    box, done = broken_after_a_run
    assert "Traceback" not in done.stdout and "def test_" not in done.stdout, done.stdout
    check = box.rulings("check", "--no-run")
    tail = [line for line in check.stdout.splitlines() if re.match(r"^spec/\S+:\d+: ", line)]
    assert tail and all(line in done.stdout for line in tail), (tail, done.stdout)
    assert done.stdout.strip().splitlines()[-1] == check.stdout.strip().splitlines()[-1]


def test_an_edited_example_alone_is_stale_and_deleting_or_renaming_a_document_never_crashes_the_next_run(built):
    """One project, one story (issue 23: two sandboxes before; now a copy of the project
    built once, tests/unit/built_project.py: good.rst's good-1 and other.rst's other-1
    passed): an example edited after its run is stale, the other not; then documents
    renamed and deleted."""
    built.write("spec/ygo/good.rst", document("好文档", example("good-1", title="改过的标题")))
    done = built.rulings("check", "--no-run")
    assert re.search(r"good\.rst:5: stale: good-1 — edited since its last run", done.stdout), done.stdout
    assert "other-1" not in done.stdout, done.stdout
    (built.root / "spec/ygo/other.rst").rename(built.root / "spec/ygo/c.rst")
    for command in (("check",), ("build",)):
        done = built.rulings(*command)
        assert done.returncode == 0 and "Traceback" not in built.output(done), built.output(done)
        assert done.stdout.strip().splitlines()[-1] == "2 passed, 0 failed", done.stdout
    assert statuses(built.html("ygo/c")) == {"other-1": "passed"}
    (built.root / "spec/ygo/c.rst").unlink()
    (built.root / "spec/ygo/good.rst").unlink()
    for command in (("check",), ("build",)):
        done = built.rulings(*command)
        assert "Traceback" not in built.output(done), built.output(done)
        assert done.stdout.strip().splitlines()[-1] == "0 passed, 0 failed", done.stdout
    assert not (built.build / "site" / "ygo" / "c.html").exists() or "other-1" not in built.html("ygo/c")

"""The pipeline end to end, on a small document of its own: extraction, run, site,
and the three ways an example can fail to show as passed (failed, stale, not-run)."""

from __future__ import annotations

import re

import pytest

from tests.conftest import FEW_CARDS
from tests.unit.built_project import built, built_project  # noqa: F401 (fixtures)

#: the pipeline, not the cards: the sandboxes hold the cards the documents name
pytestmark = pytest.mark.sandbox_cards(*FEW_CARDS)

DOC = """\
==========
管线测试
==========

召唤方式
========

通常召唤的怪兽变成里侧后仍是通常召唤的怪兽。

.. example:: 通常召唤的怪兽变成里侧
   :id: pipe-normal-face-down
   :source: https://www.db.yugioh-card.com/yugiohdb/faq_search.action?ope=5&fid=6109
   :date: 15/2/5

   假如 自己在之前的回合召唤了「破坏龙 甘多拉」
   当 「破坏龙 甘多拉」变成里侧守备表示
   那么 「破坏龙 甘多拉」{verdict}通常召唤的怪兽

.. example:: 灵摆召唤的怪兽变成里侧
   :id: pipe-pendulum

   假如 自己<方式>召唤「异色眼灵摆龙」
   当 「异色眼灵摆龙」变成里侧守备表示
   那么 「异色眼灵摆龙」不再是<方式>召唤的怪兽

   例子:
     | 方式 |
     | 灵摆 |
"""


def statuses(html: str) -> dict[str, str]:
    return dict(re.findall(r'data-example-id="([^"]+)" data-status="([^"]+)"', html))


def test_build_marks_every_example_check_agrees_and_no_old_result_shows_as_now(built, monkeypatch):
    """One project through the pipeline's cases (issue 23: one story, not a project built
    from nothing for each): every example marked and the check agreeing; a page written
    again when only its results changed; an edited example stale until it runs again; a
    wrong expectation failing with its step.  The project: a copy of the one built once
    (tests/unit/built_project.py: good-1 and other-1 passed), the document added to it."""
    import json

    from rulings.sphinxext.build import Paths, build

    monkeypatch.delenv("RULINGS_BUILD", raising=False)
    built.write("spec/ygo/pipeline.rst", DOC.format(verdict="仍然是"))
    done = built.rulings("build")
    assert done.returncode == 0, built.output(done)
    html = built.html("ygo/pipeline")
    assert statuses(html) == {"pipe-normal-face-down": "passed", "pipe-pendulum": "passed"}
    assert 'class="rulings-summary"' in html and "fid=6109" in html and "2015-02-05" in html
    index = (built.build / "site" / "index.html").read_text(encoding="utf-8")
    assert 'class="rulings-dashboard"' in index and 'data-document="ygo/pipeline"' in index
    feature = (built.build / "features" / "ygo" / "pipeline.feature").read_text(encoding="utf-8")
    assert feature.startswith("# language: zh-CN")
    assert "@rulings-id:pipe-normal-face-down" in feature and "spec/ygo/pipeline.rst:10" in feature
    checked = built.rulings("check")
    assert checked.returncode == 0, checked.stdout
    assert checked.stdout.strip().splitlines()[-1] == "4 passed, 0 failed"

    # the same text, another outcome (as after an engine change): no source changed, the
    # page is rendered again
    path = built.build / "results.json"
    kept = path.read_text(encoding="utf-8")
    data = json.loads(kept)
    entry = data["results"]["pipe-normal-face-down"]
    entry.update(status="failed", outcome="failed", failing_step="那么 …", message="expected True, actual False")
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    build(Paths(built.root), "html")
    assert statuses(built.html("ygo/pipeline"))["pipe-normal-face-down"] == "failed"
    index = (built.build / "site" / "index.html").read_text(encoding="utf-8")
    assert 'data-document="ygo/pipeline" data-status="failed"' in index

    # the results of the run again (a pass); edit the steps, rebuild only the site: the
    # old result must not show as a pass
    path.write_text(kept, encoding="utf-8")
    build(Paths(built.root), "html")
    assert statuses(built.html("ygo/pipeline"))["pipe-normal-face-down"] == "passed"
    built.write("spec/ygo/pipeline.rst", DOC.format(verdict="依然是"))
    build(Paths(built.root), "html")
    assert statuses(built.html("ygo/pipeline"))["pipe-normal-face-down"] == "stale"
    checked = built.rulings("check", "--no-run")
    assert checked.returncode != 0 and "stale" in checked.stdout

    # a wrong expectation: failed, with its step, in the document's words
    built.write("spec/ygo/pipeline.rst", DOC.format(verdict="不再是"))
    built.rulings("build")
    html = built.html("ygo/pipeline")
    assert statuses(html)["pipe-normal-face-down"] == "failed"
    failure = html[html.index('data-example-id="pipe-normal-face-down"'):]
    assert "rulings-failure-step" in failure and "不再是通常召唤的怪兽" in failure
    # the stated sentence and the one the engine computed
    assert "文档写的：那么 「破坏龙 甘多拉」不再是通常召唤的怪兽" in failure and "引擎得出：「破坏龙 甘多拉」是通常召唤的怪兽" in failure
    assert "expected False" not in failure
    checked = built.rulings("check")
    assert checked.returncode != 0
    assert checked.stdout.strip().splitlines()[-1] == "3 passed, 1 failed"
    entry = built.results()["pipe-normal-face-down"]
    assert entry["status"] == "failed" and entry["failing_step"].endswith("不再是通常召唤的怪兽")


#: the cards read by parallel workers: two card files, first and last of the documents
#: Sphinx shares out in sorted order (ygo/cards/basics … ygo/doc0-7 … ygo/summoning), so
#: that whatever the chunks, two workers read cards (issue 23: not all 26 card files)
@pytest.mark.sandbox_cards("ygo/cards/basics.rst")
def test_parallel_extraction_gives_the_same_features_and_cards(sandbox):
    import os
    from pathlib import Path

    from tests.conftest import ROOT

    summoning = ROOT / "spec" / "ygo" / "cards" / "summoning.rst"
    sandbox.write("spec/ygo/summoning.rst", summoning.read_text(encoding="utf-8"))
    for n in range(8):
        sandbox.write(f"spec/ygo/doc{n}.rst", DOC.format(verdict="仍然是").replace("管线测试", f"管线测试{n}")
                      .replace(":id: pipe-", f":id: p{n}-"))
    outputs = {}
    for jobs in ("1", "2"):
        out = sandbox.root / f"features-j{jobs}"
        cards = sandbox.root / f"cards-j{jobs}"
        done = sandbox.python("-m", "sphinx", "-j", jobs, "-W", "-q", "-b", "gherkin", "-D", f"rulings_cards={cards}",
                              "-d", str(sandbox.root / f"doctrees-j{jobs}"), str(sandbox.root / "spec"), str(out),
                              cwd=Path.cwd(), env=dict(os.environ))
        assert done.returncode == 0, done.stderr
        outputs[jobs] = {p.relative_to(out).as_posix(): p.read_text(encoding="utf-8")
                         for p in sorted(out.rglob("*.feature"))}
        # the cards read by parallel workers are merged into the same card files
        outputs[jobs] |= {f"cards/{p.name}": p.read_text(encoding="utf-8") for p in sorted(cards.glob("*.json"))}
    assert len(outputs["1"]) == 8 + 3 and outputs["1"] == outputs["2"]
    # the cards of both files, read by two workers
    assert '"name": "破坏龙 甘多拉"' in outputs["2"]["cards/ygo.json"]
    assert '"name": "黑魔术师"' in outputs["2"]["cards/ygo.json"]

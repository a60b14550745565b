"""Every bad input of docs/bad-input.md, each in a document (or card file) of its own.

Each row: ``rulings check`` exits non-zero, prints a message naming the file and line
(or the results file), and the example concerned is counted — never silently left out,
never shown as passed.  To keep this fast (issue 23) the cases share a few projects:
each case writes files of its own (``{case}`` in a path or a pattern is the case's name;
its titles, ids and card names are its own), so that one project holds every case that
only needs the extraction and one ``rulings check --no-run`` reports them all, each at
its file and line — checked twice, since the problems of an unchanged document must come
back on every check; the cases whose examples run share one ``rulings check``; the few
that need the project to themselves (a results file of their own, a card the others name
defined again) then take turns in that second project, its cases' files removed (those
about the results file share one document, extracted once).  Each line of a shared check
that names documents must name those of one case: a case that disturbed another would show.
"""

from __future__ import annotations

import itertools
import json
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.conftest import FEW_CARDS, run_all

#: the pipeline, not the cards: the sandboxes hold the cards the documents name;
#: one pytest-xdist worker makes the projects (a module fixture is made by each worker
#: that runs a test of the module)
pytestmark = [pytest.mark.sandbox_cards(*FEW_CARDS), pytest.mark.xdist_group("bad-input")]

GOOD = """\
   假如 自己在之前的回合召唤了「破坏龙 甘多拉」
   当 「破坏龙 甘多拉」变成里侧守备表示
   那么 「破坏龙 甘多拉」仍然是通常召唤的怪兽
"""


def document(title: str, *examples: str, top: str = "") -> str:
    """A document: ``top`` (file-wide fields), lines 1-3 the title (``{case}`` added to
    it: each document has a title of its own), line 4 blank, then the examples (the
    first at line 5: its body at line 8)."""
    bar = "=" * 60
    return f"{top}{bar}\n{title} {{case}}\n{bar}\n\n" + "\n".join(examples)


def example(ident: str, body: str = GOOD, title: str | None = None, options: str = "") -> str:
    return f".. example:: {title or ident}\n   :id: {ident}\n{options}\n{body}\n"


def card_file(*cards: str) -> str:
    """A card file: lines 1-5 the header, line 6 blank, the first card at line 7."""
    return ":orphan:\n\n" + document("坏卡片", *cards)


def card(name: str, fields: str = "   :kind: 效果怪兽\n   :level: 4\n", effects: str = "") -> str:
    return f".. card:: {name}\n{fields}\n{effects}"


ONE_EFFECT = "   .. effect:: ①\n      :kind: 起动\n      :action: {action}\n"


@dataclass
class Case:
    files: dict[str, str | bytes]
    #: (regex over the output) each must be found
    expect: list[str]
    #: example ids that must be counted and not passed
    ids: list[str] = field(default_factory=list)
    #: run the examples (otherwise ``check --no-run``)
    run: bool = False
    #: results.json written before the check (text)
    results: str | None = None
    #: needs a project to itself: a results file of its own, or a card the other cases
    #: name defined again
    alone: bool = False

    def placed(self, name: str) -> Case:
        """The case with ``{case}`` replaced by its name in its paths, texts and patterns."""
        def text(t):
            return t.replace(b"{case}", name.encode()) if isinstance(t, bytes) else t.replace("{case}", name)

        return Case({path.replace("{case}", name): text(t) for path, t in self.files.items()},
                    [p.replace("{case}", re.escape(name)) for p in self.expect],
                    self.ids, self.run, self.results, self.alone)


def _results(entries: dict) -> str:
    return json.dumps({"format": 1, "results": entries})


DOC = "spec/ygo/{case}.rst"
CARDS = "spec/ygo/cards/{case}.rst"
#: the document of the cases about the results file: the same for each (they take turns
#: in one project, each with a results file of its own), extracted once for all
RESULTS_DOC = {"spec/ygo/good.rst": document("好文档", example("good-2")).replace("{case}", "results")}

CASES: dict[str, Case] = {
    "card-unknown-field": Case(
        {CARDS: card_file(card("坏卡甲", "   :kind: 效果怪兽\n   :levle: 4\n"))},
        [r"cards/{case}\.rst:9: .*card 「坏卡甲」: unknown field ':levle:' of a card; closest: level"]),
    "card-unknown-word": Case(
        {CARDS: card_file(card("坏卡乙", "   :kind: 效果怪兽\n   :attribute: 光明\n"))},
        [r"cards/{case}\.rst:9: .*':attribute:' unknown attribute '光明'; closest: 光"]),
    "card-unknown-block": Case(
        {CARDS: card_file(card("坏卡丙", effects=ONE_EFFECT.format(action="那张卡被破坏掉")))},
        [r"cards/{case}\.rst:13: .*no action block matches '那张卡被破坏掉'; closest known block: "]),
    "card-missing-field": Case(
        {CARDS: card_file(card("坏卡丁", effects="   .. effect:: ①\n      :action: 那张卡破坏\n"))},
        [r"cards/{case}\.rst:11: .*the effect ① has no ':kind:'"]),
    "card-defined-twice": Case(
        {CARDS: card_file(card("破坏龙 甘多拉"))},
        # both places are named, whichever document is read first
        [r"cards/[\w-]+\.rst:\d+: .*card 「破坏龙 甘多拉」 is defined twice: also at spec/ygo/cards/[\w-]+\.rst:\d+"],
        alone=True),
    "example-naming-a-broken-card": Case(
        {CARDS: card_file(card("坏卡戊", "   :kind: 效果怪兽\n   :level: 四\n")),
         DOC: document("坏文档", example("bad-broken-card", "   假如 自己通常召唤「坏卡戊」\n"
                                                      "   那么 「坏卡戊」是通常召唤的怪兽\n"))},
        [r"cards/{case}\.rst:9: .*':level:' '四' is not a whole number",
         r"ygo/{case}\.rst:8: .*card 「坏卡戊」 is broken: spec/ygo/cards/{case}\.rst:9"], ["bad-broken-card"], run=True),
    "step-after-examples": Case(
        {DOC: document("坏文档", example("bad-after", "   假如 自己<方式>召唤「破坏龙 甘多拉」\n"
                                                     "   例子:\n     | 方式 |\n     | 通常 |\n"
                                                     "   那么 「破坏龙 甘多拉」是<方式>召唤的怪兽\n"))},
        [r"{case}\.rst:12: .*a step after the Examples table"], ["bad-after"]),
    "table-row-outside-steps": Case(
        {DOC: document("坏文档", example("bad-row", "   | 卡 |\n" + GOOD))},
        [r"{case}\.rst:8: .*table row that belongs to no step"], ["bad-row"]),
    "broken-table": Case(
        {DOC: document("坏文档", example("bad-table", GOOD + "     | a | b |\n     | 1 |\n"))},
        [r"{case}\.rst:12: .*inconsistent cell count"], ["bad-table"]),
    "placeholder-without-column": Case(
        {DOC: document("坏文档", example("bad-placeholder", "   假如 自己<方法>召唤「破坏龙 甘多拉」\n"
                                                           "   那么 「破坏龙 甘多拉」是<方式>召唤的怪兽\n"
                                                           "   例子:\n     | 方式 |\n     | 通常 |\n"))},
        [r"{case}\.rst:8: .*placeholder <方法> has no column"], ["bad-placeholder"]),
    "keyword-of-another-language": Case(
        {DOC: document("坏文档", example("bad-english", "   Given 自己通常召唤「破坏龙 甘多拉」\n"))},
        [r"{case}\.rst:8: .*'Given' is a Gherkin keyword of en"], ["bad-english"]),
    "japanese-keyword-in-chinese": Case(
        {DOC: document("坏文档", example("bad-japanese", "   前提 自己通常召唤「破坏龙 甘多拉」\n"))},
        [r"{case}\.rst:8: .*'前提' is a Gherkin keyword of ja"], ["bad-japanese"]),
    "tag-in-example": Case(
        {DOC: document("坏文档", example("bad-tag", "   @skip\n" + GOOD))},
        [r"{case}\.rst:8: .*tags are not allowed"], ["bad-tag"]),
    "no-steps": Case(
        {DOC: document("坏文档", example("bad-empty", ""), example("no-steps-good"))},
        [r"{case}\.rst:5: .*the example has no steps"], ["bad-empty"]),
    "no-title": Case(
        {DOC: document("坏文档", ".. example::\n   :id: bad-untitled\n\n" + GOOD)},
        [r"{case}\.rst:5: .*the example has no title"], ["bad-untitled"]),
    "unknown-option": Case(
        {DOC: document("坏文档", example("bad-option", options="   :colour: red\n"))},
        [r"{case}\.rst:7: .*unknown option ':colour:'"], ["bad-option"]),
    # docutils' own errors (the options are read with its parser: ReadsOwnOptions); the
    # example is not read at all, so the error is the build's
    "option-block-runs-into-steps": Case(
        {DOC: document("坏文档", ".. example:: bad-block\n   :id: bad-block\n" + GOOD)},
        [r'{case}\.rst:5: .*Error in "example" directive:\s*invalid option block']),
    "duplicate-option": Case(
        {DOC: document("坏文档", example("bad-twice", options="   :id: bad-again\n"))},
        [r'{case}\.rst:5: .*Error in "example" directive:\s*invalid option data: duplicate option "id"']),
    "unknown-status": Case(
        {DOC: document("坏文档", example("bad-status", options="   :status: passed\n"))},
        [r"{case}\.rst:7: .*unknown :status: 'passed'"], ["bad-status"]),
    "source-not-http": Case(
        {DOC: document("坏文档", example("bad-source", options="   :source: javascript:alert(1)\n"))},
        [r"{case}\.rst:7: .*source 'javascript:alert\(1\)' is not an http\(s\) URL"], ["bad-source"]),
    "undefined-step": Case(
        {DOC: document("坏文档", example("bad-step", "   假如 自己通常召唤「破坏龙 甘多拉」\n"
                                                    "   当 「破坏龙 甘多拉」变成里侧攻击表示\n"))},
        [r"{case}\.rst:9: .*no when phrase matches '「破坏龙 甘多拉」变成里侧攻击表示'; "
         r"closest known phrase: 当 「\{card\}」变成里侧守备表示"], ["bad-step"]),
    # examples that check nothing would pass whatever the engine does: not run, and why
    "checks-nothing": Case(
        {DOC: document(
            "坏文档",
            example("only-then", "   那么 「破坏龙 甘多拉」不是通常召唤的怪兽\n"),
            example("only-given", "   假如 自己通常召唤「破坏龙 甘多拉」\n"),
            example("no-then", "   假如 自己通常召唤「破坏龙 甘多拉」\n   当 「破坏龙 甘多拉」变成里侧守备表示\n"),
            example("then-first", "   那么 「破坏龙 甘多拉」不是通常召唤的怪兽\n   假如 自己通常召唤「破坏龙 甘多拉」\n"),
            example("checks-nothing-good"))},
        [r"{case}\.rst:8: .*「那么」写在任何「假如」「当」之前",
         r"{case}\.rst:14: .*这个例子什么也没有检查：没有「那么」步骤",
         r"{case}\.rst:21: .*这个例子什么也没有检查：没有「那么」步骤",
         r"{case}\.rst:27: .*「那么」写在任何「假如」「当」之前",
         r"not-run: only-given — could not be extracted: line 14: 这个例子什么也没有检查"],
        ["only-then", "only-given", "no-then", "then-first"], run=True),
    "unknown-card": Case(
        {DOC: document("坏文档", example("bad-card", "   假如 自己通常召唤「破坏龙 干多拉」\n"))},
        [r"{case}\.rst:8: .*unknown card 「破坏龙 干多拉」; closest: 「破坏龙 甘多拉」"], ["bad-card"]),
    "spell-summoned-in-a-given": Case(
        {DOC: document("坏文档", example("bad-spell", "   假如 自己通常召唤「月之书」\n"
                                                     "   那么 「月之书」是通常召唤的怪兽\n"))},
        [r"{case}\.rst:8: not-run: bad-spell — error in the example: 假如 自己通常召唤「月之书」: "
         r"设定不成立：「月之书」是魔法卡"], ["bad-spell"], run=True),
    "illegal-action-in-a-given": Case(
        {DOC: document("坏文档", example("bad-given", "   假如 「破坏龙 甘多拉」变成里侧守备表示\n"
                                                     "   那么 「破坏龙 甘多拉」是里侧表示\n"))},
        [r"{case}\.rst:8: not-run: bad-given — error in the example: 假如 「破坏龙 甘多拉」变成里侧守备表示: "
         r"设定不成立："], ["bad-given"], run=True),
    "duplicate-id": Case(
        {"spec/ygo/{case}-one.rst": document("文档一", example("twice")),
         "spec/ygo/{case}-two.rst": document("文档二", "\n\n" + example("twice"))},
        [r"{case}-two\.rst:7: .*duplicate example id 'twice': also used at spec/ygo/{case}-one\.rst:5",
         r"duplicate example id 'twice': spec/ygo/{case}-one\.rst:5 and spec/ygo/{case}-two\.rst:7"], ["twice"]),
    "duplicate-document-title": Case(
        {"spec/ygo/{case}-one.rst": document("同名", example("same-1")),
         "spec/ygo/{case}-two.rst": document("同名", example("same-2"))},
        [r"{case}-two\.rst:1: .*two documents have the title '同名 {case}': spec/ygo/{case}-one\.rst and "
         r"spec/ygo/{case}-two\.rst"]),
    "not-utf-8": Case(
        {DOC: document("坏文档", example("bad-bytes", "   假如 自己通常召唤「破坏龙 甘多拉」\n"))
         .encode("utf-8").replace("甘多拉".encode(), "甘多拉".encode("gb18030"))},
        [r"{case}\.rst:8: .*(undecodable|not valid UTF-8)"], ["bad-bytes"]),
    "language-unknown": Case(
        {"spec/misc/{case}.rst": document("坏文档", example("bad-where"))},
        [r"misc/{case}\.rst:5: .*cannot tell the game and Gherkin language"], ["bad-where"]),
    "game-unknown": Case(
        {"spec/misc/{case}.rst": document("坏文档", example("bad-game"), top=":game: os\n:gherkin-language: zh-CN\n\n")},
        [r"misc/{case}\.rst:8: .*no step vocabulary for game 'os'"], ["bad-game"]),
    "results-missing": Case(
        {DOC: document("好文档", example("good-1"))},
        [r"results\.json: no results file", r"spec/ygo/{case}\.rst:5: not-run: good-1 — no result"], ["good-1"]),
    "results-truncated": Case(
        RESULTS_DOC,
        [r"results\.json: not a readable results file"], ["good-2"],
        results=_results({"good-2": {"hash": "x", "status": "passed"}})[:30], alone=True),
    "results-older-format": Case(
        RESULTS_DOC,
        [r"results\.json: results format 0, expected 1"], ["good-2"],
        results=json.dumps({"format": 0, "results": {"good-2": {"status": "passed"}}}), alone=True),
    "results-for-other-text": Case(
        RESULTS_DOC,
        [r"spec/ygo/good\.rst:5: stale: good-2 — edited since its last run"], ["good-2"],
        results=_results({"good-2": {"hash": "0123456789abcdef", "status": "passed"}}), alone=True),
    "raw-html": Case(
        {DOC: document("坏文档", ".. raw:: html\n\n   <script>alert(1)</script>\n")},
        [r"{case}\.rst:5: .*'\.\. raw::' refused"]),
    "include-file": Case(
        {DOC: document("坏文档", ".. include:: /etc/passwd\n")},
        [r"{case}\.rst:5: .*'\.\. include::' refused"]),
}
PLACED = {name: case.placed(name) for name, case in CASES.items()}


@dataclass
class Outcome:
    """What one check printed and left: the manifest and the results file as they were
    right after it."""

    done: object
    manifest_text: str | None
    results: Path

    def output(self) -> str:
        return self.done.stdout + self.done.stderr

    def manifest(self) -> dict[str, dict]:
        assert self.manifest_text is not None, "no manifest written"
        return {e["id"]: e for e in json.loads(self.manifest_text)["examples"]}


_CHECKS = itertools.count()


def _check(box, run: bool, keep: Path) -> Outcome:
    done = box.rulings(*(("check",) if run else ("check", "--no-run")))
    manifest = box.build / "features" / "manifest.json"
    results = keep / f"{box.root.parent.name}-{next(_CHECKS)}.json"
    if (box.build / "results.json").exists():
        shutil.copy(box.build / "results.json", results)
    return Outcome(done, manifest.read_text(encoding="utf-8") if manifest.exists() else None, results)


def _together(box, names: list[str], run: bool, keep: Path) -> dict[str, list[Outcome]]:
    """Every case of ``names`` in one project, checked at once (twice without a run: the
    second check reads nothing new and must report the same problems)."""
    for name in names:
        for path, text in PLACED[name].files.items():
            box.write(path, text)
    checks = [_check(box, run, keep) for _ in range(1 if run else 2)]
    return {name: checks for name in names}


def _take_turns(box, names: list[str], keep: Path) -> dict[str, list[Outcome]]:
    """Each case of ``names`` alone in the project: written, checked, removed (a case
    whose files are those of the case before finds them as they are, extracted)."""
    outcomes = {}
    written: dict = {}  # the files of the case before, still in the project
    extracted = False  # and extracted since they were written
    for name in names:
        case = PLACED[name]
        # what the case before ran is no result of this one
        for leftover in (box.build / "results.json", box.build / "run-receipt.json"):
            leftover.unlink(missing_ok=True)
        if case.files != written:
            for path in written:
                (box.root / path).unlink()
            for path, text in case.files.items():
                box.write(path, text)
            written, extracted = dict(case.files), False
        if case.results is not None:
            if not extracted:
                # extract first, so that only the results file is wrong
                box.rulings("check", "--no-run")
                extracted = True
            box.write("build/results.json", case.results)
        outcomes[name] = [_check(box, case.run, keep)]
    for path in written:
        (box.root / path).unlink()
    return outcomes


#: the projects: the cases that only need the extraction, those whose examples run, and
#: those that need the project to themselves
GROUPS = {
    "extracted": [n for n, c in CASES.items() if not c.alone and not c.run],
    "run": [n for n, c in CASES.items() if not c.alone and c.run],
    "alone": [n for n, c in CASES.items() if c.alone],
}


#: the check of an engine that breaks an invariant (``BUGGY_ENGINE``, in the runner's
#: folder: every example of a project runs it), a turn of its own after the others
BROKEN_ENGINE = "broken-engine"


def _broken_engine_turn(box, keep: Path) -> dict[str, list[Outcome]]:
    """A document with one example, checked with ``BUGGY_ENGINE`` beside the runner:
    written, checked, removed (as a case of ``_take_turns``)."""
    for leftover in (box.build / "results.json", box.build / "run-receipt.json"):
        leftover.unlink(missing_ok=True)
    files = {"spec/ygo/good.rst": document("好文档", example("good-1")).replace("{case}", "invariant"),
             "tests/examples/conftest.py": BUGGY_ENGINE}
    for path, text in files.items():
        box.write(path, text)
    outcome = _check(box, True, keep)
    for path in files:
        (box.root / path).unlink()
    return {BROKEN_ENGINE: [outcome]}


@pytest.fixture(scope="module")
def outcomes(sandboxes, tmp_path_factory):
    keep = tmp_path_factory.mktemp("bad-input-results")
    boxes = {name: sandboxes(name) for name in ("extracted", "run")}

    def run_then_alone():
        """The run project, then (its cases' files removed) the project the others take
        turns in: not a project of its own extracted from nothing (issue 23)."""
        together = _together(boxes["run"], GROUPS["run"], True, keep)
        for name in GROUPS["run"]:
            for path in PLACED[name].files:
                (boxes["run"].root / path).unlink()
        return {**together, **_take_turns(boxes["run"], GROUPS["alone"], keep),
                **_broken_engine_turn(boxes["run"], keep)}

    jobs = {"extracted": lambda: _together(boxes["extracted"], GROUPS["extracted"], False, keep),
            "run, then alone": run_then_alone}
    done = run_all(jobs, workers=len(jobs))
    return {case: checks for group in done.values() for case, checks in group.items()}


@pytest.mark.parametrize("name", list(CASES))
def test_bad_input_is_reported_with_its_place(outcomes, name):
    case = PLACED[name]
    for outcome in outcomes[name]:
        done = outcome.done
        output = outcome.output()
        assert done.returncode != 0, output
        assert "Traceback" not in output, output
        for pattern in case.expect:
            assert re.search(pattern, output), f"{pattern!r} not in:\n{output}"
        last = done.stdout.strip().splitlines()[-1]
        assert re.match(r"^\d+ passed, \d+ failed", last), last
        if case.ids:
            manifest = outcome.manifest()
            from rulings import results as results_mod

            try:
                results = {"results": results_mod.load(outcome.results)}
            except results_mod.ResultsError:
                results = {}
            for ident in case.ids:
                # counted, and not shown as passed
                assert ident in manifest, f"{ident} is not in the manifest: silently dropped"
                assert re.search(rf"\b(not-run|stale|failed): {re.escape(ident)} ", output) or \
                    re.search(rf"{re.escape(ident)}.*(could not|not-run|stale|no result)", output), output
                if case.results is None:
                    # a broken example is not run; "stale" means only "edited since its last run"
                    assert not re.search(rf"\bstale: {re.escape(ident)} ", output), output
                entry = (results.get("results") or {}).get(ident) if isinstance(results, dict) else None
                assert not entry or entry.get("status") != "passed" or case.results is not None


@pytest.mark.parametrize("group", ["extracted", "run"])
def test_cases_sharing_a_project_do_not_disturb_one_another(outcomes, group):
    """Each line of a shared check that names documents names those of one case: no
    case made another's report (a title, an id or a card of one case met in another
    would name both cases' files), and every case of the project is reported."""
    names = GROUPS[group]
    owner = {path: name for name in names for path in PLACED[name].files}
    for outcome in outcomes[names[0]]:
        reported = set()
        for line in outcome.output().splitlines():
            files = set(re.findall(r"spec/[\w/-]+\.rst", line))
            cases = {owner.get(f) for f in files}
            assert len(cases) <= 1 and None not in cases, line
            reported |= cases
        assert reported == set(names), set(names) - reported


def test_the_table_in_the_docs_lists_every_case():
    from pathlib import Path

    table = (Path(__file__).resolve().parents[2] / "docs" / "bad-input.md").read_text(encoding="utf-8")
    missing = [name for name in CASES if f"`{name}`" not in table]
    assert not missing, f"docs/bad-input.md has no row for {missing}"


BROKEN = document("坏文档", example("bad-option", options="   :colour: red\n"),
                  example("bad-step", "   假如 自己通常召唤「破坏龙 甘多拉」\n   当 「破坏龙 甘多拉」飞走了\n")
                  ).replace("{case}", "W")


def test_sphinx_build_W_makes_every_warning_an_error_with_its_place_every_time(sandbox):
    sandbox.write("spec/ygo/bad.rst", BROKEN)
    for attempt in (1, 2):  # the second build reads nothing new, and must still fail
        done = sandbox.sphinx_build("-W", "-b", "gherkin", "spec", "build/w")
        assert done.returncode != 0, (attempt, sandbox.output(done))
        assert re.search(r"bad\.rst:7: (WARNING|ERROR): unknown option ':colour:'", done.stderr), (attempt, done.stderr)
        assert re.search(r"bad\.rst:18: (WARNING|ERROR): no when phrase matches", done.stderr), (attempt, done.stderr)


# -- engine invariants: checked after every step, a broken one names the step ----------

def _board():
    from rulings.core import Board, Zone
    from rulings.core.zones import HiddenTo

    board = Board()
    zones = {}
    for p in (0, 1):
        zones[p, "hand"] = board.add_zone(Zone("hand", p, HiddenTo.ALL_BUT_OWNER))
        zones[p, "field"] = board.add_zone(Zone("field", p, HiddenTo.ALL_BUT_CONTROLLER))
        zones[p, "grave"] = board.add_zone(Zone("grave", p, public=True))
    return board, zones


class _Def:
    name = "卡"


@pytest.mark.parametrize("breakage, message", [
    ("two-zones", "in more than one zone"),
    ("same-object", "object id"),
    ("wrong-zone", "says it is elsewhere"),
    ("face-down-in-public", "face down in the public zone"),
    ("seen-by-stranger", "not players of this game"),
    ("hidden-visible", "visible to every player"),
])
def test_the_board_notices_an_impossible_state(breakage, message):
    from rulings.core.errors import InvariantBroken

    board, zones = _board()
    card = board.new_card(_Def(), 0, zones[0, "field"], face_up=False)
    other = board.new_card(_Def(), 1, zones[1, "hand"])
    board.check_invariants()  # a sound board
    if breakage == "two-zones":
        zones[1, "field"].cards.append(card)
    elif breakage == "same-object":
        other.object_id = card.object_id
    elif breakage == "wrong-zone":
        card.zone = zones[1, "field"]
    elif breakage == "face-down-in-public":
        zones[0, "field"].cards.remove(card)
        zones[0, "grave"].cards.append(card)
        card.zone = zones[0, "grave"]
    elif breakage == "seen-by-stranger":
        card.seen_by.add(7)
    elif breakage == "hidden-visible":
        board.can_see = lambda player, c: True  # a visibility rule that shows everything
    with pytest.raises(InvariantBroken, match=message):
        board.check_invariants()


def test_a_broken_invariant_names_the_step_that_broke_it():
    from rulings.core.errors import InvariantBroken
    from rulings.vocabulary import Term, Vocabulary

    class World:
        broken = False

        def trace(self):
            return []

        def check_invariants(self):
            if self.broken:
                raise InvariantBroken("「卡」 is in more than one zone")

    v = Vocabulary(game="t", language="zh-CN", new_world=World, card_names=lambda: ["卡"])
    v.term(Term("card", r"[^「」]+", names_card=True))

    @v.when("「{card}」被复制")
    def duplicate(world, card):
        world.broken = True

    phrase, args = v.match("when", "「卡」被复制")
    with pytest.raises(InvariantBroken, match=r"after when 「「\{card\}」被复制」\(card='卡'\): 「卡」 is in more than one zone"):
        phrase.run(World(), args)


def test_an_action_the_rules_refuse_is_a_set_up_error_in_a_given_and_an_outcome_in_a_when():
    from rulings.core.errors import IllegalAction, SetupError
    from rulings.vocabulary import Term, Vocabulary

    class World:
        def trace(self):
            return []

        def check_invariants(self):
            pass

    v = Vocabulary(game="t", language="zh-CN", new_world=World, card_names=lambda: ["卡"])
    v.term(Term("card", r"[^「」]+", names_card=True))

    @v.phrase(("given", "when"), "「{card}」飞走")
    def fly(world, card):
        raise IllegalAction(f"「{card}」 cannot fly")

    given_phrase, args = v.match("given", "「卡」飞走")
    with pytest.raises(SetupError, match="the rules do not allow this set-up: 「卡」 cannot fly"):
        given_phrase.run(World(), args)
    when_phrase, args = v.match("when", "「卡」飞走")
    with pytest.raises(IllegalAction) as err:
        when_phrase.run(World(), args)
    assert not isinstance(err.value, SetupError)


BUGGY_ENGINE = """\
import rulings.ygo.duel as duel
import rulings.ygo.moves as moves

_turn = moves.Moves.turn_face_down


def turn_face_down(self, card, reason=""):
    _turn(self, card, reason)
    self.duel.board.zone(1, duel.MONSTER).cards.append(card)  # a bug: the card is now in two zones


moves.Moves.turn_face_down = turn_face_down
"""


def test_a_broken_invariant_fails_the_example_at_its_step(outcomes):
    # a turn of the project the cases that need it to themselves take turns in, after them
    [outcome] = outcomes[BROKEN_ENGINE]
    done = outcome.done
    assert done.returncode != 0
    # the page's words (the step after which the state broke), then the engine's English detail
    assert re.search(r"good\.rst:9: failed: good-1 — 当 「破坏龙 甘多拉」变成里侧守备表示: 引擎的不变式被破坏："
                     r"「「\{card\}」变成里侧守备表示」这一步之后 "
                     r"\(after when 「「\{card\}」变成里侧守备表示」\(card='破坏龙 甘多拉'\): .* in more than one zone\)",
                     done.stdout), done.stdout

"""The card format machinery, on a toy game: fields, closed word sets, building blocks,
hooks, and the catalogue built from records."""

from __future__ import annotations

import json

import pytest

from rulings import cardformat as cf
from rulings.core.errors import SetupError, UnknownCard
from rulings.vocabulary import PhraseBook, Term

BLOCKS = PhraseBook("toy", "zh-CN", kinds=("target", "action"))
BLOCKS.term(Term("n", r"\d+", int))
BLOCKS.term(Term.choice("side", {"自己": 0, "对方": 1}))


@BLOCKS.phrase("target", "{side}场上{n}只怪兽")
def _target(side, n):
    return ("target", side, n)


@BLOCKS.phrase("action", "那只怪兽破坏")
def _destroy():
    return "destroy"


@BLOCKS.phrase("action", "抽{n}张卡")
def _draw(n):
    if n > 5:
        raise ValueError("at most 5 cards")
    return ("draw", n)


KINDS = {"起动": "ignition", "诱发": "trigger"}


def _make(parsed: cf.ParsedCard, fmt: cf.CardFormat):
    if parsed.value("level", 0) > 12:
        raise ValueError("a level is at most 12")
    return {"name": parsed.name, "level": parsed.value("level"),
            "effects": [(e.label, e.value("kind"), e.built("target"), e.built("action"), e.hook)
                        for e in parsed.effects]}


FORMAT = cf.CardFormat(
    game="toy", blocks=BLOCKS,
    card_fields=(cf.Field("level", "level", cf.number, required=True), cf.Field("english", "English name"), cf.HOOK),
    effect_fields=(cf.Field("kind", "kind", cf.one_of(KINDS, "effect kind"), required=True),
                   cf.Field("target", "targets", blocks="target"), cf.Field("action", "what it does", blocks="action"),
                   cf.HOOK),
    make=_make, hooks={"special": lambda: None}, alias_fields=("english",))


def card(name="甲", fields=None, effects=()):
    return {"name": name, "game": "toy", "source": "spec/toy/cards/a.rst", "line": 10,
            "fields": {"level": "4", **(fields or {})}, "lines": {"level": 11},
            "text": "", "effects": list(effects)}


def effect(label="①", **fields):
    return {"label": label, "line": 20, "fields": fields, "lines": {k: 21 for k in fields}, "text": ""}


def test_a_card_is_built_from_fields_and_blocks():
    built = FORMAT.build(card(effects=[effect(kind="起动", target="对方场上1只怪兽", action="那只怪兽破坏；抽2张卡")]))
    assert built == {"name": "甲", "level": 4,
                     "effects": [("①", "ignition", [("target", 1, 1)], ["destroy", ("draw", 2)], None)]}


def test_blocks_may_be_written_one_per_line():
    built = FORMAT.build(card(effects=[effect(kind="起动", action="那只怪兽破坏\n抽1张卡")]))
    assert built["effects"][0][3] == ["destroy", ("draw", 1)]


@pytest.mark.parametrize("record, line, words", [
    (card(fields={"levle": "4"}), 10, ["unknown field ':levle:'", "level"]),
    (card(fields={"level": "四"}), 11, ["':level:'", "not a whole number"]),
    (card(effects=[effect(kind="起劢")]), 21, ["unknown effect kind '起劢'", "起动"]),
    (card(effects=[effect(kind="起动", action="那只怪兽被破坏")]), 21, ["no action block", "那只怪兽破坏"]),
    (card(effects=[effect(kind="起动", action="抽9张卡")]), 21, ["at most 5"]),
    (card(effects=[effect(action="那只怪兽破坏")]), 20, ["has no ':kind:'"]),
    (card(effects=[effect(kind="起动", hook="specail 因为")]), 21, ["unknown hook 'specail'", "special"]),
    (card(effects=[effect(kind="起动", hook="special")]), 20, ["say in one line why"]),
    (card(effects=[effect(kind="起动"), effect(kind="诱发")]), 20, ["defined twice"]),
    (card(fields={"level": "13"}), 10, ["at most 12"]),
])
def test_every_problem_is_reported_at_its_line(record, line, words):
    problems = FORMAT.problems(record)
    assert problems, record
    assert problems[0].line == line and problems[0].source == "spec/toy/cards/a.rst"
    for word in words:
        assert word in str(problems[0])
    with pytest.raises(cf.CardDataError):
        FORMAT.build(record)


def test_a_hook_with_its_reason_is_accepted_and_counted_as_code():
    record = card(effects=[effect(kind="起动", hook="special 处理的顺序本身就是裁定")])
    assert FORMAT.build(record)["effects"][0][4] == "special"
    assert cf.uses_code(record) and not cf.uses_code(card())


def test_the_catalogue_builds_cards_and_reports_broken_ones(tmp_path, monkeypatch):
    monkeypatch.setattr(cf, "format_of", lambda game: FORMAT)
    catalogue = cf.Catalogue("toy", lambda: FORMAT)
    good = card("甲", fields={"english": "Alpha"})
    broken = card("乙", fields={"level": "x"})
    (tmp_path / "toy.json").write_text(json.dumps({"format": cf.FORMAT_VERSION, "cards": [good, broken]}),
                                       encoding="utf-8")
    cf.use_cards_dir(tmp_path)
    try:
        assert catalogue["甲"]["level"] == 4
        assert catalogue["Alpha"] is catalogue["甲"]
        assert sorted(catalogue.names()) == sorted(["甲", "Alpha"])
        with pytest.raises(cf.CardDataError, match=r"a.rst:11"):
            catalogue["乙"]
        with pytest.raises(UnknownCard, match="甲"):
            catalogue["甲二"]
    finally:
        cf.use_cards_dir(tmp_path / "elsewhere")
        cf._CARDS_DIR[0] = None


def test_a_missing_card_file_says_what_to_do(tmp_path):
    with pytest.raises(SetupError, match="build the documents first"):
        cf.read_records(tmp_path / "none.json")

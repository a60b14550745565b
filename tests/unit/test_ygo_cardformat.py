"""The Yu-Gi-Oh! card format: records become card definitions; typos are errors at their
line with the nearest known word; the building blocks serve new cards with no Python."""

from __future__ import annotations

import pytest

from engine.cardformat import CardDataError
from engine.ygo import memory
from engine.ygo.blocks import BLOCKS, describe
from engine.ygo.cardformat import FORMAT
from engine.ygo.duel import Duel


def card(name="测试卡", fields=None, effects=()):
    base = {"kind": "效果怪兽", "attribute": "暗", "level": "4", "atk": "1000", "def": "1000"}
    return {"name": name, "game": "ygo", "source": "spec/ygo/cards/t.rst", "line": 5,
            "fields": {**base, **(fields or {})}, "lines": {k: 6 for k in base}, "text": "",
            "effects": list(effects)}


def effect(label="①", **fields):
    fields = {k.replace("_", "-"): v for k, v in fields.items()}
    return {"label": label, "line": 20, "fields": fields, "lines": {k: 21 for k in fields}, "text": ""}


def test_a_card_is_built():
    d = FORMAT.build(card(effects=[effect(kind="起动", **{"once_per_turn": "这张卡"}, target="场上1张卡",
                                          action="那张卡破坏")]))
    assert d.is_monster and "effect" in d.types and d.level == 4 and d.atk == 1000
    e = d.effect("①")
    assert (e.kind, e.targets, e.once_per_turn) == ("ignition", 1, "card")


@pytest.mark.parametrize("record, words", [
    (card(fields={"attribute": "黯"}), ["unknown attribute '黯'"]),
    (card(fields={"kind": "效果怪獸"}), ["unknown card kind", "效果怪兽"]),
    (card(effects=[effect(kind="起劢", action="这张卡破坏")]), ["unknown effect kind '起劢'", "起动"]),
    (card(effects=[effect(kind="起动", action="那张卡粉碎")]), ["no action block matches", "closest known block"]),
    (card(effects=[effect(kind="起动", target="场上1张蓝色的卡", action="那张卡破坏")]),
     ["cannot read the description"]),
    (card(effects=[effect(kind="诱发", action="这张卡破坏")]), ["needs ':event:'"]),
    (card(effects=[effect(kind="永续", action="这张卡破坏")]), ["not activated"]),
    (card(fields={"rulings": "no-such-ruling"}), ["unknown card ruling"]),
    (card(fields={"hook": "no-such-hook 因为"}), ["unknown hook"]),
])
def test_mistakes_are_errors_with_the_nearest_word(record, words):
    problems = FORMAT.problems(record)
    assert problems, record
    text = " ".join(str(p) for p in problems)
    for word in words:
        assert word in text, text
    assert all(isinstance(p, CardDataError) for p in problems)


def test_descriptions_read_qualifiers():
    for text in ("表侧表示怪兽", "4星以下的「磁石战士」怪兽", "这个回合攻击过的X怪兽", "攻击力2000以上的暗属性怪兽",
                 "仪式·融合·同调·超量·灵摆·连接怪兽", "「废铁战士」", "卡"):
        describe(text)
    with pytest.raises(ValueError):
        describe("紫色怪兽")


def test_blocks_never_name_a_card():
    """A block's fixed words never hold a card name: names come through placeholders."""
    for phrase in BLOCKS.phrases:
        assert "「" not in phrase.template.replace("「{name}」", ""), phrase.template


def test_what_a_face_down_monster_is_given_is_one_table():
    assert memory.given_face_down("indestructible-effect") and memory.given_face_down("double-attack")
    assert not memory.given_face_down("unaffected") and not memory.given_face_down("atk")
    assert not memory.given_face_down("untargetable")
    # every lasting effect has a kind, and every kind is a ruling some lasting effect is of
    assert set(memory.KIND_OF.values()) == set(memory.GIVEN_FACE_DOWN)
    assert set(memory.LASTING_EXCEPTIONS) <= set(memory.CARD_RULINGS)


NEW = [
    card("新卡 不坏之壁", effects=[effect(kind="永续",
                                      static="只要这张卡在怪兽区域表侧表示存在，这张卡不会被效果破坏")]),
    card("新卡 自缚者", effects=[effect(kind="起动", restriction="这个效果发动的回合，这张卡不能攻击",
                                     action="自己从卡组抽1张")]),
    card("新卡 墓地诱发者", effects=[effect(kind="诱发", event="这张卡被送去墓地的场合", zone="墓地",
                                       action="自己从卡组抽1张")]),
    card("新卡 封战者", effects=[effect(kind="起动", restriction="这张卡发动的回合，自己不能进行战斗阶段",
                                     action="自己从卡组抽1张")]),
    card("新卡 不攻者", effects=[effect(kind="永续", static="这张卡不能攻击")]),
]


@pytest.fixture
def duel():
    from engine.ygo.catalogue import CATALOGUE

    saved = CATALOGUE.records and list(CATALOGUE.records.values())
    CATALOGUE.load_records([*(saved or []), *NEW])
    yield Duel()
    CATALOGUE.forget()


def test_new_cards_work_with_no_python(duel):
    wall = duel.new_card("新卡 不坏之壁", 0)
    duel.summoned_earlier(wall, 0)
    assert duel.why_not_destroyed(wall, by_effect=wall, by_player=1, consume=False)
    duel.turn_face_down(wall)
    assert duel.why_not_destroyed(wall, by_effect=wall, by_player=1, consume=False) is None

    binder = duel.new_card("新卡 自缚者", 0)
    duel.summoned_earlier(binder, 0)
    duel.activate(binder, "①")
    duel.resolve_chain()
    duel.enter_phase("battle")
    assert duel.why_cannot_attack(binder)

    lazy = duel.new_card("新卡 不攻者", 0)
    duel.summoned_earlier(lazy, 0)
    assert duel.why_cannot_attack(lazy)

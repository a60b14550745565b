"""The Yu-Gi-Oh! card format: records become card definitions; typos are errors at their
line with the nearest known word; the building blocks serve new cards with no Python."""

from __future__ import annotations

import pytest

from rulings.cardformat import CardDataError
from rulings.ygo import memory
from rulings.ygo.blocks import BLOCKS, describe
from rulings.ygo.cardformat import FORMAT
from rulings.ygo.duel import MONSTER, Duel

#: the engine builds games of the cards the documents define
pytestmark = pytest.mark.usefixtures("extracted")


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
    card("新卡 一次者", effects=[effect(kind="起动", once_per_turn="决斗中", action="自己从卡组抽1张")]),
]


@pytest.fixture
def duel():
    from rulings.ygo.catalogue import CATALOGUE

    saved = CATALOGUE.records and list(CATALOGUE.records.values())
    CATALOGUE.load_records([*(saved or []), *NEW])
    yield Duel()
    CATALOGUE.forget()


def test_new_cards_work_with_no_python(duel):
    wall = duel.new_card("新卡 不坏之壁", 0)
    duel.summon_rules.summoned_earlier(wall, 0)
    assert duel.value_rules.why_not_destroyed(wall, by_effect=wall, by_player=1, consume=False)
    duel.move_rules.turn_face_down(wall)
    assert duel.value_rules.why_not_destroyed(wall, by_effect=wall, by_player=1, consume=False) is None

    binder = duel.new_card("新卡 自缚者", 0)
    duel.summon_rules.summoned_earlier(binder, 0)
    duel.chain_rules.activate(binder, "①")
    duel.chain_rules.resolve_chain()
    duel.enter_phase("battle")
    assert duel.battle_rules.why_cannot_attack(binder)

    lazy = duel.new_card("新卡 不攻者", 0)
    duel.summon_rules.summoned_earlier(lazy, 0)
    assert duel.battle_rules.why_cannot_attack(lazy)


# -- where a block is used: an action that cannot apply there is an error at its line --------

def _trap(action, target=None, line=31):
    fields = {"kind": "发动", "action": action}
    if target:
        fields["target"] = target
    e = {"label": "发动", "line": 30, "fields": fields, "lines": {"kind": 30, "target": 32, "action": line},
         "text": ""}
    return {"name": "测试 陷阱", "game": "ygo", "source": "spec/ygo/cards/t.rst", "line": 5,
            "fields": {"kind": "通常陷阱"}, "lines": {"kind": 6}, "text": "", "effects": [e]}


def _problem(record) -> CardDataError:
    problems = FORMAT.problems(record)
    assert len(problems) == 1, problems
    return problems[0]


def test_leaving_the_field_of_what_the_effect_did_not_summon_is_an_error_at_its_line():
    """『那只怪兽从场上离开时这张卡破坏』 works only for a monster the effect special summoned."""
    err = _problem(_trap("那只怪兽的效果直到回合结束时无效；那只怪兽从场上离开时这张卡破坏", target="场上1只怪兽",
                         line=33))
    assert (err.source, err.line) == ("spec/ygo/cards/t.rst", 33)
    assert "no earlier action" in err.message and "special summon" in err.message
    # after a special summon it is what the effect summoned: fine
    assert not FORMAT.problems(_trap("那只怪兽特殊召唤；那只怪兽从场上离开时这张卡破坏", target="自己墓地1只怪兽"))


def test_the_targeted_monster_after_the_effect_special_summoned_it_is_an_error_at_its_line():
    """『那只X怪兽』 after a special summon would point at the card left in the graveyard."""
    err = _problem(_trap("那只怪兽特殊召唤；那只怪兽的效果直到回合结束时无效", target="自己墓地1只怪兽", line=34))
    assert err.line == 34 and "new object" in err.message and "这个效果特殊召唤的怪兽" in err.message
    err = _problem(_trap("那只怪兽特殊召唤；那只暗属性怪兽破坏", target="自己墓地1只怪兽", line=35))
    assert err.line == 35 and "new object" in err.message
    assert not FORMAT.problems(_trap("那只怪兽特殊召唤；这个效果特殊召唤的怪兽不能攻击", target="自己墓地1只怪兽"))


def test_acting_on_a_target_with_nothing_targeted_is_an_error_at_its_line():
    err = _problem(_trap("那只怪兽破坏", line=36))
    assert err.line == 36 and "targets nothing" in err.message


# -- the grammar of events, conditions, costs and restrictions (engine/ygo/grammar.py) ------

@pytest.mark.parametrize("text, kind", [
    ("这张卡上级召唤成功的场合", "summoned"), ("这张卡上级召唤成功时", "summoned"),
    ("这张卡从墓地特殊召唤的场合", "summoned"), ("这张卡召唤·特殊召唤的场合", "summoned"),
    ("这张卡从场上送去墓地的场合", "to-graveyard"), ("这张卡被战斗破坏送去墓地时", "to-graveyard"),
    ("这张卡被战斗破坏的场合", "destroyed"), ("这张卡被除外的场合", "banished"), ("这张卡反转的场合", "flipped"),
    ("表侧表示的这张卡从场上离开的场合", "left-field"), ("这张卡的攻击宣言时", "attack-declared"),
    ("对方场上的怪兽被破坏的场合", "destroyed"), ("自己场上的4星以下的怪兽从场上离开的场合", "left-field"),
    ("这张卡上级召唤的回合的结束阶段", "end-phase"),
])
def test_events_are_a_subject_what_happened_and_a_timing_word(text, kind):
    found = BLOCKS.match("event", text)
    assert found is not None, text
    phrase, args = found
    assert phrase.action(**args)[0] == kind


@pytest.mark.parametrize("text, block", [
    ("这张卡上级召唤成功时", "event"), ("从墓地特殊召唤的这张卡", "condition"), ("这张卡从手卡特殊召唤过", "condition"),
    ("自己场上有「十二兽」怪兽存在", "condition"), ("自己场上没有怪兽存在", "condition"),
    ("对方场上有2只以上怪兽存在", "condition"), ("把自己场上1只表侧表示的怪兽除外", "cost"),
    ("把1张手卡丢弃", "cost"), ("这个效果发动的回合，这张卡不能攻击", "restriction"),
])
def test_the_grammar_reads_what_the_rules_say(text, block):
    assert BLOCKS.match(block, text) is not None, text


@pytest.mark.parametrize("text, block, words", [
    ("这张卡反转召唤的场合", "event", None), ("对方受到战斗伤害的场合", "event", None),
    ("这张卡受到战斗伤害的场合", "event", "受到战斗伤害"), ("把这张卡从手卡回到持有者手卡", "cost", "cannot pay"),
])
def test_the_grammar_refuses_what_the_engine_cannot_do(text, block, words):
    phrase, args = BLOCKS.match(block, text)
    if words is None:
        phrase.action(**args)
        return
    with pytest.raises(ValueError, match=words):
        phrase.action(**args)


def test_descriptions_compare_with_this_card_and_know_where_a_monster_was_summoned_from():
    duel = Duel()
    gaia = duel.new_card("暗黑骑士 盖亚", 0)        # 2300 ATK, level 7
    golem = duel.new_card("番兵石人", 1, "graveyard")   # 800 ATK, level 3
    magician = duel.new_card("黑魔术师", 1)          # 2500 ATK, level 7
    duel.summon_rules.place(gaia, MONSTER, 0)                     # on the field, never summoned
    duel.summon_rules.summon(golem, "special", 1)
    duel.summon_rules.summon(magician, "special", 1)
    lower, higher = describe("攻击力比这张卡低的怪兽"), describe("攻击力比这张卡高的怪兽")
    assert lower(duel, gaia, golem) and not lower(duel, gaia, magician) and not lower(duel, gaia, gaia)
    assert higher(duel, gaia, magician) and not higher(duel, gaia, golem)
    assert describe("等级比这张卡低的怪兽")(duel, gaia, golem) and not describe("等级比这张卡低的怪兽")(duel, gaia, magician)
    from_graveyard, from_hand = describe("从墓地特殊召唤的怪兽"), describe("从手卡特殊召唤的怪兽")
    assert from_graveyard(duel, gaia, golem) and not from_graveyard(duel, gaia, magician)
    assert from_hand(duel, gaia, magician) and not from_hand(duel, gaia, gaia)
    # the same words make the condition of this card (grammar.done)
    phrase, args = BLOCKS.match("condition", "从墓地特殊召唤的这张卡")
    condition = phrase.action(**args)
    assert condition(duel, golem) and not condition(duel, magician)


def test_has_been_flipped_is_a_condition_of_this_card_erased_when_it_is_turned_face_down():
    """『反转过的这张卡』『这张卡反转过』: what the card remembers since it was flipped (by an
    effect, an attack or a flip summon), until it is turned face-down again."""
    duel = Duel()
    gaia = duel.new_card("暗黑骑士 盖亚", 0)
    duel.summon_rules.place(gaia, MONSTER, 0)
    flipped = [BLOCKS.match("condition", text) for text in ("反转过的这张卡", "这张卡反转过")]
    conditions = [phrase.action(**args) for phrase, args in flipped]
    assert not any(c(duel, gaia) for c in conditions)
    duel.move_rules.turn_face_down(gaia, reason="test")
    duel.move_rules.flip_face_up(gaia, reason="test")
    assert all(c(duel, gaia) for c in conditions)
    duel.move_rules.turn_face_down(gaia, reason="test")
    assert not any(c(duel, gaia) for c in conditions)


def test_an_effect_usable_once_per_duel_stays_used_on_later_turns_and_for_other_copies(duel):
    """『这个卡名的效果在决斗中只能使用1次』 (:once-per-turn: 决斗中): counted per player and name, for the
    whole duel."""
    for _ in range(3):
        duel.summon_rules.place(duel.new_card("暗黑骑士 盖亚", 0, "deck"), "deck", 0)
    first = duel.new_card("新卡 一次者", 0)
    duel.summon_rules.summon(first, "normal", 0)
    assert duel.chain_rules.why_cannot_activate(first, "①", 0) is None
    duel.chain_rules.activate(first, "①")
    duel.chain_rules.resolve_chain()
    assert "在这次决斗中已经使用过" in duel.chain_rules.why_cannot_activate(first, "①", 0)
    duel.end_turn()
    duel.end_turn()
    assert "在这次决斗中已经使用过" in duel.chain_rules.why_cannot_activate(first, "①", 0)
    second = duel.new_card("新卡 一次者", 1)
    duel.summon_rules.summon(second, "special", 1)
    duel.end_turn()
    assert duel.chain_rules.why_cannot_activate(second, "①", 1) is None

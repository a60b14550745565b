"""The Yu-Gi-Oh! engine without the documents: the memory table and a few mechanisms."""

from __future__ import annotations

import pytest

from rulings.core import IllegalAction
from rulings.ygo.duel import Duel
from rulings.ygo.memory import ERASED_BY, EXCEPTIONS, STANDARD, Info, Transition, erased_by

#: the engine builds games of the cards the documents define
pytestmark = pytest.mark.usefixtures("extracted")

T = Transition


# -- the table ----------------------------------------------------------------------------

def test_every_item_has_a_row_and_leaving_the_field_erases_it():
    assert set(ERASED_BY) == set(Info)
    for info, erase in ERASED_BY.items():
        assert T.LEFT_FIELD in erase, info


def test_face_down_and_temporary_banish_rows():
    down = {i for i, e in ERASED_BY.items() if T.TURNED_FACE_DOWN in e}
    temp = {i for i, e in ERASED_BY.items() if T.BANISHED_TEMPORARILY in e}
    # kept by both: how it was summoned (but pendulum / flip / gemini)
    for kept in (Info.NORMAL_SUMMONED, Info.TRIBUTE_SUMMONED, Info.SPECIAL_SUMMONED, Info.SYNCHRO_SUMMONED,
                 Info.XYZ_SUMMONED, Info.FUSION_SUMMONED, Info.RITUAL_SUMMONED, Info.MATERIAL_LINK):
        assert kept not in down and kept not in temp
    assert Info.PENDULUM_SUMMONED in down and Info.PENDULUM_SUMMONED not in temp
    assert Info.FLIP_SUMMONED in temp and Info.FLIP_SUMMONED in down
    # this turn's summon or set: kept when turned face-down, lost by a temporary banish
    # (FAQ fid=16901, 24069); the card's own 『召唤的回合』 effects need no break at all
    for this_turn in (Info.SUMMONED_THIS_TURN, Info.SET_THIS_TURN):
        assert this_turn not in down and this_turn in temp
    assert ERASED_BY[Info.UNBROKEN_SINCE_SUMMONED] >= STANDARD
    assert Info.SUMMONED_FROM in down and Info.SUMMONED_FROM not in temp
    assert Info.ATTACKED in temp and Info.ATTACKED not in down
    assert Info.DESTROYED_BY_BATTLE in down and Info.DESTROYED_BY_BATTLE not in temp
    for both in (Info.BATTLED, Info.SUMMON_MATERIALS, Info.SUMMONED_BY_EFFECT, Info.USED_THIS_TURN,
                 Info.COUNTERS, Info.COUNT, Info.TARGET_LINK, Info.NEGATED, Info.LASTING, Info.GEMINI_RESUMMONED):
        assert ERASED_BY[both] >= STANDARD, both
    # control changes erase nothing a card remembers: it is the same card
    assert not any(T.CONTROL_CHANGED in e for e in ERASED_BY.values())


def test_card_specific_exceptions_only_narrow_their_row():
    for ruling, (info, kept) in EXCEPTIONS.items():
        assert erased_by(info, frozenset({ruling})) == ERASED_BY[info] - kept
        assert erased_by(info) == ERASED_BY[info]


# -- mechanisms ---------------------------------------------------------------------------

def summoned(duel: Duel, name: str, method: str = "earlier", player: int = 0, **kw):
    """A monster on the field: summoned now by ``method``, or — "earlier" — Normal
    Summoned on an earlier turn (nothing of this turn used)."""
    card = duel.new_card(name, player)
    if method == "earlier":
        duel.summon_rules.summoned_earlier(card, player)
    else:
        duel.summon_rules.summon(card, method, player, **kw)
    return card


def test_turning_face_down_keeps_the_object_and_flipping_forgets_nothing():
    duel = Duel()
    card = summoned(duel, "异色眼灵摆龙", "pendulum")
    obj = card.object_id
    duel.move_rules.turn_face_down(card)
    assert card.object_id == obj
    assert not duel.memory_rules.summoned_by(card, "pendulum") and duel.memory_rules.summoned_by(card, "special")
    before = {item.key for item in card.memory.items()}
    duel.move_rules.flip_face_up(card)
    # it forgets nothing; it only remembers now that it has been flipped (反转过)
    assert {item.key for item in card.memory.items()} == before | {Info.FLIPPED}


def test_temporary_banish_returns_in_its_position_to_its_former_controller_without_a_summon():
    duel = Duel()
    card = summoned(duel, "暗黑骑士 盖亚", player=1)
    duel.control_rules.take_control(card, 0, "permanent")
    duel.move_rules.turn_face_down(card)
    duel.banish_rules.banish_temporarily(card)
    assert card.zone.kind == "banished" and card.zone.owner == 1
    assert not card.face_up  # a face-down monster is banished temporarily face-down
    duel.enter_end_phase()
    assert card.zone.kind == "monster zone" and card.controller == 0
    assert (card.face_up, card.position) == (False, "defense")
    assert duel.memory_rules.summoned_by(card, "normal")  # still the normal summoned monster
    assert not [e for e in duel.log.of_kind("summon") if e.data.get("card") == card.serial]  # not a summon


def test_borrowed_control_goes_back_when_the_monster_returns():
    duel = Duel()
    monster = summoned(duel, "黑魔术师", player=1)
    duel.chain_rules.activate(duel.new_card("精神操作", 0), "发动", targets=[monster])
    duel.chain_rules.resolve_chain()
    assert monster.controller == 0
    duel.banish_rules.banish_temporarily(monster)
    duel.banish_rules.return_to_field(monster)
    assert monster.controller == 1


def test_chain_resolves_last_link_first_and_a_face_down_card_is_still_that_card():
    duel = Duel()
    judgment = summoned(duel, "裁决之龙", "special")
    gaia = summoned(duel, "暗黑骑士 盖亚", player=1)
    duel.chain_rules.activate(judgment, "①")
    trap = duel.new_card("XYZ诛罚", 1)
    duel.summon_rules.place(trap, "spell & trap zone", 1, face_up=False)  # set on an earlier turn
    duel.chain_rules.activate(trap, "发动", player=1)
    book = duel.new_card("月之书", 1)
    duel.summon_rules.place(book, "spell & trap zone", 1, face_up=False)  # a quick-play spell in the opponent's turn
    duel.chain_rules.activate(book, "发动", player=1, targets=[judgment])
    duel.chain_rules.resolve_chain()
    order = [e.message for e in duel.log.of_kind("resolve")]
    assert [m.split(":")[0] for m in order] == ["chain 3", "chain 2", "chain 1"]
    assert judgment.zone.kind == "graveyard" and gaia.zone.kind == "monster zone"


@pytest.mark.parametrize("then_flip, outcome", [(False, "negated: summon"), (True, "applied")])
def test_summon_negation_holds_while_face_down_and_ends_once_flipped(then_flip, outcome):
    duel = Duel()
    deneb = duel.new_card("星因士 天津四", 0)
    duel.summon_rules.summon(deneb, "special", 0, by="旧神 诺登", negated=True)
    duel.chain_rules.activate(deneb, "①")
    if then_flip:
        desert = duel.new_card("沙漠的光", 0)
        duel.summon_rules.place(desert, "spell & trap zone", 0, face_up=False)  # a normal trap, set on an earlier turn
        duel.chain_rules.activate(desert, "发动")
    eclipse = duel.new_card("日全食之书", 1)
    duel.summon_rules.place(eclipse, "spell & trap zone", 1, face_up=False)  # a quick-play spell in the opponent's turn
    duel.chain_rules.activate(eclipse, "发动", player=1)
    duel.chain_rules.resolve_chain()
    assert duel.chain_rules.last_outcome(deneb, "①") == outcome


def test_once_per_turn_per_card_and_per_name():
    duel = Duel()
    sentry = summoned(duel, "番兵石人")
    duel.chain_rules.activate(sentry, "①")
    duel.chain_rules.resolve_chain()
    assert duel.chain_rules.why_cannot_activate(sentry, "①")
    duel.move_rules.flip_face_up(sentry)
    assert duel.chain_rules.why_cannot_activate(sentry, "①") is None  # a face-down card forgot its use
    bird = summoned(duel, "隐形鸟")
    duel.chain_rules.activate(bird, "①")
    duel.chain_rules.resolve_chain()
    duel.move_rules.flip_face_up(bird)
    assert duel.chain_rules.why_cannot_activate(bird, "①")  # its own ruling keeps the use
    mine = summoned(duel, "星因士 天津四", "normal")
    duel.chain_rules.activate(mine, "①")
    duel.chain_rules.resolve_chain()
    theirs = summoned(duel, "星因士 天津四", "special", player=1, by="an effect")
    assert duel.chain_rules.why_cannot_activate(theirs, "①", 1) is None
    again = summoned(duel, "星因士 天津四", "special")
    assert "已经使用过" in duel.chain_rules.why_cannot_activate(again, "①", 0)


def test_face_down_atk_is_known_to_its_controller_only():
    duel = Duel()
    card = duel.new_card("可变机兽 炮手龙", 0)
    duel.summon_rules.set_monster(card, 0, without_tribute=True)
    assert duel.value_rules.atk(card, viewer=0) == 2800
    assert duel.value_rules.atk(card, viewer=1) is None and duel.value_rules.atk(card) is None


def test_illegal_actions_are_refused():
    duel = Duel()
    card = summoned(duel, "暗黑骑士 盖亚")
    with pytest.raises(IllegalAction):
        duel.move_rules.flip_face_up(card)
    with pytest.raises(IllegalAction):
        duel.banish_rules.return_to_field(card)


@pytest.mark.parametrize("method", ["normal", "special"])
def test_no_flip_summon_the_turn_it_was_summoned_even_after_turned_face_down(method):
    duel = Duel()
    card = summoned(duel, "番兵石人", method)
    duel.move_rules.turn_face_down(card, reason="月之书")
    assert "这个回合召唤" in duel.summon_rules.why_cannot_flip_summon(card)
    with pytest.raises(IllegalAction):
        duel.summon_rules.flip_summon(card)


def test_a_monster_turned_face_down_by_an_effect_may_be_flip_summoned_that_turn():
    duel = Duel()
    card = summoned(duel, "暗黑骑士 盖亚")
    duel.end_turn()
    duel.end_turn()
    duel.move_rules.turn_face_down(card, reason="月之书")
    assert duel.summon_rules.why_cannot_flip_summon(card) is None
    duel.summon_rules.flip_summon(card)
    assert card.face_up and duel.memory_rules.summoned_by(card, "flip")


def test_no_flip_summon_the_turn_it_was_set():
    duel = Duel()
    card = duel.new_card("番兵石人", 0)
    duel.summon_rules.set_monster(card, 0)
    assert "这个回合盖放" in duel.summon_rules.why_cannot_flip_summon(card)
    duel.end_turn()
    duel.end_turn()
    duel.summon_rules.flip_summon(card)


def test_a_quick_play_spell_leaves_the_hand_only_in_its_controllers_own_turn():
    duel = Duel()
    gaia = summoned(duel, "暗黑骑士 盖亚")
    book = duel.new_card("月之书", 1)
    assert "自己的回合" in duel.chain_rules.why_cannot_activate(book, "发动", 1)  # player 0's turn
    set_book = duel.new_card("月之书", 1)
    duel.summon_rules.place(set_book, "spell & trap zone", 1, face_up=False)  # set on an earlier turn
    assert duel.chain_rules.why_cannot_activate(set_book, "发动", 1) is None
    duel.end_turn()
    assert duel.chain_rules.why_cannot_activate(book, "发动", 1) is None
    duel.chain_rules.activate(book, "发动", player=1, targets=[gaia])
    duel.chain_rules.resolve_chain()
    assert not gaia.face_up


def test_the_same_effect_raising_atk_twice_adds_both_and_a_state_given_twice_is_one():
    duel = Duel()
    card = duel.new_card("暗黑骑士 盖亚", 0)
    duel.summon_rules.summoned_earlier(card, 0)
    printed = duel.value_rules.atk(card)
    for _ in range(2):
        duel.memory_rules.apply_lasting(card, "atk", 300, source="「EM 天空魔术家」①")
        duel.memory_rules.apply_lasting(card, "cannot-attack", source="「EM 天空魔术家」①")
    assert duel.value_rules.atk(card) == printed + 600
    assert duel.memory_rules.lasting(card, "cannot-attack") == [True]


def test_an_effect_whose_turn_forbids_attacking_is_not_activated_after_an_attack():
    """『这个效果发动的回合，这张卡不能攻击』: a card that already attacked this turn cannot
    activate it; turned face-down it still remembers the attack (FAQ fid=14357)."""
    duel = Duel()
    envoy = summoned(duel, "混沌战士 -开辟的使者-", "special")
    duel.battle_rules.attack(envoy)
    duel.enter_phase("main2")
    summoned(duel, "暗黑骑士 盖亚", player=1)
    assert "这个回合已经攻击过" in (duel.chain_rules.why_cannot_activate(envoy, "①", 0) or "")
    duel.move_rules.turn_face_down(envoy)
    duel.move_rules.flip_face_up(envoy)
    assert "这个回合已经攻击过" in (duel.chain_rules.why_cannot_activate(envoy, "①", 0) or "")


def test_a_monster_held_by_a_continuous_target_goes_back_when_turned_face_down():
    """Control that rests on a continuous target (an equip card, 大逮捕) ends with the
    link: turned face-down, the monster goes back to its owner (FAQ fid=16310, 11049)."""
    duel = Duel()
    monster = summoned(duel, "黑魔术师", player=1)
    hawk = duel.new_card("灰篮鹰", 0)
    duel.summon_rules.place(hawk, "spell & trap zone", 0, face_up=True)
    duel.control_rules.take_control(monster, 0, "equip", hawk)
    assert monster.controller == 0
    duel.move_rules.turn_face_down(monster)
    assert monster.controller == 1 and not monster.face_up


def test_a_restriction_of_the_turn_it_was_summoned_reads_this_turns_summon():
    """『这张卡在召唤·反转召唤·特殊召唤的回合不能攻击』: kept when turned face-down, lost by a
    temporary banish (FAQ fid=16901)."""
    duel = Duel()
    elf = summoned(duel, "卡通双生精灵", "normal")
    duel.enter_phase("battle")   # where attacking is asked about at all
    assert duel.battle_rules.why_cannot_attack(elf)
    duel.move_rules.turn_face_down(elf)
    duel.move_rules.flip_face_up(elf, position="attack")
    assert duel.battle_rules.why_cannot_attack(elf)
    duel.banish_rules.banish_temporarily(elf)
    duel.banish_rules.return_to_field(elf)
    assert duel.battle_rules.why_cannot_attack(elf) is None


def test_monsters_that_attacked_are_destroyed_at_the_end_of_the_battle_phase_by_a_static():
    """『攻击过的怪兽在战斗阶段结束时破坏』: read from what a monster remembers, so one turned
    face-down after attacking is destroyed too (FAQ fid=8644); one that did not attack stays."""
    duel = Duel()
    forest = duel.new_card("古之森", 0)
    duel.summon_rules.place(forest, "field zone", 0, face_up=True)
    gaia = summoned(duel, "暗黑骑士 盖亚")
    magician = summoned(duel, "黑魔术师", "special")
    duel.battle_rules.attack(gaia)
    duel.move_rules.turn_face_down(gaia)
    duel.enter_phase("main2")
    assert gaia.zone.kind == "graveyard" and magician.zone.kind == "monster zone"


# -- conditional summons after a chain link, spell speed 3 -------------------------------

def test_synchro_materials_are_one_tuner_and_the_level_left():
    from rulings.ygo.families import synchro_materials
    duel = Duel()
    bulb, magician = duel.new_card("成长的鳞茎", 0), duel.new_card("黑魔术师", 0)
    stardust = duel.new_card("星尘龙", 0, "extra deck")
    assert synchro_materials(duel, 0, stardust) is None
    for monster in (bulb, magician):
        duel.summon_rules.summoned_earlier(monster, 0)
    assert synchro_materials(duel, 0, stardust) == [bulb, magician]


def test_a_summon_outside_any_chain_may_be_negated_one_inside_may_not():
    duel = Duel()
    assert duel.chain_rules.summon_window_now()
    duel.chain_rules.resolving.append(object())  # an effect being resolved
    assert not duel.chain_rules.summon_window_now()
    duel.chain_rules.resolving.clear()

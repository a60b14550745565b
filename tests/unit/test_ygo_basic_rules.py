"""The engine referees every action of a Yu-Gi-Oh! example by the basic rules
(spec/ygo/basic-rules.rst): an illegal When fails at its step with the rule it breaks, in
Chinese; an illegal Given is an error of the example (the set-up is impossible)."""

from __future__ import annotations

import pytest
from rulings.core import IllegalAction, SetupError
from rulings.ygo import legality
from rulings.ygo.duel import Duel
from rulings.ygo.legality import Rule
from rulings.ygo.steps import VOCABULARY

#: the engine builds games of the cards the documents define
pytestmark = pytest.mark.usefixtures("extracted")


def step(duel: Duel, kind: str, text: str) -> None:
    phrase, arguments = VOCABULARY.match(kind, text)
    phrase.run(duel, arguments)


def refused(duel: Duel, text: str) -> str:
    """The message a When step is refused with."""
    with pytest.raises(IllegalAction) as err:
        step(duel, "when", text)
    return str(err.value)


# -- Normal and Tribute Summons --------------------------------------------------------

def test_a_level_10_monster_is_not_normal_summoned_without_two_tributes():
    duel = Duel()
    assert "需要解放2只怪兽" in refused(duel, "自己通常召唤「真龙剑皇 卓辉星·拼图」")
    assert "这里解放了1只" in refused(duel, "自己解放「破坏龙 甘多拉」上级召唤「真龙剑皇 卓辉星·拼图」")
    duel = Duel()
    step(duel, "when", "自己解放「破坏龙 甘多拉」和「番兵石人」上级召唤「真龙剑皇 卓辉星·拼图」")
    assert duel.memory_rules.summoned_by(duel.card("真龙剑皇 卓辉星·拼图"), "tribute")


def test_a_normal_summon_of_a_high_level_monster_tributes_what_it_needs():
    duel = Duel()
    step(duel, "given", "自己在之前的回合召唤了「番兵石人」")
    step(duel, "given", "自己在之前的回合召唤了「隐形鸟」")
    step(duel, "when", "自己通常召唤「暗黑骑士 盖亚」")
    gaia = duel.card("暗黑骑士 盖亚")
    assert duel.memory_rules.summoned_by(gaia, "tribute") and duel.memory_rules.summoned_by(gaia, "normal")
    assert duel.card("番兵石人").zone.kind == "graveyard" and duel.card("隐形鸟").zone.kind == "graveyard"


def test_tributes_are_the_summoning_players_monsters_unless_the_card_says_otherwise():
    duel = Duel()
    step(duel, "given", "对方在之前的回合召唤了「番兵石人」")
    theirs = duel.card("番兵石人")
    with pytest.raises(IllegalAction, match="不是自己场上的卡"):
        duel.summon_rules.summon(duel.new_card("沉默剑士 LV5", 0), "tribute", 0, tributes=[theirs])
    duel = Duel()
    step(duel, "given", "自己场上有表侧表示的「活死人的呼声」")
    assert "不是怪兽" in refused(duel, "自己解放「番兵石人」和「活死人的呼声」上级召唤「青眼白龙」")
    # 「真龙剑皇 卓辉星·拼图」 names the ruling that lets it tribute continuous spells and traps
    step(duel, "when", "自己解放「番兵石人」和「活死人的呼声」上级召唤「真龙剑皇 卓辉星·拼图」")


def test_summoning_without_tributes_needs_the_cards_own_text():
    duel = Duel()
    assert "没有写可以不用解放召唤" in refused(duel, "自己不用解放召唤「暗黑骑士 盖亚」")
    step(duel, "when", "自己不用解放召唤「怒怒怒斗笠剑士」")
    assert duel.value_rules.atk(duel.card("怒怒怒斗笠剑士")) == 1800


def test_one_normal_summon_a_turn_by_the_turn_player_in_a_main_phase():
    duel = Duel()
    step(duel, "when", "自己通常召唤「番兵石人」")
    assert "已经进行过通常召唤" in refused(duel, "自己盖放「隐形鸟」")
    assert "不是回合玩家" in refused(duel, "对方通常召唤「隐形鸟」")
    duel = Duel()
    duel.enter_phase("battle")
    assert "主要阶段" in refused(duel, "自己通常召唤「番兵石人」")


def test_an_illegal_given_is_an_error_of_the_example():
    duel = Duel()
    with pytest.raises(SetupError, match="上级召唤需要解放2只怪兽"):
        step(duel, "given", "自己通常召唤「青眼白龙」")


def test_a_monster_summoned_on_an_earlier_turn_uses_nothing_of_this_turn():
    duel = Duel()
    step(duel, "given", "自己在之前的回合召唤了「青眼白龙」")
    dragon = duel.card("青眼白龙")
    assert duel.memory_rules.summoned_by(dragon, "tribute") and duel.memory_rules.summoned_by(dragon, "normal")
    assert duel.summon_rules.why_cannot_normal_summon(duel.new_card("番兵石人", 0), 0) is None
    assert duel.summon_rules.why_cannot_change_position(dragon) is None
    assert not [e for e in duel.log.of_kind("summon")]


# -- flip summons, battle positions, attacks --------------------------------------------

def test_a_monster_that_cannot_change_its_position_cannot_be_flip_summoned_either():
    duel = Duel()
    step(duel, "given", "自己在之前的回合盖放了「番兵石人」")
    sentry = duel.card("番兵石人")
    duel.memory_rules.apply_lasting(sentry, "cannot-change-position", source="无底的落穴")
    assert "不能变更表示形式" in refused(duel, "自己反转召唤「番兵石人」")


def test_a_position_change_once_a_turn_and_not_the_turn_it_was_summoned():
    duel = Duel()
    step(duel, "when", "自己通常召唤「番兵石人」")
    assert "这个回合召唤" in refused(duel, "自己把「番兵石人」的表示形式变更")
    step(duel, "when", "进入自己的下一个回合")
    step(duel, "when", "自己把「番兵石人」的表示形式变更")
    assert duel.card("番兵石人").position == "defense"
    assert "已经变更过表示形式" in refused(duel, "自己把「番兵石人」的表示形式变更")
    step(duel, "when", "进入对方的下一个回合")
    assert "不是回合玩家" in refused(duel, "自己把「番兵石人」的表示形式变更")


def test_attacks_once_a_battle_phase_at_the_opponents_monsters():
    duel = Duel()
    step(duel, "given", "自己在之前的回合召唤了「暗黑骑士 盖亚」")
    step(duel, "given", "对方在之前的回合召唤了「番兵石人」")
    assert "不能直接攻击" in refused(duel, "「暗黑骑士 盖亚」直接攻击")
    step(duel, "when", "「暗黑骑士 盖亚」攻击「番兵石人」")
    step(duel, "given", "对方在之前的回合召唤了「隐形鸟」")
    assert "已经攻击过" in refused(duel, "「暗黑骑士 盖亚」攻击「隐形鸟」")
    assert "不是回合玩家的怪兽" in refused(duel, "「隐形鸟」攻击「暗黑骑士 盖亚」")


def test_an_effect_that_forbids_attacking_the_turn_it_is_activated_needs_no_attack_before():
    duel = Duel()
    step(duel, "given", "自己特殊召唤「混沌战士 -开辟的使者-」")
    step(duel, "given", "自己在之前的回合召唤了「番兵石人」")
    step(duel, "when", "「混沌战士 -开辟的使者-」直接攻击")
    step(duel, "when", "进入第二主要阶段")
    assert "已经攻击过" in refused(duel, "自己以「番兵石人」为对象发动「混沌战士 -开辟的使者-」的①效果")


# -- resolving, banishing -------------------------------------------------------------------

@pytest.mark.parametrize("card,target_setup,target", [
    ("活死人的呼声", "自己的墓地有「暗黑骑士 盖亚」", "暗黑骑士 盖亚"),
    ("抢夺", "对方在之前的回合召唤了「暗黑骑士 盖亚」", "暗黑骑士 盖亚"),
])
def test_a_continuous_or_equip_card_that_left_the_field_in_response_applies_nothing(card, target_setup, target):
    duel = Duel()
    if card == "活死人的呼声":
        step(duel, "given", f"自己在之前的回合盖放了「{card}」")
    step(duel, "given", target_setup)
    step(duel, "given", "对方在之前的回合盖放了「凤翼的爆风」")
    where = duel.card(target).zone.kind, duel.card(target).controller
    step(duel, "when", f"自己以「{target}」为对象发动「{card}」")
    step(duel, "when", f"对方以「{card}」为对象发动「凤翼的爆风」")
    step(duel, "when", "连锁处理")
    assert (duel.card(target).zone.kind, duel.card(target).controller) == where
    assert duel.chain_rules.last_outcome(duel.card(card), "发动").startswith("not applied")


def test_a_face_down_monster_is_banished_temporarily_as_it_is():
    duel = Duel()
    step(duel, "given", "自己在之前的回合盖放了「番兵石人」")
    step(duel, "when", "「番兵石人」被一时除外")
    sentry = duel.card("番兵石人")
    assert sentry.zone.kind == "banished" and not sentry.face_up
    duel.enter_end_phase()
    assert sentry.zone.kind == "monster zone" and not sentry.face_up and sentry.position == "defense"


def test_a_spell_other_than_a_quick_play_spell_waits_for_its_controllers_main_phase():
    duel = Duel()
    step(duel, "given", "对方在之前的回合召唤了「番兵石人」")
    duel.enter_phase("battle")
    assert "主要阶段" in refused(duel, "自己以「番兵石人」为对象发动「精神操作」")


def test_no_battle_phase_on_the_first_turn_of_the_duel_only_where_a_given_says_so():
    duel = Duel()
    step(duel, "given", "这是决斗的第一个回合")
    assert "第一个回合" in refused(duel, "进入战斗阶段")
    duel = Duel()
    step(duel, "when", "进入战斗阶段")  # an example is a turn in the middle of a duel
    duel = Duel()
    step(duel, "when", "自己通常召唤「番兵石人」")
    with pytest.raises(SetupError, match="第一个回合"):
        step(duel, "given", "这是决斗的第一个回合")


# -- each basic rule is a switch (engine/ygo/legality.py) -------------------------------------

def _apply_floodgate(duel: Duel) -> None:
    duel.memory_rules.apply_lasting(duel.card("番兵石人"), "cannot-change-position", source="无底的落穴")


ENVOY = "混沌战士 -开辟的使者-"

#: rule -> the steps that set the scene, and the When step the rule refuses
REFUSED_BY: dict = {
    Rule.OWN_TURN: ([], "对方通常召唤「隐形鸟」"),
    Rule.MAIN_PHASE: ([("when", "进入战斗阶段")], "自己通常召唤「番兵石人」"),
    Rule.NOT_IN_CHAIN: ([("given", "对方在之前的回合召唤了「番兵石人」"), ("given", "自己的手卡有「精神操作」"),
                         ("when", "自己以「番兵石人」为对象发动「精神操作」")], "自己通常召唤「隐形鸟」"),
    Rule.ONE_NORMAL_SUMMON: ([("when", "自己通常召唤「番兵石人」")], "自己盖放「隐形鸟」"),
    Rule.TRIBUTE_COUNT: ([], "自己解放「破坏龙 甘多拉」上级召唤「真龙剑皇 卓辉星·拼图」"),
    Rule.TRIBUTE_WITHOUT_TEXT: ([], "自己不用解放召唤「暗黑骑士 盖亚」"),
    Rule.TRIBUTE_OWN_MONSTER: ([("given", "自己场上有表侧表示的「活死人的呼声」")],
                               "自己解放「番兵石人」和「活死人的呼声」上级召唤「青眼白龙」"),
    Rule.FLIP_NOT_TURN_SET: ([("when", "自己盖放「番兵石人」")], "自己反转召唤「番兵石人」"),
    Rule.POSITION_NOT_TURN_SUMMONED: ([("when", "自己通常召唤「番兵石人」")], "自己把「番兵石人」的表示形式变更"),
    Rule.POSITION_ONCE_A_TURN: ([("given", "自己在之前的回合召唤了「番兵石人」"),
                                 ("when", "自己把「番兵石人」的表示形式变更")], "自己把「番兵石人」的表示形式变更"),
    Rule.POSITION_NOT_AFTER_ATTACK: ([("given", "自己在之前的回合召唤了「番兵石人」"), ("when", "「番兵石人」直接攻击"),
                                      ("when", "进入第二主要阶段")], "自己把「番兵石人」的表示形式变更"),
    Rule.POSITION_EFFECT: ([("given", "自己在之前的回合盖放了「番兵石人」"), _apply_floodgate], "自己反转召唤「番兵石人」"),
    Rule.LINK_NO_DEFENSE: ([("given", "自己连接召唤「装弹枪管龙」"), ("when", "进入自己的下一个回合")],
                           "自己把「装弹枪管龙」的表示形式变更"),
    Rule.ATTACK_POSITION: ([("given", "自己在之前的回合召唤了「暗黑骑士 盖亚」"),
                            ("when", "自己把「暗黑骑士 盖亚」的表示形式变更")], "「暗黑骑士 盖亚」直接攻击"),
    Rule.ATTACK_ONCE: ([("given", "自己在之前的回合召唤了「番兵石人」"), ("when", "「番兵石人」直接攻击")],
                       "「番兵石人」直接攻击"),
    Rule.ATTACK_EFFECT: ([("given", f"自己特殊召唤「{ENVOY}」"), ("given", "对方在之前的回合召唤了「番兵石人」"),
                          ("when", f"自己以「番兵石人」为对象发动「{ENVOY}」的①效果"), ("when", "连锁处理")],
                         f"「{ENVOY}」直接攻击"),
    Rule.ATTACK_TIMING: ([("given", "对方在之前的回合召唤了「番兵石人」")], "「番兵石人」直接攻击"),
    Rule.NO_BATTLE_PHASE_FIRST_TURN: ([("given", "这是决斗的第一个回合")], "进入战斗阶段"),
    Rule.ATTACK_TARGET: ([("given", "自己在之前的回合召唤了「暗黑骑士 盖亚」"), ("given", "对方在之前的回合召唤了「番兵石人」")],
                         "「暗黑骑士 盖亚」直接攻击"),
    Rule.SPELL_MAIN_PHASE: ([("given", "对方在之前的回合召唤了「番兵石人」"), ("when", "进入战斗阶段")],
                            "自己以「番兵石人」为对象发动「精神操作」"),
    Rule.TRAP_SET_FIRST: ([("given", "自己的手卡有「停战协定」")], "自己发动「停战协定」"),
    Rule.QUICK_PLAY_TIMING: ([("given", "自己在之前的回合召唤了「番兵石人」"), ("given", "自己的手卡有「月之书」"),
                              ("when", "进入对方的下一个回合")], "自己以「番兵石人」为对象发动「月之书」"),
}


def _refusal_with(rules_off: tuple, scene, action: str) -> str | None:
    """The message ``action`` is refused with after ``scene`` (None: it is done), with
    ``rules_off`` switched off."""
    saved = dict(legality.ENFORCED)
    try:
        for rule in rules_off:
            legality.ENFORCED[rule] = False
        duel = Duel()
        for item in scene:
            if callable(item):
                item(duel)
            else:
                step(duel, *item)
        try:
            step(duel, "when", action)
        except IllegalAction as err:
            return str(err)
        return None
    finally:
        legality.ENFORCED.update(saved)


@pytest.mark.parametrize("rule", list(REFUSED_BY), ids=lambda r: r.name)
def test_each_rule_switched_off_changes_a_refusal(rule):
    scene, action = REFUSED_BY[rule]
    on = _refusal_with((), scene, action)
    assert on is not None, f"{rule.name}: 「{action}」 is not refused"
    off = _refusal_with((rule,), scene, action)
    assert off != on, f"{rule.name}: switched off, 「{action}」 is still refused the same way"


def test_a_refusal_names_its_rule_in_chinese():
    assert "（攻击对方场上的怪兽；对方场上没有怪兽时才能直接攻击）" in _refusal_with((), *REFUSED_BY[Rule.ATTACK_TARGET])
    assert "上级召唤的解放数" in _refusal_with((), *REFUSED_BY[Rule.TRIBUTE_COUNT])


def test_the_rules_that_make_something_happen_do_not_when_switched_off():
    def gaia_after_bounced_call(off: tuple) -> str:
        saved = dict(legality.ENFORCED)
        try:
            for rule in off:
                legality.ENFORCED[rule] = False
            duel = Duel()
            for kind, text in (("given", "自己在之前的回合盖放了「活死人的呼声」"), ("given", "自己的墓地有「暗黑骑士 盖亚」"),
                               ("given", "对方在之前的回合盖放了「凤翼的爆风」"),
                               ("when", "自己以「暗黑骑士 盖亚」为对象发动「活死人的呼声」"),
                               ("when", "对方以「活死人的呼声」为对象发动「凤翼的爆风」"), ("when", "连锁处理")):
                step(duel, kind, text)
            return duel.card("暗黑骑士 盖亚").zone.kind
        finally:
            legality.ENFORCED.update(saved)

    assert gaia_after_bounced_call(()) == "graveyard"
    assert gaia_after_bounced_call((Rule.CONTINUOUS_ON_FIELD,)) == "monster zone"

    def banished_face_up(off: tuple) -> bool:
        saved = dict(legality.ENFORCED)
        try:
            for rule in off:
                legality.ENFORCED[rule] = False
            duel = Duel()
            step(duel, "given", "自己在之前的回合盖放了「番兵石人」")
            step(duel, "when", "「番兵石人」被一时除外")
            return duel.card("番兵石人").face_up
        finally:
            legality.ENFORCED.update(saved)

    assert not banished_face_up(())
    assert banished_face_up((Rule.TEMP_BANISH_AS_IT_IS,))


def test_every_rule_has_a_case_here_and_a_cell_in_the_rules_table():
    assert set(REFUSED_BY) | {Rule.CONTINUOUS_ON_FIELD, Rule.TEMP_BANISH_AS_IT_IS} == set(Rule)
    assert set(legality.LABELS) == set(Rule)
    from rulings.ygo.tables import rules
    assert {cell.row for cell in rules().cells} == {r.name for r in Rule}

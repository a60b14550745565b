"""Summon conditions (召唤条件) and revive limits (苏生限制) of the Yu-Gi-Oh! engine, without
the documents (spec/ygo/special-summon-monsters.rst states them as rulings)."""

from __future__ import annotations

import pytest

from rulings.core import IllegalAction
from rulings.ygo.duel import Duel

#: the engine builds games of the cards the documents define
pytestmark = pytest.mark.usefixtures("extracted")


def why(duel: Duel, card, by: str = "", method: str = "special") -> str | None:
    return duel.value_rules.why_cannot_special_summon(card, 0, how=duel.value_rules.summon_how(method, by), by=by,
                                                      method=method)


def test_a_special_summon_monster_comes_from_the_hand_only_by_its_procedure():
    duel = Duel()
    card = duel.new_card("青眼卡通龙", 0)
    assert why(duel, card, "青色眼睛的护人") is not None  # an effect: no
    assert why(duel, card) is None  # its own procedure: yes
    assert why(duel, card, "真红眼卡通龙") is None  # an effect that ignores the summon conditions
    assert duel.summon_rules.why_cannot_normal_summon(card, 0) is not None
    with pytest.raises(IllegalAction):
        duel.summon_rules.summon(card, "normal", 0)


def test_the_revive_limit_is_lifted_by_a_proper_summon_only():
    duel = Duel()
    discarded = duel.new_card("青眼亚白龙", 0)
    duel.move_rules.discard(discarded)
    assert why(duel, discarded, "青色眼睛的少女") is not None
    assert why(duel, discarded, "虹之引力") is not None  # ignoring conditions is not ignoring the revive limit
    proper = duel.new_card("青眼亚白龙", 0)
    duel.summon_rules.summon(proper, "special", 0)
    duel.move_rules.destroy(proper)
    assert proper.zone.kind == "graveyard" and why(duel, proper, "青色眼睛的少女") is None


def test_only_by_its_procedure_forbids_every_other_way_but_ignoring_the_conditions():
    duel = Duel()
    card = duel.new_card("混沌帝龙 -终焉的使者-", 0)
    duel.summon_rules.summon(card, "special", 0)
    duel.move_rules.destroy(card)
    assert why(duel, card, "死者苏生") is not None
    assert why(duel, card, "虹之引力") is None


def test_a_card_the_condition_names_is_a_proper_procedure_and_an_effect_ignoring_it_is_not():
    duel = Duel()
    by_level_up = duel.new_card("武装龙 LV7", 0, "deck")
    duel.summon_rules.summon(by_level_up, "special", 0, by="等级上升！")
    assert not by_level_up.proc_complete
    by_lv5 = duel.new_card("武装龙 LV7", 0, "deck")
    duel.summon_rules.summon(by_lv5, "special", 0, by="武装龙 LV5")
    assert by_lv5.proc_complete


def test_own_effect_not_proper_is_a_card_ruling():
    duel = Duel()
    card = duel.new_card("星尘龙·爆裂体", 0)
    assert duel.value_rules.proper_by_effect(card, "爆裂模式")
    assert not duel.value_rules.proper_by_effect(card, "星尘龙·爆裂体")  # its own effect may summon it, but not properly
    assert why(duel, card, "星尘龙·爆裂体") is not None  # and not from the hand


def test_a_negated_summon_never_reaches_the_field_and_lifts_no_revive_limit():
    duel = Duel()
    card = duel.new_card("ABC-神龙歼灭者", 0)
    duel.negation_rules.negate_summon(card, "special", 0)
    assert card.zone.kind == "graveyard" and not card.proc_complete
    assert "destroyed" in duel.memory_rules.arrived_as(card)
    assert why(duel, card, "死者苏生") is not None


def test_a_negated_flip_summon_destroys_the_monster_on_the_field_and_keeps_its_proper_summon():
    duel = Duel()
    card = duel.new_card("混沌巫师", 0)
    duel.summon_rules.summon(card, "special", 0)
    duel.move_rules.turn_face_down(card)
    duel.end_turn()
    duel.end_turn()
    duel.negation_rules.negate_summon(card, "flip", 0)
    assert card.zone.kind == "graveyard" and card.proc_complete


def test_a_static_that_forbids_fusion_summons_leaves_other_special_summons():
    duel = Duel()
    area = duel.new_card("融合禁止区域", 0)
    duel.summon_rules.place(area, "spell & trap zone", 0)
    norden = duel.new_card("旧神 诺登", 0)
    assert why(duel, norden, "融合之门", method="fusion") is not None
    assert why(duel, duel.new_card("圣灵兽骑 火狮", 0)) is None
    assert why(duel, duel.new_card("假面英雄 暗爪", 0), "假面变化") is None


def test_a_pendulum_summon_from_the_face_up_extra_deck_needs_a_proper_summon_first():
    duel = Duel()
    venom = duel.new_card("霸王紫龙 异色眼猛毒龙", 0)  # face-down in the extra deck
    assert duel.value_rules.why_cannot_special_summon(venom, 0, how="procedure", method="pendulum") is not None
    fused = duel.new_card("霸王紫龙 异色眼猛毒龙", 0)
    duel.summon_rules.summon(fused, "fusion", 0)
    duel.move_rules.destroy(fused)
    assert fused.zone.kind == "extra deck" and fused.face_up and fused.proc_complete
    assert duel.value_rules.why_cannot_special_summon(fused, 0, how="procedure", method="pendulum") is None


def test_once_per_turn_special_summons_are_counted_by_name_and_ignore_nothing():
    duel = Duel()
    first, second = duel.new_card("灵兽使 蕾拉", 0, "deck"), duel.new_card("灵兽使 蕾拉", 0, "deck")
    duel.summon_rules.summon(first, "special", 0, by="精灵兽使 薇茵妲")
    assert why(duel, second, "精灵兽使 薇茵妲") is not None  # an effect ignoring the summon conditions too
    duel.end_turn()
    assert why(duel, second, "精灵兽使 薇茵妲") is None

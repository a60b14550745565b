"""Yu-Gi-Oh! rules: a gemini monster's 再度召唤 is a Normal Summon, and a
continuous-target link needs its source face-up on the field when it is made."""

from __future__ import annotations

import pytest

from rulings.ygo.duel import Duel
from rulings.ygo.memory import Info

#: the engine builds games of the cards the documents define
pytestmark = pytest.mark.usefixtures("extracted")


def test_gemini_resummon_is_a_normal_summon_and_uses_the_turns_normal_summon():
    duel = Duel()
    gemini = duel.new_card("调弦之魔术师", 0)
    duel.summon_rules.summon(gemini, "special", 0)
    other = duel.new_card("番兵石人", 0)
    assert not duel.memory_rules.summoned_by(gemini, "normal")
    assert duel.summon_rules.why_cannot_normal_summon(other, 0) is None
    before = duel.summon_rules.summon_count[0]
    duel.summon_rules.summon(gemini, "gemini", 0)
    assert duel.memory_rules.summoned_by(gemini, "normal") and duel.memory_rules.remembers(gemini, Info.GEMINI_RESUMMONED)
    assert duel.summon_rules.summon_count[0] == before + 1
    assert duel.summon_rules.why_cannot_normal_summon(other, 0) is not None
    duel.end_turn()
    duel.end_turn()
    assert duel.summon_rules.why_cannot_normal_summon(other, 0) is None


def test_a_normal_set_uses_the_turns_normal_summon():
    duel = Duel()
    duel.summon_rules.set_monster(duel.new_card("番兵石人", 0), 0)
    assert duel.summon_rules.why_cannot_normal_summon(duel.new_card("隐形鸟", 0), 0) is not None


def test_no_link_from_a_source_that_is_face_down():
    duel = Duel()
    source = duel.new_card("No.66 霸键甲虫", 0)
    duel.summon_rules.summon(source, "xyz", 0)
    target = duel.new_card("暗黑骑士 盖亚", 0)
    duel.summon_rules.summoned_earlier(target, 0)
    duel.move_rules.turn_face_down(source)
    assert duel.link_rules.link(source, target, grants=("indestructible-effect",)) is None
    assert not duel.link_rules.links_of(target)
    duel.move_rules.flip_face_up(source)
    assert duel.link_rules.link(source, target) is not None

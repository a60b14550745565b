"""卡片·效果的发动: the rules of activation.py and chain.py without the documents, and the
document spec/ygo/activation.rst against its source (seed 001).

Every official FAQ entry the seed links (``fid``) and every card page (``cid``) must be the
``:source:`` of at least one example (``LEFT``, the entries without one, is empty and must
stay so).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulings.core import IllegalAction
from rulings.ygo.duel import Duel
from rulings.ygo.memory import Info

from .sources import example_sources, source_text

#: the engine builds games of the cards the documents define
pytestmark = pytest.mark.usefixtures("extracted")

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "spec" / "ygo" / "activation.rst"
FAQ = re.compile(r"(fid|cid)=(\d+)")

#: seed FAQ entries whose ruling has no example yet (none left: keep it empty)
LEFT: set[tuple[str, str]] = set()


def _sources(text: str) -> set[tuple[str, str]]:
    return set(FAQ.findall(example_sources(text)))


@pytest.fixture(scope="module")
def seed_ids() -> set[tuple[str, str]]:
    return set(FAQ.findall(source_text("seeds", "001_4140967918bbc65e.txt")))


def test_every_faq_entry_of_the_seed_is_a_source(seed_ids):
    sources = _sources(DOCUMENT.read_text(encoding="utf-8"))
    assert len(seed_ids) == 62
    assert seed_ids - sources <= LEFT, sorted(seed_ids - sources - LEFT)


def test_the_list_of_entries_left_only_shrinks(seed_ids):
    sources = _sources(DOCUMENT.read_text(encoding="utf-8"))
    assert LEFT <= seed_ids
    assert not (LEFT & sources), f"these now have an example: take them off LEFT: {sorted(LEFT & sources)}"


def test_the_document_has_at_least_90_examples_and_every_section_of_the_seed():
    text = DOCUMENT.read_text(encoding="utf-8")
    assert len(re.findall(r"^\.\. example::", text, re.M)) >= 90
    for section in ("前言", "卡的发动", "效果的发动", "综合", "『发动时才能发动。那个效果无效』", "发动·使用次数",
                    "在效果处理中发动魔法·陷阱卡", "发动后不能留在场上的魔法·陷阱卡"):
        assert re.search(rf"^{re.escape(section)}\n[=\-]+$", text, re.M), section


# -- the rules, on a duel ------------------------------------------------------------------

def _face_up(duel: Duel, name: str, player: int):
    card = duel.new_card(name, player)
    duel.summon_rules.place(card, "spell & trap zone", player)
    return card


def _in_hand(duel: Duel, name: str, player: int):
    return duel.new_card(name, player, "hand")


def _set_earlier(duel: Duel, name: str, player: int):
    """A trap set face-down on an earlier turn: it may be activated now."""
    card = duel.new_card(name, player)
    duel.summon_rules.place(card, "spell & trap zone", player, face_up=False)
    return card


def _synchro(duel: Duel, name: str, player: int):
    """A synchro monster on ``player``'s field: summoned now by the turn player, else
    summoned on an earlier turn."""
    card = duel.new_card(name, player, "extra deck")
    if player == duel.turn_player:
        duel.summon_rules.summon(card, "synchro", player)
    else:
        duel.summon_rules.special_summoned_earlier(card, player, "synchro")
    return card


def _typhoon_answered_by(monster: str, label: str):
    """自己 activates 「台风」 on 对方's face-up card; 对方 chains ``monster``'s ``label``."""
    duel = Duel()
    target = _face_up(duel, "湿润之风", 1)
    negator = _synchro(duel, monster, 1)
    typhoon = _in_hand(duel, "台风", 0)
    duel.chain_rules.activate(typhoon, "发动", player=0, targets=[target])
    duel.chain_rules.activate(negator, label, player=1)
    return duel, typhoon, target


def test_a_negated_card_activation_leaves_the_field_at_once_and_reaches_the_graveyard_as_the_chain_ends():
    duel, typhoon, target = _typhoon_answered_by("装弹枪管狞猛龙", "③")
    zone = duel.board.zone(0, "spell & trap zone")
    # resolve only chain 2 by hand: the rules take the card off the field as it is negated
    link = duel.chain_rules.chain.pop()
    link.effect.resolve(duel, link)
    assert not duel.on_field(typhoon) and typhoon in zone.cards
    duel.chain_rules.chain.append(link)
    duel.chain_rules.resolve_chain()
    assert typhoon.zone.kind == "graveyard" and "destroyed" not in duel.memory_rules.arrived_as(typhoon)
    assert "left-field-before" in duel.memory_rules.arrived_as(typhoon)
    assert target.zone.kind == "spell & trap zone"


def test_negate_and_destroy_of_a_card_activation_counts_as_destroyed_by_an_effect_not_on_the_field():
    duel, typhoon, _target = _typhoon_answered_by("流天类星龙", "①")
    duel.chain_rules.resolve_chain()
    assert {"destroyed", "destroyed-by-effect", "left-field-before"} <= duel.memory_rules.arrived_as(typhoon)
    assert duel.chain_rules.last_outcome(typhoon, "发动") == "negated: chain"


def test_a_negated_effect_of_a_face_up_card_moves_nothing():
    duel = Duel()
    nightmare = _face_up(duel, "无法醒来的噩梦", 0)
    target = _face_up(duel, "湿润之风", 1)
    genghis = duel.new_card("DDD 烈火大王 决策铁木真", 1, "extra deck")
    duel.summon_rules.summon(genghis, "fusion", 1)
    duel.chain_rules.activate(nightmare, "①", player=0, targets=[target])
    duel.chain_rules.activate(genghis, "②", player=1)
    duel.chain_rules.resolve_chain()
    assert duel.on_field(nightmare) and duel.on_field(target)


def test_a_negated_activation_takes_no_timing_but_a_negated_effect_does():
    # 『…时』 triggers: an activation negated is not processed at all
    duel = Duel()
    yazi = duel.new_card("邪龙星-睚眦", 0)
    duel.summon_rules.summoned_earlier(yazi, 0)
    trap = _set_earlier(duel, "虫惑的落穴", 1)
    duel.chain_rules.activate(yazi, "②", player=0)
    duel.chain_rules.activate(trap, "发动", player=1)
    duel.chain_rules.resolve_chain()
    assert "错过了时点" in (duel.chain_rules.why_cannot_activate(yazi, "③") or "")


def test_counts_a_negated_card_activation_is_not_an_activation_a_negated_monster_effect_is():
    duel, _typhoon, _target = _typhoon_answered_by("装弹枪管狞猛龙", "③")
    duel.chain_rules.resolve_chain()
    assert duel.activation_rules.activation_count(0, {"spell", "trap"}) == 0
    assert duel.activation_rules.activation_count(1, {"monster"}) == 1
    # 命运的抽卡's count ignores every negated activation
    assert duel.activation_rules.activation_count(0, {"spell"}, negated_count=True) == 1


def test_a_card_that_must_leave_the_field_cannot_be_bounced_and_does_not_destroy_itself():
    duel = Duel()
    target = _face_up(duel, "湿润之风", 1)
    typhoon = _in_hand(duel, "旋风", 0)
    duel.chain_rules.activate(typhoon, "发动", player=0, targets=[target])
    assert duel.activation_rules.leaves_after_resolving(typhoon)
    wind = duel.chain_rules.effect_of(duel.new_card("凤翼的爆风", 1, "hand"), "发动")
    assert "cannot be returned" in (duel.chain_rules.why_not_target(duel.find("凤翼的爆风"), wind, typhoon) or "")
    duel.chain_rules.resolve_chain()
    storm_duel = Duel()
    storm = _in_hand(storm_duel, "大风暴", 0)
    other = _face_up(storm_duel, "湿润之风", 1)
    storm_duel.chain_rules.activate(storm, "发动", player=0)
    storm_duel.chain_rules.resolve_chain()
    assert other.zone.kind == "graveyard" and "destroyed" not in storm_duel.memory_rules.arrived_as(storm)


def test_a_continuous_card_does_not_leave_and_may_be_bounced():
    duel = Duel()
    monster = duel.new_card("黑魔术师", 0, "graveyard")
    call = _set_earlier(duel, "活死人的呼声", 0)
    duel.chain_rules.activate(call, "发动", player=0, targets=[monster])
    assert not duel.activation_rules.leaves_after_resolving(call)


def test_a_continuous_trap_decides_its_effect_with_its_card_activation_once_per_chain():
    duel = Duel()
    winds = _set_earlier(duel, "湿润之风", 0)
    assert duel.activation_rules.why_not_with_card_activation(winds, "①", 0) is None
    duel.chain_rules.activate(winds, "发动", player=0, with_effect="①")
    assert duel.lp[0] == 7000
    assert "decided with its card activation" in duel.chain_rules.why_cannot_activate(winds, "②", 0)
    duel.chain_rules.resolve_chain()
    assert duel.chain_rules.why_cannot_activate(winds, "②", 0) is None
    spell = _in_hand(Duel(), "十二兽的会局", 0)
    assert "not a continuous trap" in Duel().activation_rules.why_not_with_card_activation(spell, "①", 0)


def test_a_continuous_trap_whose_card_activation_does_something_activates_no_other_effect_with_it():
    # 失落的圣域 (cid=16648), 亚马逊拜谒间 (cid=17654): the card activation's own processing
    duel = Duel()
    sanctuary = _set_earlier(duel, "失落的圣域", 0)
    assert "has an effect of its own" in (duel.activation_rules.why_not_with_card_activation(sanctuary, "③", 0) or "")
    duel.chain_rules.activate(sanctuary, "发动", player=0)
    duel.chain_rules.resolve_chain()
    assert duel.chain_rules.why_cannot_activate(sanctuary, "③", 0) is None
    # a continuous trap with no processing of its card activation still may (湿润之风)
    assert Duel().activation_rules.why_not_with_card_activation(_set_earlier(Duel(), "湿润之风", 0), "①", 0) is None


def test_a_chain_link_remembers_where_the_card_activated():
    # fid=24365: a trap activated from the hand is activated on the field, not in the hand
    duel = Duel()
    trap = _in_hand(duel, "颉颃胜负", 0)
    link = duel.chain_rules.activate(trap, "发动", player=0)
    assert link.zone == "spell & trap zone"
    duel.chain_rules.resolve_chain()
    bulb = duel.new_card("成长的鳞茎", 0, "graveyard")
    duel.new_card("黑魔术师", 0, "deck")
    assert duel.chain_rules.activate(bulb, "①", player=0).zone == "graveyard"


def test_once_while_face_up_stays_used_over_turns_until_the_card_leaves_the_field():
    # fid=23438: 『表侧表示存在只能有1次』, a negated activation included
    duel = Duel()
    schuberta = duel.new_card("幻奏的音姬 巨匠之舒伯特", 0, "extra deck")
    duel.summon_rules.summon(schuberta, "fusion", 0)
    target = duel.new_card("黑魔术师", 0, "graveyard")
    duel.new_card("黑魔术师", 1, "graveyard")
    duel.chain_rules.activate(schuberta, "①", player=0, targets=[target])
    duel.chain_rules.resolve_chain()
    duel.end_turn()
    duel.end_turn()
    assert "已经使用过" in (duel.chain_rules.why_cannot_activate(schuberta, "①", 0) or "")
    duel.move_rules.send_to_graveyard(schuberta, reason="test")
    assert not duel.memory_rules.remembers(schuberta, Info.USED_THIS_TURN, per="①")


def test_an_end_phase_trigger_goes_with_the_card_activation_in_the_end_phase():
    # cid=5112: 救世主之蚁地狱 『自己结束阶段发动』
    duel = Duel()
    dismissal = _set_earlier(duel, "救世主之蚁地狱", 0)
    assert duel.activation_rules.why_not_with_card_activation(dismissal, "①", 0)
    duel.enter_phase("end")
    assert duel.activation_rules.why_not_with_card_activation(dismissal, "①", 0) is None


def test_not_destroyed_by_monster_effects_only_once_the_card_activation_resolved():
    # fid=24237: 光之黄金柜 ① does not apply while its card activation is on the chain
    duel = Duel()
    sarcophagus = _in_hand(duel, "光之黄金柜", 0)
    peace = duel.new_card("真龙剑皇 卓辉星·拼图", 1)
    duel.chain_rules.activate(sarcophagus, "发动", player=0)
    assert duel.value_rules.why_not_destroyed(sarcophagus, by_effect=peace, consume=False) is None
    duel.chain_rules.resolve_chain()
    assert "monster effects" in (duel.value_rules.why_not_destroyed(sarcophagus, by_effect=peace, consume=False) or "")
    assert duel.value_rules.why_not_destroyed(sarcophagus, by_effect=duel.new_card("旋风", 1), consume=False) is None


def test_a_ban_by_zone_looks_where_the_card_is_as_it_would_be_activated():
    # fid=21564 / 23478: 『手卡·墓地的卡』 reaches a trap in the hand, 『魔法与陷阱区域的卡』 a set one
    for option, banned_in_hand in (("①●3", True), ("①●2", False)):
        duel = Duel()
        set_card = _set_earlier(duel, "无限泡影", 0)
        in_hand = _in_hand(duel, "无限泡影", 0)
        duel.end_turn()
        god = duel.new_card("GO-DDD 神零王 零神·零儿", 1, "hand")
        duel.summon_rules.summon(god, "special", 1)
        duel.chain_rules.activate(god, option, player=1)
        duel.chain_rules.resolve_chain()
        effect = duel.chain_rules.effect_of(in_hand, "发动")
        assert bool(duel.activation_rules.activation_ban(in_hand, effect, 0)) is banned_in_hand
        assert bool(duel.activation_rules.activation_ban(set_card, effect, 0)) is not banned_in_hand


def test_the_label_of_one_bullet_of_an_effect_reads_as_its_card_writes_it():
    from rulings.ygo.steps import V
    assert V.terms["label"].convert("①的第三个●") == "①●3"


def test_the_cards_on_the_field_are_locked_a_card_from_the_hand_is_negated_on_the_field():
    # cid=11994: DDD 双晓王 末法神 ①, the turn it is Xyz summoned
    duel = Duel()
    set_card = _set_earlier(duel, "无限泡影", 0)
    in_hand = _in_hand(duel, "无限泡影", 0)
    duel.end_turn()
    kali = duel.new_card("DDD 双晓王 末法神", 1, "extra deck")
    duel.summon_rules.summon(kali, "xyz", 1)
    effect = duel.chain_rules.effect_of(in_hand, "发动")
    assert duel.activation_rules.activation_ban(set_card, effect, 0) and not duel.activation_rules.activation_ban(in_hand, effect, 0)
    duel.chain_rules.activate(in_hand, "发动", player=0, targets=[kali])
    duel.chain_rules.resolve_chain()
    assert duel.chain_rules.last_outcome(in_hand, "发动").startswith("negated")
    duel.end_turn()
    assert not duel.activation_rules.activation_ban(set_card, effect, 0)


def test_a_card_activated_by_an_effect_still_needs_its_activation_condition():
    # fid=23277: 魂缚门 (『…的场合才能把这张卡发动』), unlike 卡通王国's need of 3 cards to banish
    duel = Duel()
    gate = duel.new_card("魂缚门", 0, "deck")
    assert duel.activation_rules.activation_condition_unmet(gate)
    with pytest.raises(IllegalAction):
        duel.activation_rules.activate_by_effect(gate, 0, "终焉之地")
    duel.move_rules.destroy(_set_earlier(duel, "神之宣告", 0), by_effect=duel.new_card("旋风", 1), by_player=1)
    assert duel.activation_rules.activation_condition_unmet(gate) is None
    duel.activation_rules.activate_by_effect(gate, 0, "终焉之地")
    assert duel.on_field(gate)


def test_a_card_activated_by_an_effect_is_counted_as_an_activation():
    # the ruling site today: 大将军 紫炎 / 自然蔷薇鞭 count a card an effect activates
    duel = Duel()
    duel.new_card("黑魔术师", 0, "deck")
    kingdom = duel.new_card("卡通王国", 0, "deck")
    duel.activation_rules.activate_by_effect(kingdom, 0, "终焉之地")
    assert duel.activation_rules.activation_count(0, {"spell"}) == 1


def test_an_effect_a_card_has_is_not_its_card_activation():
    # cid=11610: 音响放大器 『每次「音响战士」卡持有的效果发动』
    duel = Duel()
    amp = duel.new_card("音响放大器", 0)
    duel.summon_rules.place(amp, "field zone", 0)
    guitaar = _in_hand(duel, "音响战士 吉他手", 0)
    duel.chain_rules.activate(guitaar, "发动", player=0)
    duel.chain_rules.resolve_chain()
    assert not duel.memory_rules.recall(amp, Info.COUNTERS)
    duel.chain_rules.activate(guitaar, "灵摆", player=0)
    assert duel.memory_rules.recall(amp, Info.COUNTERS) == 1


def test_activations_while_face_up_count_a_card_an_effect_activated():
    # fid=22468: 闪刀机关-多任务战刀机 ② counts 闪刀空域-零区 activated by an effect
    duel = Duel()
    multirole = _face_up(duel, "闪刀机关-多任务战刀机", 0)
    zero = duel.new_card("闪刀空域-零区", 0, "deck")
    from rulings.ygo.blocks import describe
    fits = describe("「闪刀」魔法卡")
    assert duel.activation_rules.activated_while_face_up(multirole, fits) == 0
    duel.activation_rules.activate_by_effect(zero, 0, "终焉之地")
    assert duel.activation_rules.activated_while_face_up(multirole, fits) == 1


def test_a_special_summon_procedure_needs_its_condition_a_fusion_summon_does_not():
    # fid=24193: 毁灭之黑魔术师, 『魔法卡的效果发动的回合』 (a spell an effect activated counts)
    duel = Duel()
    magician = duel.new_card("毁灭之黑魔术师", 0, "extra deck")
    duel.summon_rules.summon(duel.new_card("黑魔术师", 0, "hand"), "special", 0)
    assert duel.value_rules.why_cannot_special_summon(magician, 0)
    assert duel.value_rules.why_cannot_special_summon(magician, 0, how="procedure", method="fusion") is None
    duel.activation_rules.activate_by_effect(duel.new_card("闪刀空域-零区", 0, "deck"), 0, "终焉之地")
    assert duel.value_rules.why_cannot_special_summon(magician, 0) is None


def test_draw_of_fate_counts_a_negated_card_activation_too():
    # fid=23158 (25/11/27): 命运的抽卡 counts every negated activation; the general count does not
    # count a negated card activation
    duel = Duel()
    fate = _in_hand(duel, "命运的抽卡", 0)
    duel.chain_rules.activate(fate, "发动", player=0)
    duel.chain_rules.resolve_chain()
    target = _face_up(duel, "湿润之风", 1)
    judgment = _set_earlier(duel, "神之宣告", 1)
    typhoon = _in_hand(duel, "台风", 0)
    duel.chain_rules.activate(typhoon, "发动", player=0, targets=[target])
    duel.chain_rules.activate(judgment, "发动", player=1)
    duel.chain_rules.resolve_chain()
    assert duel.activation_rules.activation_count(0, {"spell", "trap"}) == 1  # 命运的抽卡 itself
    assert "only 1 activation" in (duel.chain_rules.why_cannot_activate(_in_hand(duel, "旋风", 0), "发动", 0) or "")


def test_a_card_activated_by_an_effect_makes_no_chain_link_and_skips_what_its_activation_does():
    duel = Duel()
    kingdom = duel.new_card("卡通王国", 0, "deck")
    popup = _in_hand(duel, "终焉之地", 0)
    duel.chain_rules.activate(popup, "发动", player=0)
    duel.chain_rules.resolve_chain()
    assert duel.face_up_on_field(kingdom)
    assert duel.chain_rules.last_outcome(kingdom, "发动") is None
    # 终焉之地 and the card it activated: both count (大将军 紫炎, the ruling site today)
    assert duel.activation_rules.activation_count(0, {"spell"}) == 2


def test_bans_card_activation_only_effects_too_and_face_up_effects_only():
    duel = Duel()
    duel.activation_rules.ban("card", {"spell"}, {0}, "test")
    typhoon = _in_hand(duel, "台风", 0)
    assert duel.chain_rules.why_cannot_activate(typhoon, "发动", 0)
    combo = _face_up(duel, "十二兽的会局", 0)
    assert duel.activation_rules.activation_ban(combo, duel.chain_rules.effect_of(combo, "①"), 0) is None
    duel.activation_rules.ban("effect", {"spell"}, {0}, "test")
    assert duel.activation_rules.activation_ban(combo, duel.chain_rules.effect_of(combo, "①"), 0)
    other = Duel()
    other.activation_rules.ban("face-up-effect", {"spell", "trap"}, {1}, "test")
    winds = _face_up(other, "湿润之风", 1)
    hand = _in_hand(other, "台风", 1)
    assert other.activation_rules.activation_ban(winds, other.chain_rules.effect_of(winds, "①"), 1)
    assert other.activation_rules.activation_ban(hand, other.chain_rules.effect_of(hand, "发动"), 1) is None


def test_an_unnegatable_card_activation_stays_and_its_other_effects_do_not():
    duel = Duel()
    swordsman = duel.new_card("沉默剑士 LV5", 0)
    duel.summon_rules.summon(swordsman, "special", 0)
    quasar = _synchro(duel, "流天类星龙", 1)
    sword = _in_hand(duel, "沉默之剑", 0)
    duel.chain_rules.activate(sword, "发动", player=0, targets=[swordsman])
    duel.chain_rules.activate(quasar, "①", player=1)
    duel.chain_rules.resolve_chain()
    assert duel.chain_rules.last_outcome(sword, "发动") == "applied"


def test_an_illegal_with_effect_is_refused():
    duel = Duel()
    glory = _in_hand(duel, "阳炎光轮", 0)
    with pytest.raises(IllegalAction):
        duel.chain_rules.activate(glory, "发动", player=0, with_effect="①")


def test_a_trap_is_set_first_and_activated_from_the_next_turn_on():
    duel = Duel()
    in_hand = _in_hand(duel, "大宇宙", 0)
    assert "不能从手卡发动" in duel.chain_rules.why_cannot_activate(in_hand, "发动", 0)
    set_card = duel.new_card("大宇宙", 0, "hand")
    duel.summon_rules.set_spell_trap(set_card, 0)
    assert "这个回合盖放" in duel.chain_rules.why_cannot_activate(set_card, "发动", 0)
    with pytest.raises(IllegalAction):
        duel.chain_rules.activate(set_card, "发动", player=0)
    duel.end_turn()
    assert duel.chain_rules.why_cannot_activate(set_card, "发动", 0) is None


def test_a_quick_play_spell_set_this_turn_waits_but_one_in_the_hand_does_not():
    duel = Duel()
    target = _face_up(duel, "湿润之风", 1)
    set_card = duel.new_card("旋风", 0, "hand")
    duel.summon_rules.set_spell_trap(set_card, 0)
    with pytest.raises(IllegalAction, match="这个回合盖放"):
        duel.chain_rules.activate(set_card, "发动", player=0, targets=[target])
    duel.chain_rules.activate(_in_hand(duel, "旋风", 0), "发动", player=0, targets=[target])


def test_a_lasting_cannot_activate_stops_that_card_and_is_gone_once_it_moves():
    duel = Duel()
    monster = _face_up(duel, "十二兽的会局", 0)
    duel.memory_rules.apply_lasting(monster, "cannot-activate", source="test")
    assert "cannot activate its effects" in (duel.chain_rules.why_cannot_activate(monster, "①", 0) or "")
    duel.move_rules.send_to_graveyard(monster, reason="test")
    assert not duel.memory_rules.lasting(monster, "cannot-activate")

"""The Duel Masters engine referees every action by the basic rules (spec/dm/basic-rules.rst):
each illegal action is refused, in Japanese, naming its rule; each rule can be switched off
(engine/dm/legality.py, a cell of the coverage tables)."""

from __future__ import annotations

import pytest

from rulings.core import IllegalAction, SetupError
from rulings.dm import legality
from rulings.dm.duel import BATTLE, DECK, GRAVEYARD, HAND, MANA, SHIELDS, Duel
from rulings.dm.legality import LABELS, Rule
from rulings.dm.tables import tables

#: the engine builds games of the cards the documents define
pytestmark = pytest.mark.usefixtures("extracted")


def mana(d: Duel, player: int, name: str, n: int, tapped: bool = False):
    return [d.put(name, player, MANA, tapped=tapped) for _ in range(n)]


@pytest.fixture
def switched_off():
    """Switch a rule off for one test (as the coverage tool does), and back on."""
    changed = []

    def off(rule: Rule) -> None:
        changed.append(rule)
        legality.ENFORCED[rule] = False

    yield off
    for rule in changed:
        legality.ENFORCED[rule] = True


def test_every_rule_has_a_label_and_is_a_cell_of_the_coverage_tables():
    assert set(LABELS) == set(Rule)
    rule_table = next(t for t in tables() if t.id == "rule")
    assert {c.row for c in rule_table.cells} == {r.name for r in Rule}


# -- paying the cost ---------------------------------------------------------------

def test_summoning_taps_as_many_mana_cards_as_the_cost():
    d = Duel()
    paid = mana(d, 0, "紅神龍バルガゲイザー", 7)
    d.summon(0, d.put("ボルシャック・ドラゴン", 0, HAND))
    assert sum(m.tapped for m in paid) == 6


def test_not_enough_untapped_mana_is_refused_with_the_rule():
    d = Duel()
    mana(d, 0, "紅神龍バルガゲイザー", 5)
    mana(d, 0, "紅神龍バルガゲイザー", 1, tapped=True)
    card = d.put("ボルシャック・ドラゴン", 0, HAND)
    with pytest.raises(IllegalAction, match="コストは6.*5枚しかない.*総合ゲームルール 112"):
        d.summon(0, card)
    assert card.zone.kind == HAND and not any(m.tapped for m in d.zones.zone(0, MANA).cards[:5])


def test_a_card_of_the_civilization_must_be_among_the_mana_tapped():
    d = Duel()
    mana(d, 0, "アクア・ハルカス", 6)
    card = d.put("ボルシャック・ドラゴン", 0, HAND)
    with pytest.raises(IllegalAction, match="火文明のマナを1枚以上"):
        d.summon(0, card)
    fire = d.put("紅神龍バルガゲイザー", 0, MANA)
    d.summon(0, card)
    assert fire.tapped


def test_a_multicolored_card_needs_both_civilizations_and_pays_either():
    d = Duel()
    mana(d, 0, "巡霊者メスタポ", 6)
    assert "自然文明" in d.playing.why_cannot_cast(0, d.put("神聖で新生な霊樹", 0, HAND))
    d2 = Duel()
    d2.put("神聖で新生な霊樹", 0, MANA)
    mana(d2, 0, "エメラル", 2)
    assert d2.playing.why_cannot_summon(0, d2.put("ピュアランダース", 0, HAND)) is None


def test_the_named_mana_card_is_tapped_and_the_rest_chosen_without_granting_fe():
    d = Duel()
    bolshack = d.put("ボルシャック・ドラゴン", 0, MANA)
    goronger_mana = mana(d, 0, "捜索甲冑ゴロンガー", 3)
    others = mana(d, 0, "巡霊者メスタポ", 3)
    paid = d.playing.payment(0, d.put("捜索甲冑ゴロンガー", 0, HAND), [bolshack])
    assert paid[0] is bolshack and len(paid) == 4
    assert not any(m in paid for m in goronger_mana) and all(m in paid for m in others)


def test_a_card_without_a_cost_cannot_be_paid_for():
    d = Duel()
    with pytest.raises(SetupError, match="コストがカードに書かれていない"):
        d.playing.payment(0, d.put("超神星アポロヌス・ドラゲリオン", 0, HAND))


# -- from where and when ----------------------------------------------------------

def test_only_from_ones_own_hand():
    d = Duel()
    mana(d, 0, "紅神龍バルガゲイザー", 6)
    in_mana = d.put("ボルシャック・ドラゴン", 0, MANA)
    with pytest.raises(IllegalAction, match="手札にないので召喚できない（マナゾーンにある）"):
        d.summon(0, in_mana)
    mana(d, 0, "アクア・ハルカス", 3)
    with pytest.raises(IllegalAction, match="手札にないので唱えられない（墓地にある）"):
        d.cast(0, d.put("エナジー・ライト", 0, GRAVEYARD))


def test_only_in_ones_own_turn():
    d = Duel()
    mana(d, 1, "アクア・ハルカス", 3)
    card = d.put("エメラル", 1, HAND)
    with pytest.raises(IllegalAction, match="相手のターンに「エメラル」を召喚できない"):
        d.summon(1, card)
    d.end_turn()
    d.summon(1, card)
    assert card.zone.kind == BATTLE


def test_no_summon_nor_spell_after_an_attack_and_no_charge_after_the_main_step():
    d = Duel()
    mana(d, 0, "アクア・ハルカス", 3)
    d.put("エメラル", 0, BATTLE)
    d.put("ボルシャック・ドラゴン", 1, SHIELDS)
    d.summon(0, d.put("エメラル", 0, HAND))
    assert "マナチャージステップに戻って" in d.playing.why_cannot_charge(0, d.put("アクア・マスター", 0, HAND))
    d.attack(d.find("エメラル", zone=BATTLE))
    with pytest.raises(IllegalAction, match="攻撃ステップ"):
        d.cast(0, d.put("エナジー・ライト", 0, HAND))


def test_one_mana_charge_a_turn_and_a_multicolored_card_goes_tapped():
    d = Duel()
    light = d.put("エナジー・ライト", 0, HAND)
    d.charge(0, light)
    assert light.zone.kind == MANA and not light.tapped
    with pytest.raises(IllegalAction, match="もうマナチャージした"):
        d.charge(0, d.put("ボルシャック・ドラゴン", 0, HAND))
    d.end_turn()
    d.end_turn()
    reiju = d.put("神聖で新生な霊樹", 0, HAND)
    d.charge(0, reiju)
    assert reiju.tapped


def test_a_rule_switched_off_is_not_enforced(switched_off):
    d = Duel()
    card = d.put("ボルシャック・ドラゴン", 0, HAND)
    assert "コスト" in d.playing.why_cannot_summon(0, card)
    switched_off(Rule.MANA_COST)
    switched_off(Rule.CIVILIZATION)
    assert d.playing.why_cannot_summon(0, card) is None


# -- attacks, blocks, breaks --------------------------------------------------------

def test_summoning_sickness_and_tapped_creatures():
    d = Duel()
    mana(d, 0, "エメラル", 3)
    d.summon(0, d.put("アクア・ハルカス", 0, HAND))
    d.decide(0, [])
    with pytest.raises(IllegalAction, match="このターンにバトルゾーンに出たので攻撃できない（召喚酔い）"):
        d.attack(d.find("アクア・ハルカス"))
    tapped = d.put("ボルシャック・ドラゴン", 0, BATTLE, tapped=True)
    assert "タップしているので攻撃できない" in d.combat.why_cannot_attack(tapped)


def test_only_a_tapped_creature_can_be_attacked():
    d = Duel()
    attacker = d.put("ボルシャック・ドラゴン", 0, BATTLE)
    untapped = d.put("エメラル", 1, BATTLE)
    assert "アンタップしているので攻撃できない" in d.combat.why_cannot_attack(attacker, untapped)
    assert d.combat.why_cannot_attack(attacker, d.put("アクア・ハルカス", 1, BATTLE, tapped=True)) is None


def test_blocks_and_battles():
    d = Duel()
    attacker = d.put("ボルシャック・ドラゴン", 0, BATTLE)
    plain = d.put("アクア・ハルカス", 1, BATTLE)
    blocker = d.put("捜索甲冑ゴロンガー", 1, BATTLE)
    d.put("エメラル", 1, SHIELDS)
    d.attack(attacker)
    with pytest.raises(IllegalAction, match="ブロッカーを持たないのでブロックできない"):
        d.block(plain, attacker)
    d.block(blocker, attacker)
    assert blocker.zone.kind == GRAVEYARD and attacker.zone.kind == BATTLE
    with pytest.raises(IllegalAction, match="ブロックされた"):
        d.unblocked(attacker)
    assert "ブロックされなかったクリーチャーではない" in d.combat.why_cannot_break(attacker, d.zones.shields[1])


def test_a_battle_with_a_power_attacker_is_refused_as_not_modelled():
    d = Duel()
    attacker = d.put("紅神龍バルガゲイザー", 0, BATTLE)
    blocker = d.put("捜索甲冑ゴロンガー", 1, BATTLE)
    d.attack(attacker)  # an empty deck: its attack trigger has nothing to turn face up
    with pytest.raises(SetupError, match="パワーアタッカー"):
        d.block(blocker, attacker)


def test_a_w_breaker_breaks_two_shields_at_once_and_an_empty_shield_zone_loses():
    d = Duel()
    attacker = d.put("ボルシャック・ドラゴン", 0, BATTLE)
    shields = [d.put(n, 1, SHIELDS) for n in ("エメラル", "アクア・マスター", "アクア・ハルカス")]
    d.attack(attacker)
    d.unblocked(attacker)
    assert 1 not in d.processing.lost
    with pytest.raises(IllegalAction, match="ブレイクするシールドは2つ.*総合ゲームルール 113"):
        d.attack_breaks(attacker, [d.zones.shield_of(shields[0])])
    d.attack_breaks(attacker, [d.zones.shield_of(shields[0]), d.zones.shield_of(shields[1])])
    assert len(d.zones.shields[1]) == 1 and shields[0].zone.kind == HAND and shields[1].zone.kind == HAND
    d.end_turn()
    d.end_turn()
    d.attack(attacker)
    d.unblocked(attacker)
    assert d.combat.shields_to_break(attacker) == 1
    d.attack_breaks(attacker, [d.zones.shield_of(shields[2])])
    d.end_turn()
    d.end_turn()
    d.attack(attacker)
    d.unblocked(attacker)
    assert d.processing.lost == {1: "direct attack"}


# -- S・トリガー -----------------------------------------------------------------

def test_s_trigger_only_from_the_broken_shield_and_only_right_away():
    d = Duel()
    attacker = d.put("エメラル", 0, BATTLE)
    d.put("ボルシャック・ドラゴン", 0, BATTLE)
    before = d.put("デーモン・ハンド", 1, HAND)
    shield = d.put("デーモン・ハンド", 1, SHIELDS)
    d.attack(attacker)
    d.unblocked(attacker)
    d.attack_breaks(attacker, [d.zones.shield_of(shield)])
    assert "ブレイクされたシールドから手札に加わったカードではない" in d.shield_rules.why_cannot_use_s_trigger(1, before)
    assert d.shield_rules.why_cannot_use_s_trigger(1, shield) is None
    d.end_turn()
    assert "もうS・トリガーは使えない" in d.shield_rules.why_cannot_use_s_trigger(1, shield)
    assert shield.zone.kind == HAND


def test_s_trigger_is_free_and_a_drawn_card_cannot_use_it():
    d = Duel()
    target = d.put("ボルシャック・ドラゴン", 0, BATTLE)
    shield = d.put("デーモン・ハンド", 1, SHIELDS)
    d.break_action(d.zones.shield_of(shield))
    d.use_s_trigger(1, shield)
    assert target.zone.kind == GRAVEYARD and shield.zone.kind == GRAVEYARD
    drawn = d.put("デーモン・ハンド", 1, DECK)
    d.draw_action(1)
    with pytest.raises(IllegalAction, match="S・トリガーは使えない"):
        d.use_s_trigger(1, drawn)


def test_a_tap_ability_is_not_used_the_turn_the_creature_came():
    d = Duel()
    mana(d, 0, "エメラル", 5)
    d.summon(0, d.put("ラグーン・マーメイド", 0, HAND))
    mermaid = d.find("ラグーン・マーメイド")
    with pytest.raises(IllegalAction, match="TT能力を使えない（召喚酔い）"):
        d.use_tap_ability(mermaid)
    d.end_turn()
    assert "コントローラーのターンにしか" in d.combat.why_cannot_tap(mermaid)
    d.end_turn()
    assert d.combat.why_cannot_tap(mermaid) is None


def test_an_evolution_creature_is_set_up_only_on_what_it_evolved_from():
    d = Duel()
    with pytest.raises(SetupError, match="進化元なしにはバトルゾーンに置けない"):
        d.put("エンペラー・キリコ", 0, BATTLE)
    with pytest.raises(SetupError, match="から進化できない"):
        d.put("エンペラー・キリコ", 0, BATTLE, on="ボルシャック・ドラゴン")
    kiriko = d.put("エンペラー・キリコ", 0, BATTLE, on="エメラル")
    assert [c.name for c in kiriko.under] == ["エメラル"] and d.zones.creatures(0) == [kiriko]
    assert d.combat.why_cannot_attack(kiriko) is None

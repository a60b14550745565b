"""Unit tests of Magic's legality checks (engine/mtg/legality.py, stack.py, combat.py,
game.py): each action refused with the rule it breaks, in Japanese, and each rule a
switch the coverage tool can turn off."""

from __future__ import annotations

import pytest

from rulings.core import IllegalAction
from rulings.mtg import Game, legality
from rulings.mtg.objects import BATTLEFIELD, GRAVEYARD, HAND

from .mtg_setup import on_battlefield

#: the engine builds games of the cards the documents define
pytestmark = pytest.mark.usefixtures("extracted")


@pytest.fixture
def switched_off():
    """Switch a rule of legality.RULES off for one test; put it back afterwards."""
    saved = dict(legality.RULES)

    def off(rule: str) -> None:
        legality.RULES[rule] = False

    yield off
    legality.RULES.clear()
    legality.RULES.update(saved)


# -- timing ------------------------------------------------------------------------------

def test_a_sorcery_is_cast_in_its_casters_main_phase_with_the_stack_empty():
    game = Game()
    divination = game.new_card("予言", 0, HAND)
    assert game.stack_rules.why_cannot_cast(0, divination) is None
    game.start_turn(1)
    with pytest.raises(IllegalAction, match=r"今は対戦相手のターン.*CR 117\.1a"):
        game.stack_rules.cast(0, divination)
    assert divination.zone.kind == HAND


def test_no_sorcery_while_the_stack_holds_a_spell():
    game = Game()
    knight = on_battlefield(game, "白騎士", 1)
    game.stack_rules.cast(0, game.new_card("稲妻", 0, HAND), targets=(knight,))
    why = game.stack_rules.why_cannot_cast(0, game.new_card("予言", 0, HAND))
    assert why is not None and "スタックが空でない" in why


def test_no_sorcery_in_combat_or_the_end_step_but_again_after_combat():
    game = Game()
    warden = on_battlefield(game, "魂の管理人")
    divination = game.new_card("予言", 0, HAND)
    game.combat_rules.attack(0, warden)
    assert "戦闘フェイズ" in game.stack_rules.why_cannot_cast(0, divination)
    game.combat_rules.end_combat()
    assert game.stack_rules.why_cannot_cast(0, divination) is None
    game.stack_rules.begin_end_step()
    assert "終了ステップ" in game.stack_rules.why_cannot_cast(0, divination)
    assert game.stack_rules.why_cannot_cast(0, game.new_card("稲妻", 0, HAND)) is None


def test_flash_lets_a_creature_be_cast_at_instant_speed(switched_off):
    game = Game()
    game.start_turn(1)
    snapcaster = game.new_card("瞬唱の魔道士", 0, HAND)
    assert game.stack_rules.why_cannot_cast(0, snapcaster) is None
    switched_off("flash")
    assert "瞬速" in game.stack_rules.why_cannot_cast(0, snapcaster)


def test_a_face_down_spell_is_a_creature_spell_at_sorcery_speed():
    game = Game()
    game.start_turn(1)
    demon = game.new_card("にやにや笑いの悪魔", 0, HAND)
    with pytest.raises(IllegalAction, match="唱えられない"):
        game.stack_rules.cast(0, demon, face_down_way="変異")
    with pytest.raises(IllegalAction, match=r"変異を持たない.*CR 702\.37c"):
        Game().stack_rules.cast(0, Game().new_card("魂の管理人", 0, HAND), face_down_way="変異")


def test_spells_are_cast_from_the_hand(switched_off):
    game = Game()
    bolt = game.new_card("稲妻", 0, GRAVEYARD)
    assert "CR 601.3" in game.stack_rules.why_cannot_cast(0, bolt)
    opponents = game.new_card("巨大化", 1, HAND)
    assert game.stack_rules.why_cannot_cast(0, opponents) == "「巨大化」はあなたの手札にない"
    switched_off("cast-from-hand")
    assert game.stack_rules.why_cannot_cast(0, bolt) is None


def test_nothing_but_mana_abilities_while_a_spell_is_being_cast():
    game = Game()
    birds = on_battlefield(game, "極楽鳥")
    game.stack_rules.begin_casting(0, game.new_card("巨大化", 0, HAND))
    assert "601.2g" in game.stack_rules.why_cannot_cast(0, game.new_card("稲妻", 0, HAND))
    assert game.stack_rules.why_cannot_activate_mana_ability(0, birds) is None
    game.stack_rules.finish_casting(0)
    assert game.stack_rules.why_cannot_cast(0, game.new_card("稲妻", 0, HAND)) is None


# -- lands ---------------------------------------------------------------------------------

def test_a_land_is_played_once_a_turn_never_cast():
    game = Game()
    forest, mountain = game.new_card("森", 0, HAND), game.new_card("山", 0, HAND)
    with pytest.raises(IllegalAction, match=r"土地なので呪文として唱えられない.*CR 305\.1"):
        game.stack_rules.cast(0, forest)
    game.play_land(0, forest)
    assert forest.zone.kind == BATTLEFIELD
    with pytest.raises(IllegalAction, match=r"もう土地をプレイした.*CR 305\.2"):
        game.play_land(0, mountain)
    game.start_turn(1)
    assert "対戦相手のターン" in game.why_cannot_play_land(0, mountain)
    game.start_turn(0)
    assert game.why_cannot_play_land(0, mountain) is None


def test_a_land_just_played_taps_for_mana_once():
    game = Game()
    forest = game.new_card("森", 0, HAND)
    game.play_land(0, forest)
    game.stack_rules.activate_mana_ability(0, forest)
    assert forest.tapped
    with pytest.raises(IllegalAction, match=r"タップ状態なので.*CR 107\.5"):
        game.stack_rules.activate_mana_ability(0, forest)


# -- summoning sickness and haste ----------------------------------------------------------

def test_a_creature_cast_this_turn_cannot_attack_or_tap(switched_off):
    game = Game()
    warden = game.new_card("魂の管理人", 0, HAND)
    game.stack_rules.cast(0, warden)
    game.stack_rules.resolve_all()
    with pytest.raises(IllegalAction, match=r"召喚酔い、CR 302\.6"):
        game.combat_rules.attack(0, warden)
    birds = game.new_card("極楽鳥", 0, HAND)
    game.stack_rules.cast(0, birds)
    game.stack_rules.resolve_all()
    assert "CR 302.6" in game.stack_rules.why_cannot_activate_mana_ability(0, birds)
    switched_off("summoning-sickness")
    assert game.combat_rules.why_cannot_attack(0, warden) is None


def test_haste_lets_it_attack_and_tap_at_once(switched_off):
    game = Game()
    goblin = game.new_card("怒り狂うゴブリン", 0, HAND)
    game.stack_rules.cast(0, goblin)
    game.stack_rules.resolve_all()
    assert game.combat_rules.why_cannot_attack(0, goblin) is None
    alarmist = on_battlefield(game, "スカークの騒ぎ屋")
    alarmist.controlled_since = game.tick()
    assert game.stack_rules.why_cannot_activate(0, alarmist, check_target=False) is None
    switched_off("haste")
    assert "召喚酔い" in game.combat_rules.why_cannot_attack(0, goblin)


# -- attacks and blocks --------------------------------------------------------------------

def test_attacks_by_the_active_player_with_untapped_creatures_in_one_combat():
    game = Game()
    warden, knight = on_battlefield(game, "魂の管理人"), on_battlefield(game, "白騎士")
    opposing = on_battlefield(game, "黒騎士", 1)
    assert "CR 508.1a" in game.combat_rules.why_cannot_attack(1, opposing)
    knight.tapped = True
    assert "タップ状態" in game.combat_rules.why_cannot_attack(0, knight)
    knight.tapped = False
    game.combat_rules.attack(0, warden)
    assert game.combat_rules.why_cannot_attack(0, knight) is None
    game.combat_rules.end_combat()
    with pytest.raises(IllegalAction, match=r"CR 500\.1、508\.1"):
        game.combat_rules.attack(0, knight)


def test_defender_cannot_attack_but_blocks():
    game = Game()
    wall = on_battlefield(game, "前兆の壁", 1)
    warden = on_battlefield(game, "魂の管理人")
    game.start_turn(1)
    assert "防衛" in game.combat_rules.why_cannot_attack(1, wall)
    game.start_turn(0)
    game.combat_rules.attack(0, warden)
    game.combat_rules.block(1, wall, warden)
    assert warden.blocked and wall.blocking is warden


def test_only_the_defending_player_blocks_with_untapped_creatures(switched_off):
    game = Game()
    warden, wall = on_battlefield(game, "魂の管理人"), on_battlefield(game, "前兆の壁")
    knight = on_battlefield(game, "白騎士", 1)
    game.combat_rules.attack(0, warden)
    with pytest.raises(IllegalAction, match=r"防御プレイヤー.*CR 509\.1a"):
        game.combat_rules.block(0, wall, warden)
    knight.tapped = True
    assert "タップ状態" in game.combat_rules.why_cannot_block(1, knight, warden)
    switched_off("blocker")
    assert game.combat_rules.why_cannot_block(1, knight, warden) is None


def test_flying_needs_flying_or_reach_to_block():
    game = Game()
    birds = on_battlefield(game, "極楽鳥")
    knight = on_battlefield(game, "白騎士", 1)
    game.combat_rules.attack(0, birds)
    assert "CR 702.9b" in game.combat_rules.why_cannot_block(1, knight, birds)


# -- activated abilities -------------------------------------------------------------------

def test_equip_only_at_sorcery_timing_and_by_its_controller(switched_off):
    game = Game()
    sword, warden = on_battlefield(game, "骨断ちの矛"), on_battlefield(game, "魂の管理人")
    assert game.stack_rules.why_cannot_activate(0, sword, warden) is None
    assert "CR 602.2" in game.stack_rules.why_cannot_activate(1, sword, warden)
    game.start_turn(1)
    with pytest.raises(IllegalAction, match=r"CR 602\.5d"):
        game.stack_rules.activate(0, sword, warden)
    switched_off("ability-sorcery-timing")
    assert game.stack_rules.why_cannot_activate(0, sword, warden) is None


# -- mana value ----------------------------------------------------------------------------

@pytest.mark.parametrize("name, value", [("稲妻", 1), ("予言", 3), ("犬の散歩者", 2), ("森", 0),
                                         ("にやにや笑いの悪魔", 4)])
def test_mana_value_of_a_card(name, value):
    game = Game()
    assert game.layer_rules.characteristics(game.new_card(name, 0, HAND)).mana_value() == value


def test_face_down_spells_and_permanents_have_mana_value_zero():
    game = Game()
    demon = game.new_card("にやにや笑いの悪魔", 0, HAND)
    game.stack_rules.cast(0, demon, face_down_way="変異")
    assert game.layer_rules.characteristics(demon).mana_value() == 0
    game.stack_rules.resolve_all()
    assert game.layer_rules.characteristics(demon).mana_value() == 0
    game.face_down_rules.turn_face_up(demon)
    assert game.layer_rules.characteristics(demon).mana_value() == 4


# -- targets as the spell resolves ---------------------------------------------------------

def test_a_spell_whose_target_is_gone_does_not_resolve(switched_off):
    game = Game()
    warden = on_battlefield(game, "魂の管理人")
    growth = game.new_card("巨大化", 0, HAND)
    game.stack_rules.cast(0, growth, targets=(warden,))
    game.stack_rules.cast(1, game.new_card("稲妻", 1, HAND), targets=(warden,))
    game.stack_rules.resolve_all()
    assert warden.zone.kind == GRAVEYARD and growth.zone.kind == GRAVEYARD
    assert any(e.data.get("card") == growth.serial for e in game.log.of_kind("fizzle"))


def test_an_illegal_target_is_refused_as_the_spell_is_cast():
    game = Game()
    forest = on_battlefield(game, "森", 1)
    bolt = game.new_card("稲妻", 0, HAND)
    with pytest.raises(IllegalAction, match=r"適正な対象ではない（CR 601\.2c"):
        game.stack_rules.cast(0, bolt, targets=(forest,))


# -- the switches --------------------------------------------------------------------------

def test_every_rule_has_a_label_and_a_cell():
    from rulings.mtg.tables import rules_table
    table = rules_table()
    assert {c.row for c in table.cells} == set(legality.RULES)
    assert set(legality.RULES) <= set(legality.LABELS)
    cell = next(c for c in table.cells if c.row == "sorcery-timing")
    undo = cell.apply()
    try:
        assert not legality.on("sorcery-timing")
    finally:
        undo()
    assert legality.on("sorcery-timing")


def test_up_to_two_targets_each_chosen_once_and_the_illegal_one_is_not_affected(switched_off):
    game = Game()
    cavern = on_battlefield(game, "生けるものの洞窟", 1, face_down="変異")
    knight, black = on_battlefield(game, "白騎士", 1), on_battlefield(game, "黒騎士", 1)
    breath = game.new_card("霜のブレス", 0, HAND)
    with pytest.raises(IllegalAction, match=r"同じものを2回.*CR 601\.2c"):
        game.stack_rules.cast(0, breath, targets=(knight, knight))
    with pytest.raises(IllegalAction, match=r"3つは選べない"):
        game.stack_rules.cast(0, breath, targets=(knight, black, cavern))
    game.stack_rules.cast(0, breath, targets=(cavern, knight))
    game.face_down_rules.turn_face_up(cavern)
    game.stack_rules.resolve_top()
    assert knight.tapped and not cavern.tapped


def test_switched_off_the_illegal_target_is_affected_too(switched_off):
    switched_off("illegal-targets-unaffected")
    game = Game()
    cavern = on_battlefield(game, "生けるものの洞窟", 1, face_down="変異")
    knight = on_battlefield(game, "白騎士", 1)
    game.stack_rules.cast(0, game.new_card("霜のブレス", 0, HAND), targets=(cavern, knight))
    game.face_down_rules.turn_face_up(cavern)
    game.stack_rules.resolve_top()
    assert knight.tapped and cavern.tapped

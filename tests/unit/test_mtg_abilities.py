"""Unit tests of the Magic engine's ability mechanisms: ward, restrictions, replacement
of leaving the battlefield, Illusionary Mask's rider, granted abilities, activated
abilities and delayed triggers."""

from __future__ import annotations

import pytest

from rulings.core import IllegalAction
from rulings.mtg import Game
from rulings.mtg.cards import BECOMES_TARGET
from rulings.mtg.objects import EXILE, GRAVEYARD
from rulings.mtg.identity import ERASED_BY, TURNED_FACE_UP, ZONE_CHANGE

from .mtg_setup import on_battlefield

#: the engine builds games of the cards the documents define
pytestmark = pytest.mark.usefixtures("extracted")

# -- ward ---------------------------------------------------------------------------------

def test_ward_counters_an_opponents_spell_unless_paid():
    game = Game()
    walker = on_battlefield(game, "犬の散歩者", face_down="変装")
    bolt = game.in_hand("稲妻", 1)
    game.stack_rules.cast(1, bolt, targets=(walker,))
    assert game.stack_rules.did_trigger(walker, BECOMES_TARGET)
    game.stack_rules.resolve_top()                                   # ward, not paid
    assert bolt.zone.kind == GRAVEYARD and not game.stack_rules.stack and walker.damage == 0


def test_paid_ward_lets_the_spell_resolve():
    game = Game()
    walker = on_battlefield(game, "犬の散歩者", face_down="変装")
    game.stack_rules.cast(1, game.in_hand("稲妻", 1), targets=(walker,))
    game.stack_rules.resolve_top(pay=True)
    game.stack_rules.resolve_top()
    assert walker.zone.kind == GRAVEYARD


@pytest.mark.parametrize("caster, way, fires", [(1, "変装", True), (0, "変装", False), (1, "変異", False)])
def test_ward_only_for_opponents_and_only_with_ward(caster, way, fires):
    game = Game()
    target = on_battlefield(game, "犬の散歩者", face_down=way)
    game.stack_rules.cast(caster, game.in_hand("巨大化", caster), targets=(target,))
    assert game.stack_rules.did_trigger(target, BECOMES_TARGET) is fires


def test_ward_does_not_trigger_for_a_face_down_spell():
    game = Game()
    walker = game.in_hand("犬の散歩者", 0)
    game.stack_rules.cast(0, walker, face_down_way="変装")
    game.stack_rules.cast(1, game.in_hand("本質の散乱", 1), targets=(walker,))
    assert not game.stack_rules.did_trigger(walker, BECOMES_TARGET)


# -- restrictions -------------------------------------------------------------------------

def test_watchdog_forbids_turning_opponents_permanents_face_up_during_its_controllers_turn():
    game = Game()
    on_battlefield(game, "カルロフの番犬", 0)
    lorian = on_battlefield(game, "枝折りロリアン", 1, face_down="変異")
    mine = on_battlefield(game, "にやにや笑いの悪魔", 0, face_down="変異")
    assert game.face_down_rules.why_cannot_turn_face_up(lorian) is not None
    assert game.face_down_rules.turn_face_up(lorian) is False and not lorian.face_up      # effects too
    assert game.face_down_rules.why_cannot_turn_face_up(mine) is None
    game.start_turn(1)
    assert game.face_down_rules.why_cannot_turn_face_up(lorian) is None


# -- replacement of leaving the battlefield -------------------------------------------------

def test_magars_face_down_card_is_exiled_instead_and_does_not_die():
    game = Game()
    magar = on_battlefield(game, "魔法の糸のメイガー")
    bolt = game.new_card("稲妻", 0, GRAVEYARD)
    game.stack_rules.activate(0, magar, bolt)
    game.stack_rules.resolve_top()
    assert not bolt.face_up and game.layer_rules.characteristics(bolt).pt_text() == "3/3"
    game.destroy(bolt)
    assert bolt.zone.kind == EXILE and game.zone_rules.was_revealed(bolt)
    assert not game.log.of_kind("dies")


def test_magar_targets_only_instant_or_sorcery_cards_in_your_graveyard():
    game = Game()
    magar = on_battlefield(game, "魔法の糸のメイガー")
    wall = game.new_card("前兆の壁", 0, GRAVEYARD)
    theirs = game.new_card("稲妻", 1, GRAVEYARD)
    assert not game.stack_rules.is_legal_ability_target(magar, wall)
    assert not game.stack_rules.is_legal_ability_target(magar, theirs)
    with pytest.raises(IllegalAction):
        game.stack_rules.activate(0, magar, wall)


# -- Illusionary Mask --------------------------------------------------------------------

def test_mask_rider_turns_the_creature_face_up_before_damage_and_ends_with_the_object():
    assert ERASED_BY["face_up_when"] == frozenset({ZONE_CHANGE, TURNED_FACE_UP})
    game = Game()
    mask = on_battlefield(game, "Illusionary Mask")
    wall = game.in_hand("前兆の壁", 0)
    game.stack_rules.cast(0, wall, face_down_by=mask)
    game.stack_rules.resolve_top()
    assert wall.face_up_when and not wall.face_up
    game.combat_rules.deal_damage(wall, 3, mask)
    assert wall.face_up and wall.damage == 3 and not wall.face_up_when


def test_mask_casts_only_creature_cards():
    game = Game()
    mask = on_battlefield(game, "Illusionary Mask")
    with pytest.raises(IllegalAction):
        game.stack_rules.cast(0, game.in_hand("稲妻", 0), face_down_by=mask)


# -- granted abilities, activated abilities, delayed triggers ------------------------------

def test_yarus_grants_haste_to_other_creatures_only():
    game = Game()
    yarus = on_battlefield(game, "古き神々の咆哮、ヤラス")
    elf = on_battlefield(game, "エルフの幻想家")
    theirs = on_battlefield(game, "前兆の壁", 1)
    assert game.layer_rules.characteristics(elf).has("速攻")
    assert not game.layer_rules.characteristics(yarus).has("速攻")
    assert not game.layer_rules.characteristics(theirs).has("速攻")


def test_etrata_grants_its_ability_only_to_your_face_down_creatures():
    game = Game()
    on_battlefield(game, "命狙いの逃亡者、エトラータ")
    mine = on_battlefield(game, "エルフの幻想家", face_down="偽装")
    theirs = on_battlefield(game, "枝折りロリアン", 1, face_down="変異")
    assert game.stack_rules.activated_ability(mine)
    with pytest.raises(IllegalAction):
        game.stack_rules.activated_ability(theirs)


def test_an_activated_ability_fizzles_when_its_target_stops_being_legal():
    game = Game()
    ixidor = on_battlefield(game, "現実を彫る者イクシドール")
    lorian = on_battlefield(game, "枝折りロリアン", 1, face_down="変異")
    game.stack_rules.activate(0, ixidor, lorian)
    game.face_down_rules.turn_face_up_special(1, lorian)                # in response, for its morph cost
    game.stack_rules.resolve_top()
    assert game.log.of_kind("fizzle")


def test_skirk_alarmist_needs_to_tap_and_sacrifices_at_the_next_end_step():
    game = Game()
    alarmist = on_battlefield(game, "スカークの騒ぎ屋")
    wall = on_battlefield(game, "前兆の壁", face_down="予示")
    game.stack_rules.activate(0, alarmist, wall)
    game.stack_rules.resolve_top()
    assert wall.face_up and alarmist.tapped
    with pytest.raises(IllegalAction):
        game.stack_rules.activate(0, alarmist, wall)
    game.stack_rules.begin_end_step()
    game.stack_rules.resolve_top()
    assert wall.zone.kind == GRAVEYARD


def test_equip_is_activated_only_as_a_sorcery():
    game = Game()
    bonesplitter = on_battlefield(game, "骨断ちの矛")
    lorian = on_battlefield(game, "枝折りロリアン")
    game.start_turn(1)
    with pytest.raises(IllegalAction, match="602.5d"):
        game.stack_rules.activate(0, bonesplitter, lorian)      # in the opponent's turn
    game.start_turn(0)
    game.stack_rules.activate(0, bonesplitter, lorian)
    with pytest.raises(IllegalAction, match="602.5d"):
        game.stack_rules.activate(0, bonesplitter, lorian)      # the stack is not empty
    game.stack_rules.resolve_top()
    assert bonesplitter.attached_to is lorian


@pytest.mark.parametrize("cost,value", [("{X}{G}{G}", 2), ("{R/W}{R/W}", 2), ("{2/W}", 2), ("{4}{R}{R}", 6),
                                        (None, 0)])
def test_mana_value_counts_each_symbol(cost, value):
    from rulings.mtg.characteristics import Characteristics
    assert Characteristics(mana_cost=cost).mana_value() == value


def test_protection_from_black_stops_black_blockers_and_damage_from_black_sources():
    game = Game()
    knight = on_battlefield(game, "白騎士")
    demon = on_battlefield(game, "にやにや笑いの悪魔", 1)       # black
    wall = on_battlefield(game, "前兆の壁", 1)                  # white
    game.combat_rules.attack(0, knight)
    with pytest.raises(IllegalAction, match="702.16e"):
        game.combat_rules.block(1, demon, knight)
    game.combat_rules.block(1, wall, knight)
    game.combat_rules.deal_damage(knight, 2, demon)
    assert knight.damage == 0 and game.log.of_kind("prevent")
    game.combat_rules.deal_damage(knight, 1, wall)
    assert knight.damage == 1


def test_protection_from_white_does_not_stop_a_colourless_equipment():
    game = Game()
    black_knight = on_battlefield(game, "黒騎士")
    bonesplitter = on_battlefield(game, "骨断ちの矛")       # colourless: may be attached
    game.stack_rules.activate(0, bonesplitter, black_knight)
    game.stack_rules.resolve_top()
    assert bonesplitter.attached_to is black_knight
    assert game.layer_rules.characteristics(black_knight).power == 4


def test_a_colour_negated_filter_asks_the_colour_the_object_has_now():
    """「黒でないクリーチャー」 (Doom Blade's words): a black creature does not fit, a white one
    does, and so does a black card face down — a face-down permanent is colourless (CR 708.2a)."""
    from rulings.mtg.blocks import Objects
    game = Game()
    nonblack = Objects.parse("黒でないクリーチャー1体", counted=True)
    black_knight = on_battlefield(game, "黒騎士", 1)
    white_knight = on_battlefield(game, "白騎士", 1)
    face_down_demon = on_battlefield(game, "にやにや笑いの悪魔", 1, face_down="変異")
    source = on_battlefield(game, "前兆の壁", 0)
    assert not nonblack.fits(game, source, 0, black_knight)
    assert nonblack.fits(game, source, 0, white_knight)
    assert nonblack.fits(game, source, 0, face_down_demon)
    game.face_down_rules.turn_face_up(face_down_demon, reason="test")
    assert not nonblack.fits(game, source, 0, face_down_demon)


def test_a_token_copy_triggers_its_own_enters_ability():
    """A token that is a copy of 「前兆の壁」 enters the battlefield: its own "when this
    enters" ability triggers (CR 603.6a, 707.2), and its controller draws."""
    from rulings.mtg.blocks import COPY_TOKEN
    from rulings.mtg.cards import ENTERS
    from rulings.mtg.objects import HAND, LIBRARY
    game = Game()
    wall = on_battlefield(game, "前兆の壁", 1)
    bolt = game.new_card("稲妻", 0, LIBRARY, index=0)
    token = game.create_token(0, COPY_TOKEN, copy_of=wall)
    game.stack_rules.settle()
    assert game.stack_rules.did_trigger(token, ENTERS)
    game.stack_rules.resolve_all()
    assert bolt.zone.kind == HAND and bolt.owner == 0


# -- manifest dread ----------------------------------------------------------------------------

def _dread_game(*names):
    """A game whose player 0 has ``names`` on top of the library, first name on top."""
    game = Game()
    for name in reversed(names):
        game.new_card(name, 0, "library", index=0)
    return game


def test_manifest_dread_manifests_the_stated_card_and_puts_the_other_into_the_graveyard():
    game = _dread_game("エルフの幻想家", "前兆の壁")
    wall = game.card("前兆の壁")
    game.face_down_rules.dread_choice[0] = wall
    manifested = game.face_down_rules.manifest_dread(0)
    assert manifested is wall and not wall.face_up and wall.face_down_by == "予示"
    assert game.card("エルフの幻想家").zone.kind == GRAVEYARD
    assert game.face_down_rules.dread_choice == {}


def test_manifest_dread_without_a_stated_choice_manifests_the_top_card_and_says_so():
    game = _dread_game("エルフの幻想家", "前兆の壁")
    assert game.face_down_rules.manifest_dread(0) is game.card("エルフの幻想家")
    assert game.card("前兆の壁").zone.kind == GRAVEYARD
    assert any("by default" in e.message for e in game.log.of_kind("choice"))


def test_manifest_dread_refuses_a_card_not_among_the_top_two():
    game = _dread_game("エルフの幻想家", "前兆の壁", "稲妻")
    game.face_down_rules.dread_choice[0] = game.card("稲妻")
    with pytest.raises(IllegalAction):
        game.face_down_rules.manifest_dread(0)


def test_manifest_dread_with_one_card_manifests_it_and_with_none_does_nothing():
    game = _dread_game("稲妻")
    assert game.face_down_rules.manifest_dread(0) is game.card("稲妻")
    assert game.face_down_rules.manifest_dread(0) is None

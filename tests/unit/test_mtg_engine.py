"""Unit tests of the Magic engine: the layer computation and object identity."""

from __future__ import annotations

import pytest

from rulings.core import IllegalAction
from rulings.mtg import Game
from rulings.mtg.characteristics import FACE_DOWN_DEFAULT
from rulings.mtg.objects import BATTLEFIELD, GRAVEYARD, HAND

from .mtg_setup import on_battlefield

#: the engine builds games of the cards the documents define
pytestmark = pytest.mark.usefixtures("extracted")

# -- layers ------------------------------------------------------------------------------

def test_face_down_status_applies_after_copy_effects():
    game = Game()
    demon = on_battlefield(game, "にやにや笑いの悪魔", face_down="変異")
    lorian = on_battlefield(game, "枝折りロリアン", 1)
    game.layer_rules.become_copy(demon, lorian)
    assert game.layer_rules.characteristics(demon) == FACE_DOWN_DEFAULT          # layer 1b wins while face down
    game.face_down_rules.turn_face_up(demon)
    values = game.layer_rules.characteristics(demon)
    assert (values.name, values.pt_text(), values.colors) == ("枝折りロリアン", "4/1", frozenset({"緑"}))


def test_face_down_characteristics_are_copiable_and_copies_are_snapshots():
    game = Game()
    demon = on_battlefield(game, "にやにや笑いの悪魔", face_down="変異")
    clone = game.zone_rules.put_onto_battlefield(game.new_card("クローン", 0, HAND), 0, copy_of=demon)
    game.face_down_rules.turn_face_up(demon)
    assert game.layer_rules.characteristics(demon).pt_text() == "6/6"
    assert game.layer_rules.characteristics(clone) == FACE_DOWN_DEFAULT and clone.face_up


def test_power_toughness_modifications_apply_on_top_of_the_face_down_values():
    game = Game()
    demon = on_battlefield(game, "にやにや笑いの悪魔", face_down="変異")
    aura = game.zone_rules.put_onto_battlefield(game.new_card("神聖なる力", 0, HAND), 0, setup=True, attach_to=demon)
    game.add_counters(demon, "+1/+1", 2)
    assert game.layer_rules.characteristics(demon).pt_text() == "5/6"
    game.face_down_rules.turn_face_up(demon)
    assert game.layer_rules.characteristics(demon).pt_text() == "9/10"
    assert aura.attached_to is demon


def test_characteristic_defining_ability_counts_face_down_creatures():
    game = Game()
    on_battlefield(game, "枝折りロリアン", face_down="変異")
    on_battlefield(game, "エルフの幻想家", 1, face_down="予示")
    ixidron = on_battlefield(game, "イクシドロン")
    assert game.layer_rules.characteristics(ixidron).pt_text() == "2/2"


def test_hidden_cards_have_no_characteristics():
    game = Game()
    card = game.new_card("稲妻", 0, HAND)
    game.zone_rules.exile(card, face_down=True)
    assert game.layer_rules.characteristics(card).name is None
    assert not game.zone_rules.can_see(0, card) and not game.zone_rules.can_see(1, card)


# -- identity and timestamps --------------------------------------------------------------

def test_turning_face_up_keeps_the_object_and_renews_the_timestamp():
    game = Game()
    demon = on_battlefield(game, "にやにや笑いの悪魔", face_down="変異")
    before = (demon.object_id, demon.timestamp)
    game.face_down_rules.turn_face_up_special(0, demon)
    assert demon.object_id == before[0]
    assert demon.timestamp > before[1]


def test_leaving_the_battlefield_makes_a_new_object_that_forgets_everything():
    game = Game()
    demon = on_battlefield(game, "にやにや笑いの悪魔", face_down="変異")
    game.add_counters(demon, "+1/+1", 1)
    old = demon.object_id
    game.zone_rules.move(demon, GRAVEYARD)
    assert demon.object_id != old
    assert demon.counters == {} and demon.face_down_as is None and demon.face_up
    assert game.zone_rules.was_revealed(demon)


def test_a_target_that_changed_zones_is_no_longer_the_same_object():
    game = Game()
    lorian = on_battlefield(game, "枝折りロリアン", 1)
    game.stack_rules.cast(0, game.new_card("溶岩の流れ", 0, HAND), targets=(lorian,))
    game.zone_rules.move(lorian, HAND)
    game.zone_rules.put_onto_battlefield(lorian, 1)
    game.stack_rules.resolve_top()
    assert lorian.zone.kind == BATTLEFIELD
    assert game.log.of_kind("fizzle")


def test_turning_a_face_down_permanent_face_down_does_nothing():
    game = Game()
    demon = on_battlefield(game, "にやにや笑いの悪魔", face_down="変異")
    stamp = demon.timestamp
    tezzeret = game.definition("残酷な機械技師、テゼレット").face_down_as
    assert game.face_down_rules.turn_face_down(demon, face_down_as=tezzeret) is False
    assert demon.timestamp == stamp and game.layer_rules.characteristics(demon) == FACE_DOWN_DEFAULT


def test_only_the_controller_may_turn_it_face_up_and_only_by_an_allowed_way():
    game = Game()
    visionary = on_battlefield(game, "エルフの幻想家", face_down="変異")  # no morph: no way
    with pytest.raises(IllegalAction):
        game.face_down_rules.turn_face_up_special(0, visionary)
    demon = on_battlefield(game, "にやにや笑いの悪魔", face_down="変異")
    with pytest.raises(IllegalAction):
        game.face_down_rules.turn_face_up_special(1, demon)


def test_state_based_actions_put_a_zero_toughness_creature_into_the_graveyard():
    game = Game()
    clone = game.zone_rules.put_onto_battlefield(game.new_card("クローン", 0, HAND), 0)  # nothing to copy: 0/0
    assert clone.zone.kind == GRAVEYARD


def test_what_turning_face_up_keeps_and_what_a_zone_change_erases():
    from rulings.mtg.identity import ERASED_BY, TURNED_FACE_UP, ZONE_CHANGE

    kept_when_turned = {name for name, erased in ERASED_BY.items() if TURNED_FACE_UP not in erased}
    assert {"counters", "attached_to", "copies", "attacking", "blocking", "targets"} <= kept_when_turned
    assert all(ZONE_CHANGE in erased for erased in ERASED_BY.values())

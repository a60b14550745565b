"""Unit tests of the Duel Masters engine: visibility, face-up reasons, choices, shields."""

from __future__ import annotations

import pytest

from rulings.core import IllegalAction
from rulings.core.choices import Choice
from rulings.dm.duel import BATTLE, DECK, GRAVEYARD, HAND, MANA, SHIELDS, Duel
from rulings.dm.memory import ERASED_BY, FaceUp, Transition
from rulings.dm import statics

#: the engine builds games of the cards the documents define
pytestmark = pytest.mark.usefixtures("extracted")


def deck(duel: Duel, player: int, *names: str):
    return [duel.put(n, player, DECK) for n in names]


def test_every_face_up_reason_is_erased_by_leaving_the_zone_and_by_reordering():
    for reason in FaceUp:
        assert Transition.LEFT_ZONE in ERASED_BY[reason]
        assert Transition.REORDERED in ERASED_BY[reason]
    assert Transition.RESOLVED in ERASED_BY[FaceUp.REVEALED]
    assert Transition.RESOLVED not in ERASED_BY[FaceUp.KEPT]


def test_reveal_goes_back_face_down_in_place_and_is_remembered():
    d = Duel()
    a, b = deck(d, 0, "ボルシャック・ドラゴン", "アクア・マスター")
    d.reveal_action([a], "test")
    assert not a.face_up
    assert d.zones.zone(0, DECK).cards == [a, b]
    assert d.visibility.knows(1, a) and not d.visibility.knows(1, b)
    d.moves.shuffle(0)
    assert not d.visibility.knows(1, a) and not d.visibility.knows(0, a)


def test_public_zones_show_their_cards():
    d = Duel()
    for kind in (MANA, GRAVEYARD):
        card = d.put("ボルシャック・ドラゴン", 0, kind)
        assert card.face_up and d.visibility.knows(1, card)
    hand = d.put("アクア・マスター", 0, HAND)
    assert d.visibility.knows(0, hand) and not d.visibility.knows(1, hand)


def test_deck_out_only_when_a_card_leaves_the_last_deck_slot():
    d = Duel()
    (only,) = deck(d, 0, "アクア・マスター")
    d.reveal_action([only], "test")
    assert 0 not in d.processing.lost
    d.moves.draw(0)
    d.processing.after_action()
    assert d.processing.lost == {0: "deck-out"}


def test_kept_face_up_survives_the_end_of_the_effect_but_not_leaving_the_zone():
    d = Duel()
    card = d.put("ボルシャック・ドラゴン", 1, SHIELDS)
    d.visibility.keep_face_up([card])
    d.processing.after_action()
    d.end_turn()
    assert card.face_up
    d.break_action(d.zones.shield_of(card))
    assert card.zone.kind == HAND and not card.face_up


def test_s_trigger_only_for_a_card_just_broken():
    d = Duel()
    deck(d, 0, "ボルシャック・ドラゴン", "エメラル")
    card = d.put("神聖で新生な霊樹", 0, SHIELDS)
    in_hand = d.put("神聖で新生な霊樹", 0, HAND)
    with pytest.raises(IllegalAction):
        d.use_s_trigger(0, in_hand)
    d.break_action(d.zones.shield_of(card))
    d.use_s_trigger(0, card)
    assert card.zone.kind == GRAVEYARD
    top = d.find("ボルシャック・ドラゴン")
    assert top.zone.kind == SHIELDS and top.face_up


def test_hidden_choice_is_optional_until_a_fitting_card_is_face_up():
    hidden = Choice(0, "a spell", ["x"], by_hidden_characteristic=True)
    assert not hidden.mandatory and hidden.check([]) is None
    shown = Choice(0, "a spell", ["x", "y"], by_hidden_characteristic=True, verifiable=["x"])
    assert shown.mandatory and shown.check([]) is not None
    plain = Choice(0, "a shield", ["s1", "s2"])
    assert plain.mandatory and plain.forced() is None
    assert Choice(0, "a shield", ["s1"]).forced() == ["s1"]
    assert Choice(0, "may", [True], text_mandatory=False).forced() is None


def test_mandatory_choice_cannot_be_declined():
    d = Duel()
    d.put("アクア・マスター", 0, BATTLE)
    d.put("ボルシャック・ドラゴン", 1, SHIELDS)
    d.put("エメラル", 1, SHIELDS)
    d.attack(d.card("アクア・マスター"))
    d.unblocked(d.card("アクア・マスター"))
    assert d.waiting is not None
    with pytest.raises(IllegalAction):
        d.decide(0, [])
    with pytest.raises(IllegalAction):
        d.end_turn()  # the game waits for the decision


def test_only_the_top_face_up_card_of_a_shield_works():
    d = Duel()
    d.put("ボルシャック・ドラゴン", 0, BATTLE)
    go = d.put("進軍する巨砲 クロムウェル", 0, BATTLE)
    other = d.put("エメラル", 0, BATTLE)
    creature = d.card("ボルシャック・ドラゴン")
    d.shield_rules.add_shield(0, [other, go], face_up=True)
    assert go.face_up and other.face_up
    assert "スピードアタッカー" not in statics.keywords_of(d.zones, creature)
    d2 = Duel()
    d2.put("ボルシャック・ドラゴン", 0, BATTLE)
    go2 = d2.put("進軍する巨砲 クロムウェル", 0, BATTLE)
    d2.shield_rules.add_shield(0, [go2], face_up=True)
    assert "スピードアタッカー" in statics.keywords_of(d2.zones, d2.card("ボルシャック・ドラゴン"))


def test_a_castle_works_only_as_a_fortress():
    d = Duel()
    attacker = d.put("アクア・マスター", 0, BATTLE)
    shield = d.put("ボルシャック・ドラゴン", 0, SHIELDS)
    loose = d.put("紫電城バルザーク", 0, SHIELDS, face_up=True)
    assert statics.shields_broken_by(d.zones, attacker) == 1
    d.shield_rules.fortify(d.put("紫電城バルザーク", 0, HAND), d.zones.shield_of(shield))
    assert statics.shields_broken_by(d.zones, attacker) == 2
    assert loose.face_up


def test_top_of_deck_face_up_follows_the_top():
    d = Duel()
    a, b, c = deck(d, 1, "神聖で新生な霊樹", "エメラル", "ボルシャック・ドラゴン")
    d.put("ラグーン・マーメイド", 0, BATTLE)
    assert [x.face_up for x in (a, b, c)] == [True, False, False]
    d.moves.to_deck_bottom(a)
    assert [x.face_up for x in (a, b, c)] == [False, True, False]
    d.moves.move(d.card("ラグーン・マーメイド"), GRAVEYARD)
    assert not b.face_up


def test_looking_forbidden_stops_look_and_reveal_of_decks_only():
    d = Duel()
    (top,) = deck(d, 0, "ボルシャック・ドラゴン")
    shield = d.put("アクア・マスター", 0, SHIELDS)
    d.put("巡霊者メスタポ", 1, BATTLE)
    assert d.visibility.look(0, [top]) == [] and d.visibility.reveal([top]) == []
    assert d.visibility.look(0, [shield]) == [shield]
    assert not d.visibility.knows(0, top)


def test_drawing_the_last_card_loses_when_the_draw_is_over():
    d = Duel()
    deck(d, 0, "アクア・マスター")
    d.draw_action(0)
    assert d.processing.lost == {0: "deck-out"}


def test_deck_out_is_checked_after_each_resolution_not_only_at_the_end():
    d = Duel()
    gageizer = d.put("紅神龍バルガゲイザー", 0, BATTLE)
    deck(d, 0, "テスト用 帰還の竜")
    d.attack(gageizer)
    d.decide(0, [True])
    # the dragon's "enters" ability put 紅神龍バルガゲイザー back into the deck …
    assert [c.name for c in d.zones.zone(0, DECK).cards] == ["紅神龍バルガゲイザー"]
    # … too late: the deck was empty when the attack ability's resolution ended
    assert d.processing.lost == {0: "deck-out"}


def test_a_deck_refilled_within_the_same_processing_does_not_lose():
    d = Duel()
    (only,) = deck(d, 0, "アクア・マスター")
    d.moves.move(only, HAND)
    d.moves.move(only, DECK)
    d.processing.after_action()
    assert d.processing.lost == {}


def test_shuffling_erases_knowledge_of_cards_face_up_in_the_deck():
    d = Duel()
    a, b = deck(d, 0, "ボルシャック・ドラゴン", "アクア・マスター")
    d.visibility.look(1, [b])
    d.visibility.reveal([a], "test")  # face up, inside a processing that goes on to shuffle
    d.moves.shuffle(0)
    assert not a.face_up
    for card in (a, b):
        assert not d.visibility.knows(0, card) and not d.visibility.knows(1, card)
    d.processing.after_action()  # the processing ends: the knowledge does not come back
    for card in (a, b):
        assert not d.visibility.knows(0, card) and not d.visibility.knows(1, card)


def test_shuffling_under_lagoon_mermaid_shows_only_the_new_top():
    d = Duel()
    d.put("ラグーン・マーメイド", 0, BATTLE)
    cards = deck(d, 1, "神聖で新生な霊樹", "エメラル", "ボルシャック・ドラゴン")
    d.moves.shuffle(1)
    top, *rest = d.zones.zone(1, DECK).cards
    assert top.face_up and d.visibility.knows(0, top)
    assert all(not d.visibility.knows(p, c) for c in rest for p in (0, 1))
    assert sorted(c.serial for c in cards) == sorted(c.serial for c in d.zones.zone(1, DECK).cards)


def test_attacks_are_refereed():
    """A tapped creature, or one that entered this turn (召喚酔い), cannot attack; only a
    tapped creature of the opponent can be attacked; "not blocked" needs an attack."""
    d = Duel()
    aqua = d.put("アクア・マスター", 0, BATTLE)
    untapped = d.put("ボルシャック・ドラゴン", 1, BATTLE)
    with pytest.raises(IllegalAction):
        d.unblocked(aqua)
    with pytest.raises(IllegalAction):
        d.attack(aqua, untapped)
    d.put("アクア・ハルカス", 0, MANA)
    d.put("アクア・ハルカス", 0, MANA)
    d.summon(0, d.put("エメラル", 0, HAND))
    with pytest.raises(IllegalAction, match="召喚酔い"):
        d.attack(d.find("エメラル"))
    d.attack(aqua)
    with pytest.raises(IllegalAction, match="タップしている"):
        d.attack(aqua)
    d.end_turn()
    with pytest.raises(IllegalAction):  # not its controller's turn
        d.attack(d.find("エメラル"))


def test_shuffled_shields_keep_their_sizes_and_nobody_knows_them():
    d = Duel()
    a, b, c = (d.put(n, 0, SHIELDS) for n in ("ボルシャック・ドラゴン", "アクア・マスター", "エメラル"))
    d.shield_rules.put_under_shield(d.zones.shield_of(a), d.put("ザ・ユニバース・ゲート", 0, DECK))
    d.visibility.keep_face_up([b])
    d.visibility.turn_face_down([b])
    assert not b.face_up and d.visibility.knows(1, b)  # everyone saw it where it lies
    d.shield_rules.shuffle_shields(0)
    assert [len(s.cards) for s in d.zones.shields[0]] == [2, 1, 1]
    assert not any(d.visibility.knows(p, x) for p in (0, 1) for x in (a, b, c))


def test_spells_are_cast_from_the_hand_in_ones_own_turn():
    d = Duel()
    in_grave = d.put("エナジー・ライト", 0, GRAVEYARD)
    with pytest.raises(IllegalAction, match="手札にない"):
        d.cast(0, in_grave)
    with pytest.raises(IllegalAction, match="相手のターンに"):
        d.cast(1, d.put("エナジー・ライト", 1, HAND))
    with pytest.raises(IllegalAction, match="相手のターンに"):
        d.summon(1, d.put("エメラル", 1, HAND))

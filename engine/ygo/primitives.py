"""Shared pieces of card definitions: trigger tests, conditions and resolutions, each a
small function of the duel's primitives.  The building blocks cards are written with
(blocks.py) are made of these; none of them knows which card uses it.  Lasting effects
given to a monster are blocks.grant's: which of them a face-down monster is given is
memory.GIVEN_FACE_DOWN's (one flag per kind of effect), never a card's."""

from __future__ import annotations

from rulings.core.choices import FIRST_FITTING

from .memory import Info, Transition, erased_until_turn_end
from .objects import FIELD_ZONES, Zone

FIELD = FIELD_ZONES


# -- trigger tests (duel, card, event) -> bool ------------------------------------------

def summoned(*methods: str):
    """This card was summoned by one of ``methods`` (any method if none given)."""

    def test(duel, card, ev) -> bool:
        return ev.subject is card and (not methods or ev.method in methods)

    return test


def special_summoned(duel, card, ev) -> bool:
    return ev.subject is card and ev.method not in ("normal", "tribute", "flip", "gemini")


def sent_to_graveyard(*was: Info, destroyed: bool = False):
    """This card went to the graveyard from the field (destroyed, if asked), having
    been ``was`` as it left (last known information)."""

    def test(duel, card, ev) -> bool:
        if ev.subject is not card or ev.lki is None or (destroyed and not ev.destroyed):
            return False
        return all(info in ev.lki["memory"] for info in was)

    return test


def to_graveyard_from_anywhere(duel, card, ev) -> bool:
    return ev.subject is card


def banished_from_field(duel, card, ev) -> bool:
    return ev.subject is card and ev.lki is not None


def in_phase_if(*infos: Info, zone: str = Zone.MONSTER):
    """A phase trigger of a face-up monster that remembers every one of ``infos``."""

    def test(duel, card, ev) -> bool:
        if card.zone.kind != zone or (zone in FIELD and not card.face_up):
            return False
        return all(duel.memory_rules.remembers(card, i) for i in infos)

    return test


def summoned_this_turn_by(*methods: str):
    def test(duel, card, ev) -> bool:
        return duel.face_up_on_field(card) and duel.memory_rules.remembers(card, Info.SUMMONED_THIS_TURN) \
            and any(duel.memory_rules.summoned_by(card, m) for m in methods)

    return test


def material_destroyed_by_opponent(duel, card, ev) -> bool:
    """A monster summoned with this card as material was destroyed by the opponent's
    effect (the material link survives a temporary banish)."""
    if card.zone.kind != Zone.GRAVEYARD or not ev.destroyed or ev.by_battle or ev.lki is None:
        return False
    materials = ev.lki["memory"].get(Info.MATERIAL_LINK, ())
    return card.serial in materials and ev.by_player is not None and ev.by_player != ev.lki["controller"]


# -- conditions (duel, card) -> bool ------------------------------------------------------

def remembers(*infos: Info):
    def condition(duel, card) -> bool:
        return all(duel.memory_rules.remembers(card, i) for i in infos)

    return condition


def summoned_by_own_effect(duel, card) -> bool:
    return duel.memory_rules.recall(card, Info.SUMMONED_BY_EFFECT) == card.name


def materials_match(test, at_least: int = 1):
    """The card was summoned with at least ``at_least`` materials passing ``test``."""

    def condition(duel, card) -> bool:
        materials = duel.memory_rules.recall(card, Info.SUMMON_MATERIALS) or ()
        return sum(1 for _serial, d in materials if test(d)) >= at_least

    return condition


def responding_to(test):
    """The chain link below is a monster effect passing ``test`` (duel, card)."""

    def condition(duel, card) -> bool:
        if not duel.chain_rules.chain:
            return False
        link = duel.chain_rules.chain[-1]
        return link.card.definition.is_monster and link.effect.kind != "activation" and test(duel, link.card)

    return condition


def in_battle_phase(duel, card) -> bool:
    return duel.phase == "battle"


# -- target filters (duel, card, target) -> bool ------------------------------------------

def face_up_monster(duel, card, target) -> bool:
    return target.zone.kind == Zone.MONSTER and target.face_up


def face_up_effect_monster(duel, card, target) -> bool:
    return target.zone.kind == Zone.MONSTER and duel.is_effect_monster(target)


def on_field(duel, card, target) -> bool:
    return duel.on_field(target)


def in_own_graveyard(duel, card, target) -> bool:
    return target.zone.kind == Zone.GRAVEYARD and target.owner == card.controller


# -- resolutions (duel, link) -------------------------------------------------------------

def destroy_targets(duel, link) -> None:
    for card in link.live_targets():
        duel.move_rules.destroy(card, reason=f"「{link.card.name}」{link.effect.label}", by_effect=link.card,
                                by_player=link.player)


def turn_targets_face_down(duel, link) -> None:
    for card in link.live_targets():
        if duel.move_rules.can_turn_face_down(card):
            duel.move_rules.turn_face_down(card, reason=f"「{link.card.name}」")


def turn_targets_face_down_with(*marks: str):
    """Turn the targets face-down, then mark them: a mark given after the monster is
    face-down stays when it is flipped (无底的落穴)."""

    def resolve(duel, link) -> None:
        for card in link.live_targets():
            if duel.move_rules.can_turn_face_down(card):
                duel.move_rules.turn_face_down(card, reason=f"「{link.card.name}」")
                for mark in marks:
                    duel.memory_rules.apply_lasting(card, mark, source=link.card.name)

    return resolve


def return_targets(to: str):
    """Return the targets to the hand or the deck ("hand" | "deck")."""

    def resolve(duel, link) -> None:
        for card in link.live_targets():
            if duel.on_field(card):
                (duel.move_rules.return_to_hand if to == Zone.HAND else duel.move_rules.return_to_deck)(card, reason=f"「{link.card.name}」")

    return resolve


def destroy_self_then(then):
    """Destroy this card, then do ``then`` (the rest of the effect)."""

    def resolve(duel, link) -> None:
        card = link.card_if_unchanged()
        if card is not None and duel.on_field(card):
            duel.move_rules.destroy(card, reason="its own effect", by_effect=card, by_player=link.player)
        then(duel, link)

    return resolve


def _on_self(action: str, *, face_up: bool = False):
    """Resolution: the moves' ``action`` (moves.py) on the activating card, if it is still the same
    card on the field (face-up where the action needs it)."""

    def resolve(duel, link) -> None:
        card = link.card_if_unchanged()
        if card is not None and (duel.face_up_on_field(card) if face_up else duel.on_field(card)):
            getattr(duel.move_rules, action)(card, reason=f"「{card.name}」's own effect")

    return resolve


turn_self_face_down = _on_self("turn_face_down", face_up=True)
send_self_to_graveyard = _on_self("send_to_graveyard")
return_self_to_hand = _on_self("return_to_hand")


def banish_self(duel, link) -> None:
    card = link.card_if_unchanged()
    if card is not None and duel.on_field(card):
        duel.move_rules.banish(card, reason=f"「{card.name}」's own effect")
        # what a card banished by its own effect may do later this turn (流星龙 ④)
        duel.memory_rules.remember(card, Info.LASTING, True, per=("banished-by-own-effect", card.name),
                                   erase=frozenset({Transition.TURN_ENDED}))


def banish_temporarily(*who: str, returns: str = "end-phase"):
    """Banish ``who`` ("self", "targets") until they return.  The text is the card's
    whose effect this is: a monster that only gained it may not come back."""

    def resolve(duel, link) -> None:
        origin = link.effect_owner
        cards = []
        if "self" in who:
            me = link.card_if_unchanged()
            if me is not None and duel.face_up_on_field(me):
                cards.append(me)
        if "targets" in who:
            cards += [t for t in link.live_targets() if duel.on_field(t)]
        for card in cards:
            duel.banish_rules.banish_temporarily(card, returns=returns, reason=f"「{link.card.name}」{link.effect.label}",
                                                 effect_of=origin if card is link.card else None)

    return resolve


def negate_effects_of_targets(until_end_of_turn: bool = True, need_face_up: bool = True):
    def resolve(duel, link) -> None:
        for card in link.live_targets():
            if need_face_up and not duel.is_effect_monster(card):
                continue
            erase = erased_until_turn_end(Info.NEGATED, card.definition.rulings) if until_end_of_turn else None
            duel.memory_rules.remember(card, Info.NEGATED, "free-chain", per="free-chain", erase=erase,
                                       origin=link.card.name)
            duel.log.record("negate", card=card, source=link.card)

    return resolve


def negate_below(destroy: bool = True, what: str = "activation"):
    """Negate the activation of the chain link below, and destroy that card (the same
    object only: a card that moved is no longer 'that card')."""

    def resolve(duel, link) -> None:
        below = link.below(duel)
        if below is None:
            return
        if not duel.chain_rules.negate_link(below, what, destroy=destroy, by=link.card, by_player=link.player):
            return
        card = below.card_if_unchanged()
        if destroy and card is not None and not duel.activation_rules.in_limbo(card):
            duel.move_rules.destroy(card, reason=f"「{link.card.name}」", by_effect=link.card, by_player=link.player)

    return resolve


def destroy_card_below(duel, link) -> None:
    below = link.below(duel)
    if below is not None and below.card_if_unchanged() is not None:
        duel.move_rules.destroy(below.card, reason=f"「{link.card.name}」", by_effect=link.card, by_player=link.player)


def special_summon_chosen(*marks: str, negated: bool = False, link_grants=(), on_source_leaves=None,
                          on_target_leaves=None, on_target_destroyed=None, face_down: bool = False):
    """Special summon the chosen card(s) or targets; with lasting ``marks`` (cannot
    attack, destroyed in the End Phase …) and, if asked, a continuous-target link."""

    def resolve(duel, link) -> None:
        source = link.card_if_unchanged()
        picks = list(link.chosen) + [t for t in link.live_targets() if not duel.on_field(t)]
        for card in picks:
            if duel.on_field(card):
                continue
            duel.summon_rules.summon(card, "special", link.player, by=link.card.name, negated=negated,
                                     face_up=not face_down)
            for mark in marks:
                duel.memory_rules.apply_lasting(card, mark, source=link.card.name)
            if source is not None and duel.on_field(source) and (
                    link_grants or on_source_leaves or on_target_leaves or on_target_destroyed):
                duel.link_rules.link(source, card, grants=link_grants, on_source_leaves=on_source_leaves,
                                     on_target_leaves=on_target_leaves, on_target_destroyed=on_target_destroyed)

    return resolve


def link_targets(*grants: str, need=None, on_source_leaves=None, on_target_leaves=None, on_target_destroyed=None,
                 source_negation_matters: bool = True):
    """Keep the targets as continuous targets.  ``need`` (duel, target) says what a
    target must still be at resolution for the link to be made;
    ``source_negation_matters`` False: what the link grants goes on even while the
    source's own effects are negated (No.106 巨岩掌 巨手)."""

    def resolve(duel, link) -> None:
        source = link.card_if_unchanged()
        if source is None or not duel.on_field(source):
            return
        for card in link.live_targets():
            if not duel.on_field(card) or (need is not None and not need(duel, card)):
                duel.log.record("fizzle.not-needed", card=card, source=source)
                continue
            duel.link_rules.link(source, card, grants=grants, on_source_leaves=on_source_leaves,
                                 on_target_leaves=on_target_leaves, on_target_destroyed=on_target_destroyed,
                                 source_negation_matters=source_negation_matters)

    return resolve


def summon_self_back(duel, link) -> None:
    """Special summon this banished card (it was banished by its own effect)."""
    card = link.card_if_unchanged()
    if card is not None and card.zone.kind == Zone.BANISHED:
        duel.summon_rules.summon(card, "special", link.player, by=card.name)


def banished_by_own_effect(duel, card, ev) -> bool:
    return card.zone.kind == Zone.BANISHED and bool(duel.memory_rules.lasting(card, "banished-by-own-effect"))


def attach(material: str, to: str, *, pick=None, need_xyz: bool = False, zones=(Zone.HAND, Zone.DECK, Zone.GRAVEYARD)):
    """Attach ``material`` ("self", "target0", "target1", or "pick" — by default the
    first card of the controller's hand/deck/graveyard passing ``pick``, shown in the
    trace) to ``to`` ("self",
    "target0").  ``need_xyz``: the text asks that it still be an Xyz monster then."""

    def resolve(duel, link) -> None:
        targets = dict(enumerate(link.targets))

        def card_of(spec):
            if spec == "self":
                return link.card_if_unchanged()
            if spec.startswith("target"):
                card, obj = targets.get(int(spec[-1]), (None, None))
                return card if card is not None and card.object_id == obj else None
            fitting = [c for zone in zones for c in duel.board.zone(link.player, zone) if pick(c.definition)]
            picked = duel.by_default(link.player, "picks the material to attach", fitting,
                                     f"{FIRST_FITTING}, zones in the order {'、'.join(zones)}")
            return picked[0] if picked else None

        xyz = card_of(to)
        if xyz is None or not duel.on_field(xyz):
            return
        if need_xyz and not duel.is_xyz_monster(xyz):
            duel.log.record("fizzle.not-xyz", card=xyz)
            return
        mat = card_of(material)
        if mat is not None and mat is not xyz:
            duel.summon_rules.attach(mat, xyz)

    return resolve


def take_control_of_targets(kind: str):
    def resolve(duel, link) -> None:
        source = link.card_if_unchanged()
        for card in [*link.live_targets(), *[c for c in link.chosen if c.zone.kind == Zone.MONSTER]]:
            if duel.on_field(card) and card.controller != link.player:
                duel.control_rules.take_control(card, link.player, kind, source if kind == "equip" else None)

    return resolve


def take_control_while_applied(*marks: str):
    """Take control of the targets for as long as this effect applies to them (it is
    lasting information of the monster: turning it face-down ends the effect, and
    the monster stays)."""

    def resolve(duel, link) -> None:
        for card in link.live_targets():
            if duel.on_field(card) and card.controller != link.player:
                duel.control_rules.take_control(card, link.player, "permanent")
                for mark in ("borrowed-control", *marks):
                    duel.memory_rules.apply_lasting(card, mark, source=link.card.name)

    return resolve

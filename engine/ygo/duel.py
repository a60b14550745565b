"""A Yu-Gi-Oh! duel: the facade the steps (steps.py) and card data (through
view.DuelView) talk to, the zones and the cards in them, and moving through the phases of
a turn.

The rest of the rules are components, each owning its state (``state_fields``, what the
fingerprint a Then is checked with reads) and given, when made, the duel as a narrow
protocol of what it needs and the few other components it asks; a reader can open one
at a time:

- turn.py ``Turn``: the turn number, the turn player and the phase;
- memories.py ``Memories``: what a card remembers, and what erases it (memory.ERASED_BY);
- control.py ``Control``: who controls a monster, and the loans of control;
- links.py ``Links``: continuous-target links (持续取对象);
- banish.py ``TemporaryBanishes``: monsters banished until they return (一时除外);
- negation.py ``Negation``: which kinds of negation apply, field-wide negations, negated summons;
- battle.py ``Battle``: attacks, battles, battle damage;
- summoning.py ``Summoning``: the summons, their basic rules and the turn's counts;
- values.py ``Values``: statics, ATK/DEF, protection, summon conditions, the rules after each change;
- activation.py ``Activation``: what an activation is and what forbids it, bans, limbo;
- chain.py ``Chain``: trigger effects, activating, building and resolving chains;
- moves.py ``Moves``: turning cards over, leaving the field, destroying, sending, banishing,
  returning, drawing.

A game action (``one_action``: a summon, a card leaving the field) lets the chain put the
mandatory triggers it caused on a chain once the whole of it is done.
"""

from __future__ import annotations

from typing import Any

from rulings.core import IllegalAction
from rulings.core.game import Game
from rulings.project import GAMES
from rulings.core.zones import HiddenTo, Zone as BoardZone

from .activation import Activation
from .banish import TemporaryBanishes
from .battle import Battle
from .cards import CardDef
from .catalogue import CATALOGUE
from .chain import Chain, one_action
from . import trace_words
from .control import Control
from .links import Links
from .memories import Memories
from .memory import Info, Transition
from .moves import Moves
from .negation import Negation
from .summoning import Summoning
from .turn import Turn
from .objects import FIELD_ZONES, PLAYERS, YgoCard, Zone
from .values import Values

# zone kinds (objects.Zone), by the names the rules have always used
DECK, HAND, EXTRA, MONSTER, SPELL_TRAP, PENDULUM, GRAVEYARD, BANISHED, MATERIALS, FIELD_SPELL = (
    Zone.DECK, Zone.HAND, Zone.EXTRA, Zone.MONSTER, Zone.SPELL_TRAP, Zone.PENDULUM, Zone.GRAVEYARD,
    Zone.BANISHED, Zone.MATERIALS, Zone.FIELD_SPELL)


class Duel(Game):
    """One duel between player 0 (自己) and player 1 (对方)."""

    trace_words = trace_words.WORDS
    language = GAMES["ygo"][0]

    catalogue = CATALOGUE

    def __init__(self) -> None:
        Game.__init__(self)
        #: the rules by concern, each owning its state (issue 23)
        self.turns = Turn(self.log)
        self.memory_rules = Memories(self.log)
        self.control_rules = Control(self, self.log)
        self.link_rules = Links(self, self.control_rules, self.log)
        self.banish_rules = TemporaryBanishes(self, self.control_rules, self.log)
        self.negation_rules = Negation(self, self.link_rules, self.banish_rules, self.log)
        self.battle_rules = Battle(self, self.link_rules, self.log)
        self.summon_rules = Summoning(self, self.memory_rules, self.link_rules, self.banish_rules, self.log)
        self.value_rules = Values(self, self.memory_rules, self.link_rules, self.control_rules, self.battle_rules,
                                  self.summon_rules, self.log)
        self.activation_rules = Activation(self, self.memory_rules, self.value_rules, self.summon_rules, self.log)
        self.chain_rules = Chain(self, self.memory_rules, self.value_rules, self.activation_rules, self.summon_rules,
                                 self.link_rules, self.banish_rules, self.log)
        self.move_rules = Moves(self, self.memory_rules, self.link_rules, self.banish_rules, self.summon_rules,
                                self.value_rules, self.activation_rules, self.chain_rules, self.log)
        for p in PLAYERS:
            self.board.add_zone(BoardZone(DECK, p, HiddenTo.EVERYONE, ordered=True))
            self.board.add_zone(BoardZone(HAND, p, HiddenTo.ALL_BUT_OWNER))
            self.board.add_zone(BoardZone(EXTRA, p, HiddenTo.ALL_BUT_OWNER))
            self.board.add_zone(BoardZone(MONSTER, p, HiddenTo.ALL_BUT_CONTROLLER, capacity=5))
            self.board.add_zone(BoardZone(SPELL_TRAP, p, HiddenTo.ALL_BUT_CONTROLLER, capacity=5))
            self.board.add_zone(BoardZone(PENDULUM, p, HiddenTo.ALL_BUT_CONTROLLER, capacity=2))
            # one field spell per player: a new one sends the old one to the graveyard
            self.board.add_zone(BoardZone(FIELD_SPELL, p, HiddenTo.ALL_BUT_CONTROLLER, capacity=1))
            self.board.add_zone(BoardZone(GRAVEYARD, p, public=True))
            # banished cards are face up, except those an effect banishes face-down:
            # only their owner may look at those (4.3.3.4.4)
            self.board.add_zone(BoardZone(BANISHED, p, HiddenTo.ALL_BUT_OWNER, face_up_default=True))
            self.board.add_zone(BoardZone(MATERIALS, p, public=True))
        self.lp = [8000, 8000]
        #: the player who has won the duel, if any
        self.winner: int | None = None
        self.board.on_move = self.memory_rules.changed_zone

    # -- whose turn, which phase (turn.py) ------------------------------------------

    @property
    def turn(self) -> int:
        return self.turns.number

    @turn.setter
    def turn(self, number: int) -> None:
        self.turns.number = number

    @property
    def turn_player(self) -> int:
        return self.turns.player

    @property
    def phase(self) -> str:
        return self.turns.phase

    @phase.setter
    def phase(self, phase: str) -> None:
        self.turns.phase = phase

    # -- the world protocol ---------------------------------------------------------

    def problems(self):
        for card in self.board.cards():
            if card.zone.kind == MONSTER:
                if card.position not in ("attack", "defense"):
                    yield f"「{card.name}」 is on the field with no battle position"
                if not card.face_up and card.position != "defense":
                    yield f"「{card.name}」 is face-down in attack position"

    # -- control (control.py) ---------------------------------------------------------

    def shift_control(self, card: YgoCard, player: int, reason: str  =  "") -> None:
        self.control_rules.shift_control(card, player, reason)

    def take_control(self, card: YgoCard, player: int, kind: str, source: YgoCard | None  =  None) -> None:
        self.control_rules.take_control(card, player, kind, source)

    # -- continuous-target links (links.py) ------------------------------------------

    @property
    def links(self) -> list:
        return self.link_rules.links

    def link(self, source: YgoCard, target: YgoCard, *, grants=(), on_source_leaves=None, on_target_leaves=None,
             on_target_destroyed=None, source_negation_matters: bool = True):
        return self.link_rules.link(source, target, grants=grants, on_source_leaves=on_source_leaves,
                                    on_target_leaves=on_target_leaves, on_target_destroyed=on_target_destroyed,
                                    source_negation_matters=source_negation_matters)

    def links_of(self, card: YgoCard) -> list:
        return self.link_rules.links_of(card)

    def links_granting(self, card: YgoCard, grant: str, depth: int  =  0) -> list:
        return self.link_rules.links_granting(card, grant, depth)

    # -- negation (negation.py) ---------------------------------------------------------

    @property
    def negated_names(self) -> dict[str, int]:
        return self.negation_rules.negated_names

    @property
    def field_negations(self) -> list:
        return self.negation_rules.field_negations

    def negations(self, card: YgoCard, depth: int  =  0) -> set[str]:
        return self.negation_rules.negations(card, depth)

    def negate_effects(self, card: YgoCard, kind: str  =  "free-chain", source: str  =  "") -> None:
        self.negation_rules.negate_effects(card, kind, source)

    def negate_summon(self, card: YgoCard, method: str, player: int, by: int | None  =  None) -> None:
        self.negation_rules.negate_summon(card, method, player, by)

    # -- battle (battle.py) -------------------------------------------------------------

    @property
    def battle_state(self):
        """The attack under way (battle.Attack), if any."""
        return self.battle_rules.battle_state

    @property
    def battle_over(self) -> bool:
        return self.battle_rules.battle_over

    def why_cannot_attack(self, card: YgoCard) -> str | None:
        return self.battle_rules.why_cannot_attack(card)

    def why_not_declare_attack_now(self, card: YgoCard) -> str | None:
        return self.battle_rules.why_not_declare_attack_now(card)

    def why_not_attack_target(self, attacker: YgoCard, target: YgoCard | None) -> str | None:
        return self.battle_rules.why_not_attack_target(attacker, target)

    def attack(self, attacker: YgoCard, target: YgoCard | None  =  None, pause: str | None  =  None) -> None:
        self.battle_rules.attack(attacker, target, pause)

    def continue_battle(self) -> None:
        self.battle_rules.continue_battle()

    def negate_attack(self, reason: str  =  "") -> bool:
        return self.battle_rules.negate_attack(reason)

    def stop_battle_phase(self, reason: str  =  "") -> None:
        self.battle_rules.stop_battle_phase(reason)

    # -- cards ----------------------------------------------------------------------

    def find(self, name: str, player: int | None  =  None) -> YgoCard | None:
        """The card called ``name`` — of ``player`` if given (controlled, then owned) —
        cards on the field first."""
        found = list(self.board.cards())
        if player is None:
            return self.named(name, found, lambda c: (c.zone.kind not in FIELD_ZONES, c.serial))
        found = [c for c in found if c.controller == player or c.owner == player]
        return self.named(name, found, lambda c: (c.controller != player, c.zone.kind not in FIELD_ZONES, c.serial))

    def card(self, name: str, player: int | None  =  None) -> YgoCard:
        """The card called ``name``; a card not yet in the duel starts in its owner's
        hand (extra deck monsters in the extra deck)."""
        existing = self.find(name, player)
        if existing is not None:
            return existing
        return self.new_card(name, 0 if player is None else player)

    def new_card(self, name: str, player: int, where: str | None  =  None) -> YgoCard:
        definition = self.definition(name)
        self.check_new_copy(name)
        home = where or (EXTRA if definition.extra_deck else HAND)
        card = self.bring_in(definition, player, home, card_class=YgoCard)
        if self.in_game(card):
            self.log.record("setup", card=card, zone=card.zone)
        return card

    def on_field(self, card: YgoCard) -> bool:
        # a card whose card activation was negated is off the field until the chain ends
        return card.zone.kind in FIELD_ZONES and not (self.activation_rules.limbo and self.activation_rules.in_limbo(card))

    def face_up_on_field(self, card: YgoCard) -> bool:
        return self.on_field(card) and card.face_up

    def monsters(self, player: int | None  =  None) -> list[YgoCard]:
        players = PLAYERS if player is None else (player,)
        return [c for p in players for c in self.board.zone(p, MONSTER)]

    def field_cards(self) -> list[YgoCard]:
        return [c for c in self.board.cards() if self.on_field(c)]

    def is_monster_card(self, card: YgoCard) -> bool:
        """Whether the rules can tell it is a monster of that kind: a face-down card on
        the field is not public, so nothing about it can be judged (里侧无法判断)."""
        return card.definition.is_monster and (card.face_up or not self.on_field(card))

    def is_effect_monster(self, card: YgoCard) -> bool:
        if not self.is_monster_card(card):
            return False
        if "gemini" in card.definition.types and self.on_field(card) \
                and not self.memory_rules.remembers(card, Info.GEMINI_RESUMMONED):
            return False  # 二重怪兽: a normal monster until it is summoned again
        return "effect" in card.definition.types

    def is_xyz_monster(self, card: YgoCard) -> bool:
        return self.is_monster_card(card) and "xyz" in card.definition.types

    # -- what a card remembers (memories.py) -------------------------------------------

    def remember(self, card: YgoCard, info: Info, value: Any  =  True, *, per=None, erase=None,
                 origin: str = "") -> None:
        self.memory_rules.remember(card, info, value, per=per, erase=erase, origin=origin)

    def remembers(self, card: YgoCard, info: Info, per=None) -> bool:
        return self.memory_rules.remembers(card, info, per)

    def recall(self, card: YgoCard, info: Info, per=None, default=None):
        return self.memory_rules.recall(card, info, per, default)

    def lasting(self, card: YgoCard, mark: str) -> list[Any]:
        return self.memory_rules.lasting(card, mark)

    def apply_lasting(self, card: YgoCard, mark: str, value: Any  =  True, *, source: str  =  "",
                      erase=None) -> None:
        self.memory_rules.apply_lasting(card, mark, value, source=source, erase=erase)

    def summoned_by(self, card: YgoCard, method: str) -> bool:
        return self.memory_rules.summoned_by(card, method)

    def transition(self, card: YgoCard, transition: Transition) -> None:
        self.memory_rules.transition(card, transition)

    def arrived(self, card: YgoCard, *tags: str) -> None:
        self.memory_rules.arrived(card, *tags)

    def arrived_as(self, card: YgoCard) -> frozenset[str]:
        return self.memory_rules.arrived_as(card)

    def graveyard_replaced_by(self) -> str | None:
        """The face-up card whose effect banishes what would be sent to the graveyard
        (大宇宙 and the like), if one applies now."""
        for other in self.field_cards():
            if self.value_rules.active_statics(other, "graveyard-to-banish"):
                return other.name
        return None

    def snapshot(self, card: YgoCard) -> dict:
        """Last known information, taken as the card leaves the field."""
        return {
            "memory": {item.key: item.value for item in card.memory.items()},
            "face_up": card.face_up, "controller": card.controller, "position": card.position,
            "negations": self.negations(card) if card.face_up else set(),
            "object_id": card.object_id,
        }

    # -- the chain (chain.py) ----------------------------------------------------------

    @property
    def chain(self):
        return self.chain_rules.chain

    @property
    def after_link(self):
        return self.chain_rules.after_link

    @property
    def recent_events(self):
        return self.chain_rules.recent_events

    @property
    def _steps(self):
        return self.chain_rules._steps

    @property
    def resolving(self):
        return self.chain_rules.resolving

    @property
    def pending(self):
        return self.chain_rules.pending

    @property
    def resolved(self):
        return self.chain_rules.resolved

    @property
    def finishing(self):
        return self.chain_rules.finishing

    @property
    def summon_windows(self):
        return self.chain_rules.summon_windows

    @property
    def used_names(self):
        return self.chain_rules.used_names

    @property
    def used_in_duel(self):
        return self.chain_rules.used_in_duel

    def holding_triggers(self):
        """『…，先不处理连锁』: the mandatory triggers of what is done inside wait."""
        return self.chain_rules.holding_triggers()

    def effect_of(self, card: YgoCard, label: str, origin: str | None = None) -> Effect:
        return self.chain_rules.effect_of(card, label, origin)

    def emit(self, kind: str, subject, **data) -> None:
        self.chain_rules.emit(kind, subject, **data)

    def decline(self, card: YgoCard, label: str, player: int) -> None:
        self.chain_rules.decline(card, label, player)

    def plan_applying(self, card: YgoCard, label: str, player: int, at: YgoCard) -> None:
        self.chain_rules.plan_applying(card, label, player, at)

    def chose_to_apply(self, card: YgoCard, label: str, link: ChainLink) -> bool:
        return self.chain_rules.chose_to_apply(card, label, link)

    def pending_for(self, card: YgoCard, label: str) -> Pending | None:
        return self.chain_rules.pending_for(card, label)

    def chain_resolving(self) -> bool:
        return self.chain_rules.chain_resolving()

    def chain_under_way(self) -> bool:
        return self.chain_rules.chain_under_way()

    def run_mandatory(self, hold: bool = False) -> None:
        self.chain_rules.run_mandatory(hold)

    def state_targets(self, card: YgoCard, label: str, player: int, targets: list) -> None:
        self.chain_rules.state_targets(card, label, player, targets)

    def why_cannot_activate(self, card: YgoCard, label: str, player: int | None = None,
                            origin: str | None = None) -> str | None:
        return self.chain_rules.why_cannot_activate(card, label, player, origin)

    def why_not_target(self, card: YgoCard, effect: Effect, target: YgoCard) -> str | None:
        return self.chain_rules.why_not_target(card, effect, target)

    def activate(self, card: YgoCard, label: str, *, player: int | None = None, targets=(), chosen=(),
                 origin: str | None = None, paid=(), with_effect: str | None = None,
                 declared: str | None = None) -> ChainLink:
        return self.chain_rules.activate(card, label, player=player, targets=targets, chosen=chosen, origin=origin,
                                         paid=paid, with_effect=with_effect, declared=declared)

    def summon_window_now(self) -> bool:
        return self.chain_rules.summon_window_now()

    def negate_link(self, link: ChainLink, what: str = "activation", *, destroy: bool = False, by=None,
                    by_player: int | None = None) -> bool:
        return self.chain_rules.negate_link(link, what, destroy=destroy, by=by, by_player=by_player)

    def resolve_chain(self) -> None:
        self.chain_rules.resolve_chain()

    def last_outcome(self, card: YgoCard, label: str) -> str | None:
        return self.chain_rules.last_outcome(card, label)

    # -- activation (activation.py) ---------------------------------------------------

    @property
    def activations(self):
        return self.activation_rules.activations

    @property
    def bans(self):
        return self.activation_rules.bans

    @property
    def unnegatable(self):
        return self.activation_rules.unnegatable

    @property
    def once_applied(self):
        return self.activation_rules.once_applied

    @property
    def set_cards_destroyed(self):
        return self.activation_rules.set_cards_destroyed

    @property
    def revealed_by_cost(self):
        return self.activation_rules.revealed_by_cost

    @revealed_by_cost.setter
    def revealed_by_cost(self, cards: list) -> None:
        self.activation_rules.revealed_by_cost = cards

    is_card_activation = staticmethod(Activation.is_card_activation)
    kind_of = staticmethod(Activation.kind_of)

    def in_limbo(self, card: YgoCard) -> bool:
        return self.activation_rules.in_limbo(card)

    def leaves_after_resolving(self, card: YgoCard) -> bool:
        return self.activation_rules.leaves_after_resolving(card)

    must_leave_as_activated = staticmethod(Activation.must_leave_as_activated)

    def activation_ban(self, card: YgoCard, effect, player: int) -> str | None:
        return self.activation_rules.activation_ban(card, effect, player)

    def ban(self, scope: str, kinds, players, source: str = "", until: int | None = None, rulings=(), exempt=None,
            names=None, zones=()) -> None:
        self.activation_rules.ban(scope, kinds, players, source, until, rulings, exempt, names, zones)

    def forbid_responses(self, card: YgoCard, players) -> None:
        self.activation_rules.forbid_responses(card, players)

    def record_activation(self, link: LinkView | None, card: YgoCard, player: int, *, by_effect: bool = False) -> None:
        self.activation_rules.record_activation(link, card, player, by_effect=by_effect)

    def activated_while_face_up(self, card: YgoCard, fits) -> int:
        return self.activation_rules.activated_while_face_up(card, fits)

    def activation_count(self, player: int, kinds, *, negated_count: bool | None = None, since: int = 0) -> int:
        return self.activation_rules.activation_count(player, kinds, negated_count=negated_count, since=since)

    def limit_activations(self, kinds, players, n: int, source: str, negated_count: bool | None, since: int) -> None:
        self.activation_rules.limit_activations(kinds, players, n, source, negated_count, since)

    def applied(self, link: LinkView, definition=None) -> None:
        self.activation_rules.applied(link, definition)

    def negated_just_now(self, victim: int) -> bool:
        return self.activation_rules.negated_just_now(victim)

    def move_from_limbo(self, card: YgoCard, where: str, reason: str) -> bool:
        return self.activation_rules.move_from_limbo(card, where, reason)

    def why_not_with_card_activation(self, card: YgoCard, label: str, player: int) -> str | None:
        return self.activation_rules.why_not_with_card_activation(card, label, player)

    def activation_condition_unmet(self, card: YgoCard) -> str | None:
        return self.activation_rules.activation_condition_unmet(card)

    def decided_at_card_activation(self, card: YgoCard) -> bool:
        return self.activation_rules.decided_at_card_activation(card)

    def activate_by_effect(self, card: YgoCard, player: int, by: str, source=None) -> None:
        self.activation_rules.activate_by_effect(card, player, by, source)

    def sees_activation(self, watcher: YgoCard, event) -> bool:
        return self.activation_rules.sees_activation(watcher, event)

    def current_name(self, card: YgoCard) -> str:
        return self.activation_rules.current_name(card)

    def is_named(self, card: YgoCard, name: str) -> bool:
        return self.activation_rules.is_named(card, name)

    # -- the values the rules compute (values.py) --------------------------------------

    def active_statics(self, card: YgoCard, kind: str, *, ignore_negation: bool  =  False):
        return self.value_rules.active_statics(card, kind, ignore_negation=ignore_negation)

    def applies(self, card: YgoCard, kind: str) -> bool:
        return self.value_rules.applies(card, kind)

    def static_applies(self, card: YgoCard, label: str) -> bool:
        return self.value_rules.static_applies(card, label)

    def affected_by(self, card: YgoCard, source: YgoCard) -> bool:
        return self.value_rules.affected_by(card, source)

    def field_ban(self, card: YgoCard, kind: str) -> str | None:
        return self.value_rules.field_ban(card, kind)

    def rule_of(self, name: str, kind: str, subject) -> bool:
        return self.value_rules.rule_of(name, kind, subject)

    def atk(self, card: YgoCard, viewer: int | None  =  None) -> int | None:
        return self.value_rules.atk(card, viewer)

    def defense(self, card: YgoCard, viewer: int | None  =  None) -> int | None:
        return self.value_rules.defense(card, viewer)

    def original_atk(self, card: YgoCard) -> int | None:
        return self.value_rules.original_atk(card)

    def why_not_destroyed(self, card: YgoCard, **how) -> str | None:
        return self.value_rules.why_not_destroyed(card, **how)

    def pendulum_scale(self, card: YgoCard) -> int:
        return self.value_rules.pendulum_scale(card)

    def pendulum_scales(self, player: int) -> tuple[int, int] | None:
        return self.value_rules.pendulum_scales(player)

    def why_not_link_material(self, card: YgoCard, link: YgoCard | None  =  None) -> str | None:
        return self.value_rules.why_not_link_material(card, link)

    def special_summon_monster(self, card: YgoCard) -> bool:
        return self.value_rules.special_summon_monster(card)

    def properly_summoned_by(self, card: YgoCard, how: str, method: str, by: str  =  "",
                             from_zone: str | None = None) -> bool:
        return self.value_rules.properly_summoned_by(card, how, method, by, from_zone)

    def summon_how(self, method: str, by: str  =  "") -> str:
        return self.value_rules.summon_how(method, by)

    def proper_by_effect(self, card: YgoCard, by: str, from_zone: str | None  =  None) -> bool:
        return self.value_rules.proper_by_effect(card, by, from_zone)

    def why_cannot_special_summon(self, card: YgoCard, player: int, how: str  =  "effect", by: str  =  "",
                                  method: str = "special", targeting: bool = False) -> str | None:
        return self.value_rules.why_cannot_special_summon(card, player, how, by, method, targeting)

    def why_cannot_procedure_paying(self, card: YgoCard, player: int, paid: YgoCard) -> str | None:
        return self.value_rules.why_cannot_procedure_paying(card, player, paid)

    def count_special_summon(self, player: int) -> None:
        self.value_rules.count_special_summon(player)

    def adjust(self) -> None:
        self.value_rules.adjust()

    # -- summoning (summoning.py) -----------------------------------------------------

    @property
    def summon_count(self) -> list[int]:
        return self.summon_rules.summon_count

    @property
    def normal_summons(self) -> list[int]:
        return self.summon_rules.normal_summons

    @one_action
    def summon(self, card: YgoCard, method: str, player: int | None  =  None, *, face_up: bool  =  True,
               tributes=(), materials=(), by: str = "", negated: bool = False,
               without_tribute: bool = False, position: str | None = None, onto: int | None = None) -> None:
        self.summon_rules.summon(card, method, player, face_up=face_up, tributes=tributes, materials=materials,
                                 by=by, negated=negated, without_tribute=without_tribute, position=position,
                                 onto=onto)

    @one_action
    def flip_summon(self, card: YgoCard, player: int | None  =  None) -> None:
        self.summon_rules.flip_summon(card, player)

    tributes_needed = staticmethod(Summoning.tributes_needed)
    zone_kind_for = staticmethod(Summoning.zone_kind_for)

    def free_monster_zone(self, player: int) -> Zone:
        return self.summon_rules.free_monster_zone(player)

    def tribute_candidates(self, card: YgoCard, player: int) -> list[YgoCard]:
        return self.summon_rules.tribute_candidates(card, player)

    def why_cannot_normal_summon(self, card: YgoCard, player: int, **how) -> str | None:
        return self.summon_rules.why_cannot_normal_summon(card, player, **how)

    def why_not_procedure_now(self, method: str, player: int) -> str | None:
        return self.summon_rules.why_not_procedure_now(method, player)

    def why_not_now_in_main_phase(self, player: int, what: str) -> str | None:
        return self.summon_rules.why_not_now_in_main_phase(player, what)

    def why_cannot_flip_summon(self, card: YgoCard, player: int | None  =  None) -> str | None:
        return self.summon_rules.why_cannot_flip_summon(card, player)

    def why_cannot_change_position(self, card: YgoCard, player: int | None  =  None) -> str | None:
        return self.summon_rules.why_cannot_change_position(card, player)

    def change_position(self, card: YgoCard, player: int | None  =  None) -> None:
        self.summon_rules.change_position(card, player)

    def special_summoned_earlier(self, card: YgoCard, player: int, method: str, materials=()) -> None:
        self.summon_rules.special_summoned_earlier(card, player, method, materials)

    def summoned_earlier(self, card: YgoCard, player: int, *, face_up: bool  =  True) -> None:
        self.summon_rules.summoned_earlier(card, player, face_up=face_up)

    def set_monster(self, card: YgoCard, player: int | None  =  None, tributes=(), without_tribute=False) -> None:
        self.summon_rules.set_monster(card, player, tributes, without_tribute)

    def set_spell_trap(self, card: YgoCard, player: int) -> None:
        self.summon_rules.set_spell_trap(card, player)

    def attach(self, material: YgoCard, xyz: YgoCard) -> None:
        self.summon_rules.attach(material, xyz)

    def place(self, card: YgoCard, zone_kind: str, player: int, face_up: bool  =  True) -> None:
        self.summon_rules.place(card, zone_kind, player, face_up)

    def materials_of(self, xyz: YgoCard) -> list[YgoCard]:
        return self.summon_rules.materials_of(xyz)

    # -- moving cards (moves.py) -----------------------------------------------------

    def can_turn_face_down(self, card: YgoCard) -> bool:
        return self.move_rules.can_turn_face_down(card)

    def turn_face_down(self, card: YgoCard, reason: str = "") -> None:
        self.move_rules.turn_face_down(card, reason)

    @one_action
    def flip_face_up(self, card: YgoCard, reason: str = "", position: str = "defense") -> None:
        self.move_rules.flip_face_up(card, reason, position)

    def leave_field(self, card: YgoCard, to: Zone, *, reason: str, face_up: bool | None = None,
                    transition: Transition = Transition.LEFT_FIELD, destroyed: bool = False, by_battle: bool = False,
                    by_player: int | None = None, index: int | None = None, tags: tuple = ()) -> None:
        self.move_rules.leave_field(card, to, reason=reason, face_up=face_up, transition=transition,
                                    destroyed=destroyed, by_battle=by_battle, by_player=by_player, index=index,
                                    tags=tags)

    def banished_when_leaving(self, card: YgoCard) -> bool:
        return self.move_rules.banished_when_leaving(card)

    def redirect(self, card: YgoCard, to_kind: str) -> str:
        return self.move_rules.redirect(card, to_kind)

    @one_action
    def send_to_graveyard(self, card: YgoCard, reason: str = "", *, destroyed: bool = False, by_battle: bool = False,
                          by_player: int | None = None, discarded: bool = False, tributed: bool = False,
                          tags: tuple = ()) -> None:
        self.move_rules.send_to_graveyard(card, reason, destroyed=destroyed, by_battle=by_battle, by_player=by_player,
                                          discarded=discarded, tributed=tributed, tags=tags)

    def discard(self, card: YgoCard, reason: str = "") -> None:
        self.move_rules.discard(card, reason)

    @one_action
    def destroy(self, card: YgoCard, reason: str = "", *, by_effect: YgoCard | None = None, by_battle: bool = False,
                by_player: int | None = None, by_rule: bool = False, to: str = GRAVEYARD) -> bool:
        return self.move_rules.destroy(card, reason, by_effect=by_effect, by_battle=by_battle, by_player=by_player,
                                       by_rule=by_rule, to=to)

    @one_action
    def banish(self, card: YgoCard, reason: str = "", face_up: bool = True) -> None:
        self.move_rules.banish(card, reason, face_up)

    @one_action
    def return_to_hand(self, card: YgoCard, reason: str = "") -> None:
        self.move_rules.return_to_hand(card, reason)

    @one_action
    def add_to_hand(self, card: YgoCard, reason: str = "") -> None:
        self.move_rules.add_to_hand(card, reason)

    def draw(self, player: int, n: int = 1, reason: str = "") -> list[YgoCard]:
        return self.move_rules.draw(player, n, reason)

    @one_action
    def return_to_deck(self, card: YgoCard, reason: str = "", where: str = "shuffle") -> None:
        self.move_rules.return_to_deck(card, reason, where)

    def deck_position(self, card: YgoCard) -> str | None:
        return self.move_rules.deck_position(card)

    # -- temporary banish (banish.py) -------------------------------------------------

    @one_action
    def banish_temporarily(self, card: YgoCard, returns: str  =  "end-phase", reason: str  =  "",
                           effect_of: CardDef | None = None, face_up: bool | None = None,
                           source: YgoCard | None = None) -> None:
        self.banish_rules.banish_temporarily(card, returns, reason, effect_of, face_up, source)

    def return_to_field(self, card: YgoCard) -> None:
        self.banish_rules.return_to_field(card)

    # -- phases ---------------------------------------------------------------------

    def first_turn_of_the_duel(self) -> None:
        self.turns.first_turn_of_the_duel()

    def why_no_battle_phase(self) -> str | None:
        return self.turns.why_no_battle_phase()

    def destroy_attacked_at_end_battle(self) -> None:
        """『攻击过的怪兽在战斗阶段结束时破坏』 (古之森): the monsters that remember attacking
        this turn — face-down ones too (FAQ fid=8644) — are destroyed by that card's effect."""
        sources = [c for c in self.field_cards() if self.value_rules.active_statics(c, "destroy-attacked-at-end-battle")]
        if not sources:
            return
        for card in [c for c in self.field_cards() if c.definition.is_monster and c.zone.kind == MONSTER
                     and self.memory_rules.remembers(c, Info.ATTACKED)]:
            self.destroy(card, reason=f"it attacked this turn (「{sources[0].name}」)", by_effect=sources[0],
                         by_player=sources[0].controller)

    def enter_phase(self, phase: str, hold: bool  =  False) -> None:
        """Move on to ``phase``; with ``hold`` the mandatory triggers it starts are put
        on a chain that is left open for responses."""
        if phase == "battle" and self.phase != "battle" and self.why_no_battle_phase():
            raise IllegalAction(self.why_no_battle_phase())
        self.chain_rules.clear_pending()
        if self.phase == "battle" and phase != "battle":
            self.battle_rules.end_battle_phase()
            self.log.record("phase.end-battle")
            self.banish_rules.returns_due("end-battle")
            self.destroy_attacked_at_end_battle()
            self.chain_rules.emit("end-battle", None)
            self.chain_rules.run_mandatory()
        self.phase = phase
        self.log.record("phase", turn=self.turn, phase=phase)
        if phase == "standby":
            self.banish_rules.returns_due("standby")
            self.chain_rules.emit("standby", None)
        if phase == "end":
            self.banish_rules.returns_due("end-phase")
            self.value_rules.end_phase_effects()
            self.chain_rules.emit("end-phase", None)
        self.chain_rules.run_mandatory(hold=hold)

    def enter_end_phase(self) -> None:
        self.enter_phase("end")

    def end_turn(self, stop: str  =  "main1") -> None:
        if self.phase != "end":
            self.enter_end_phase()
        for card in list(self.board.cards()):
            self.memory_rules.transition(card, Transition.TURN_ENDED)
        self.chain_rules.used_names.clear()
        self.battle_rules.new_turn()
        self.summon_rules.new_turn()
        self.negation_rules.new_turn(self.turn)
        self.turns.next_turn()
        self.log.record("phase.turn", turn=self.turn, player=self.turn_player)
        self.enter_phase("standby")
        if stop != "standby":
            self.enter_phase("main1")


def _who(player: int) -> str:
    return "自己" if player == 0 else "对方"


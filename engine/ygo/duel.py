"""A Yu-Gi-Oh! duel: what is the game's own — making it, the zones and the cards in them
(finding, naming, what is on the field), the life points and the winner, the problems
it reports — moving through the phases of a turn, and the wiring of its rules.

The rules are components the duel holds, each owning its state (``state_fields``, what
the fingerprint a Then is checked with reads) and given, when made, the duel as a narrow
protocol of what it needs and the few other components it asks.  The duel does not
hand calls on: a caller asks the component that owns the rule (``duel.battle_rules.attack``,
``duel.move_rules.destroy``, ``duel.memory_rules.remembers``), card data through
view.DuelView's narrow view of each.  A reader finds a rule by its concern and can open
one at a time:

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

A game action (actions.one_action: a summon, a card leaving the field) lets the chain
put the mandatory triggers it caused on a chain once the whole of it is done; the
component method that is such an action is marked where it is defined.
"""

from __future__ import annotations

from rulings.core import IllegalAction
from rulings.core.game import Game
from rulings.project import GAMES
from rulings.core.zones import HiddenTo, Zone as BoardZone

from .activation import Activation
from .banish import TemporaryBanishes
from .battle import Battle
from .catalogue import CATALOGUE
from .chain import Chain
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

    # -- phases ---------------------------------------------------------------------

    def enter_phase(self, phase: str, hold: bool  =  False) -> None:
        """Move on to ``phase``; with ``hold`` the mandatory triggers it starts are put
        on a chain that is left open for responses."""
        if phase == "battle" and self.phase != "battle" and self.turns.why_no_battle_phase():
            raise IllegalAction(self.turns.why_no_battle_phase())
        self.chain_rules.clear_pending()
        if self.phase == "battle" and phase != "battle":
            self.battle_rules.end_battle_phase()
            self.log.record("phase.end-battle")
            self.banish_rules.returns_due("end-battle")
            self.battle_rules.destroy_attacked_at_end_battle()
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


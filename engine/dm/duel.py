"""A Duel Masters game: set-up, and each game action, over the rules components.

Player 0 is 自分, player 1 is 相手.  The rules are components, each owning its own state
and given the few others it needs when it is made; a reader can open one at a time:

- zones.py: where the cards are (the zones, each player's shields);
- visibility.py: which hidden cards are face up, and why (memory.FaceUp), who knows them;
- moves.py: zone changes, deck order, shuffling;
- shields.py: making, shuffling and breaking shields, and S・トリガー;
- processing.py: triggered abilities waiting to resolve, the rules check, lost games;
- turn.py: whose turn, which step, マナチャージ done;
- playing.py: paying mana, summoning, evolving, casting, D・スイッチ;
- battle.py: attacks, blocks, battles, breaking shields, destroying, TT abilities.

The steps (steps.py), the cards' building blocks (blocks.py, through objects.DuelView)
and the tests ask the component that owns a rule (``duel.playing.why_cannot_summon(…)``,
``duel.zones.zone(…)``); the Duel forwards nothing (tests/unit/test_components.py).
What stays here is set-up (``put``, ``card``, ``find``) and the game actions: one only
begins (no choice waiting, the S・トリガー moment over), asks its component, and lets the
processing finish.
"""

from __future__ import annotations

import random

from rulings.core import IllegalAction, SetupError
from rulings.core.game import Game
from rulings.project import GAMES

from . import trace_words
from .battle import Battle
from .catalogue import CATALOGUE
from .memory import FaceUp
from .moves import Moves
from .objects import (_SEARCH_ORDER, BATTLE, DECK, GRAVEYARD, HAND, HYPERSPATIAL, MANA, PLAYER_WORDS, SHIELDS,
                      ZONE_WORDS, DmCard, Shield)
from .playing import Playing
from .processing import Processing
from .shields import Shields
from .turn import STEPS, Turn
from .visibility import Visibility
from .zones import Zones

__all__ = ["BATTLE", "DECK", "GRAVEYARD", "HAND", "HYPERSPATIAL", "MANA", "SHIELDS", "STEPS", "DmCard", "Duel",
           "Shield"]


class Duel(Game):
    catalogue = CATALOGUE
    trace_words = trace_words.WORDS
    language = GAMES["dm"][0]

    def __init__(self, seed: int = 0) -> None:
        super().__init__()
        self.rng = random.Random(seed)
        self.zones = Zones(self.board)
        self.visibility = Visibility(self.zones, self.log)
        self.moves = Moves(self.zones, self.visibility, self.log, self.rng)
        self.shield_rules = Shields(self.zones, self.visibility, self.moves, self.log, self.rng)
        self.processing = Processing(self.zones, self.visibility, self.moves, self.log, self)
        self.turns = Turn()
        self.playing = Playing(self.zones, self.moves, self.turns, self.processing, self.log)
        self.combat = Battle(self.zones, self.moves, self.turns, self.shield_rules, self.processing, self.log)

    def problems(self):
        return self.zones.problems()

    # -- set-up: the cards an example names ---------------------------------------------

    def find(self, name: str, player: int | None = None, zone: str | None = None) -> DmCard | None:
        found = [c for c in self.board.cards() if (player is None or c.owner == player)
                 and (zone is None or c.zone.kind == zone)]
        return self.named(name, found, lambda c: (_SEARCH_ORDER.index(c.zone.kind), c.serial))

    def card(self, name: str, player: int | None = None, zone: str | None = None) -> DmCard:
        """The card called ``name``; one not yet in the game starts in its owner's hand."""
        existing = self.find(name, player, zone)
        if existing is not None:
            return existing
        if zone not in (None, HAND):
            raise SetupError(f"「{name}」は{ZONE_WORDS.get(zone, zone)}にない")
        return self.put(name, 0 if player is None else player, HAND)

    def put(self, name: str, player: int, kind: str, *, face_up: bool = False, tapped: bool = False,
            on: str | None = None) -> DmCard:
        """Set-up: a new card directly in a zone (a shield of its own in the shield zone,
        the bottom of the deck), without any ability triggering.  An evolution creature
        goes into the battle zone only ``on`` a new creature it evolved from (in an
        earlier turn)."""
        definition = self.definition(name)
        self.check_new_copy(name)
        if kind == HYPERSPATIAL and definition.kind != "psychic creature":
            raise SetupError(f"「{name}」はサイキック・クリーチャーではないので超次元ゾーンに置けない")
        if kind == BATTLE and not definition.is_creature and definition.kind != "D2 field":
            raise SetupError(f"「{name}」はクリーチャーでもD2フィールドでもないのでバトルゾーンに置けない")
        if kind == BATTLE and definition.evolution and on is None:
            raise SetupError(f"「{name}」は進化クリーチャーなので、進化元なしにはバトルゾーンに置けない"
                             f"（「自分のバトルゾーンに「進化元」から進化した「{name}」がある」と書く）")
        base = None
        if on is not None:
            if not (kind == BATTLE and definition.evolution):
                raise SetupError(f"「{name}」はバトルゾーンに置く進化クリーチャーではない")
            base_definition = self.definition(on)
            if not any(base_definition.has_race(w) for w in definition.evolves_from):
                raise SetupError(f"「{name}」は「{on}」から進化できない（進化元：{'・'.join(definition.evolves_from)}）")
            base = self.put(on, player, BATTLE, tapped=tapped)
        card = self.bring_in(definition, player, kind, face_up=False, card_class=DmCard)
        card.tapped = tapped
        if base is not None and self.in_game(card):
            card.under = [base]
        if not self.in_game(card):
            return card  # a Then asks about a card the example never brought in
        if kind == SHIELDS:
            self.zones.shields[player].append(Shield(player, [card]))
        self.log.record("setup.face-up" if face_up else "setup", card=card, zone=card.zone)
        if face_up:
            self.visibility.face_up(card, FaceUp.PLACED, "put there face up")
        self.visibility.refresh()
        return card

    # -- processing -------------------------------------------------------------------

    def _begin(self) -> None:
        """Every game action but the use of an S・トリガー starts here: no choice may be
        waiting, and the moment to use the S・トリガー of the latest broken shield is over
        (they are used right away, or not at all)."""
        self.require_idle()
        self.shield_rules.close_trigger_window()

    def decided(self) -> None:
        """An ability that waited for a choice has ended (rulings.core.choices): the
        processing goes on."""
        self.processing.after_action()

    # -- game actions -----------------------------------------------------------------

    def summon(self, player: int, card: DmCard, tapped_mana: list[DmCard] = ()) -> None:
        self._begin()
        self.playing.summon(player, card, tapped_mana)
        self.processing.after_action()

    def evolve(self, player: int, card: DmCard, base: DmCard) -> None:
        self._begin()
        self.playing.evolve(player, card, base)
        self.processing.after_action()

    def charge(self, player: int, card: DmCard) -> None:
        self._begin()
        self.playing.charge(player, card)
        self.processing.after_action()

    def cast(self, player: int, card: DmCard) -> None:
        self._begin()
        self.playing.cast(player, card)

    def enter_battle_zone(self, player: int, card: DmCard) -> None:
        """An effect puts the creature into the battle zone (its own abilities trigger)."""
        self._begin()
        self.playing.put_into_battle(card, player)
        self.processing.after_action()

    def use_d_switch(self, card: DmCard) -> None:
        self._begin()
        self.playing.use_d_switch(card)

    def fortify_action(self, castle: DmCard, shield: Shield, player: int | None = None) -> None:
        """要塞化 from the hand: a castle is used like a spell, paying its cost."""
        self._begin()
        player = castle.owner if player is None else player
        if castle.definition.kind != "castle":
            raise IllegalAction(f"「{castle.name}」は城ではないので要塞化できない")
        if shield.owner != player:
            raise IllegalAction(f"城は{PLAYER_WORDS[player]}のシールドにしか要塞化できない")
        self.playing.pay(player, castle, "要塞化")
        self.shield_rules.fortify(castle, shield)
        self.processing.after_action()

    def destroy_action(self, card: DmCard) -> None:
        self._begin()
        self.combat.destroy(card)
        self.processing.after_action()

    def break_action(self, shield: Shield) -> None:
        self._begin()
        self.shield_rules.break_shield(shield)
        self.shield_rules.trigger_window = True
        self.processing.after_action()

    def use_s_trigger(self, player: int, card: DmCard) -> None:
        """S・トリガー: a card just added to the hand from a broken shield is used for free."""
        self.require_idle()
        self.shield_rules.use_s_trigger(player, card)
        if card.definition.is_spell:
            self.processing.run(self.playing.cast_ability(player, card))
        else:
            self.playing.put_into_battle(card, player, reason="S・トリガー")
            self.processing.after_action()

    def attack(self, attacker: DmCard, defender: DmCard | None = None) -> None:
        """Attack the opponent, or (``defender``) a tapped creature of theirs."""
        self._begin()
        self.combat.attack(attacker, defender)
        self.processing.after_action()

    def block(self, blocker: DmCard, attacker: DmCard) -> None:
        self._begin()
        self.combat.block(blocker, attacker)
        self.processing.after_action()

    def unblocked(self, attacker: DmCard) -> None:
        self._begin()
        self.combat.unblocked(attacker)

    def attack_breaks(self, attacker: DmCard, shields: list[Shield]) -> None:
        self._begin()
        self.combat.attack_breaks(attacker, shields)
        self.processing.after_action()

    def use_tap_ability(self, card: DmCard) -> None:
        self._begin()
        self.combat.use_tap_ability(card)

    def reveal_action(self, cards: list[DmCard], reason: str) -> None:
        """An effect that only turns cards face up (or shows them), with no further
        instruction: they go back face down, in place, when it is over."""
        self._begin()
        self.visibility.reveal(cards, reason)
        self.processing.after_action()

    def draw_action(self, player: int) -> DmCard | None:
        """Drawing a card is a processing of its own (the draw step, or a player told
        to draw): when it is over, the rules check for an empty deck."""
        self._begin()
        card = self.moves.draw(player)
        self.processing.after_action()
        return card

    def look_action(self, player: int, cards: list[DmCard]) -> None:
        self._begin()
        self.visibility.look(player, cards)
        self.processing.after_action()

    def end_turn(self) -> None:
        self._begin()
        self.log.record("turn.ends", turn=self.turns.number, player=self.turns.player)
        self.turns.next()
        self.combat.new_turn()
        # the new turn begins: the turn player untaps their creatures and mana
        for kind in (BATTLE, MANA):
            for card in self.zones.zone(self.turns.player, kind):
                card.tapped = False
        self.log.record("turn", turn=self.turns.number, player=self.turns.player)
        self.processing.after_action()

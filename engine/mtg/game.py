"""A game of Magic: its state and the primitives card effects are built from, and the
facade the steps (steps.py) and the cards' building blocks (blocks.py) talk to.

The rules live by concern.  Components, each owning its state and given the game (as
the narrow protocol it declares), its log and board when made: casting and the stack
(stack.py, StackRules), combat (combat.py, Combat), face-down permanents
(face_down_rules.py, FaceDown), characteristics, copy and continuous effects (copying.py,
LayerRules), zones, moving and visibility (visibility.py, ZoneRules).  Finding the cards
an example names stays here.  What a game is made of is objects.py; what card data may
ask of a game is view.py.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any

from rulings.core import IllegalAction, Zone
from rulings.core.game import Game as GameBase
from rulings.project import GAMES
from rulings.core.zones import HiddenTo

from . import layers, legality, trace_words
from .cards import ENTERS, TAPPED, TRIGGERED, Ability, CardDef, Face
from .characteristics import LAND, Characteristics
from .catalogue import CATALOGUE
from .combat import Combat
from .copying import LayerRules
from .face_down_rules import FaceDown
from .objects import (BATTLEFIELD, COMMAND, EXILE, GRAVEYARD, HAND, LIBRARY, PLAYERS, PLAYER_NAMES, STACK,
                      MtgCard, TriggeredInstance)
from .stack import StackRules
from .visibility import ZoneRules


class Game(GameBase):
    """One two-player game: player 0 (あなた) and player 1 (対戦相手)."""

    trace_words = trace_words.WORDS
    language = GAMES["mtg"][0]
    catalogue = CATALOGUE

    def __init__(self) -> None:
        super().__init__()
        for p in PLAYERS:
            self.board.add_zone(Zone(LIBRARY, p, HiddenTo.EVERYONE, ordered=True))
            self.board.add_zone(Zone(HAND, p, HiddenTo.ALL_BUT_OWNER))
            self.board.add_zone(Zone(GRAVEYARD, p, public=True, ordered=True))
            # face-down cards in the command zone (conspiracies, attractions) are seen
            # only by players an effect or rule lets look (card.seen_by)
            self.board.add_zone(Zone(COMMAND, p, HiddenTo.EVERYONE))
        self.board.add_zone(Zone(BATTLEFIELD, None, HiddenTo.ALL_BUT_CONTROLLER))
        self.board.add_zone(Zone(STACK, None, HiddenTo.ALL_BUT_CONTROLLER, ordered=True))
        # exiled cards are face up unless exiled face down; then hidden to all (CR 406.3)
        self.board.add_zone(Zone(EXILE, None, HiddenTo.EVERYONE))
        self.clock = 0
        self.active_player = 0
        self.turn_started = {0: 0, 1: -1}
        #: where the turn is (legality.MAIN1 …): a game starts in the first main phase of
        #: あなた's turn
        self.phase = legality.MAIN1
        #: lands each player has played this turn (CR 305.2)
        self.lands_played = {0: 0, 1: 0}
        self.life = {0: 20, 1: 20}
        self.day_night: str | None = None
        self.zone_rules = ZoneRules(self, self.log, self.board)
        self.stack_rules = StackRules(self, self.log, self.board)
        self.combat_rules = Combat(self, self.log)
        self.face_down_rules = FaceDown(self, self.log, self.board)
        self.layer_rules = LayerRules(self, self.log, self.board)

    @property
    def left_game(self) -> set[int]:
        """Players who left the game."""
        return self.zone_rules.left_game

    @property
    def over(self) -> bool:
        return self.zone_rules.over

    @property
    def effects(self) -> list[layers.ContinuousEffect]:
        """Continuous effects from resolved spells and abilities."""
        return self.layer_rules.effects

    @property
    def stack(self) -> list[MtgCard | TriggeredInstance]:
        """The objects on the stack, bottom first."""
        return self.stack_rules.stack

    @property
    def casting(self) -> MtgCard | None:
        """The spell being cast (between begin_casting and finish_casting)."""
        return self.stack_rules.casting

    @property
    def blockers_declared(self) -> bool:
        return self.combat_rules.blockers_declared

    @property
    def dread_choice(self) -> dict[int, MtgCard]:
        """By player: the card a step said the player manifests when it next manifests dread."""
        return self.face_down_rules.dread_choice

    def problems(self):
        for card in self.board.zone(None, BATTLEFIELD):
            if card.face_up and card.face_down_as is not None:
                yield f"「{card.name}」 is face up but keeps face-down characteristics"
        for entry in self.stack:
            if isinstance(entry, MtgCard) and entry.zone.kind != STACK:
                yield f"「{entry.name}」 is on the stack list but in {entry.zone.label}"

    # -- finding the cards an example names -------------------------------------------

    def find(self, name: str) -> MtgCard | None:
        """The card called ``name`` (Japanese or English), on the battlefield first."""
        order = {BATTLEFIELD: 0, STACK: 1, EXILE: 2, COMMAND: 3, HAND: 4, GRAVEYARD: 5, LIBRARY: 6}
        self.definition(name)  # UnknownCard for a name in neither language
        return self.named(name, self.board.cards(), lambda c: (order[c.zone.kind], c.serial))

    def card(self, name: str, player: int = 0) -> MtgCard:
        """The card called ``name``; one not yet in the game starts in ``player``'s hand."""
        existing = self.find(name)
        if existing is not None:
            return existing
        return self.new_card(name, player, HAND)

    def in_hand(self, name: str, player: int) -> MtgCard:
        """A card called ``name`` in ``player``'s hand (one is added if there is none)."""
        hand = list(self.board.zone(player, HAND))
        card = self.named(name, hand, hand.index)
        return card if card is not None else self.new_card(name, player, HAND)

    def new_card(self, name: str, owner: int, zone_kind: str, *, index: int | None = None) -> MtgCard:
        definition = self.definition(name)
        self.check_new_copy(name)
        return self.bring_in(definition, owner, zone_kind, face_up=False, index=index, card_class=MtgCard)

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def attach(self, aura: MtgCard, target: Any) -> None:
        aura.attached_to = target
        aura.attached_object = target.object_id if isinstance(target, MtgCard) else 0
        if isinstance(target, MtgCard):
            self.log.record("attach", card=aura, to=target)
        else:
            self.log.record("attach.player", card=aura, player=target[1])

    def create_token(self, controller: int, face: Face, *, tapped: bool = False,
                     copy_of: MtgCard | None = None) -> MtgCard:
        """Create a token; ``copy_of``: a token that is a copy of that permanent — its
        copiable values as they are now (CR 707.2: a face-down permanent's are its face-down
        characteristics, 708.2), the token itself face up."""
        zone = self.board.zone(None, BATTLEFIELD)
        token = self.board.new_card(CardDef(front=face, token=True), controller, zone, face_up=True,
                                    card_class=MtgCard)
        token.timestamp = token.entered_at = self.tick()
        token.controlled_since = self.clock
        token.tapped = tapped
        if copy_of is None:
            self.log.record("token", card=token)
        else:
            self.log.record("token.copy", card=token, original=copy_of)
            self.become_copy(token, copy_of)
        # CR 603.6a, 111.1: a token enters the battlefield like any permanent, so its own
        # "when this enters" abilities (a copy's included, CR 707.2) trigger
        for ability in self.characteristics(token).abilities:
            if ability.kind == TRIGGERED and ability.event == ENTERS:
                self.trigger(token, ability, controller)
        self.others_see_enter(token)
        return token

    def tokens(self, controller: int) -> list[MtgCard]:
        """The tokens ``controller`` controls, in the order they were created."""
        return sorted((c for c in self.permanents() if c.definition.token and c.controller == controller),
                      key=lambda c: c.entered_at)

    def start_turn(self, player: int) -> None:
        self.active_player = player
        self.turn_started[player] = self.tick()
        self.phase = legality.MAIN1
        self.combat_rules.blockers_declared = False
        self.lands_played = {0: 0, 1: 0}
        self.layer_rules.end_until_end_of_turn()
        for card in self.permanents():
            card.attacking, card.blocking, card.blocked = False, None, False
            if card.controller == player:
                card.attacked_this_turn = False
                card.tapped = False
        self.log.record("turn", player=player)

    def phase_out(self, card: MtgCard) -> None:
        """Only a permanent phases out (CR 702.26); it is then treated as though it did
        not exist (702.26b) until it phases in, which no example needs yet."""
        if not self.on_battlefield(card):
            raise IllegalAction(f"「{card.name}」はパーマネントではない：フェイズ・アウトするのはパーマネントだけ（CR 702.26）")
        card.phased_out = True
        self.log.record("phase", card=card)

    def add_counters(self, card: MtgCard, kind: str, n: int) -> None:
        card.counters = {**card.counters, kind: card.counters.get(kind, 0) + n}
        self.log.record("counter.put", card=card, counter=kind, n=n)

    def tap(self, card: MtgCard, reason: str = "") -> None:
        self.face_up_instead(card, TAPPED)
        card.tapped = True
        self.log.record("tap", card=card, reason=reason)

    def untap(self, card: MtgCard, reason: str = "") -> None:
        card.tapped = False
        self.log.record("untap", card=card, reason=reason)

    def sacrifice(self, card: MtgCard, reason: str = "") -> None:
        self.log.record("sacrifice", card=card, reason=reason)
        self.move(card, GRAVEYARD, reason="生け贄")

    def lose_life(self, player: int, amount: int, source: MtgCard) -> None:
        self.life[player] -= amount
        self.log.record("life.lose", player=player, amount=amount, source=source)

    def gain_life(self, player: int, amount: int, source: MtgCard) -> None:
        self.life[player] += amount
        self.log.record("life.gain", player=player, amount=amount, source=source)

    def destroy(self, card: MtgCard, reason: str = "") -> None:
        self.log.record("destroy", card=card, reason=reason)
        self.move(card, GRAVEYARD, reason=reason or "破壊")

    # -- lands and mana value ------------------------------------------------------------

    def why_cannot_play_land(self, player: int, card: MtgCard) -> str | None:
        """Why ``player`` may not play ``card`` as a land now (None: they may): a land card
        from their own hand (CR 305.1), in a main phase of their own turn with the stack
        empty (305.1, 305.3), one a turn (305.2)."""
        shown = f"「{card.name}」"
        if LAND not in layers.copiable_values(card, with_face_down=False).types:
            return f"{shown}は土地ではないのでプレイできない：土地でないカードは唱える（CR 305.1）"
        if card.zone is None or card.zone.kind != HAND or card.owner != player:
            return f"{shown}は{PLAYER_NAMES[player]}の手札にないのでプレイできない（CR 305.1）"
        if not legality.on("land-play"):
            return None
        why = self.sorcery_timing(player, f"{shown}は土地なので、", "プレイできない", "CR 305.1、305.3")
        if why is not None:
            return why
        if self.lands_played[player] >= 1:
            return f"{PLAYER_NAMES[player]}はこのターンにもう土地をプレイしたので、{shown}はプレイできない（CR 305.2）"
        return None

    def play_land(self, player: int, card: MtgCard) -> None:
        """Playing a land: a special action, the land put onto the battlefield (CR 305.1)."""
        why = self.why_cannot_play_land(player, card)
        if why is not None:
            raise IllegalAction(why)
        self.lands_played[player] += 1
        self.log.record("play-land", player=player, card=card)
        self.put_onto_battlefield(card, player, reason="土地のプレイ")
        self.settle()

    def mana_value(self, card: MtgCard) -> int:
        """CR 202.3: from the mana cost it has now, wherever it is — a face-down spell or
        permanent has none, so 0 (708.2); a land or a token with no mana cost, 0 (202.3a)."""
        return self.characteristics(card).mana_value()

    # -- casting and the stack (stack.py) ---------------------------------------------

    def activate(self, player: int, source: MtgCard, target: MtgCard | None = None) -> TriggeredInstance:
        return self.stack_rules.activate(player, source, target)

    def activate_mana_ability(self, player: int, card: MtgCard) -> None:
        self.stack_rules.activate_mana_ability(player, card)

    def activated_ability(self, card: MtgCard) -> Ability:
        return self.stack_rules.activated_ability(card)

    def begin_casting(self, player: int, card: MtgCard) -> None:
        self.stack_rules.begin_casting(player, card)

    def begin_end_step(self) -> None:
        self.stack_rules.begin_end_step()

    def cast(self, player: int, card: MtgCard, *, face_down_way: str | None = None,
             targets: tuple[MtgCard, ...] = (), face_down_by: MtgCard | None = None) -> None:
        self.stack_rules.cast(player, card, face_down_way=face_down_way, targets=targets, face_down_by=face_down_by)

    def choose_trigger_target(self, player: int, source: MtgCard, target: Any) -> None:
        self.stack_rules.choose_trigger_target(player, source, target)

    def counter(self, spell: MtgCard | TriggeredInstance, by: str) -> None:
        self.stack_rules.counter(spell, by)

    def delay(self, source: MtgCard, ability: Ability, **context) -> None:
        self.stack_rules.delay(source, ability, **context)

    def did_trigger(self, card: MtgCard, event: str) -> bool:
        return self.stack_rules.did_trigger(card, event)

    def finish_casting(self, player: int) -> None:
        self.stack_rules.finish_casting(player)

    @contextmanager
    def holding(self):
        with self.stack_rules.holding():
            yield

    def is_legal_ability_target(self, source: MtgCard, candidate: MtgCard) -> bool:
        return self.stack_rules.is_legal_ability_target(source, candidate)

    def is_legal_target(self, spell: MtgCard, candidate: MtgCard) -> bool:
        return self.stack_rules.is_legal_target(spell, candidate)

    def resolve_all(self) -> None:
        self.stack_rules.resolve_all()

    def resolve_top(self, *, pay: bool = False) -> None:
        self.stack_rules.resolve_top(pay=pay)

    def settle(self) -> None:
        self.stack_rules.settle()

    def trigger(self, source: MtgCard, ability: Ability, controller: int, **context) -> None:
        self.stack_rules.trigger(source, ability, controller, **context)

    def trigger_target_candidates(self, instance: TriggeredInstance) -> list:
        return self.stack_rules.trigger_target_candidates(instance)

    def why_cannot_activate(self, player: int, source: MtgCard, target: Any = None, *,
                            check_target: bool = True) -> str | None:
        return self.stack_rules.why_cannot_activate(player, source, target, check_target=check_target)

    def why_cannot_activate_mana_ability(self, player: int, card: MtgCard) -> str | None:
        return self.stack_rules.why_cannot_activate_mana_ability(player, card)

    def why_cannot_cast(self, player: int, card: MtgCard, *, face_down_way: str | None = None,
                        face_down_by: MtgCard | None = None) -> str | None:
        return self.stack_rules.why_cannot_cast(player, card, face_down_way=face_down_way, face_down_by=face_down_by)

    def why_cannot_tap_for_cost(self, source: MtgCard) -> str | None:
        return self.stack_rules.why_cannot_tap_for_cost(source)

    def why_not_now(self, player: int, spell: Characteristics, shown: str) -> str | None:
        return self.stack_rules.why_not_now(player, spell, shown)

    def why_not_targets(self, spell: MtgCard, targets: tuple[MtgCard, ...]) -> str | None:
        return self.stack_rules.why_not_targets(spell, targets)

    def sorcery_timing(self, player: int, what: str, verb: str, rule: str) -> str | None:
        return self.stack_rules.sorcery_timing(player, what, verb, rule)

    # -- combat (combat.py) -------------------------------------------------------------

    def summoning_sick(self, card: MtgCard) -> bool:
        return self.combat_rules.summoning_sick(card)

    def why_cannot_attack(self, player: int, card: MtgCard) -> str | None:
        return self.combat_rules.why_cannot_attack(player, card)

    def attack(self, player: int, card: MtgCard) -> None:
        self.combat_rules.attack(player, card)

    def why_cannot_block(self, player: int, blocker: MtgCard, attacker: MtgCard) -> str | None:
        return self.combat_rules.why_cannot_block(player, blocker, attacker)

    def block(self, player: int, blocker: MtgCard, attacker: MtgCard) -> None:
        self.combat_rules.block(player, blocker, attacker)

    def end_combat(self) -> None:
        self.combat_rules.end_combat()

    def remove_non_creatures_from_combat(self) -> None:
        self.combat_rules.remove_non_creatures_from_combat()

    def deal_damage(self, target: MtgCard, amount: int, source: MtgCard) -> None:
        self.combat_rules.deal_damage(target, amount, source)

    def deal_damage_to_player(self, player: int, amount: int, source: MtgCard) -> None:
        self.combat_rules.deal_damage_to_player(player, amount, source)

    # -- face down (face_down_rules.py) -------------------------------------------------

    def is_face_down(self, card: MtgCard) -> bool:
        return self.face_down_rules.is_face_down(card)

    def face_up_options(self, card: MtgCard) -> list[tuple[str, str]]:
        return self.face_down_rules.face_up_options(card)

    def why_cannot_turn_face_up(self, card: MtgCard, cost: str | None = None, way: str | None = None) -> str | None:
        return self.face_down_rules.why_cannot_turn_face_up(card, cost, way)

    def forbidden(self, action: str, card: MtgCard) -> str | None:
        return self.face_down_rules.forbidden(action, card)

    def turn_face_up_special(self, player: int, card: MtgCard, cost: str | None = None,
                             way: str | None = None) -> None:
        self.face_down_rules.turn_face_up_special(player, card, cost, way)

    def turn_face_up(self, card: MtgCard, *, reason: str = "", counters: int = 0) -> bool:
        return self.face_down_rules.turn_face_up(card, reason=reason, counters=counters)

    def turn_face_down(self, card: MtgCard, *, face_down_as: Characteristics | None = None,
                       by: str = "効果") -> bool:
        return self.face_down_rules.turn_face_down(card, face_down_as=face_down_as, by=by)

    def transform(self, card: MtgCard) -> None:
        self.face_down_rules.transform(card)

    def manifest(self, player: int, way: str) -> MtgCard:
        return self.face_down_rules.manifest(player, way)

    def manifest_dread(self, player: int) -> MtgCard | None:
        return self.face_down_rules.manifest_dread(player)

    def face_up_instead(self, card: MtgCard, event: str) -> None:
        self.face_down_rules.face_up_instead(card, event)
    # -- layers and copy effects (copying.py) ------------------------------------------

    def characteristics(self, card: MtgCard) -> Characteristics:
        return self.layer_rules.characteristics(card)

    def layers_types(self, card: MtgCard) -> tuple[str, ...]:
        return self.layer_rules.layers_types(card)

    def copiable_values(self, card: MtgCard) -> Characteristics:
        return self.layer_rules.copiable_values(card)

    def become_copy(self, card: MtgCard, original: MtgCard) -> None:
        self.layer_rules.become_copy(card, original)

    def add_effect(self, card: MtgCard, layer: str, apply, description: str, *, until_end_of_turn=False) -> None:
        self.layer_rules.add_effect(card, layer, apply, description, until_end_of_turn=until_end_of_turn)

    def end_effects_on_gone_objects(self) -> None:
        self.layer_rules.end_effects_on_gone_objects()

    # -- zones, moving, visibility (visibility.py) --------------------------------------

    def zone_of(self, card: MtgCard) -> str:
        return self.zone_rules.zone_of(card)

    def on_battlefield(self, card: MtgCard) -> bool:
        return self.zone_rules.on_battlefield(card)

    def on_stack(self, card: MtgCard) -> bool:
        return self.zone_rules.on_stack(card)

    def permanents(self) -> list[MtgCard]:
        return self.zone_rules.permanents()

    def can_see(self, player: int, card: MtgCard) -> bool:
        return self.zone_rules.can_see(player, card)

    def reveal(self, card: MtgCard, why: str) -> None:
        self.zone_rules.reveal(card, why)

    def was_revealed(self, card: MtgCard) -> bool:
        return self.zone_rules.was_revealed(card)

    def move(self, card: MtgCard, zone_kind: str, *, face_up: bool = True, index: int | None = None,
             controller: int | None = None, reason: str = "") -> MtgCard:
        return self.zone_rules.move(card, zone_kind, face_up=face_up, index=index, controller=controller, reason=reason)

    def put_onto_battlefield(self, card: MtgCard, controller: int | None = None, *,
                             face_down_as: Characteristics | None = None, face_down_by: str = "",
                             copy_of: MtgCard | None = None, setup: bool = False,
                             attach_to: Any = None, reason: str = "", tapped: bool = False,
                             face_up_when: frozenset[str] = frozenset()) -> MtgCard:
        return self.zone_rules.put_onto_battlefield(card, controller, face_down_as=face_down_as, face_down_by=face_down_by, copy_of=copy_of, setup=setup, attach_to=attach_to, reason=reason, tapped=tapped, face_up_when=face_up_when)

    def others_see_enter(self, card: MtgCard) -> None:
        self.zone_rules.others_see_enter(card)

    def draw(self, player: int) -> MtgCard:
        return self.zone_rules.draw(player)

    def exile(self, card: MtgCard, *, face_down: bool = False) -> MtgCard:
        return self.zone_rules.exile(card, face_down=face_down)

    def put_into_command_zone(self, card: MtgCard, *, face_down: bool) -> MtgCard:
        return self.zone_rules.put_into_command_zone(card, face_down=face_down)

    def let_look(self, player: int, card: MtgCard) -> None:
        self.zone_rules.let_look(player, card)

    def leave_game(self, player: int) -> None:
        self.zone_rules.leave_game(player)

    def end_game(self) -> None:
        self.zone_rules.end_game()

    def public_view(self, viewer: int, card: MtgCard) -> dict[str, str]:
        return self.zone_rules.public_view(viewer, card)

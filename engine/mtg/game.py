"""A game of Magic: its state (turn, phase, life, clock), its rules components, and the
few primitives card effects are built from that touch several of them.

The rules live by concern, each a component owning its state and given the game (as the
narrow protocol it declares), its log and board when made: casting and the stack
(``stack_rules``: stack.py, StackRules), combat (``combat_rules``: combat.py, Combat),
face-down permanents (``face_down_rules``: face_down_rules.py, FaceDown),
characteristics, copy and continuous effects (``layer_rules``: copying.py, LayerRules),
zones, moving and visibility (``zone_rules``: visibility.py, ZoneRules).  Steps, blocks
and the components ask the component that owns a rule (``game.stack_rules.cast(…)``);
``Game`` forwards nothing (tests/unit/test_components.py).  What stays here: finding the
cards an example names, the turn, tokens, tapping, counters, life, sacrificing and
destroying, playing a land.  What a game is made of is objects.py; what card data may ask
of a game is view.py.
"""

from __future__ import annotations

from typing import Any

from rulings.core import IllegalAction, Zone
from rulings.core.game import Game as GameBase
from rulings.project import GAMES
from rulings.core.zones import HiddenTo

from . import layers, legality, trace_words
from .cards import ENTERS, TAPPED, TRIGGERED, CardDef, Face
from .characteristics import LAND
from .catalogue import CATALOGUE
from .combat import Combat
from .copying import LayerRules
from .face_down_rules import FaceDown
from .objects import (BATTLEFIELD, COMMAND, EXILE, GRAVEYARD, HAND, LIBRARY, PLAYERS, PLAYER_NAMES, STACK,
                      MtgCard)
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

    def problems(self):
        for card in self.board.zone(None, BATTLEFIELD):
            if card.face_up and card.face_down_as is not None:
                yield f"「{card.name}」 is face up but keeps face-down characteristics"
        for entry in self.stack_rules.stack:
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
            self.layer_rules.become_copy(token, copy_of)
        # CR 603.6a, 111.1: a token enters the battlefield like any permanent, so its own
        # "when this enters" abilities (a copy's included, CR 707.2) trigger
        for ability in self.layer_rules.characteristics(token).abilities:
            if ability.kind == TRIGGERED and ability.event == ENTERS:
                self.stack_rules.trigger(token, ability, controller)
        self.zone_rules.others_see_enter(token)
        return token

    def tokens(self, controller: int) -> list[MtgCard]:
        """The tokens ``controller`` controls, in the order they were created."""
        return sorted((c for c in self.zone_rules.permanents() if c.definition.token and c.controller == controller),
                      key=lambda c: c.entered_at)

    def start_turn(self, player: int) -> None:
        self.active_player = player
        self.turn_started[player] = self.tick()
        self.phase = legality.MAIN1
        self.combat_rules.blockers_declared = False
        self.lands_played = {0: 0, 1: 0}
        self.layer_rules.end_until_end_of_turn()
        for card in self.zone_rules.permanents():
            card.attacking, card.blocking, card.blocked = False, None, False
            if card.controller == player:
                card.attacked_this_turn = False
                card.tapped = False
        self.log.record("turn", player=player)

    def phase_out(self, card: MtgCard) -> None:
        """Only a permanent phases out (CR 702.26); it is then treated as though it did
        not exist (702.26b) until it phases in, which no example needs yet."""
        if not self.zone_rules.on_battlefield(card):
            raise IllegalAction(f"「{card.name}」はパーマネントではない：フェイズ・アウトするのはパーマネントだけ（CR 702.26）")
        card.phased_out = True
        self.log.record("phase", card=card)

    def add_counters(self, card: MtgCard, kind: str, n: int) -> None:
        card.counters = {**card.counters, kind: card.counters.get(kind, 0) + n}
        self.log.record("counter.put", card=card, counter=kind, n=n)

    def tap(self, card: MtgCard, reason: str = "") -> None:
        self.face_down_rules.face_up_instead(card, TAPPED)
        card.tapped = True
        self.log.record("tap", card=card, reason=reason)

    def untap(self, card: MtgCard, reason: str = "") -> None:
        card.tapped = False
        self.log.record("untap", card=card, reason=reason)

    def sacrifice(self, card: MtgCard, reason: str = "") -> None:
        self.log.record("sacrifice", card=card, reason=reason)
        self.zone_rules.move(card, GRAVEYARD, reason="生け贄")

    def lose_life(self, player: int, amount: int, source: MtgCard) -> None:
        self.life[player] -= amount
        self.log.record("life.lose", player=player, amount=amount, source=source)

    def gain_life(self, player: int, amount: int, source: MtgCard) -> None:
        self.life[player] += amount
        self.log.record("life.gain", player=player, amount=amount, source=source)

    def destroy(self, card: MtgCard, reason: str = "") -> None:
        self.log.record("destroy", card=card, reason=reason)
        self.zone_rules.move(card, GRAVEYARD, reason=reason or "破壊")

    # -- playing a land ------------------------------------------------------------------

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
        why = self.stack_rules.sorcery_timing(player, f"{shown}は土地なので、", "プレイできない", "CR 305.1、305.3")
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
        self.zone_rules.put_onto_battlefield(card, player, reason="土地のプレイ")
        self.stack_rules.settle()

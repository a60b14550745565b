"""Magic: zones and the one way objects move between them (a new object, CR 400.7),
entering the battlefield, who may see a hidden card (CR 708.5–708.11), and leaving the
game.  Finding the cards an example names is the game's (game.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from rulings.core import IllegalAction, SetupError
from rulings.core.choices import FIRST_FITTING
from rulings.core.events import EventLog
from rulings.core.zones import Board

from . import layers
from .cards import (ANOTHER_DIES, ANOTHER_ENTERS, AS_ENTERS, DIES, ENTERS, LEAVES_BATTLEFIELD, REPLACEMENT, TRIGGERED,
                    Ability)
from .characteristics import BATTLE, CREATURE, PLANESWALKER, Characteristics
from .identity import ZONE_CHANGE
from .objects import BATTLEFIELD, COMMAND, EXILE, GRAVEYARD, HAND, LIBRARY, PLAYERS, STACK, Death, MtgCard
from .view import GameView, LayerView, StackView


class ZonesStack(StackView, Protocol):
    """What the zone rules ask of the stack rules (stack.StackRules)."""

    #: the spell being cast, if any (a card drawn meanwhile is concealed)
    casting: MtgCard | None

    def trigger(self, source: MtgCard, ability: Ability, controller: int, **context) -> None: ...

    def holding(self) -> AbstractContextManager[None]: ...

    def settle(self) -> None: ...


class ZonesLayers(LayerView, Protocol):
    """What the zone rules ask of the layer rules (copying.LayerRules)."""

    def characteristics(self, card: MtgCard) -> Characteristics: ...

    def become_copy(self, card: MtgCard, original: MtgCard) -> None: ...

    def end_effects_on_gone_objects(self) -> None: ...


class ZonesGame(GameView, Protocol):
    """What the zone rules need of the rest of the game (rulings.mtg.game.Game is one):
    the clock, characteristics and copy effects (layer_rules), triggers and holding
    checks (stack_rules), attaching, last known information and choices (the game)."""

    #: the game's clock (what timestamps are taken from)
    clock: int
    stack_rules: ZonesStack
    layer_rules: ZonesLayers

    def tick(self) -> int: ...

    def keep_last_known(self, card: MtgCard, known: Any) -> None: ...

    def by_default(self, chooser: int, prompt: str, options: Sequence[Any], rule: str, n: int = 1) -> list[Any]: ...


class ZoneRules:
    """Zones, moving and visibility.  Owns the players who left the game and whether
    the game is over."""

    state_fields = ("left_game", "over")

    def __init__(self, game: ZonesGame, log: EventLog, board: Board) -> None:
        self.game = game
        self.log = log
        self.board = board
        self.left_game: set[int] = set()
        self.over = False

    def zone_of(self, card: MtgCard) -> str:
        return card.zone.kind

    def on_battlefield(self, card: MtgCard) -> bool:
        return card.zone is not None and card.zone.kind == BATTLEFIELD

    def on_stack(self, card: MtgCard) -> bool:
        return card.zone is not None and card.zone.kind == STACK

    def permanents(self) -> list[MtgCard]:
        return [c for c in self.board.zone(None, BATTLEFIELD) if not c.phased_out]

    def can_see(self, player: int, card: MtgCard) -> bool:
        """Whether ``player`` may look at the front of ``card`` (CR 708.5, 406.3)."""
        if card.concealed:
            return False
        if card.zone.kind == HAND and not card.concealed:
            return player == card.owner or player in card.seen_by
        return self.board.can_see(player, card)

    def reveal(self, card: MtgCard, why: str) -> None:
        """Show the card to every player; it is not turned face up (CR 708.9)."""
        card.seen_by.update(PLAYERS)
        self.log.record("reveal", card=card, why=why)

    def was_revealed(self, card: MtgCard) -> bool:
        return any(e.data.get("card") == card.serial for e in self.log.of_kind("reveal"))

    def move(self, card: MtgCard, zone_kind: str, *, face_up: bool = True, index: int | None = None,
             controller: int | None = None, reason: str = "") -> MtgCard:
        """Move a card; it becomes a new object (CR 400.7)."""
        source = card.zone.kind
        if source == BATTLEFIELD and card.phased_out:
            # CR 702.26b: a phased-out permanent is treated as though it does not exist
            raise IllegalAction(f"「{card.name}」はフェイズ・アウトしているので、何もそれを動かせない（CR 702.26b）")
        leaving_face_down = source in (BATTLEFIELD, STACK) and not card.face_up
        last_known = self.game.layer_rules.characteristics(card) if source == BATTLEFIELD else None
        if last_known is not None:
            self.game.keep_last_known(card, last_known)
        if last_known is not None and zone_kind != EXILE and any(
                a.kind == REPLACEMENT and a.event == LEAVES_BATTLEFIELD for a in last_known.abilities):
            self.log.record("replace.exiled", card=card, zone=zone_kind)
            zone_kind, face_up = EXILE, True
        if leaving_face_down and zone_kind != BATTLEFIELD:
            self.reveal(card, "裏向きのまま戦場かスタックを離れた（CR 708.9）")
        last_controller = card.controller
        if card in self.game.stack_rules.stack:
            self.game.stack_rules.stack.remove(card)
        for other in self.board.zone(None, BATTLEFIELD):
            if other.blocking is card:
                other.blocking = None
        owner_zone = self.board.zone(None if zone_kind in (BATTLEFIELD, STACK, EXILE) else card.owner, zone_kind)
        if zone_kind in (LIBRARY, HAND, COMMAND):
            face_up = False
        self.board.move(card, owner_zone, face_up=face_up, index=index,
                        controller=controller if controller is not None else card.owner, reason=reason)
        card.erase(ZONE_CHANGE)
        self.game.layer_rules.end_effects_on_gone_objects()
        if source == BATTLEFIELD and zone_kind == GRAVEYARD and last_known is not None and CREATURE in last_known.types:
            self._dies(Death(card, last_known, last_controller, leaving_face_down))
        return card

    def _dies(self, death: Death) -> None:
        card = death.card
        self.log.record("dies", card=card)
        for ability in death.values.abilities:
            if ability.kind == TRIGGERED and ability.event == DIES:
                self.game.stack_rules.trigger(card, ability, death.controller, card=card, card_id=card.object_id)
        # "whenever another … creature dies": which deaths count is the card's own text
        for permanent in self.permanents():
            for ability in self.game.layer_rules.characteristics(permanent).abilities:
                if ability.kind == TRIGGERED and ability.event == ANOTHER_DIES and ability.affects(self.game, permanent, death):
                    self.game.stack_rules.trigger(permanent, ability, permanent.controller, card=card,
                                                  card_id=card.object_id)

    def put_onto_battlefield(self, card: MtgCard, controller: int | None = None, *,
                             face_down_as: Characteristics | None = None, face_down_by: str = "",
                             copy_of: MtgCard | None = None, setup: bool = False,
                             attach_to: Any = None, reason: str = "", tapped: bool = False,
                             face_up_when: frozenset[str] = frozenset()) -> MtgCard:
        controller = card.owner if controller is None else controller
        face_down = face_down_as is not None
        enchant = card.definition.enchant
        if not face_down and attach_to is None and copy_of is None and enchant not in (None, "player"):
            # CR 303.4f: an Aura put onto the battlefield without being cast is attached, as
            # it enters, to an object its controller chooses; with nothing it could enchant, it
            # stays where it is.  What it was attached to before is never remembered (400.7).
            fitting = [p for p in self.permanents()
                       if p is not card and enchant in self.game.layer_rules.characteristics(p).types]
            if not fitting:
                self.log.record("stays", card=card, zone=card.zone.kind)
                return card
            attach_to = self.game.by_default(controller, f"chooses what 「{card.name}」 enchants", fitting, FIRST_FITTING)[0]
        self.move(card, BATTLEFIELD, face_up=not face_down, controller=controller, reason=reason)
        if face_down:
            card.face_down_as, card.face_down_by = face_down_as, face_down_by
            card.face_up_when = face_up_when
        card.tapped = tapped
        card.timestamp = card.entered_at = self.game.tick()
        card.controlled_since = -math.inf if setup else self.game.clock
        if attach_to is not None:
            self.game.attach(card, attach_to)
        if face_down:
            # CR 708.3: it is face down before it enters, so its own "enters" abilities
            # neither apply nor trigger
            self.log.record("enter.face-down", card=card, way=face_down_by)
        else:
            if copy_of is not None:
                self.game.layer_rules.become_copy(card, copy_of)
            values = self.game.layer_rules.characteristics(card)
            with self.game.stack_rules.holding():
                for ability in values.abilities:
                    if ability.kind == AS_ENTERS and not setup:
                        ability.effect(self.game, card)
            values = self.game.layer_rules.characteristics(card)
            if PLANESWALKER in values.types and values.loyalty is not None:
                card.counters = {**card.counters, "忠誠": values.loyalty}
            if BATTLE in values.types and values.defense is not None:
                card.counters = {**card.counters, "守備": values.defense}
            self.log.record("enter", card=card)
            if not setup:
                for ability in values.abilities:
                    if ability.kind == TRIGGERED and ability.event == ENTERS:
                        self.game.stack_rules.trigger(card, ability, controller)
        if not setup:
            self.others_see_enter(card)
            self.game.stack_rules.settle()
        return card

    def others_see_enter(self, card: MtgCard) -> None:
        """「…が1体戦場に出るたび」 of the other permanents: which objects count is the
        card's own text; a face-down creature entering counts too (only its own abilities
        are kept from triggering, CR 708.3)."""
        for permanent in self.permanents():
            if permanent is card:
                continue
            for ability in self.game.layer_rules.characteristics(permanent).abilities:
                if ability.kind == TRIGGERED and ability.event == ANOTHER_ENTERS and ability.affects(
                        self.game, permanent, card):
                    self.game.stack_rules.trigger(permanent, ability, permanent.controller, card=card,
                                                  card_id=card.object_id)

    def draw(self, player: int) -> MtgCard:
        library = self.board.zone(player, LIBRARY)
        if not library.cards:
            raise SetupError("ライブラリーにカードがない")
        card = library.cards[0]
        self.move(card, HAND, reason="引く")
        if self.game.stack_rules.casting is not None:
            card.concealed = True
            self.log.record("concealed", card=card)
        return card

    def exile(self, card: MtgCard, *, face_down: bool = False) -> MtgCard:
        return self.move(card, EXILE, face_up=not face_down, reason="裏向きで追放" if face_down else "追放")

    def put_into_command_zone(self, card: MtgCard, *, face_down: bool) -> MtgCard:
        """Conspiracies with hidden or double agenda start the game face down in the command
        zone, and their owner may look at them at any time (CR 702.106); attractions wait face
        down there, seen by no one, like a library."""
        self.move(card, COMMAND, reason="ゲーム開始時")
        card.face_up = not face_down
        if face_down and any(layers.printed(card).has(agenda) for agenda in ("秘策", "両策")):
            self.let_look(card.owner, card)
        return card

    def let_look(self, player: int, card: MtgCard) -> None:
        self.board.look(player, card)

    def leave_game(self, player: int) -> None:
        self.left_game.add(player)
        self.log.record("leave", player=player)
        for card in self._face_down_on_battlefield_or_stack():
            if card.owner == player:
                self.reveal(card, "オーナーがゲームから離れた（CR 708.9）")

    def end_game(self) -> None:
        self.over = True
        self.log.record("end")
        for card in self._face_down_on_battlefield_or_stack():
            self.reveal(card, "ゲームの終了（CR 708.9）")

    def _face_down_on_battlefield_or_stack(self) -> list[MtgCard]:
        zones = (self.board.zone(None, BATTLEFIELD), self.board.zone(None, STACK))
        return [c for z in zones for c in z if not c.face_up]

    def public_view(self, viewer: int, card: MtgCard) -> dict[str, str]:
        mine = sorted((c for c in self.permanents() if c.controller == card.controller and not c.face_up),
                      key=lambda c: c.entered_at)
        order = next(i for i, c in enumerate(mine, 1) if c is card)
        return {
            "カード名": card.name if self.can_see(viewer, card) else "（不明）",
            "戦場に出た順": str(order),
            "裏向きにしたもの": card.face_down_by,
            "このターンに攻撃した": "はい" if card.attacked_this_turn else "いいえ",
        }

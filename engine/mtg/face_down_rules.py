"""Magic: turning permanents face down and face up (CR 708, 702.37 変異, 701.40 予示,
701.58 偽装, 701.62 戦慄予示),
what may turn them and what stops it, and double-faced cards turning over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from rulings.core import IllegalAction, SetupError
from rulings.core.choices import FIRST_FITTING
from rulings.core.events import EventLog
from rulings.core.zones import Board

from . import layers
from .cards import AS_TURNED_UP, Ability, FACE_UP_COST, RESTRICTION, TAPPED, TRIGGERED, TURN_FACE_UP, TURNED_FACE_UP
from .characteristics import CREATURE, FACE_DOWN_DEFAULT, INSTANT, SORCERY, Characteristics
from .face_down import counters_on_turning_up, turns_up_for_mana_cost, way_characteristics
from .identity import TURNED_FACE_DOWN
from .identity import TURNED_FACE_UP as FACE_UP_TRANSITION  # not the trigger event of the same name
from .objects import GRAVEYARD, HAND, LIBRARY, MtgCard
from .view import GameView, StackView, ZoneView


class FaceDownZones(ZoneView, Protocol):
    """What the face-down rules ask of the zone rules (visibility.ZoneRules)."""

    def move(self, card: MtgCard, zone_kind: str, *, face_up: bool = True, index: int | None = None,
             controller: int | None = None, reason: str = "") -> MtgCard: ...

    def put_onto_battlefield(self, card: MtgCard, controller: int | None = None, *,
                             face_down_as: Characteristics | None = None, face_down_by: str = "",
                             copy_of: MtgCard | None = None, setup: bool = False,
                             attach_to: Any = None, reason: str = "", tapped: bool = False,
                             face_up_when: frozenset[str] = frozenset()) -> MtgCard: ...

    def reveal(self, card: MtgCard, why: str) -> None: ...


class FaceDownStack(StackView, Protocol):
    """What the face-down rules ask of the stack rules (stack.StackRules)."""

    def trigger(self, source: MtgCard, ability: Ability, controller: int, **context) -> None: ...

    def settle(self) -> None: ...


class FaceDownGame(GameView, Protocol):
    """What the face-down rules need of the rest of the game (rulings.mtg.game.Game is
    one): zones and moving (zone_rules), triggers and the rules check (stack_rules),
    characteristics (layer_rules), counters, the clock and choices."""

    #: "day", "night" or None
    day_night: str | None
    zone_rules: FaceDownZones
    stack_rules: FaceDownStack

    def tick(self) -> int: ...

    def by_default(self, chooser: int, prompt: str, options: Sequence[Any], rule: str, n: int = 1) -> list[Any]: ...


class FaceDown:
    """Face-down permanents: what may turn them face up or down, and turning them.  Owns
    the card a step said a player manifests when they next manifest dread."""

    state_fields = ("dread_choice",)

    def __init__(self, game: FaceDownGame, log: EventLog, board: Board) -> None:
        self.game = game
        self.log = log
        self.board = board
        #: by player: the card a step said the player manifests when it next manifests dread
        self.dread_choice: dict[int, MtgCard] = {}

    def is_face_down(self, card: MtgCard) -> bool:
        if card.zone.kind == HAND:
            return card.concealed
        if card.zone.kind == GRAVEYARD:
            return False
        return not card.face_up

    def face_up_options(self, card: MtgCard) -> list[tuple[str, str]]:
        """The ways its controller may turn ``card`` face up as a special action, with
        their costs (変異・大変異・変装 of its face-up copiable values (CR 708.10); a
        manifested or cloaked creature card for its mana cost)."""
        if not self.game.zone_rules.on_battlefield(card) or card.face_up or card.phased_out:
            return []
        options = [(a.way, a.cost) for a in layers.copiable_values(card, with_face_down=False).abilities
                   if a.kind == FACE_UP_COST]
        printed_front = card.definition.front
        if turns_up_for_mana_cost(card.face_down_by) and CREATURE in printed_front.types and printed_front.mana_cost:
            options.append(("マナ・コスト", printed_front.mana_cost))
        return options

    def why_cannot_turn_face_up(self, card: MtgCard, cost: str | None = None, way: str | None = None) -> str | None:
        if not self.game.zone_rules.on_battlefield(card):
            return "戦場にない"
        if card.face_up:
            return "既に表向きである"
        options = self.face_up_options(card)
        options = [o for o in options if (cost is None or o[1] == cost) and (way is None or o[0] == way)]
        if not options:
            return "表向きにしてよいとする能力もルールもない（CR 708.7）"
        return self.forbidden(TURN_FACE_UP, card)

    def forbidden(self, action: str, card: MtgCard) -> str | None:
        """A static ability that forbids ``action`` for ``card`` (「～できない」): a
        permanent's, or a spell's own about itself on the stack (「この呪文は打ち消されない」,
        CR 113.6)."""
        spells = [c for c in self.game.stack_rules.stack if isinstance(c, MtgCard) and c is card]
        for source in [*self.game.zone_rules.permanents(), *spells]:
            for ability in self.game.layer_rules.characteristics(source).abilities:
                if ability.kind == RESTRICTION and ability.event == action and ability.affects(self.game, source, card):
                    return f"「{source.name}」: {ability.text}"
        return None

    def turn_face_up_special(self, player: int, card: MtgCard, cost: str | None = None,
                             way: str | None = None) -> None:
        """The special action: pay a face-up cost and turn it face up (no stack)."""
        if card.controller != player:
            raise IllegalAction(f"{'あなた' if player == 0 else '対戦相手'}は「{card.name}」をコントロールしていないので、表向きにできない（CR 702.37e）")
        reason = self.why_cannot_turn_face_up(card, cost, way)
        if reason:
            raise IllegalAction(f"「{card.name}」は表向きにできない：{reason}")
        way, paid = next(o for o in self.face_up_options(card)
                         if (cost is None or o[1] == cost) and (way is None or o[0] == way))
        self.log.record("pay", cost=paid, way=way, card=card)
        self.turn_face_up(card, reason=way, counters=counters_on_turning_up(way))

    def turn_face_up(self, card: MtgCard, *, reason: str = "", counters: int = 0) -> bool:
        """Turn a face-down permanent face up: the same object, a new timestamp."""
        if not self.game.zone_rules.on_battlefield(card) or card.face_up:
            return False
        if card.phased_out:
            self.log.record("no-op.phased-out-face-up", card=card)
            return False
        why = self.forbidden(TURN_FACE_UP, card)
        if why:
            self.log.record("face-up-forbidden", card=card, why=why)
            return False
        front = card.definition.front
        if INSTANT in front.types or SORCERY in front.types:
            self.game.zone_rules.reveal(card, "インスタントやソーサリーのカードは表向きにならない")
            self.log.record("face-up-fails", card=card)
            return False
        card.erase(FACE_UP_TRANSITION)
        upcoming = layers.copiable_values(card)
        # CR 708.11: "as this is turned face up" applies while it turns, not afterwards
        for ability in upcoming.abilities:
            if ability.kind == AS_TURNED_UP:
                ability.effect(self.game, card)
        self.board.turn(card, True, reason=reason)
        card.timestamp = self.game.tick()
        if counters:
            self.game.add_counters(card, "+1/+1", counters)
        values = self.game.layer_rules.characteristics(card)
        if self.game.day_night == "night" and card.definition.double_faced and values.has("日暮"):
            # it turns face up front face up and transforms at once; this is not a
            # state-based action, so nothing is checked in between
            card.transformed = True
            card.timestamp = self.game.tick()
            self.log.record("transform.night", card=card)
            values = self.game.layer_rules.characteristics(card)
        for ability in values.abilities:
            if ability.kind == TRIGGERED and ability.event == TURNED_FACE_UP:
                self.game.stack_rules.trigger(card, ability, card.controller)
        self.game.stack_rules.settle()
        return True

    def turn_face_down(self, card: MtgCard, *, face_down_as: Characteristics | None = None,
                       by: str = "効果") -> bool:
        if not self.game.zone_rules.on_battlefield(card):
            raise IllegalAction(f"「{card.name}」はパーマネントではないので裏向きにできない")
        if not card.face_up:
            # CR 708.2b: nothing happens, and the effect's characteristics do not apply
            self.log.record("no-op.already-face-down", card=card)
            return False
        if card.definition.double_faced:
            self.log.record("no-op.double-faced", card=card)
            return False
        if card.phased_out:
            self.log.record("no-op.phased-out-face-down", card=card)
            return False
        card.erase(TURNED_FACE_DOWN)
        card.face_down_as = face_down_as or FACE_DOWN_DEFAULT
        card.face_down_by = by
        self.board.turn(card, False, reason=by)
        card.timestamp = self.game.tick()
        self.game.stack_rules.settle()
        return True

    def transform(self, card: MtgCard) -> None:
        if not card.definition.double_faced or not card.face_up:
            raise IllegalAction(f"「{card.name}」は変身できない（両面カードで表向きのものだけが変身する）")
        card.transformed = not card.transformed
        card.timestamp = self.game.tick()
        self.log.record("transform", card=card)

    def manifest(self, player: int, way: str) -> MtgCard:
        library = self.board.zone(player, LIBRARY)
        if not library.cards:
            raise SetupError("ライブラリーにカードがない")
        card = library.cards[0]
        return self.game.zone_rules.put_onto_battlefield(card, player, face_down_as=way_characteristics(way),
                                                         face_down_by=way, reason=way)

    def manifest_dread(self, player: int) -> MtgCard | None:
        """戦慄予示 (CR 701.62a): look at the top two cards of the library, manifest one
        (CR 701.40) and put the other into the graveyard.  Which one is manifested is the
        player's choice: the one a step stated (:attr:`dread_choice`), else the documented
        default, the top card.  With one card, that one is manifested; with none, nothing
        happens."""
        looked = list(self.board.zone(player, LIBRARY).cards[:2])
        stated = self.dread_choice.pop(player, None)
        if not looked:
            self.log.record("no-op.empty-library", way="戦慄予示")
            return None
        if stated is not None and stated not in looked:
            raise IllegalAction(f"「{stated.name}」はライブラリーの一番上の2枚の中にない（CR 701.62a）")
        self.log.record("look.top", cards=looked, way="戦慄予示")
        chosen = stated or self.game.by_default(player, "manifests one of the top two cards (戦慄予示)", looked,
                                           FIRST_FITTING)[0]
        card = self.game.zone_rules.put_onto_battlefield(chosen, player, face_down_as=way_characteristics("予示"),
                                         face_down_by="予示", reason="戦慄予示")
        for other in looked:
            if other is not chosen:
                self.game.zone_rules.move(other, GRAVEYARD, reason="戦慄予示")
        return card

    def face_up_instead(self, card: MtgCard, event: str) -> None:
        """Illusionary Mask's rider: the event turns it face up first (CR 708.2 table)."""
        if event in card.face_up_when and not card.face_up and self.game.zone_rules.on_battlefield(card):
            self.log.record("face-up-instead.tapped" if event == TAPPED else "face-up-instead.damaged", card=card)
            self.turn_face_up(card, reason=f"{card.face_down_by}の効果")

"""Temporary banishes (一时除外): a monster banished until it returns to the field at a
moment (the End Phase, the end of the battle phase, a Standby Phase, the end of a chain
link).  It returns as it was banished — same position, to the player who controlled
it — which is not a summon; with no free main monster zone it goes to the graveyard
(4.3.3.4.4.1); control that was only lent by a lasting effect goes back to the owner at
once; moved in any other way, it no longer returns.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from rulings.core import IllegalAction
from rulings.core.events import EventLog

from .actions import one_action
from .cards import CardDef
from .control import Control
from .legality import Rule, enforced
from .memory import Transition
from .objects import WAS_BANISHED, YgoCard, Zone
from .view import ChainView, MovesView, SummonView, ValuesView

BANISHED, MONSTER = Zone.BANISHED, Zone.MONSTER


@dataclass
class TemporaryBanish:
    card: YgoCard
    object_id: int
    controller: int
    position: str
    face_up: bool
    #: "end-phase" | "end-battle" | "standby" (the next Standby Phase of ``player``)
    returns: str
    player: int
    turn: int
    #: control was held by a lasting effect (equip, temporary) that cannot follow it
    borrowed: bool = False
    #: the card whose effect returns it, when that return is an effect of its own that
    #: needs the card still face-up on the field (BANISH_EXCEPTIONS "return-needs-this-card")
    source: "YgoCard | None" = None
    source_object: int = 0


class BanishSummoning(SummonView, Protocol):
    """What banish.py asks of summoning.py's ``Summoning`` beyond what card data does."""

    def free_monster_zone(self, player: int) -> Zone: ...


class BanishValues(ValuesView, Protocol):
    """What banish.py asks of values.py's ``Values`` beyond what card data does."""

    def adjust(self) -> None: ...


class BanishChain(ChainView, Protocol):
    """What banish.py asks of chain.py's ``Chain`` beyond what card data does."""

    def emit(self, kind: str, subject: Any, **data: Any) -> None: ...

    def one_action(self) -> AbstractContextManager[None]: ...


class BanishMoves(MovesView, Protocol):
    """What banish.py asks of moves.py's ``Moves`` beyond what card data does."""

    def leave_field(self, card: YgoCard, to: Zone, *, reason: str, face_up: bool | None = None,
                    transition: Transition = Transition.LEFT_FIELD, destroyed: bool = False, by_battle: bool = False,
                    by_player: int | None = None, index: int | None = None, tags: tuple = ()) -> None: ...

    def banished_when_leaving(self, card: YgoCard) -> bool: ...


class BanishDuel(Protocol):
    """What temporary banishes need of the rest of the duel (rulings.ygo.duel.Duel is one)."""

    #: the zones (rulings.core.zones.Board)
    board: Any
    turn: int
    turn_player: int
    summon_rules: BanishSummoning
    value_rules: BanishValues
    chain_rules: BanishChain
    move_rules: BanishMoves

    def on_field(self, card: YgoCard) -> bool: ...

    def face_up_on_field(self, card: YgoCard) -> bool: ...


class TemporaryBanishes:
    """Owns the monsters banished temporarily, each with how and when it returns."""

    state_fields = ("records",)

    def __init__(self, duel: BanishDuel, control: Control, log: EventLog) -> None:
        self.duel = duel
        self.control = control
        self.log = log
        self.records: list[TemporaryBanish] = []


    @one_action
    def banish_temporarily(self, card: YgoCard, returns: str = "end-phase", reason: str = "",
                           effect_of: CardDef | None = None, face_up: bool | None = None,
                           source: YgoCard | None = None) -> None:
        """Banish a monster until it returns to the field (一时除外).  ``effect_of`` is
        the card whose text does it: a monster that only gained that effect does not
        return unless that card says it does (刻剑之魔术师, 银河眼光子龙).  ``face_up``
        None: it is banished as it is — a face-down monster face-down, and it returns
        face-down (FAQ fid=6902); only an effect that says so banishes it face-up."""
        if face_up is None:
            face_up = card.face_up or not enforced(Rule.TEMP_BANISH_AS_IT_IS)
        if not (self.duel.on_field(card) and card.definition.is_monster):
            raise IllegalAction(f"「{card.name}」不是场上的怪兽")
        if self.duel.move_rules.banished_when_leaving(card):
            # 消战者: it is banished by its own effect first; the temporary banish has
            # nothing left to return (一时除外实质上没能适用)
            self.duel.move_rules.leave_field(card, self.duel.board.zone(card.owner, BANISHED),
                                             reason="banished by its own effect")
            return
        gained = effect_of is not None and effect_of is not card.definition
        if gained and "gained-temporary-banish-returns" not in effect_of.rulings:
            self.duel.move_rules.leave_field(card, self.duel.board.zone(card.owner, BANISHED),
                             reason=f"banished by the gained effect of 「{effect_of.name}」 (does not return)")
            return
        record = TemporaryBanish(card, 0, card.controller, card.position, card.face_up, returns,
                                 card.controller, self.duel.turn, borrowed=self.control.control_is_borrowed(card))
        if face_up and not card.face_up:
            # banished face-up by an effect that says so: it comes back face-up in attack position
            record.face_up, record.position = True, "attack"
        if source is not None:
            record.source, record.source_object = source, source.object_id
        self.duel.move_rules.leave_field(card, self.duel.board.zone(card.owner, BANISHED), face_up=face_up,
                         reason=reason or "banished temporarily", transition=Transition.BANISHED_TEMPORARILY,
                         tags=(WAS_BANISHED,) if face_up else (WAS_BANISHED, "banished-face-down"))
        record.object_id = card.object_id
        self.records.append(record)
        self.log.record("temp-banish", card=card, returns=returns, position=record.position)

    def drop(self, card: YgoCard) -> None:
        """A temporarily banished card that is moved otherwise no longer returns."""
        self.records = [r for r in self.records if r.card is not card]

    def return_to_field(self, card: YgoCard) -> None:
        """Return a temporarily banished monster: not a summon; same position, former
        controller; control held only by a lasting effect goes back at once."""
        for record in self.records:
            if record.card is card:
                break
        else:
            raise IllegalAction(f"「{card.name}」不是被一时除外的卡")
        self.records.remove(record)
        if card.object_id != record.object_id:
            return
        zone = self.duel.board.zone(record.controller, MONSTER)
        if len(zone) >= (zone.capacity or 5):
            # 4.3.3.4.4.1: no free main monster zone — it does not come back but goes to
            # the graveyard (sent there by the rules, not destroyed)
            self.log.record("no-zone.return", card=card)
            self.duel.move_rules.send_to_graveyard(card, reason="no free main monster zone to return to")
            return
        self.duel.board.move(card, self.duel.summon_rules.free_monster_zone(record.controller), face_up=record.face_up,
                        controller=record.controller, reason="returns to the field (not a summon)")
        card.position = record.position
        if record.borrowed and card.controller != card.owner:
            self.control.shift_control(card, card.owner, reason="the control effect no longer applies to it")
        self.duel.chain_rules.emit("returned", card)
        self.duel.value_rules.adjust()

    def returns_due(self, moment: str) -> None:
        for record in list(self.records):
            due = record.returns == moment
            if record.returns == "standby":
                due = moment == "standby" and self.duel.turn_player == record.player and self.duel.turn > record.turn
            if due and record in self.records:
                if record.source is not None and not (record.source.object_id == record.source_object
                                                      and self.duel.face_up_on_field(record.source)):
                    # its return is that card's effect: with the card gone, nothing returns it
                    self.records.remove(record)
                    self.log.record("temp-banish.no-return", card=record.card, source=record.source)
                    continue
                self.return_to_field(record.card)

"""Control of monsters: taken permanently (强制转移, 御用王), through an equip card
(抢夺, 灰篮鹰), or until a moment (精神操作).

Changing control keeps the card the same object.  Turning it face-down changes
nothing about control; a temporary banish does: the monster comes back to the player
who controlled it, and when that control was only lent by a lasting effect (an equip
link, a loan until the End Phase) the new object is given back to its owner at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from rulings.core.events import EventLog

from .memory import Info, Transition
from .objects import YgoCard, Zone
from .view import LinksView, MemoryView, MovesView


@dataclass
class Loan:
    card: "YgoCard"
    object_id: int
    until: str  # "end-phase"


class ControlMemory(MemoryView, Protocol):
    """What control.py asks of memories.py's ``Memories`` beyond what card data does."""

    def transition(self, card: YgoCard, transition: Transition) -> None: ...


class ControlLinks(LinksView, Protocol):
    """What control.py asks of links.py's ``Links`` beyond what card data does."""

    def links_granting(self, card: YgoCard, grant: str, depth: int = 0) -> list[Any]: ...


class ControlDuel(Protocol):
    """What control needs of the rest of the duel (rulings.ygo.duel.Duel is one)."""

    #: the zones (rulings.core.zones.Board)
    board: Any
    turn: int
    memory_rules: ControlMemory
    link_rules: ControlLinks
    move_rules: MovesView

    def on_field(self, card: YgoCard) -> bool: ...

    def monsters(self, player: int | None = None) -> list[YgoCard]: ...


class Control:
    """Who controls a monster, and for how long.  Owns the loans of control that end at
    a moment (精神操作); control held through an equip card is that card's link
    (links.py), control until a turn is the monster's memory (Info.CONTROL_RETURNS_AT)."""

    state_fields = ("loans",)

    def __init__(self, duel: ControlDuel, log: EventLog) -> None:
        self.duel = duel
        self.log = log
        self.loans: list[Loan] = []

    def shift_control(self, card: "YgoCard", player: int, reason: str = "") -> None:
        """Move a monster to ``player``'s side without it becoming a new object."""
        if card.controller == player:
            return
        zone = self.duel.board.zone(player, Zone.MONSTER)
        if len(zone) >= (zone.capacity or 5):
            # 4.3.3.4.7: no monster zone left on the side it would move to — it is
            # destroyed and sent to the graveyard by the rules (not by an effect)
            self.log.record("no-zone.control", player=player, card=card)
            self.duel.move_rules.destroy(card, reason="no monster zone for the control change", by_rule=True)
            return
        card.zone.cards.remove(card)
        zone.cards.append(card)
        card.zone = zone
        card.controller = player
        self.duel.memory_rules.transition(card, Transition.CONTROL_CHANGED)
        self.log.record("control", player=player, card=card, reason=reason)

    def take_control(self, card: "YgoCard", player: int, kind: str, source: "YgoCard | None" = None) -> None:
        """``kind``: "permanent", "until-end-phase", or "equip" (``source`` is the equip card)."""
        if kind == "equip" and source is not None:
            self.duel.link_rules.link(source, card, grants=("equip", "control"))
        elif kind == "until-end-phase":
            self.loans.append(Loan(card, card.object_id, "end-phase"))
        self.shift_control(card, player, reason=f"{kind} control" + (f" by 「{source.name}」" if source else ""))

    def control_is_borrowed(self, card: "YgoCard") -> bool:
        """Whether the current control rests on a lasting effect rather than on the card."""
        if card.controller == card.owner:
            return False
        return bool(self.duel.link_rules.links_granting(card, "control")) or bool(self.duel.memory_rules.lasting(card, "borrowed-control")) or any(
            loan.card is card and loan.object_id == card.object_id for loan in self.loans)

    def control_back(self, card: "YgoCard", object_id: int) -> None:
        if card.object_id == object_id and self.duel.on_field(card) and card.controller != card.owner:
            self.shift_control(card, card.owner, reason="the equip card left the field")

    def end_phase_control(self) -> None:
        for card in self.duel.monsters():
            if self.duel.memory_rules.recall(card, Info.CONTROL_RETURNS_AT) == self.duel.turn and card.controller != card.owner:
                self.shift_control(card, card.owner, reason="its delayed control change: back to its owner")
        for loan in [ln for ln in self.loans if ln.until == "end-phase"]:
            self.loans.remove(loan)
            card = loan.card
            if card.object_id == loan.object_id and self.duel.on_field(card) and card.controller != card.owner:
                self.shift_control(card, card.owner, reason="the control change ends")

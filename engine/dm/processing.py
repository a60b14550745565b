"""The processing of a Duel Masters game: abilities that trigger wait in a queue and
resolve one by one when a processing (an action, a draw, an ability's resolution) is
over; the rules check for lost games in between.  Abilities are generators (cards.py); a
choice the engine cannot make alone suspends the game until a player decides
(rulings.core.choices.Decisions).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, Protocol

from rulings.core.events import EventLog

from .cards import Ability, Resolution
from .moves import Moves
from .objects import DECK, DmCard, DuelView
from .visibility import Visibility
from .zones import Zones


class Resolves(DuelView, Protocol):
    """The duel abilities resolve in: what their blocks may do (DuelView), and the
    choices they suspend it for (rulings.core.choices.Decisions)."""

    waiting: Any

    def drive(self, gen: Generator, value: Any = None) -> bool: ...


class Processing:
    """Owns the abilities waiting to resolve and the players who lost (and why)."""

    state_fields = ("queue", "lost")

    def __init__(self, zones: Zones, visibility: Visibility, moves: Moves, log: EventLog, duel: Resolves) -> None:
        self.zones = zones
        self.visibility = visibility
        self.moves = moves
        self.log = log
        self.duel = duel
        self.queue: list[tuple[DmCard, Ability, dict]] = []
        #: players who lost, and why
        self.lost: dict[int, str] = {}

    @property
    def waiting(self) -> Any:
        """The choice the duel waits for a player to make, if any."""
        return self.duel.waiting

    def trigger(self, card: DmCard, event: str, data: dict) -> None:
        for ability in card.definition.abilities_on(event):
            if ability.when is None or ability.when(data):
                self.queue.append((card, ability, data))
                self.log.record("trigger", card=card, label=ability.label)

    def resolution(self, resolve: Resolution, card: DmCard, data: dict) -> Generator:
        """What ``resolve`` does for ``card`` in this duel (to run, or to be part of a
        larger resolution)."""
        return resolve(self.duel, card, data)

    def after_action(self) -> None:
        """A processing (an action, a draw, an ability's resolution) has just finished:
        the rules check for lost games, then the next waiting ability resolves, and the
        rules check again when it is over, one by one.  When all is done, the effects
        end (revealed cards go back face down)."""
        while self.duel.waiting is None:
            self.check_rules()
            if not self.queue:
                break
            card, ability, data = self.queue.pop(0)
            self.log.record("resolve", card=card, label=ability.label)
            self.duel.drive(self.resolution(ability.resolve, card, data))
        if self.duel.waiting is None:
            self.end_of_processing()

    def check_rules(self) -> None:
        """The check made whenever a processing ends: a player whose deck was emptied
        during it, and is still empty now, loses (not in the middle of the processing,
        and not only after some later action)."""
        for p in sorted(self.moves.emptied):
            if not self.zones.zone(p, DECK).cards and p not in self.lost:
                self.lost[p] = "deck-out"
                self.log.record("lose.deck-out", player=p)
        self.moves.emptied.clear()

    def end_of_processing(self) -> None:
        self.visibility.end_of_processing()
        self.check_rules()

    def run(self, gen: Generator) -> None:
        if self.duel.drive(gen):
            self.after_action()

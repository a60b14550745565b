"""Whose turn it is and where in it: the turn number, the turn player and the phase, and
the rules that depend on nothing else (the duel's first turn has no battle phase for the
player who goes first).  Moving on through the phases — what each phase starts and what
ends with a turn — is the duel's (duel.Duel.enter_phase, end_turn): it asks every
component in turn.
"""

from __future__ import annotations

from rulings.core import SetupError
from rulings.core.events import EventLog

from .legality import Rule, enforced, refusal

PHASES = ("draw", "standby", "main1", "battle", "main2", "end")


class Turn:
    """Owns the turn number, the turn player and the phase."""

    state_fields = ("number", "player", "phase")

    #: the duel's first turn: the player who goes first conducts no battle phase
    FIRST_TURN = 1

    def __init__(self, log: EventLog) -> None:
        self.log = log
        #: an example is a scene in the middle of a duel: it starts on player 0's second
        #: turn.  The duel's first turn (no battle phase for the player who goes first) is
        #: only where a Given says so (``first_turn_of_the_duel``).
        self.number = 3
        self.player = 0
        self.phase = "main1"

    def first_turn_of_the_duel(self) -> None:
        """Set the scene: this is the first turn of the duel, player 0's (before anything
        happens)."""
        if any(e.kind != "setup" for e in self.log.events):
            raise SetupError("决斗的第一个回合只能在例子一开始、什么都还没有发生时指定")
        self.number = self.FIRST_TURN
        self.log.record("setup.first-turn")

    def why_no_battle_phase(self) -> str | None:
        if enforced(Rule.NO_BATTLE_PHASE_FIRST_TURN) and self.number == self.FIRST_TURN:
            return refusal(Rule.NO_BATTLE_PHASE_FIRST_TURN, "决斗的第一个回合，先攻的玩家不能进行战斗阶段")
        return None

    def next_turn(self) -> None:
        """The other player's turn begins."""
        self.number += 1
        self.player = 1 - self.player

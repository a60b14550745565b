"""The turn of a Duel Masters game: whose it is, which step the turn player has reached,
and who takes the turns after it (総合ゲームルール: ターンの進行)."""

from __future__ import annotations

#: the steps of a turn in which the turn player acts, in order; a turn never goes back
#: to an earlier step
STEPS = ("charge", "main", "attack")
STEP_WORDS = {"charge": "マナチャージステップ", "main": "メインステップ", "attack": "攻撃ステップ"}


class Turn:
    state_fields = ("number", "player", "extra_turns", "step", "charged")

    def __init__(self) -> None:
        self.number = 1
        self.player = 0
        #: players who take a turn after this one, in order (extra turns)
        self.extra_turns: list[int] = []
        #: the step of the turn the turn player has reached (STEPS)
        self.step = STEPS[0]
        #: players who have charged mana this turn
        self.charged: set[int] = set()

    def next(self) -> None:
        """The next turn begins, at its first step: an extra turn if one is waiting, else
        the other player's."""
        self.number += 1
        self.player = self.extra_turns.pop(0) if self.extra_turns else 1 - self.player
        self.step = STEPS[0]
        self.charged.clear()

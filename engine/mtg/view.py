"""What card data and the layer system need of a Magic game, as a Protocol.

Card data (cards.py), the layer system (layers.py) and ward (ward.py) are read by the
rules (game.py and its components); they name the game only through :class:`GameView`,
so none of them depends on the rules module, not even for annotations (issue 23).
``rulings.mtg.game.Game`` is a GameView.  Cards are ``Any`` here: the objects module
depends on the card data, so this module may not depend on it.
"""

from __future__ import annotations

from typing import Any, Protocol


class GameView(Protocol):
    #: the trace (rulings.core.events.EventLog)
    log: Any
    #: the objects on the stack, bottom first
    stack: list[Any]
    #: continuous effects from resolved spells and abilities (layers.ContinuousEffect)
    effects: list[Any]

    def permanents(self) -> list[Any]: ...

    def on_battlefield(self, card: Any) -> bool: ...

    def on_stack(self, card: Any) -> bool: ...

    def counter(self, spell: Any, by: str) -> None: ...

    def destroy(self, card: Any, reason: str = "") -> None: ...

    def turn_face_down(self, card: Any, **how: Any) -> None: ...

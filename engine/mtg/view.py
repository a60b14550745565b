"""What card data and the layer system need of a Magic game, as Protocols.

Card data (cards.py, blocks.py, cardformat.py), the layer system (layers.py), ward
(ward.py) and protection (protection.py) are read by the rules (game.py and its
components); they name the game only through :class:`GameView`, so none of them depends
on the rules modules, not even for annotations (issue 23).  The game's rules are
components; a GameView names each one card data asks, as a narrow Protocol of just the
methods card data calls (``game.zone_rules.move``, ``game.layer_rules.characteristics``
…): the rules owe the cards these and nothing else
(tests/unit/test_components.py::test_card_data_asks_only_what_the_view_names).
``rulings.mtg.game.Game`` is a GameView.  Cards are ``Any`` here: the objects module
depends on the card data, so this module may not depend on it.
"""

from __future__ import annotations

from typing import Any, Protocol


class ZoneView(Protocol):
    """What card data asks of the zone rules (visibility.ZoneRules)."""

    def permanents(self) -> list[Any]: ...

    def on_battlefield(self, card: Any) -> bool: ...

    def on_stack(self, card: Any) -> bool: ...

    def move(self, card: Any, zone_kind: str, *, face_up: bool = True, index: int | None = None,
             controller: int | None = None, reason: str = "") -> Any: ...

    def put_onto_battlefield(self, card: Any, controller: int | None = None, **how: Any) -> Any: ...

    def draw(self, player: int) -> Any: ...

    def exile(self, card: Any, *, face_down: bool = False) -> Any: ...


class StackView(Protocol):
    """What card data asks of casting and the stack (stack.StackRules)."""

    #: the objects on the stack, bottom first
    stack: list[Any]

    def counter(self, spell: Any, by: str) -> None: ...

    def delay(self, source: Any, ability: Any, **context: Any) -> None: ...


class CombatView(Protocol):
    """What card data asks of combat (combat.Combat): damage."""

    def deal_damage(self, target: Any, amount: int, source: Any) -> None: ...

    def deal_damage_to_player(self, player: int, amount: int, source: Any) -> None: ...


class FaceDownView(Protocol):
    """What card data asks of the face-down rules (face_down_rules.FaceDown)."""

    def turn_face_down(self, card: Any, **how: Any) -> bool: ...

    def turn_face_up(self, card: Any, *, reason: str = "", counters: int = 0) -> bool: ...

    def manifest(self, player: int, way: str) -> Any: ...

    def manifest_dread(self, player: int) -> Any: ...


class LayerView(Protocol):
    """What card data and the layer system ask of the layer rules (copying.LayerRules)."""

    #: continuous effects from resolved spells and abilities (layers.ContinuousEffect)
    effects: list[Any]

    def characteristics(self, card: Any) -> Any: ...

    def layers_types(self, card: Any) -> tuple[str, ...]: ...

    def add_effect(self, card: Any, layer: str, apply: Any, description: str, *,
                   until_end_of_turn: bool = False) -> None: ...


class GameView(Protocol):
    #: the trace (rulings.core.events.EventLog)
    log: Any
    #: the zones (rulings.core.zones.Board)
    board: Any
    active_player: int
    zone_rules: ZoneView
    stack_rules: StackView
    combat_rules: CombatView
    face_down_rules: FaceDownView
    layer_rules: LayerView

    def create_token(self, controller: int, face: Any, *, tapped: bool = False, copy_of: Any = None) -> Any: ...

    def attach(self, aura: Any, target: Any) -> None: ...

    def add_counters(self, card: Any, kind: str, n: int) -> None: ...

    def tap(self, card: Any, reason: str = "") -> None: ...

    def untap(self, card: Any, reason: str = "") -> None: ...

    def sacrifice(self, card: Any, reason: str = "") -> None: ...

    def destroy(self, card: Any, reason: str = "") -> None: ...

    def lose_life(self, player: int, amount: int, source: Any) -> None: ...

    def gain_life(self, player: int, amount: int, source: Any) -> None: ...

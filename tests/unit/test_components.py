"""The rules of Magic, Duel Masters and Yu-Gi-Oh! are components (issue 23): each owns its state,
names it in ``state_fields`` (what the fingerprint a Then is checked with reads), and
holds nothing else but the collaborators it was given when made."""

from __future__ import annotations

import ast
import inspect
import random
import textwrap
import typing

import pytest

from rulings.core.events import EventLog
from rulings.core.state import fingerprint
from rulings.core.zones import Board
from rulings.core.game import Game as GameBase
from rulings.dm.duel import Duel
from rulings.mtg.combat import Combat
from rulings.mtg.copying import LayerRules
from rulings.mtg.face_down_rules import FaceDown
from rulings.mtg.game import Game
from rulings.mtg.stack import StackRules
from rulings.mtg.visibility import ZoneRules
from rulings.ygo.activation import Activation
from rulings.ygo.banish import TemporaryBanishes
from rulings.ygo.battle import Battle
from rulings.ygo.chain import Chain
from rulings.ygo.control import Control
from rulings.ygo.duel import Duel as YgoDuel
from rulings.ygo.links import Links
from rulings.ygo.memories import Memories
from rulings.ygo.moves import Moves
from rulings.ygo.negation import Negation
from rulings.ygo.summoning import Summoning
from rulings.ygo.turn import Turn
from rulings.ygo.values import Values


#: Yu-Gi-Oh!'s rules by concern
YGO_COMPONENTS = {"turns", "memory_rules", "control_rules", "link_rules", "banish_rules", "negation_rules",
                  "battle_rules", "summon_rules", "value_rules", "activation_rules", "chain_rules", "move_rules"}
YGO_COMPONENT_CLASSES = {Turn, Memories, Control, Links, TemporaryBanishes, Negation, Battle, Summoning, Values,
                         Activation, Chain, Moves}


def _components(game):
    return {name: value for name, value in vars(game).items() if hasattr(type(value), "state_fields")}


def _is_collaborator(value, game) -> bool:
    if value is game or hasattr(type(value), "state_fields"):
        return True
    if isinstance(value, (EventLog, Board, random.Random)):
        return True
    # who is told of something (Moves.arrivals): functions, not state
    return isinstance(value, list) and all(callable(v) for v in value)


@pytest.mark.parametrize("make, expected", [
    (Duel, {"zones", "visibility", "moves", "shield_rules", "processing", "turns", "playing", "combat"}),
    (Game, {"zone_rules", "stack_rules", "combat_rules", "face_down_rules", "layer_rules"}),
    (YgoDuel, YGO_COMPONENTS),
])
def test_each_component_holds_its_state_and_its_collaborators_only(make, expected):
    game = make()
    components = _components(game)
    assert set(components) == expected
    for name, component in components.items():
        state = set(type(component).state_fields)
        assert state <= set(vars(component)), f"{name}: state_fields names what it does not have"
        others = {k: v for k, v in vars(component).items() if k not in state}
        strays = [k for k, v in others.items() if not _is_collaborator(v, game)]
        assert not strays, f"{name} holds {strays}: state the fingerprint would not see (add to state_fields)"


def test_a_component_state_change_changes_the_fingerprint():
    duel = Duel()
    before = fingerprint(duel)
    duel.combat.sick.add(99)
    assert fingerprint(duel) != before
    game = Game()
    before = fingerprint(game)
    game.face_down_rules.dread_choice[0] = None
    assert fingerprint(game) != before


def test_the_rules_are_not_mixins():
    assert Game.__bases__ == (GameBase,)
    assert not {ZoneRules, StackRules, Combat, FaceDown, LayerRules} & set(Game.__mro__)
    assert Duel.__bases__ == (GameBase,)
    assert YgoDuel.__bases__ == (GameBase,)


def test_the_ygo_components_are_not_mixins_and_count_in_the_fingerprint():
    assert not YGO_COMPONENT_CLASSES & set(YgoDuel.__mro__)
    duel = YgoDuel()
    for name in YGO_COMPONENTS:
        component = getattr(duel, name)
        for field in type(component).state_fields:
            before = fingerprint(duel)
            value = getattr(component, field)
            setattr(component, field, ("changed", value))
            assert fingerprint(duel) != before, f"{name}.{field} is not in the fingerprint"
            setattr(component, field, value)


@pytest.mark.parametrize("component", sorted(YGO_COMPONENT_CLASSES, key=lambda c: c.__name__))
def test_a_ygo_component_names_the_duel_by_a_protocol_of_what_it_needs(component):
    """Given the duel, a component declares what it asks of it (a Protocol: ``BattleDuel`` …),
    never the Duel class itself; the other components it asks are named by their class."""
    hints = typing.get_type_hints(component.__init__)
    duel = hints.get("duel")
    if duel is None:
        return  # asks nothing of the duel (Turn, Memories)
    assert duel is not YgoDuel and getattr(duel, "_is_protocol", False), \
        f"{component.__name__} is given the duel as {duel}, not as a protocol of what it needs"


#: Duel keeps what is the game's own: making it, finding and naming cards, what is on the
#: field, the turn's state, the problems it reports, the phases, the component wiring
YGO_DUEL_METHODS_AT_MOST = 25


def _handoffs(cls: type, components: set[str]) -> list[str]:
    """The methods of ``cls`` whose body is one statement calling ``self.<component>.<…>``
    (a docstring aside): a hand-off, where the caller should ask the component."""
    source = textwrap.dedent(inspect.getsource(cls))
    tree = ast.parse(source).body[0]
    found = []
    for node in tree.body:
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        body = [s for s in node.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
        if len(body) != 1 or not isinstance(body[0], (ast.Return, ast.Expr)):
            continue
        call = body[0].value
        if not isinstance(call, ast.Call):
            continue
        func = call.func
        while isinstance(func, ast.Attribute) and isinstance(func.value, ast.Attribute):
            func = func.value
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self" \
                and func.attr in components:
            found.append(node.name)
    return found


def _methods(cls: type) -> list[str]:
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls))).body[0]
    return [n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def test_the_ygo_duel_hands_nothing_on_to_its_components():
    """A caller asks the component that owns a rule (``duel.battle_rules.attack``), not
    the duel to pass it on: no method of Duel is a one-line hand-off, and Duel stays
    narrow (issue 23)."""
    handoffs = _handoffs(YgoDuel, YGO_COMPONENTS)
    assert not handoffs, f"Duel hands these on to a component (call the component instead): {handoffs}"
    methods = _methods(YgoDuel)
    assert len(methods) <= YGO_DUEL_METHODS_AT_MOST, \
        f"Duel has {len(methods)} methods (at most {YGO_DUEL_METHODS_AT_MOST}): is a rule on it that a component owns?"


def test_the_hand_off_check_finds_a_hand_off():
    class Wide:
        def attack(self, card, target=None):
            return self.battle_rules.attack(card, target)

        def shift(self, card):
            """Documented, still a hand-off."""
            self.control_rules.shift_control(card, 0)

        def nested(self):
            return self.chain_rules.chain.append(1)

        def own(self, card):
            return self.on_field(card) and self.battle_rules.battle_over

    assert _handoffs(Wide, YGO_COMPONENTS) == ["attack", "shift", "nested"]

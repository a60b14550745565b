"""The rules of Magic, Duel Masters and Yu-Gi-Oh! are components (issue 23): each owns its state,
names it in ``state_fields`` (what the fingerprint a Then is checked with reads), and
holds nothing else but the collaborators it was given when made."""

from __future__ import annotations

import ast
import inspect
import random
import re
import textwrap
import typing
from pathlib import Path

import pytest

from rulings.core.events import EventLog
from rulings.core.state import fingerprint
from rulings.core.zones import Board
from rulings.core.game import Game as GameBase
from rulings.dm.duel import Duel
from rulings.dm.objects import DuelView
from rulings.mtg.combat import Combat
from rulings.mtg.copying import LayerRules
from rulings.mtg.face_down_rules import FaceDown
from rulings.mtg.game import Game
from rulings.mtg.stack import StackRules
from rulings.mtg.visibility import ZoneRules
from rulings.mtg.view import GameView
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


# -- the facades are narrow (issue 23): no method only hands a call on to a component -----

ENGINE = Path(__file__).resolve().parents[2] / "engine"
MTG_COMPONENTS = {"zone_rules", "stack_rules", "combat_rules", "face_down_rules", "layer_rules"}
DM_COMPONENTS = {"zones", "visibility", "moves", "shield_rules", "processing", "turns", "playing", "combat"}
#: methods each facade had before its hand-offs went (Game 98, Duel 70 — 69 names, `turn`
#: with a setter; the Yu-Gi-Oh! Duel 166, 118 of them one-line hand-offs), and the
#: most it may have now: a new rule goes into its component, the facade keeps set-up,
#: finding cards, the primitives that touch several components, and the game actions
#: that begin, ask a component and let the processing finish (Yu-Gi-Oh!: making the duel,
#: finding and naming cards, what is on the field, the problems it reports, the phases)
FACADE_METHODS = {Game: 21, Duel: 26, YgoDuel: 20}


def _hand_offs(cls, components: set[str]) -> list[str]:
    """The methods of ``cls`` whose body (past a docstring) is a single return, expression
    or ``with`` statement calling ``self.<component>.<anything>``.  A hook the game base
    declares (``decided``, ``problems``) is an override, not a hand-off."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    hooks = {name for base in GameBase.__mro__ for name in vars(base)}
    found = []
    for node in tree.body[0].body:
        if not isinstance(node, ast.FunctionDef) or node.name in hooks:
            continue
        body = node.body
        if isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]
        if len(body) != 1:
            continue
        statement = body[0]
        call = (statement.items[0].context_expr if isinstance(statement, ast.With)
                else getattr(statement, "value", None) if isinstance(statement, (ast.Return, ast.Expr)) else None)
        func = call.func if isinstance(call, ast.Call) else None
        if (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Attribute)
                and isinstance(func.value.value, ast.Name) and func.value.value.id == "self"
                and func.value.attr in components):
            found.append(f"{node.name} → self.{func.value.attr}.{func.attr}")
    return found


@pytest.mark.parametrize("cls, components", [(Game, MTG_COMPONENTS), (Duel, DM_COMPONENTS),
                                             (YgoDuel, YGO_COMPONENTS)], ids=["mtg", "dm", "ygo"])
def test_the_facade_hands_nothing_on(cls, components):
    """Callers (steps, blocks, the components, tests) ask the component that owns a rule:
    ``game.stack_rules.cast(…)``, not ``game.cast(…)`` forwarding it."""
    assert not _hand_offs(cls, components), f"{cls.__module__}.{cls.__name__} hands calls on: {_hand_offs(cls, components)}"


@pytest.mark.parametrize("cls", [Game, Duel, YgoDuel], ids=["mtg", "dm", "ygo"])
def test_the_facade_stays_narrow(cls):
    methods = [name for name, value in vars(cls).items() if inspect.isfunction(value) or isinstance(value, property)]
    assert len(methods) <= FACADE_METHODS[cls], \
        f"{cls.__name__} has {len(methods)} methods (at most {FACADE_METHODS[cls]}): put the new rule in its component"


def test_the_check_finds_a_hand_off():
    class Facade(GameBase):
        def cast(self, player, card):
            """Cast it."""
            return self.stack_rules.cast(player, card)

        def settle(self):
            self.stack_rules.settle()

        def begin(self, card):
            self.require_idle()
            self.stack_rules.begin(card)

    assert _hand_offs(Facade, {"stack_rules"}) == ["cast → self.stack_rules.cast", "settle → self.stack_rules.settle"]


# -- card data asks only what the view names ------------------------------------------

#: the modules of card data (and, for Magic, the layer system, ward and protection, which
#: are given the game as a GameView); what they ask of the game is the view
CARD_DATA = {"mtg": ("blocks", "families", "grammar", "hooks", "cardformat", "cards", "catalogue", "layers", "ward",
                     "protection"),
             "dm": ("blocks", "families", "grammar", "hooks", "cardformat", "cards", "catalogue")}
VIEWS = {"mtg": (GameView, "game", Game), "dm": (DuelView, "duel", Duel)}


def _members(protocol) -> set[str]:
    names = set()
    for klass in protocol.__mro__:
        if klass is object or klass is typing.Protocol or klass is typing.Generic:
            continue
        names |= set(getattr(klass, "__annotations__", {}))
        names |= {n for n in vars(klass) if not n.startswith("_")}
    return names


def _parts(protocol) -> dict[str, type]:
    """The view's attributes that are themselves protocols (a component, as card data sees it)."""
    hints = typing.get_type_hints(protocol)
    return {name: hint for name, hint in hints.items() if getattr(hint, "_is_protocol", False)}


@pytest.mark.parametrize("game", ["mtg", "dm"])
def test_the_game_is_its_view(game):
    view, _, make = VIEWS[game]
    world = make()
    missing = sorted(n for n in _members(view) if not hasattr(world, n))
    for name, part in _parts(view).items():
        missing += [f"{name}.{n}" for n in sorted(_members(part)) if not hasattr(getattr(world, name), n)]
    assert not missing, f"the view names what the game does not have: {missing}"


@pytest.mark.parametrize("game", ["mtg", "dm"])
def test_card_data_asks_only_what_the_view_names(game):
    """A new call from card data into the game, or into one of its components, is added
    to the view (a component's own narrow protocol): the view is the whole of what the
    rules owe the cards."""
    view, word, _ = VIEWS[game]
    known, parts = _members(view), _parts(view)
    strays = {}
    for module in CARD_DATA[game]:
        path = ENGINE / game / f"{module}.py"
        if not path.exists():
            continue
        used = set(re.findall(rf"\b{word}\.([A-Za-z_]\w*)(?:\.([A-Za-z_]\w*))?", path.read_text(encoding="utf-8")))
        extra = sorted({first for first, _ in used if first not in known}
                       | {f"{first}.{second}" for first, second in used
                          if first in parts and second and second not in _members(parts[first])})
        if extra:
            strays[module] = extra
    assert not strays, f"card data asks the game beyond the view: {strays}"


@pytest.mark.parametrize("component", [StackRules, Combat, FaceDown, LayerRules, ZoneRules], ids=lambda c: c.__name__)
def test_a_magic_component_asks_the_game_and_the_others_only_what_its_protocol_names(component):
    """A Magic component is given the game as a protocol (``StackGame`` …) whose other
    components are protocols too (``StackGame.zone_rules: StackZones``): the game has all
    it names, and the component's module asks ``self.game`` nothing else."""
    protocol = typing.get_type_hints(component.__init__)["game"]
    assert protocol is not Game and getattr(protocol, "_is_protocol", False)
    game = Game()
    missing = sorted(n for n in _members(protocol) if not hasattr(game, n))
    parts = _parts(protocol)
    missing += [f"{name}.{n}" for name, part in parts.items() for n in sorted(_members(part))
                if not hasattr(getattr(game, name), n)]
    assert not missing, f"{protocol.__name__} names what the game does not have: {missing}"
    source = inspect.getsource(component)
    used = set(re.findall(r"\bself\.game\.([A-Za-z_]\w*)(?:\.([A-Za-z_]\w*))?", source))
    strays = sorted({first for first, _ in used if first not in _members(protocol)}
                    | {f"{first}.{second}" for first, second in used
                       if first in parts and second and second not in _members(parts[first])})
    assert not strays, f"{component.__name__} asks the game beyond {protocol.__name__}: {strays}"


@pytest.mark.parametrize("component", sorted(YGO_COMPONENT_CLASSES - {Turn, Memories}, key=lambda c: c.__name__),
                         ids=lambda c: c.__name__)
def test_a_ygo_component_asks_the_duel_and_the_others_only_what_its_protocol_names(component):
    """A Yu-Gi-Oh! component is given the duel as a protocol (``BattleDuel`` …) whose
    components are narrow protocols too (``BattleDuel.chain_rules: BattleChain``, card
    data's ``ChainView`` and what battle asks beyond it): the duel has all it names, and
    the component asks ``self.duel`` nothing else."""
    protocol = typing.get_type_hints(component.__init__)["duel"]
    duel = YgoDuel()
    parts = _parts(protocol)
    missing = sorted(n for n in _members(protocol) if not hasattr(duel, n))
    missing += [f"{name}.{n}" for name, part in parts.items() for n in sorted(_members(part))
                if not hasattr(getattr(duel, name), n)]
    assert not missing, f"{protocol.__name__} names what the duel does not have: {missing}"
    used = set(re.findall(r"\bself\.duel\.([A-Za-z_]\w*)(?:\.([A-Za-z_]\w*))?", inspect.getsource(component)))
    strays = sorted({first for first, _ in used if first not in _members(protocol)}
                    | {f"{first}.{second}" for first, second in used
                       if first in parts and second and second not in _members(parts[first])})
    assert not strays, f"{component.__name__} asks the duel beyond {protocol.__name__}: {strays}"

"""What card data needs of a Yu-Gi-Oh! duel and of a chain link, as Protocols.

Card data (cards.py, blocks.py, families.py, grammar.py, hooks.py, primitives.py) is read
by the rules (duel.py and the modules it is made of); it names the duel only through
:class:`DuelView` and a chain link only through :class:`LinkView`, so none of it depends
on the rules modules, not even for annotations (issue 23).  ``rulings.ygo.duel.Duel`` is
a DuelView and ``rulings.ygo.chain.ChainLink`` a LinkView.

The duel answers what is its own (its cards, its zones, the turn, the life points); the
rules by concern are its components (``duel.chain_rules``, ``duel.move_rules`` …), and card
data sees each through a narrow view: ``ChainView`` is what card data asks of
chain.py's ``Chain``, ``MovesView`` of moves.py's ``Moves`` and so on, the methods card
data actually calls (tests/unit/test_ygo_objects.py checks the code against them).  A
card's definition, an effect and a continuous-target link are ``Any`` here: cards.py
depends on this module, so this module may not depend on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from .memory import Info
from .objects import YgoCard, Zone


class LinkView(Protocol):
    """A chain link: the effect of a card being activated and resolved."""

    number: int
    card: YgoCard
    #: the object the card was when it activated (a card that left the field is a new one)
    object_id: int
    #: the effect (rulings.ygo.cards.Effect)
    effect: Any
    player: int
    #: (card, object id) of each target
    targets: list
    negated: str | None
    #: what triggered it (chain.GameEvent)
    event: Any
    outcome: str
    chosen: list
    effect_owner: Any
    summoned: list
    with_effect: Any
    declared: str | None
    #: the zone the card activated in (objects.Zone)
    zone: str | None

    def below(self, duel: Any) -> LinkView | None: ...

    def card_if_unchanged(self) -> YgoCard | None: ...

    def live_targets(self) -> list[YgoCard]: ...


class MemoryView(Protocol):
    """What card data asks of memories.py's ``Memories``."""

    def remember(self, card: YgoCard, info: Info, value: Any = True, *, per: Any = None, erase: Any = None,
                 origin: str = "") -> None: ...

    def remembers(self, card: YgoCard, info: Info, per: Any = None) -> bool: ...

    def recall(self, card: YgoCard, info: Info, per: Any = None, default: Any = None) -> Any: ...

    def lasting(self, card: YgoCard, mark: str) -> list[Any]: ...

    def apply_lasting(self, card: YgoCard, mark: str, value: Any = True, *, source: str = "",
                      erase: Any = None) -> None: ...

    def summoned_by(self, card: YgoCard, method: str) -> bool: ...

    def arrived_as(self, card: YgoCard) -> frozenset[str]: ...


class ControlView(Protocol):
    """What card data asks of control.py's ``Control``."""

    def shift_control(self, card: YgoCard, player: int, reason: str = "") -> None: ...

    def take_control(self, card: YgoCard, player: int, kind: str, source: YgoCard | None = None) -> None: ...


class LinksView(Protocol):
    """What card data asks of links.py's ``Links``."""

    #: continuous target links (links.TargetLink)
    links: list

    def link(self, source: YgoCard, target: YgoCard, *, grants: Any = (), on_source_leaves: Any = None,
             on_target_leaves: Any = None, on_target_destroyed: Any = None,
             source_negation_matters: bool = True) -> Any | None: ...


class BanishView(Protocol):
    """What card data asks of banish.py's ``TemporaryBanishes``."""

    def banish_temporarily(self, card: YgoCard, returns: str = "end-phase", reason: str = "",
                           effect_of: Any | None = None, face_up: bool | None = None,
                           source: YgoCard | None = None) -> None: ...


class NegationView(Protocol):
    """What card data asks of negation.py's ``Negation``."""

    #: field-wide negations that are not a chain link's (negation.FieldNegation)
    field_negations: list
    #: field-wide negation by name (墓穴的指名者): name -> last turn it applies
    negated_names: dict[str, int]

    def negate_effects(self, card: YgoCard, kind: str = "free-chain", source: str = "") -> None: ...


class BattleView(Protocol):
    """What card data asks of battle.py's ``Battle``."""

    #: an effect ended this turn's battle phase (消战者)
    battle_over: bool
    #: the battle going on (battle.Battle), if any
    battle_state: Any

    def negate_attack(self, reason: str = "") -> bool: ...

    def stop_battle_phase(self, reason: str = "") -> None: ...


class SummonView(Protocol):
    """What card data asks of summoning.py's ``Summoning``."""

    def summon(self, card: YgoCard, method: str, player: int | None = None, *, face_up: bool = True,
               tributes: Any = (), materials: Any = (), by: str = "", negated: bool = False,
               without_tribute: bool = False, position: str | None = None, onto: int | None = None) -> None: ...

    @staticmethod
    def zone_kind_for(card: YgoCard) -> str: ...

    def attach(self, material: YgoCard, xyz: YgoCard) -> None: ...

    def place(self, card: YgoCard, zone_kind: str, player: int, face_up: bool = True) -> None: ...

    def materials_of(self, xyz: YgoCard) -> list[YgoCard]: ...


class ValuesView(Protocol):
    """What card data asks of values.py's ``Values``."""

    def applies(self, card: YgoCard, kind: str) -> bool: ...

    def atk(self, card: YgoCard, viewer: int | None = None) -> int | None: ...

    def defense(self, card: YgoCard, viewer: int | None = None) -> int | None: ...

    def original_atk(self, card: YgoCard) -> int | None: ...

    def pendulum_scales(self, player: int) -> tuple[int, int] | None: ...

    def why_not_link_material(self, card: YgoCard, link: YgoCard | None = None) -> str | None: ...

    def summon_how(self, method: str, by: str = "") -> str: ...

    def why_cannot_special_summon(self, card: YgoCard, player: int, how: str = "effect", by: str = "",
                                  method: str = "special", targeting: bool = False) -> str | None: ...


class ActivationView(Protocol):
    """What card data asks of activation.py's ``Activation``."""

    #: every activation of the duel (activation.Record)
    activations: list
    #: activation and summon bans of lasting effects (activation.Ban)
    bans: list
    #: (card, turn) of 『1回合1次』 continuous effects that applied this turn
    once_applied: set
    #: the cards the cost being paid showed to the opponent (『给对方观看』), kept by its chain link
    revealed_by_cost: list
    #: (turn, player) when a set spell or trap card of that player was destroyed by an effect
    set_cards_destroyed: set
    #: protections put in place by a resolved effect (魔力之泉): (test, until turn, source)
    unnegatable: list

    @staticmethod
    def is_card_activation(link: LinkView) -> bool: ...

    @staticmethod
    def kind_of(card: YgoCard) -> str: ...

    def in_limbo(self, card: YgoCard) -> bool: ...

    def leaves_after_resolving(self, card: YgoCard) -> bool: ...

    @staticmethod
    def must_leave_as_activated(card: YgoCard) -> bool: ...

    def activation_ban(self, card: YgoCard, effect: Any, player: int) -> str | None: ...

    def ban(self, scope: str, kinds: Any, players: Any, source: str = "", until: int | None = None,
            rulings: Any = (), exempt: Any = None, names: Any = None, zones: Any = ()) -> None: ...

    def forbid_responses(self, card: YgoCard, players: Any) -> None: ...

    def record_activation(self, link: LinkView | None, card: YgoCard, player: int, *,
                          by_effect: bool = False) -> None: ...

    def activated_while_face_up(self, card: YgoCard, fits: Any) -> int: ...

    def activation_count(self, player: int, kinds: Any, *, negated_count: bool | None = None,
                         since: int = 0) -> int: ...

    def limit_activations(self, kinds: Any, players: Any, n: int, source: str, negated_count: bool | None,
                          since: int) -> None: ...

    def applied(self, link: LinkView, definition: Any = None) -> None: ...

    def negated_just_now(self, victim: int) -> bool: ...

    def move_from_limbo(self, card: YgoCard, where: str, reason: str) -> bool: ...

    def activation_condition_unmet(self, card: YgoCard) -> str | None: ...

    def activate_by_effect(self, card: YgoCard, player: int, by: str, source: Any = None) -> None: ...

    def sees_activation(self, watcher: YgoCard, event: Any) -> bool: ...

    def current_name(self, card: YgoCard) -> str: ...

    def is_named(self, card: YgoCard, name: str) -> bool: ...


class ChainView(Protocol):
    """What card data asks of chain.py's ``Chain``."""

    #: chain links processed so far (an activation negated is not processed at all)
    _steps: int
    #: what is done once the resolving chain link is finished (conditional summons)
    after_link: list
    #: the chain being built or resolved, link 1 first
    chain: list[LinkView]
    #: events since the current chain started to be built (chain.Chain.emit)
    recent_events: list
    resolving: list[LinkView]

    def effect_of(self, card: YgoCard, label: str, origin: str | None = None) -> Any: ...

    def chose_to_apply(self, card: YgoCard, label: str, link: LinkView) -> bool: ...

    def why_cannot_activate(self, card: YgoCard, label: str, player: int | None = None,
                            origin: str | None = None) -> str | None: ...

    def negate_link(self, link: LinkView, what: str = "activation", *, destroy: bool = False, by: Any = None,
                    by_player: int | None = None) -> bool: ...


class MovesView(Protocol):
    """What card data asks of moves.py's ``Moves``."""

    def graveyard_replaced_by(self) -> str | None: ...

    def can_turn_face_down(self, card: YgoCard) -> bool: ...

    def turn_face_down(self, card: YgoCard, reason: str = "") -> None: ...

    def flip_face_up(self, card: YgoCard, reason: str = "", position: str = "defense") -> None: ...

    def redirect(self, card: YgoCard, to_kind: str) -> str: ...

    def send_to_graveyard(self, card: YgoCard, reason: str = "", *, destroyed: bool = False, by_battle: bool = False,
                          by_player: int | None = None, discarded: bool = False, tributed: bool = False,
                          tags: tuple = ()) -> None: ...

    def destroy(self, card: YgoCard, reason: str = "", *, by_effect: YgoCard | None = None, by_battle: bool = False,
                by_player: int | None = None, by_rule: bool = False, to: str = Zone.GRAVEYARD) -> bool: ...

    def banish(self, card: YgoCard, reason: str = "", face_up: bool = True) -> None: ...

    def return_to_hand(self, card: YgoCard, reason: str = "") -> None: ...

    def add_to_hand(self, card: YgoCard, reason: str = "") -> None: ...

    def draw(self, player: int, n: int = 1, reason: str = "") -> list[YgoCard]: ...

    def return_to_deck(self, card: YgoCard, reason: str = "", where: str = "shuffle") -> None: ...


class DuelView(Protocol):
    """One duel, as card data sees it: the duel's own state and cards, and the rules by
    concern through their views."""

    # -- the state ----------------------------------------------------------------------
    #: the trace (rulings.core.events.EventLog)
    log: Any
    #: the zones (rulings.core.zones.Board); a zone's ``kind`` is an objects.Zone
    board: Any
    turn: int
    turn_player: int
    phase: str
    lp: list[int]
    winner: int | None

    # -- the rules by concern (duel.py's components) ------------------------------------
    memory_rules: MemoryView
    control_rules: ControlView
    link_rules: LinksView
    banish_rules: BanishView
    negation_rules: NegationView
    battle_rules: BattleView
    summon_rules: SummonView
    value_rules: ValuesView
    activation_rules: ActivationView
    chain_rules: ChainView
    move_rules: MovesView

    # -- cards and zones (duel.py) -------------------------------------------------------
    @classmethod
    def definition(cls, name: str) -> Any: ...

    def bring_in(self, definition: Any, owner: int, zone_kind: str, *, card_class: type, face_up: bool | None = None,
                 index: int | None = None, **attributes: Any) -> Any: ...

    def on_field(self, card: YgoCard) -> bool: ...

    def face_up_on_field(self, card: YgoCard) -> bool: ...

    def field_cards(self) -> list[YgoCard]: ...

    def monsters(self, player: int | None = None) -> list[YgoCard]: ...

    def is_monster_card(self, card: YgoCard) -> bool: ...

    def is_effect_monster(self, card: YgoCard) -> bool: ...

    def is_xyz_monster(self, card: YgoCard) -> bool: ...

    # -- choices (rulings.core.choices) -------------------------------------------------
    def by_default(self, chooser: int, prompt: str, options: Sequence[Any], rule: str, n: int = 1) -> list[Any]: ...

"""What card data needs of a Yu-Gi-Oh! duel and of a chain link, as Protocols.

Card data (cards.py, blocks.py, families.py, grammar.py, hooks.py, primitives.py) is read
by the rules (duel.py and the modules it is made of); it names the duel only through
:class:`DuelView` and a chain link only through :class:`LinkView`, so none of it depends
on the rules modules, not even for annotations (issue 23).  ``rulings.ygo.duel.Duel`` is
a DuelView and ``rulings.ygo.chain.ChainLink`` a LinkView.

The members are what card data reads and calls, grouped by the part of the rules that
answers them.  A card's definition, an effect and a continuous-target link are ``Any``
here: cards.py depends on this module, so this module may not depend on it.
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


class DuelView(Protocol):
    """One duel, as card data sees it."""

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
    #: the chain being built or resolved, link 1 first
    chain: list[LinkView]
    #: what is done once the resolving chain link is finished (conditional summons)
    after_link: list
    #: every activation of the duel (activation.Record)
    activations: list
    #: activation and summon bans of lasting effects (activation.Ban)
    bans: list
    #: protections put in place by a resolved effect (魔力之泉): (test, until turn, source)
    unnegatable: list
    #: field-wide negation by name (墓穴的指名者): name -> last turn it applies
    negated_names: dict[str, int]
    #: field-wide negations that are not a chain link's (negation.FieldNegation)
    field_negations: list
    #: continuous target links (links.TargetLink)
    links: list
    #: (card, turn) of 『1回合1次』 continuous effects that applied this turn
    once_applied: set
    #: (turn, player) when a set spell or trap card of that player was destroyed by an effect
    set_cards_destroyed: set
    #: events since the current chain started to be built (chain.Chain.emit)
    recent_events: list
    #: chain links processed so far (an activation negated is not processed at all)
    _steps: int
    #: the battle going on (battle.Battle), if any
    battle_state: Any
    #: an effect ended this turn's battle phase (消战者)
    battle_over: bool
    #: the cards the cost being paid showed to the opponent (『给对方观看』), kept by its chain link
    revealed_by_cost: list

    # -- cards and zones, and what moves them (duel.py) ---------------------------------
    @classmethod
    def definition(cls, name: str) -> Any: ...

    def bring_in(self, definition: Any, owner: int, zone_kind: str, *, card_class: type, face_up: bool | None = None,
                 index: int | None = None, **attributes: Any) -> Any: ...

    def on_field(self, card: YgoCard) -> bool: ...

    def face_up_on_field(self, card: YgoCard) -> bool: ...

    def field_cards(self) -> list[YgoCard]: ...

    def monsters(self, player: int | None = None) -> list[YgoCard]: ...

    def materials_of(self, xyz: YgoCard) -> list[YgoCard]: ...

    def is_monster_card(self, card: YgoCard) -> bool: ...

    def is_effect_monster(self, card: YgoCard) -> bool: ...

    def is_xyz_monster(self, card: YgoCard) -> bool: ...

    @staticmethod
    def zone_kind_for(card: YgoCard) -> str: ...

    def place(self, card: YgoCard, zone_kind: str, player: int, face_up: bool = True) -> None: ...

    def draw(self, player: int, n: int = 1, reason: str = "") -> list[YgoCard]: ...

    def add_to_hand(self, card: YgoCard, reason: str = "") -> None: ...

    def send_to_graveyard(self, card: YgoCard, reason: str = "", *, destroyed: bool = False, by_battle: bool = False,
                          by_player: int | None = None, discarded: bool = False, tributed: bool = False,
                          tags: tuple = ()) -> None: ...

    def destroy(self, card: YgoCard, reason: str = "", *, by_effect: YgoCard | None = None, by_battle: bool = False,
                by_player: int | None = None, by_rule: bool = False, to: str = Zone.GRAVEYARD) -> bool: ...

    def banish(self, card: YgoCard, reason: str = "", face_up: bool = True) -> None: ...

    def banish_temporarily(self, card: YgoCard, returns: str = "end-phase", reason: str = "", effect_of: Any = None,
                           face_up: bool | None = None, source: YgoCard | None = None) -> None: ...

    def return_to_hand(self, card: YgoCard, reason: str = "") -> None: ...

    def return_to_deck(self, card: YgoCard, reason: str = "", where: str = "shuffle") -> None: ...

    def attach(self, material: YgoCard, xyz: YgoCard) -> None: ...

    def summon(self, card: YgoCard, method: str, player: int | None = None, *, face_up: bool = True, tributes: Any = (),
               materials: Any = (), by: str = "", negated: bool = False, without_tribute: bool = False,
               position: str | None = None, onto: int | None = None) -> None: ...

    def summoned_by(self, card: YgoCard, method: str) -> bool: ...

    def flip_face_up(self, card: YgoCard, reason: str = "", position: str = "defense") -> None: ...

    def can_turn_face_down(self, card: YgoCard) -> bool: ...

    def turn_face_down(self, card: YgoCard, reason: str = "") -> None: ...

    def arrived_as(self, card: YgoCard) -> frozenset[str]: ...

    def redirect(self, card: YgoCard, to_kind: str) -> str: ...

    def graveyard_replaced_by(self) -> str | None: ...

    def current_name(self, card: YgoCard) -> str: ...

    # -- what a card remembers (memory.py) ----------------------------------------------
    def remember(self, card: YgoCard, info: Info, value: Any = True, *, per: Any = None, erase: Any = None,
                 origin: str = "") -> None: ...

    def remembers(self, card: YgoCard, info: Info, per: Any = None) -> bool: ...

    def recall(self, card: YgoCard, info: Info, per: Any = None, default: Any = None) -> Any: ...

    def apply_lasting(self, card: YgoCard, mark: str, value: Any = True, *, source: str = "",
                      erase: Any = None) -> None: ...

    def lasting(self, card: YgoCard, mark: str) -> list[Any]: ...

    # -- choices (rulings.core.choices) -------------------------------------------------
    def by_default(self, chooser: int, prompt: str, options: Sequence[Any], rule: str, n: int = 1) -> list[Any]: ...

    # -- activation (activation.py) -----------------------------------------------------
    @staticmethod
    def is_card_activation(link: LinkView) -> bool: ...

    @staticmethod
    def kind_of(card: YgoCard) -> str: ...

    @staticmethod
    def must_leave_as_activated(card: YgoCard) -> bool: ...

    def is_named(self, card: YgoCard, name: str) -> bool: ...

    def in_limbo(self, card: YgoCard) -> bool: ...

    def leaves_after_resolving(self, card: YgoCard) -> bool: ...

    def move_from_limbo(self, card: YgoCard, where: str, reason: str) -> bool: ...

    def activation_ban(self, card: YgoCard, effect: Any, player: int) -> str | None: ...

    def activation_condition_unmet(self, card: YgoCard) -> str | None: ...

    def activation_count(self, player: int, kinds: Any, *, negated_count: bool | None = None, since: int = 0) -> int: ...

    def activated_while_face_up(self, card: YgoCard, fits: Any) -> int: ...

    def activate_by_effect(self, card: YgoCard, player: int, by: str, source: Any = None) -> None: ...

    def record_activation(self, link: LinkView | None, card: YgoCard, player: int, *, by_effect: bool = False) -> None: ...

    def applied(self, link: LinkView, definition: Any = None) -> None: ...

    def ban(self, scope: str, kinds: Any, players: Any, source: str = "", until: int | None = None, rulings: Any = (),
            exempt: Any = None, names: Any = None, zones: Any = ()) -> None: ...

    def limit_activations(self, kinds: Any, players: Any, n: int, source: str, negated_count: bool | None,
                          since: int) -> None: ...

    def forbid_responses(self, card: YgoCard, players: Any) -> None: ...

    def negated_just_now(self, victim: int) -> bool: ...

    def sees_activation(self, watcher: YgoCard, event: Any) -> bool: ...

    # -- the chain (chain.py) -----------------------------------------------------------
    def effect_of(self, card: YgoCard, label: str, origin: str | None = None) -> Any: ...

    def why_cannot_activate(self, card: YgoCard, label: str, player: int | None = None,
                            origin: str | None = None) -> str | None: ...

    def negate_link(self, link: LinkView, what: str = "activation", *, destroy: bool = False, by: Any = None,
                    by_player: int | None = None) -> bool: ...

    def chose_to_apply(self, card: YgoCard, label: str, link: LinkView) -> bool: ...

    # -- negation (negation.py) ---------------------------------------------------------
    def negate_effects(self, card: YgoCard, kind: str = "free-chain", source: str = "") -> None: ...

    # -- battle (battle.py) -------------------------------------------------------------
    def negate_attack(self, reason: str = "") -> bool: ...

    def stop_battle_phase(self, reason: str = "") -> None: ...

    # -- control (control.py) and continuous targets (links.py) -------------------------
    def take_control(self, card: YgoCard, player: int, kind: str, source: YgoCard | None = None) -> None: ...

    def shift_control(self, card: YgoCard, player: int, reason: str = "") -> None: ...

    def link(self, source: YgoCard, target: YgoCard, *, grants: Any = (), on_source_leaves: Any = None,
             on_target_leaves: Any = None, on_target_destroyed: Any = None,
             source_negation_matters: bool = True) -> Any: ...

    # -- the values the rules compute (values.py) ---------------------------------------
    def atk(self, card: YgoCard, viewer: int | None = None) -> int | None: ...

    def defense(self, card: YgoCard, viewer: int | None = None) -> int | None: ...

    def original_atk(self, card: YgoCard) -> int | None: ...

    def pendulum_scales(self, player: int) -> tuple[int, int] | None: ...

    def applies(self, card: YgoCard, kind: str) -> bool: ...

    def summon_how(self, method: str, by: str = "") -> str: ...

    def why_cannot_special_summon(self, card: YgoCard, player: int, how: str = "effect", by: str = "",
                                  method: str = "special", targeting: bool = False) -> str | None: ...

    def why_not_link_material(self, card: YgoCard, link: YgoCard | None = None) -> str | None: ...

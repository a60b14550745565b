"""The Duel Masters step vocabulary, in Japanese, as the ruling documents write.

Given and When phrases act on the duel; Then phrases read what the duel computed and
compare it with what the example states.  No phrase looks at which card or which
example it runs for; card names only pick cards out of the game.
"""

from __future__ import annotations

from rulings.core import IllegalAction, SetupError
from rulings.vocabulary import ExpectationFailed, Term, Vocabulary, expect

from .catalogue import CATALOGUE
from .duel import BATTLE, DECK, GRAVEYARD, HAND, HYPERSPATIAL, MANA, SHIELDS, DmCard, Duel
from . import statics

V = Vocabulary(game="dm", language="ja", new_world=Duel, card_names=CATALOGUE.names)
VOCABULARY = V

ZONES = {"山札": DECK, "手札": HAND, "シールドゾーン": SHIELDS, "マナゾーン": MANA, "墓地": GRAVEYARD,
         "バトルゾーン": BATTLE, "超次元ゾーン": HYPERSPATIAL}
ZONE_NAMES = {v: k for k, v in ZONES.items()}
_PLAYER = {0: "自分", 1: "相手"}
FACES = {"表向き": True, "裏向き": False}

V.term(Term("card", r"[^「」]+", names_card=True, description="a card name from the catalogue"))
V.term(Term("keyword", r"[^「」]+", description="a keyword ability (スピードアタッカー …)"))
V.term(Term.choice("player", {"自分": 0, "相手": 1}, "自分 (player 0) or 相手 (player 1)"))
V.term(Term.choice("zone", ZONES, "a zone"))
V.term(Term.choice("face", FACES, "表向き or 裏向き"))
V.term(Term("n", r"\d+", int, description="a number"))
V.term(Term.choice("knows", {"知っている": True, "知らない": False}, "知っている or 知らない"))
V.term(Term.choice("loses", {"負ける": True, "負けない": False}, "負ける or 負けない"))
V.term(Term.choice("has", {"持つ": True, "持たない": False}, "持つ or 持たない"))
V.term(Term.choice("is", {"である": True, "ではない": False}, "である or ではない"))
V.term(Term.choice("there", {"ある": True, "ない": False}, "ある or ない"))
V.term(Term.choice("can", {"できる": True, "できない": False}, "できる or できない"))
V.term(Term.choice("mandatory", {"強制": True, "任意": False}, "強制 or 任意"))
V.term(Term.choice("tap", {"タップ": True, "アンタップ": False}, "タップ or アンタップ"))


def _face(cell: str) -> bool:
    try:
        return FACES[cell.strip()]
    except KeyError:
        raise SetupError(f"向きは表向きか裏向きで書く（{cell!r} ではなく）") from None


def _rows(table, *columns: str) -> list[dict[str, str]]:
    if not table:
        raise SetupError("この手順には表が必要である")
    header = [h.strip() for h in table[0]]
    if columns[0] not in header:
        raise SetupError(f"表には{columns[0]}の列が必要である")
    return [dict(zip(header, (c.strip() for c in row))) for row in table[1:]]


def _shield_holding(duel: Duel, card: DmCard):
    shield = duel.zones.shield_of(card) if card.zone.kind == SHIELDS else None
    if shield is None:
        raise IllegalAction(f"「{card.name}」はシールドではない")
    return shield


def _option_for(duel: Duel, card: DmCard):
    """What naming ``card`` picks among the waiting choice's options: the card itself,
    or the shield it is part of."""
    if duel.waiting is None:
        raise IllegalAction("待っている選択がない")
    options = duel.waiting[1].options
    if card in options:
        return card
    shield = duel.zones.shield_of(card) if card.zone.kind == SHIELDS else None
    if shield is not None and shield in options:
        return shield
    raise IllegalAction(f"「{card.name}」は選べるものの中にない（{duel.waiting[1].prompt}）")


def _waiting(duel: Duel):
    if duel.waiting is None:
        raise ExpectationFailed("待っている選択", "選択がある", "ない")
    return duel.waiting[1]


def _existing(duel: Duel, name: str) -> DmCard:
    """A card a Then step talks about: it must already be in the game."""
    card = duel.find(name)
    if card is None:
        raise SetupError(f"「{name}」はゲームにない")
    return card


def _latest_choice(duel: Duel):
    """The choice waiting now, or else the last one an ability asked for (a choice with
    nothing left to decide is made by the engine and can only be looked at afterwards)."""
    if duel.waiting is not None:
        return duel.waiting[1]
    if duel.last_choice is None:
        raise ExpectationFailed("能力が求めた選択", "選択がある", "ない")
    return duel.last_choice


# -- Given: the board ---------------------------------------------------------------

@V.given("{player}の{zone}に「{card}」がある")
def put(duel: Duel, player: int, zone: str, card: str) -> None:
    """A card in a zone (a shield of its own; the bottom of the deck), nothing triggers."""
    duel.put(card, player, zone)


@V.given("{player}の{zone}に表向きの「{card}」がある")
def put_face_up(duel: Duel, player: int, zone: str, card: str) -> None:
    """A card put face up into a hidden zone (it stays face up while it stays there)."""
    duel.put(card, player, zone, face_up=True)


@V.given("{player}のバトルゾーンに「{base:card}」から進化した「{card}」がある")
def put_evolved(duel: Duel, player: int, base: str, card: str) -> None:
    """An evolution creature that evolved from that creature in an earlier turn."""
    duel.put(card, player, BATTLE, on=base)


@V.given("{player}のバトルゾーンにタップされた「{card}」がある")
def put_tapped(duel: Duel, player: int, card: str) -> None:
    """A tapped creature (or D2 field) in the battle zone."""
    duel.put(card, player, BATTLE, tapped=True)


@V.given("{player}のマナゾーンに「{card}」が{n}枚ある")
def mana(duel: Duel, player: int, card: str, n: int) -> None:
    """That many copies of the card in the mana zone, untapped (put there in earlier turns)."""
    for _ in range(n):
        duel.put(card, player, MANA)


@V.given("{player}のマナゾーンにタップされた「{card}」がある")
def mana_tapped(duel: Duel, player: int, card: str) -> None:
    """A tapped card in the mana zone (already used this turn)."""
    duel.put(card, player, MANA, tapped=True)


@V.given("{player}の山札が上から次の順である", table=True)
def deck_from_top(duel: Duel, player: int, table) -> None:
    """The deck, top card first (column カード)."""
    for row in _rows(table, "カード"):
        duel.put(row["カード"], player, DECK)


@V.given("{player}のシールドゾーンに次のシールドがある", table=True)
def shields(duel: Duel, player: int, table) -> None:
    """One shield per row (column カード; optional column 向き)."""
    for row in _rows(table, "カード"):
        duel.put(row["カード"], player, SHIELDS, face_up=_face(row.get("向き", "裏向き")))


# -- Given / When: acting ----------------------------------------------------------

@V.phrase(("given", "when"), "{player}が「{card}」を召喚する")
def summon(duel: Duel, player: int, card: str) -> None:
    """Summon a creature from the hand, paying its cost with untapped mana (its "when it
    enters" abilities trigger)."""
    duel.summon(player, duel.card(card, player, HAND))


@V.phrase(("given", "when"), "{player}がマナゾーンの「{mana:card}」をタップして「{card}」を召喚する")
def summon_tapping(duel: Duel, player: int, mana: str, card: str) -> None:
    """Summon, paying with that card of the mana zone (what fort E looks at)."""
    duel.summon(player, duel.card(card, player, HAND), [duel.card(mana, player, MANA)])


@V.phrase(("given", "when"), "{player}が「{base:card}」を「{card}」に進化させる")
def evolve(duel: Duel, player: int, base: str, card: str) -> None:
    """Put an evolution creature from the hand on a creature of the battle zone."""
    duel.evolve(player, duel.card(card, player, HAND), duel.card(base, player, BATTLE))


@V.phrase(("given", "when"), "{player}が「{card}」を唱える")
def cast(duel: Duel, player: int, card: str) -> None:
    """Cast a spell from the hand, paying its cost; it goes to the graveyard afterwards."""
    duel.cast(player, duel.card(card, player))


@V.phrase(("given", "when"), "「{card}」が相手プレイヤーを攻撃する")
def attack(duel: Duel, card: str) -> None:
    """Declare an attack on the opponent (attack triggers)."""
    duel.attack(duel.card(card, zone=BATTLE))


@V.phrase(("given", "when"), "「{card}」が{player}の「{target:card}」を攻撃する")
def attack_creature(duel: Duel, card: str, player: int, target: str) -> None:
    """Declare an attack on a tapped creature of the opponent (attack triggers)."""
    duel.attack(duel.card(card, zone=BATTLE), duel.card(target, player, BATTLE))


@V.phrase(("given", "when"), "{player}が「{card}」をマナチャージする")
def charge(duel: Duel, player: int, card: str) -> None:
    """Put a card of the hand into the mana zone: once a turn, before the main step."""
    duel.charge(player, duel.card(card, player, HAND))


@V.phrase(("given", "when"), "「{blocker:card}」が「{card}」の攻撃をブロックする")
def block(duel: Duel, blocker: str, card: str) -> None:
    """The attacked player blocks with an untapped blocker: the two creatures battle."""
    attacker = duel.card(card, zone=BATTLE)
    duel.block(duel.card(blocker, 1 - attacker.controller, BATTLE), attacker)


@V.phrase(("given", "when"), "「{card}」が相手のシールド「{shield:card}」をブレイクする")
def attack_breaks(duel: Duel, card: str, shield: str) -> None:
    """The unblocked attack on the player breaks that shield."""
    attacker = duel.card(card, zone=BATTLE)
    duel.attack_breaks(attacker, [_shield_holding(duel, duel.card(shield, 1 - attacker.controller, SHIELDS))])


@V.phrase(("given", "when"), "「{card}」が相手のシールド「{shield:card}」と「{shield2:card}」をブレイクする")
def attack_breaks_two(duel: Duel, card: str, shield: str, shield2: str) -> None:
    """The unblocked attack on the player breaks those two shields at once."""
    attacker = duel.card(card, zone=BATTLE)
    duel.attack_breaks(attacker, [_shield_holding(duel, duel.card(s, 1 - attacker.controller, SHIELDS))
                                  for s in (shield, shield2)])


@V.phrase(("given", "when"), "「{card}」の攻撃はブロックされない")
def unblocked(duel: Duel, card: str) -> None:
    """The attack is not blocked ("ブロックされなかった時" abilities trigger)."""
    duel.unblocked(duel.card(card, zone=BATTLE))


@V.phrase(("given", "when"), "{player}は能力を使う")
def use(duel: Duel, player: int) -> None:
    """Answer yes to a "…してもよい" ability."""
    choice = _waiting(duel)
    if choice.options != [True]:
        raise IllegalAction(f"待っている選択は能力を使うかどうかではない：{choice.prompt}")
    duel.decide(player, [True])


@V.phrase(("given", "when"), "{player}は能力を使わない")
def decline(duel: Duel, player: int) -> None:
    """Answer no to a "…してもよい" ability."""
    duel.decide(player, [])


@V.phrase(("given", "when"), "{player}が「{card}」を選ぶ")
def choose(duel: Duel, player: int, card: str) -> None:
    """Choose that card (or the shield it is part of) for the waiting choice."""
    duel.decide(player, [_option_for(duel, duel.card(card))])


@V.phrase(("given", "when"), "{player}が「{card}」と「{card2:card}」を選ぶ")
def choose_two(duel: Duel, player: int, card: str, card2: str) -> None:
    """Choose two cards (or the shields they are part of) for the waiting choice."""
    duel.decide(player, [_option_for(duel, duel.card(card)), _option_for(duel, duel.card(card2))])


@V.phrase(("given", "when"), "{player}は何も選ばない")
def choose_nothing(duel: Duel, player: int) -> None:
    """Decline the waiting choice (refused when the choice is mandatory)."""
    duel.decide(player, [])


@V.phrase(("given", "when"), "「{card}」が破壊される")
def destroy(duel: Duel, card: str) -> None:
    """The creature is destroyed (シールド・ゴー makes it a face-up shield)."""
    duel.destroy_action(duel.card(card, zone=BATTLE))


@V.phrase(("given", "when"), "{player}のシールド「{card}」がブレイクされる")
def break_shield(duel: Duel, player: int, card: str) -> None:
    """The shield that card is part of is broken."""
    duel.break_action(_shield_holding(duel, duel.card(card, player, SHIELDS)))


@V.phrase(("given", "when"), "{player}が「{card}」をS・トリガーで使う")
def s_trigger(duel: Duel, player: int, card: str) -> None:
    """Use the S・トリガー of a card the latest broken shield put into the hand."""
    duel.use_s_trigger(player, duel.card(card, player, HAND))


@V.phrase(("given", "when"), "{player}が「{card}」をシールド「{shield:card}」に要塞化する")
def fortify(duel: Duel, player: int, card: str, shield: str) -> None:
    """要塞化: put a castle from the hand onto the shield that card is part of."""
    duel.fortify_action(duel.card(card, player, HAND), _shield_holding(duel, duel.card(shield, player, SHIELDS)), player)


@V.phrase(("given", "when"), "{player}が「{card}」のTT能力で{target:player}を選ぶ")
def tap_ability(duel: Duel, player: int, card: str, target: int) -> None:
    """Tap the creature for its TT ability, choosing a player."""
    duel.use_tap_ability(duel.card(card, player, BATTLE))
    duel.decide(player, [target])


@V.phrase(("given", "when"), "{player}が「{card}」のDスイッチを使う")
def d_switch(duel: Duel, player: int, card: str) -> None:
    """Turn the D2 field upside down (once per game) for its D-switch."""
    duel.use_d_switch(duel.card(card, player, BATTLE))


@V.phrase(("given", "when"), "{player}が山札の上から{n}枚を表向きにする")
def reveal_top(duel: Duel, player: int, n: int) -> None:
    """An effect that only turns the cards face up, with no further instruction."""
    duel.reveal_action(duel.zones.zone(player, DECK).cards[:n], "表向きにする")


@V.phrase(("given", "when"), "{player}が山札の上から{n}枚をすべてのプレイヤーに見せる")
def show_top(duel: Duel, player: int, n: int) -> None:
    """Showing to every player is turning face up (the same primitive)."""
    duel.reveal_action(duel.zones.zone(player, DECK).cards[:n], "すべてのプレイヤーに見せる")


@V.phrase(("given", "when"), "{player}が山札の上から{n}枚を見る")
def look_top(duel: Duel, player: int, n: int) -> None:
    """見る: only that player learns the cards."""
    duel.look_action(player, duel.zones.zone(player, DECK).cards[:n])


@V.phrase(("given", "when"), "「{card}」を表向きにする")
def reveal_card(duel: Duel, card: str) -> None:
    """An effect turns that card face up, and says nothing more."""
    duel.reveal_action([duel.card(card)], "表向きにする")


@V.phrase(("given", "when"), "{player}がカードを1枚引く")
def draw(duel: Duel, player: int) -> None:
    """Draw the top card of the deck (a processing: an empty deck loses when it ends)."""
    duel.draw_action(player)


@V.phrase(("given", "when"), "ターンが終わる")
def end_turn(duel: Duel) -> None:
    """The turn ends; the next one is an extra turn if one is owed."""
    duel.end_turn()


# -- Then: observing ----------------------------------------------------------------

@V.then("「{card}」は{face}である")
def face(duel: Duel, card: str, face: bool) -> None:
    """Whether the card is face up now."""
    expect(f"「{card}」は表向き", face, _existing(duel, card).face_up)


@V.then("「{card}」は{player}の{zone}にある")
def where(duel: Duel, card: str, player: int, zone: str) -> None:
    """The zone the card is in, and whose."""
    c = duel.find(card)
    actual = "どこにもない" if c is None else f"{'自分' if c.zone.owner == 0 else '相手'}の{ZONE_NAMES[c.zone.kind]}"
    expect(f"「{card}」の場所", f"{'自分' if player == 0 else '相手'}の{ZONE_NAMES[zone]}", actual)


@V.then("{player}は「{card}」が何のカードか{knows}")
def knows(duel: Duel, player: int, card: str, knows: bool) -> None:
    """Whether the player can tell what the card is (public, face up, or seen since it last moved)."""
    expect(f"{_PLAYER[player]}は「{card}」が何のカードか知っている", knows, duel.visibility.knows(player, _existing(duel, card)))


@V.then("{player}の山札は{n}枚である")
def deck_size(duel: Duel, player: int, n: int) -> None:
    """Number of cards in the deck."""
    expect(f"{_PLAYER[player]}の山札の枚数", n, len(duel.zones.zone(player, DECK)))


@V.then("{player}の山札は上から次の順である", table=True)
def deck_order(duel: Duel, player: int, table) -> None:
    """The deck, top first (column カード; optional column 向き)."""
    rows = _rows(table, "カード")
    deck = duel.zones.zone(player, DECK).cards
    expected = [(r["カード"], r["向き"]) if "向き" in r else r["カード"] for r in rows]
    actual = [(c.name, "表向き" if c.face_up else "裏向き") if "向き" in rows[0] else c.name
              for c in deck[:len(rows)]] if rows else []
    expect(f"{_PLAYER[player]}の山札（上から）", expected, actual)


@V.then("「{card}」は{player}の山札の上から{n}枚目にある")
def deck_position(duel: Duel, card: str, player: int, n: int) -> None:
    """Where the card is in that deck (1 = the top)."""
    c = _existing(duel, card)
    actual = duel.zones.deck_position(c) if c.zone.owner == player else None
    expect(f"{_PLAYER[player]}の山札での「{card}」の位置（上から）", n, actual)


@V.then("{player}の山札の表向きのカードは{n}枚である")
def face_up_in_deck(duel: Duel, player: int, n: int) -> None:
    """How many cards of that deck are face up."""
    expect(f"{_PLAYER[player]}の山札の表向きのカードの枚数", n, sum(c.face_up for c in duel.zones.zone(player, DECK)))


@V.then("{player}はゲームに{loses}")
def loses(duel: Duel, player: int, loses: bool) -> None:
    """Whether the player has lost (deck-out is checked when processing ends)."""
    expect(f"{_PLAYER[player]}はゲームに負けている", loses, player in duel.processing.lost)


@V.then("{player}はこのターンの後に{n}回の追加ターンを行う")
def extra_turns(duel: Duel, player: int, n: int) -> None:
    """Extra turns the player is owed after this turn."""
    expect(f"{_PLAYER[player]}の追加ターンの回数", n, duel.turns.extra_turns.count(player))


@V.then("今は{player}のターンである")
def turn_player(duel: Duel, player: int) -> None:
    """Whose turn it is."""
    expect("ターンを行うプレイヤー", player, duel.turns.player)


@V.then("{player}のシールドの数は{n}である")
def shield_count(duel: Duel, player: int, n: int) -> None:
    """Number of shields (a stack of cards is one shield)."""
    expect(f"{_PLAYER[player]}のシールドの数", n, len(duel.zones.shields[player]))


@V.then("「{card}」は相手プレイヤーを攻撃{can}")
def can_attack(duel: Duel, card: str, can: bool) -> None:
    """Whether the creature may attack the opponent now (tapped, 召喚酔い, whose turn)."""
    refused = duel.combat.why_cannot_attack(duel.card(card, zone=BATTLE))
    expect(f"「{card}」は相手プレイヤーを攻撃できる" + (f"（{refused}）" if refused else ""), can, refused is None)


@V.then("{player}のシールドゾーンのカードは{n}枚である")
def shield_cards(duel: Duel, player: int, n: int) -> None:
    """Number of cards in the shield zone (every card of every shield, castles included)."""
    expect(f"{_PLAYER[player]}のシールドゾーンのカードの枚数", n, len(duel.zones.zone(player, SHIELDS)))


@V.then("「{card}」と「{card2:card}」は1つのシールド{same:is}")
def same_shield(duel: Duel, card: str, card2: str, same: bool) -> None:
    """Both cards are part of one shield."""
    a, b = _existing(duel, card), _existing(duel, card2)
    sa = duel.zones.shield_of(a) if a.zone.kind == SHIELDS else None
    sb = duel.zones.shield_of(b) if b.zone.kind == SHIELDS else None
    expect(f"「{card}」と「{card2}」は1つのシールドである", same, sa is not None and sa is sb)


@V.then("「{card}」はシールドの一番上に{there}")
def shield_top(duel: Duel, card: str, there: bool) -> None:
    """The card is the top card of its shield."""
    c = _existing(duel, card)
    shield = duel.zones.shield_of(c) if c.zone.kind == SHIELDS else None
    expect(f"「{card}」はシールドの一番上にある", there, shield is not None and shield.top is c)


@V.then("{player}の「{card}」は「{keyword}」を{has}")
def has_keyword(duel: Duel, player: int, card: str, keyword: str, has: bool) -> None:
    """Whether the creature has the keyword, granted ones included."""
    c = duel.card(card, player, BATTLE)
    expect(f"「{card}」は「{keyword}」を持つ", has, keyword in statics.keywords_of(duel.zones, c))


@V.then("「{card}」がブレイクするシールドの数は{n}つである")
def breaks(duel: Duel, card: str, n: int) -> None:
    """How many shields the creature breaks, with every working static ability."""
    expect(f"「{card}」がブレイクするシールドの数", n, statics.shields_broken_by(duel.zones, duel.card(card, zone=BATTLE)))


@V.then("{player}は何も選ばないことが{can}")
def can_decline(duel: Duel, player: int, can: bool) -> None:
    """Whether the latest choice may be declined (hidden-information rule)."""
    choice = _latest_choice(duel)
    expect(f"{_PLAYER[player]}は何も選ばないことができる（{choice.prompt}）", can,
           choice.chooser == player and not choice.mandatory)


@V.then("その選択は{mandatory}である")
def is_mandatory(duel: Duel, mandatory: bool) -> None:
    """Whether the latest choice is mandatory."""
    choice = _latest_choice(duel)
    expect(f"その選択は強制である（{choice.prompt}）", mandatory, choice.mandatory)


@V.then("{player}は「{card}」を召喚{can}")
def can_summon(duel: Duel, player: int, card: str, can: bool) -> None:
    """Whether the player may summon the creature now (from the hand, own main step, its cost)."""
    refused = duel.playing.why_cannot_summon(player, duel.card(card, player))
    expect(f"{_PLAYER[player]}は「{card}」を召喚できる" + (f"（{refused}）" if refused else ""), can, refused is None)


@V.then("{player}は「{card}」を唱えることが{can}")
def can_cast(duel: Duel, player: int, card: str, can: bool) -> None:
    """Whether the player may cast the spell now (from the hand, own main step, its cost)."""
    refused = duel.playing.why_cannot_cast(player, duel.card(card, player))
    expect(f"{_PLAYER[player]}は「{card}」を唱えられる" + (f"（{refused}）" if refused else ""), can, refused is None)


@V.then("{player}は「{card}」をマナチャージ{can}")
def can_charge(duel: Duel, player: int, card: str, can: bool) -> None:
    """Whether the player may put the card from the hand into the mana zone now."""
    refused = duel.playing.why_cannot_charge(player, duel.card(card, player))
    expect(f"{_PLAYER[player]}は「{card}」をマナチャージできる" + (f"（{refused}）" if refused else ""), can,
           refused is None)


@V.then("{player}は「{card}」をS・トリガーで使うことが{can}")
def can_s_trigger(duel: Duel, player: int, card: str, can: bool) -> None:
    """Whether the player may use the card's S・トリガー now."""
    refused = duel.shield_rules.why_cannot_use_s_trigger(player, duel.card(card, player))
    expect(f"{_PLAYER[player]}は「{card}」をS・トリガーで使える" + (f"（{refused}）" if refused else ""), can,
           refused is None)


@V.then("「{card}」は{player}の「{target:card}」を攻撃{can}")
def can_attack_creature(duel: Duel, card: str, player: int, target: str, can: bool) -> None:
    """Whether the creature may attack that creature now."""
    refused = duel.combat.why_cannot_attack(duel.card(card, zone=BATTLE), duel.card(target, player, BATTLE))
    expect(f"「{card}」は「{target}」を攻撃できる" + (f"（{refused}）" if refused else ""), can, refused is None)


@V.then("「{blocker:card}」は「{card}」の攻撃をブロック{can}")
def can_block(duel: Duel, blocker: str, card: str, can: bool) -> None:
    """Whether the creature may block that attack now."""
    attacker = duel.card(card, zone=BATTLE)
    refused = duel.combat.why_cannot_block(duel.card(blocker, 1 - attacker.controller, BATTLE), attacker)
    expect(f"「{blocker}」は「{card}」の攻撃をブロックできる" + (f"（{refused}）" if refused else ""), can,
           refused is None)


@V.then("「{card}」は相手のシールド「{shield:card}」だけをブレイク{can}")
def can_break_one(duel: Duel, card: str, shield: str, can: bool) -> None:
    """Whether the unblocked attack may break that one shield (and no other)."""
    attacker = duel.card(card, zone=BATTLE)
    refused = duel.combat.why_cannot_break(attacker, [_shield_holding(duel, duel.card(shield, 1 - attacker.controller,
                                                                                SHIELDS))])
    expect(f"「{card}」は「{shield}」のシールドだけをブレイクできる" + (f"（{refused}）" if refused else ""), can,
           refused is None)


@V.then("「{card}」は{tap}している")
def tapped(duel: Duel, card: str, tap: bool) -> None:
    """Whether the card (in the battle zone or the mana zone) is tapped."""
    c = _existing(duel, card)
    expect(f"「{card}」はタップしている", tap, c.tapped)


@V.then("{player}のマナゾーンのアンタップしているカードは{n}枚である")
def untapped_mana(duel: Duel, player: int, n: int) -> None:
    """How many cards of the mana zone are untapped."""
    expect(f"{_PLAYER[player]}のアンタップしているマナ", n, sum(not c.tapped for c in duel.zones.zone(player, MANA)))


@V.then("{player}は「{card}」のTT能力を使うことが{can}")
def can_tap(duel: Duel, player: int, card: str, can: bool) -> None:
    """Whether the creature may tap for its TT ability now (not the turn it came, 召喚酔い)."""
    refused = duel.combat.why_cannot_tap(duel.card(card, player, BATTLE))
    expect(f"{_PLAYER[player]}は「{card}」のTT能力を使える" + (f"（{refused}）" if refused else ""), can,
           refused is None)

"""The Magic step vocabulary, in Japanese, as the ruling documents write.

Given and When phrases act on the game; Then phrases read what the game computed
(characteristics through the layers, visibility, zones, the log of triggers and
reveals) and compare it with what the example states.  No phrase looks at which card
or which example it is running for.
"""

from __future__ import annotations

from rulings.core import IllegalAction
from rulings.vocabulary import ExpectationFailed, Term, Vocabulary, expect

from .cards import BECOMES_TARGET, DIES, ENTERS, TURNED_FACE_UP
from .catalogue import CATALOGUE
from .characteristics import FACE_DOWN_DEFAULT
from .face_down import BY_WAY
from .game import Game
from .objects import BATTLEFIELD, COMMAND, EXILE, GRAVEYARD, HAND, LIBRARY, STACK

V = Vocabulary(game="mtg", language="ja", new_world=Game, card_names=CATALOGUE.names)
VOCABULARY = V

ZONE_WORDS = {"戦場": BATTLEFIELD, "墓地": GRAVEYARD, "手札": HAND, "ライブラリー": LIBRARY,
              "追放領域": EXILE, "スタック": STACK, "統率領域": COMMAND}
ZONE_NAMES = {v: k for k, v in ZONE_WORDS.items()}

V.term(Term("card", r"[^「」]+", names_card=True, description="a card name from the catalogue"))
V.term(Term.choice("player", {"あなた": 0, "対戦相手": 1}, "あなた (player 0) or 対戦相手 (player 1)"))
V.term(Term.choice("way", {"変異": "変異", "大変異": "大変異", "変装": "変装"}, "a way to cast a card face down"))
V.term(Term.choice("facedown", {w: w for w in BY_WAY}, "how a permanent was turned face down: 変異 大変異 変装 予示 偽装"))
V.term(Term.choice("manifest", {"予示": "予示", "偽装": "偽装"}, "予示 (manifest) or 偽装 (cloak)"))
V.term(Term.choice("zone", ZONE_WORDS, "a zone"))
V.term(Term("pt", r"-?\d+/-?\d+", description="power/toughness such as 2/2"))
V.term(Term("n", r"\d+", int, description="a number"))
V.term(Term("cost", r"(?:\{[^}]+\})+", description="a cost in mana symbols such as {2}{B}{B}"))
V.term(Term("color", r"無色|[白青黒赤緑](?:・[白青黒赤緑])*", description="無色 or colours joined by ・"))
V.term(Term("typeline", r"[^「」]+", description="a type line such as アーティファクト・クリーチャー ─ サイバーマン"))
V.term(Term("ability", r"(?!能力|カード名|マナ・コスト|クリーチャー・タイプ|パワーとタフネス|特性)[^「」\s]+", description="an ability as printed, such as 飛行 or 護法{2}"))
V.term(Term.choice("has", {"持つ": True, "持っている": True, "持たない": False, "持っていない": False}, "持つ or 持たない"))
V.term(Term.choice("can", {"できる": True, "できない": False}, "できる or できない"))
V.term(Term.choice("face", {"表向き": True, "裏向き": False}, "表向き or 裏向き"))
V.term(Term.choice("revealed", {"公開された": True, "公開されていない": False}, "公開された or 公開されていない"))
V.term(Term.choice("event", {"戦場に出たとき": ENTERS, "表向きになったとき": TURNED_FACE_UP, "死亡したとき": DIES,
                             "護法": BECOMES_TARGET},
                   "the event of a triggered ability (護法: ward, when it becomes the target of an opponent's spell or ability)"))
V.term(Term.choice("fired", {"誘発した": True, "誘発しない": False, "誘発しなかった": False}, "誘発した or 誘発しない"))
V.term(Term.choice("newer", {"新しい": True, "古い": False}, "新しい or 古い"))
V.term(Term.choice("combat", {"攻撃している": "attacking", "攻撃していない": "not attacking",
                              "ブロックされている": "blocked", "ブロックされていない": "not blocked",
                              "戦闘から取り除かれている": "removed"},
                   "where it stands in combat"))
V.term(Term.choice("sick", {"受けている": True, "受けていない": False}, "受けている or 受けていない"))
V.term(Term.choice("legal", {"である": True, "ではない": False}, "である or ではない"))
V.term(Term.choice("is", {"である": True, "ではない": False}, "である or ではない"))
V.term(Term.choice("blocking", {"ブロックしている": True, "ブロックしていない": False},
                   "ブロックしている or ブロックしていない"))
V.term(Term.choice("attached", {"ついている": True, "ついていない": False}, "ついている or ついていない"))
V.term(Term.choice("fizzled", {"立ち消えた": True, "立ち消えなかった": False}, "立ち消えた or 立ち消えなかった"))
V.term(Term.choice("daynight", {"昼": "day", "夜": "night"}, "昼 or 夜"))
V.term(Term.choice("counter", {"+1/+1": "+1/+1", "忠誠": "忠誠", "守備": "守備"}, "a kind of counter"))
V.term(Term.choice("upway", {"変異コスト": "変異", "大変異コスト": "大変異", "変装コスト": "変装",
                             "マナ・コスト": "マナ・コスト"}, "which face-up cost is paid"))
V.term(Term.choice("side", {"第1面": False, "第2面": True}, "第1面 or 第2面"))
V.term(Term.choice("tapped", {"タップ状態である": True, "アンタップ状態である": False},
                   "タップ状態である or アンタップ状態である"))


# -- Given: setting up ---------------------------------------------------------------------

@V.given("{player}は「{card}」をコントロールしている")
def controls(game: Game, player: int, card: str) -> None:
    """A face-up permanent that has been on the battlefield since before this turn."""
    game.zone_rules.put_onto_battlefield(game.new_card(card, player, HAND), player, setup=True)


@V.given("{player}は{facedown}で裏向きにした「{card}」をコントロールしている")
def controls_face_down(game: Game, player: int, facedown: str, card: str) -> None:
    """A face-down permanent (as that mechanic makes it), there since before this turn."""
    game.zone_rules.put_onto_battlefield(game.new_card(card, player, HAND), player, face_down_as=BY_WAY[facedown],
                                         face_down_by=facedown, setup=True)


@V.given("{player}は「{source:card}」の効果で裏向きにした「{card}」をコントロールしている")
def controls_face_down_by_card(game: Game, player: int, source: str, card: str) -> None:
    """A face-down permanent with the characteristics the named card's effect gives it."""
    spec = game.definition(source).face_down_as
    game.zone_rules.put_onto_battlefield(game.new_card(card, player, HAND), player, face_down_as=spec or FACE_DOWN_DEFAULT,
                                         face_down_by=f"「{source}」", setup=True)


@V.given("「{card}」はこのターンに戦場に出た")
def entered_this_turn(game: Game, card: str) -> None:
    c = game.card(card)
    c.controlled_since = game.tick()
    c.entered_at = c.controlled_since


@V.given("{player}のライブラリーの一番上に「{card}」がある")
def library_top(game: Game, player: int, card: str) -> None:
    game.new_card(card, player, LIBRARY, index=0)


@V.given("{player}の手札に「{card}」がある")
def in_hand(game: Game, player: int, card: str) -> None:
    game.new_card(card, player, HAND)


@V.given("ゲームは{daynight}である")
def day_or_night(game: Game, daynight: str) -> None:
    game.day_night = daynight


@V.given("「{card}」に{counter}カウンターが{n}個置かれている")
def put_counters(game: Game, card: str, counter: str, n: int) -> None:
    game.add_counters(game.card(card), counter, n)


@V.given("「{aura:card}」が「{card}」についている")
def aura_attached(game: Game, aura: str, card: str) -> None:
    target = game.card(card)
    game.zone_rules.put_onto_battlefield(game.new_card(aura, target.controller, HAND), target.controller, setup=True,
                                         attach_to=target)


@V.given("{player}の墓地に「{card}」がある")
def in_graveyard(game: Game, player: int, card: str) -> None:
    game.new_card(card, player, GRAVEYARD)


@V.given("「{card}」はタップ状態である")
def is_tapped(game: Game, card: str) -> None:
    game.card(card).tapped = True


@V.given("{player}の統率領域に「{card}」が裏向きで置かれている")
def in_command_zone(game: Game, player: int, card: str) -> None:
    game.zone_rules.put_into_command_zone(game.new_card(card, player, HAND), face_down=True)


# -- Given / When: acting ------------------------------------------------------------------

@V.phrase(("given", "when"), "{player}は「{card}」を唱える")
def cast(game: Game, player: int, card: str) -> None:
    game.stack_rules.cast(player, game.in_hand(card, player))


@V.phrase(("given", "when"), "{player}は「{card}」を{way}で裏向きに唱える")
def cast_face_down(game: Game, player: int, card: str, way: str) -> None:
    game.stack_rules.cast(player, game.in_hand(card, player), face_down_way=way)


@V.phrase(("given", "when"), "{player}は「{target:card}」を対象として「{card}」を唱える")
def cast_targeting(game: Game, player: int, target: str, card: str) -> None:
    game.stack_rules.cast(player, game.in_hand(card, player), targets=(game.card(target),))


@V.phrase(("given", "when"), "スタックの一番上を解決する")
def resolve_top(game: Game) -> None:
    game.stack_rules.resolve_top()


@V.phrase(("given", "when"), "スタックの一番上を解決し、{player}は戦慄予示で「{card}」を戦場に出す")
def resolve_top_manifesting(game: Game, player: int, card: str) -> None:
    """Resolve the top of the stack; when it makes the player manifest dread (CR 701.62a),
    the player manifests the named card of the two looked at (the other goes to the
    graveyard).  Without this choice stated, the top card is manifested."""
    game.face_down_rules.dread_choice[player] = game.card(card)
    try:
        game.stack_rules.resolve_top()
    finally:
        left = game.face_down_rules.dread_choice.pop(player, None)
    if left is not None:
        raise IllegalAction(f"「{card}」: nothing made {'あなた' if player == 0 else '対戦相手'} manifest dread")


@V.phrase(("given", "when"), "スタックをすべて解決する")
def resolve_all(game: Game) -> None:
    game.stack_rules.resolve_all()


@V.phrase(("given", "when"), "{player}は「{card}」を表向きにする")
def turn_face_up(game: Game, player: int, card: str) -> None:
    """The special action: pay the cost of a way the rules allow and turn it face up."""
    game.face_down_rules.turn_face_up_special(player, game.card(card))


@V.phrase(("given", "when"), "{player}は{cost}を支払って「{card}」を表向きにする")
def turn_face_up_paying(game: Game, player: int, cost: str, card: str) -> None:
    game.face_down_rules.turn_face_up_special(player, game.card(card), cost)


@V.phrase(("given", "when"), "{player}は「{card}」の{upway}を支払って表向きにする")
def turn_face_up_by_way(game: Game, player: int, card: str, upway: str) -> None:
    game.face_down_rules.turn_face_up_special(player, game.card(card), way=upway)


@V.given("「{card}」は第2面が表になっている")
def transformed(game: Game, card: str) -> None:
    game.face_down_rules.transform(game.card(card))


@V.phrase(("given", "when"), "効果によって「{card}」が表向きになる")
def turned_face_up_by_effect(game: Game, card: str) -> None:
    """An effect turns it face up (as こじ開け does), whatever it is."""
    game.face_down_rules.turn_face_up(game.card(card), reason="効果")


@V.phrase(("given", "when"), "効果によって「{card}」が裏向きになる")
def turned_face_down_by_effect(game: Game, card: str) -> None:
    """An effect that states no characteristics turns it face down (CR 708.2a)."""
    game.face_down_rules.turn_face_down(game.card(card))


@V.phrase(("given", "when"), "「{source:card}」の効果によって「{card}」が裏向きになる")
def turned_face_down_by_card(game: Game, source: str, card: str) -> None:
    """The named card's effect turns it face down, with the characteristics it states."""
    game.face_down_rules.turn_face_down(game.card(card), face_down_as=game.definition(source).face_down_as, by=f"「{source}」")


@V.phrase(("given", "when"), "{player}はライブラリーの一番上のカードを{manifest}する")
def manifest(game: Game, player: int, manifest: str) -> None:
    game.face_down_rules.manifest(player, manifest)


@V.phrase(("given", "when"), "「{card}」が戦場に出る")
def enters(game: Game, card: str) -> None:
    c = game.card(card)
    game.zone_rules.put_onto_battlefield(c, c.owner, reason="効果")


@V.phrase(("given", "when"), "「{card}」が「{original:card}」のコピーとして戦場に出る")
def enters_as_copy(game: Game, card: str, original: str) -> None:
    target = game.card(original)
    c = game.card(card)
    game.zone_rules.put_onto_battlefield(c, c.owner, copy_of=target, reason="コピーとして")


@V.phrase(("given", "when"), "「{card}」が「{original:card}」のコピーになる")
def becomes_copy(game: Game, card: str, original: str) -> None:
    game.layer_rules.become_copy(game.card(card), game.card(original))


@V.phrase(("given", "when"), "「{card}」が破壊される")
def destroyed(game: Game, card: str) -> None:
    game.destroy(game.card(card), reason="効果")
    game.stack_rules.settle()


@V.phrase(("given", "when"), "「{card}」がオーナーの{zone}に置かれる")
def put_into_zone(game: Game, card: str, zone: str) -> None:
    game.zone_rules.move(game.card(card), zone, index=0 if zone == LIBRARY else None, reason="効果")
    game.stack_rules.settle()


@V.phrase(("given", "when"), "「{card}」が追放される")
def exiled(game: Game, card: str) -> None:
    game.zone_rules.exile(game.card(card))
    game.stack_rules.settle()


@V.phrase(("given", "when"), "「{card}」が裏向きで追放される")
def exiled_face_down(game: Game, card: str) -> None:
    game.zone_rules.exile(game.card(card), face_down=True)
    game.stack_rules.settle()


@V.phrase(("given", "when"), "{player}は裏向きで追放されている「{card}」を見る")
def look_at_exiled(game: Game, player: int, card: str) -> None:
    """An effect lets the player look at the face-down exiled card."""
    game.zone_rules.let_look(player, game.card(card))


@V.phrase(("given", "when"), "{player}は追放されている「{card}」を唱える")
def cast_from_exile(game: Game, player: int, card: str) -> None:
    """Cast a card from exile, as the effect that exiled it allows."""
    c = game.card(card)
    if c.zone.kind != EXILE:
        raise IllegalAction(f"「{card}」 is not in exile")
    game.stack_rules.cast(player, c)


@V.phrase(("given", "when"), "{player}は追放されている「{card}」を{way}で裏向きに唱える")
def cast_from_exile_face_down(game: Game, player: int, card: str, way: str) -> None:
    """Cast a card face down from exile, as the effect that exiled it allows."""
    c = game.card(card)
    if c.zone.kind != EXILE:
        raise IllegalAction(f"「{card}」 is not in exile")
    game.stack_rules.cast(player, c, face_down_way=way)


@V.phrase(("given", "when"), "{player}は「{card}」で攻撃する")
def attack(game: Game, player: int, card: str) -> None:
    game.combat_rules.attack(player, game.card(card))


@V.phrase(("given", "when"), "{player}は「{blocker:card}」で「{card}」をブロックする")
def block(game: Game, player: int, blocker: str, card: str) -> None:
    game.combat_rules.block(player, game.card(blocker), game.card(card))


@V.phrase(("given", "when"), "{player}のターンが始まる")
def turn_begins(game: Game, player: int) -> None:
    game.start_turn(player)


@V.phrase(("given", "when"), "ゲームが終了する")
def game_ends(game: Game) -> None:
    game.zone_rules.end_game()


@V.phrase(("given", "when"), "{player}がゲームから離れる")
def leaves(game: Game, player: int) -> None:
    game.zone_rules.leave_game(player)


@V.phrase(("given", "when"), "「{card}」がフェイズ・アウトする")
def phases_out(game: Game, card: str) -> None:
    game.phase_out(game.card(card))


@V.phrase(("given", "when"), "{player}は「{card}」を唱え始める")
def begin_casting(game: Game, player: int, card: str) -> None:
    game.stack_rules.begin_casting(player, game.in_hand(card, player))


@V.phrase(("given", "when"), "{player}は「{card}」を唱え終える")
def finish_casting(game: Game, player: int, card: str) -> None:
    game.stack_rules.finish_casting(player)


@V.phrase(("given", "when"), "{player}は「{card}」の能力を起動する")
def activate(game: Game, player: int, card: str) -> None:
    """Its activated ability (printed, or granted to it), with no target."""
    game.stack_rules.activate(player, game.card(card))


@V.phrase(("given", "when"), "{player}は「{target:card}」を対象として「{card}」の能力を起動する")
def activate_targeting(game: Game, player: int, target: str, card: str) -> None:
    game.stack_rules.activate(player, game.card(card), game.card(target))


@V.phrase(("given", "when"), "{player}は「{target:card}」を「{card}」の誘発型能力の対象に選ぶ")
def choose_trigger_target(game: Game, player: int, target: str, card: str) -> None:
    """The target of a triggered ability waiting on the stack, when more than one is legal
    (with one legal target it is chosen as the ability is put on the stack)."""
    game.stack_rules.choose_trigger_target(player, game.card(card), game.card(target))


@V.phrase(("given", "when"), "{player}は{whom:player}を「{card}」の誘発型能力の対象に選ぶ")
def choose_trigger_target_player(game: Game, player: int, whom: int, card: str) -> None:
    """A player as the target of a triggered ability waiting on the stack."""
    game.stack_rules.choose_trigger_target(player, game.card(card), whom)


@V.phrase(("given", "when"), "{player}は「{source:card}」の能力で「{card}」を裏向きに唱える")
def cast_face_down_with(game: Game, player: int, source: str, card: str) -> None:
    """A permanent's ability casts a creature card face down (Illusionary Mask)."""
    game.stack_rules.cast(player, game.in_hand(card, player), face_down_by=game.card(source))


@V.phrase(("given", "when"), "{player}は護法のコストを支払う")
def pay_ward(game: Game, player: int) -> None:
    """The ward ability on top of the stack resolves, and its cost is paid."""
    game.stack_rules.resolve_top(pay=True)


@V.phrase(("given", "when"), "終了ステップが始まる")
def end_step(game: Game) -> None:
    game.stack_rules.begin_end_step()


@V.phrase(("given", "when"), "{player}は「{card}」のマナ能力を起動する")
def mana_ability(game: Game, player: int, card: str) -> None:
    game.stack_rules.activate_mana_ability(player, game.card(card))


# -- Then: observing -------------------------------------------------------------------------

def _values(game: Game, card: str):
    return game.layer_rules.characteristics(game.card(card))


@V.then("「{card}」は{pt}である")
def power_toughness(game: Game, card: str, pt: str) -> None:
    expect(f"「{card}」のパワー/タフネス", pt, _values(game, card).pt_text())


#: what a face-down object may lack (CR 708.2): the word -> whether its values have it
LACKABLE = {
    "パワーとタフネス": lambda v: v.pt_text() is not None,
    "カード名": lambda v: v.name is not None,
    "クリーチャー・タイプ": lambda v: bool(v.subtypes),
    "マナ・コスト": lambda v: v.mana_cost is not None,
    "能力": lambda v: bool(v.keywords()),
    "特性": lambda v: (v.name, v.types, v.mana_cost) != (None, (), None),
}
V.term(Term.choice("lackable", {word: word for word in LACKABLE}, "a characteristic an object may lack"))


def _last_token(game: Game, player: int):
    made = game.tokens(player)
    if not made:
        raise ExpectationFailed(f"{'あなた' if player == 0 else '対戦相手'}がコントロールするトークン", "ある", "ない")
    return made[-1]


@V.then("{player}が最後に生成したトークンは{pt}である")
def token_power_toughness(game: Game, player: int, pt: str) -> None:
    """The token the player created last (and still controls)."""
    expect(f"{'あなた' if player == 0 else '対戦相手'}が最後に生成したトークンのP/T", pt,
           game.layer_rules.characteristics(_last_token(game, player)).pt_text())


@V.then("{player}が最後に生成したトークンは{lackable}を{has}")
def token_has_characteristic(game: Game, player: int, lackable: str, has: bool) -> None:
    expect(f"{'あなた' if player == 0 else '対戦相手'}が最後に生成したトークンが{lackable}を持つ", has,
           LACKABLE[lackable](game.layer_rules.characteristics(_last_token(game, player))))


@V.then("{player}が最後に生成したトークンのカード名は「{name:card}」{same:is}")
def token_name(game: Game, player: int, name: str, same: bool) -> None:
    expect(f"{'あなた' if player == 0 else '対戦相手'}が最後に生成したトークンのカード名が「{name}」", same,
           game.layer_rules.characteristics(_last_token(game, player)).name == name)


@V.then("「{card}」は{lackable}を{has}")
def has_characteristic(game: Game, card: str, lackable: str, has: bool) -> None:
    """Whether it has that characteristic at all (a face-down object has no name …)."""
    expect(f"「{card}」が{lackable}を持つ", has, LACKABLE[lackable](_values(game, card)))


@V.then("「{card}」のカード名は「{name:card}」{same:is}")
def has_name(game: Game, card: str, name: str, same: bool) -> None:
    expect(f"「{card}」のカード名が「{name}」", same, _values(game, card).name == name)


@V.then("「{card}」の色は{color}{same:is}")
def color(game: Game, card: str, color: str, same: bool) -> None:
    expect(f"「{card}」の色が{color}", same, _values(game, card).color_text() == color)


@V.then("「{card}」のタイプは「{typeline}」{same:is}")
def type_line(game: Game, card: str, typeline: str, same: bool) -> None:
    expect(f"「{card}」のタイプが「{typeline}」", same, _values(game, card).type_line() == typeline)


@V.then("「{card}」のマナ・コストは{cost}{same:is}")
def mana_cost(game: Game, card: str, cost: str, same: bool) -> None:
    expect(f"「{card}」のマナ・コストが{cost}", same, _values(game, card).mana_cost == cost)


@V.then("「{card}」は{ability}を{has}")
def has_ability(game: Game, card: str, ability: str, has: bool) -> None:
    expect(f"「{card}」が{ability}を持つ", has, _values(game, card).has(ability))


@V.then("「{card}」は{face}である")
def face(game: Game, card: str, face: bool) -> None:
    c = game.card(card)
    expect(f"「{card}」が表向き", face, not game.face_down_rules.is_face_down(c))


@V.then("「{card}」は{side}が表になっている")
def side_up(game: Game, card: str, side: bool) -> None:
    expect(f"「{card}」の第2面が表", side, game.card(card).transformed)


@V.then("{player}は「{card}」の表を見ることが{can}")
def can_see(game: Game, player: int, card: str, can: bool) -> None:
    expect(f"player {player} が「{card}」の表を見られる", can, game.zone_rules.can_see(player, game.card(card)))


@V.then("「{card}」は{zone}にある")
def in_zone(game: Game, card: str, zone: str) -> None:
    expect(f"「{card}」の領域", ZONE_NAMES[zone], ZONE_NAMES[game.card(card).zone.kind])


@V.then("「{card}」は{revealed}")
def was_revealed(game: Game, card: str, revealed: bool) -> None:
    expect(f"「{card}」が公開された", revealed, game.zone_rules.was_revealed(game.card(card)))


@V.then("「{card}」の「{event}」能力は{fired}")
def triggered(game: Game, card: str, event: str, fired: bool) -> None:
    expect(f"「{card}」の{event}能力が誘発した", fired, game.stack_rules.did_trigger(game.card(card), event))


@V.then("「{card}」のタイムスタンプは「{other:card}」より{newer}")
def timestamp(game: Game, card: str, other: str, newer: bool) -> None:
    a, b = game.card(card), game.card(other)
    expect(f"「{card}」のタイムスタンプが「{other}」より新しい", newer, a.timestamp > b.timestamp)


@V.then("「{card}」は{combat}")
def combat(game: Game, card: str, combat: str) -> None:
    c = game.card(card)
    actual = {"attacking": c.attacking, "not attacking": not c.attacking, "blocked": c.blocked,
              "not blocked": not c.blocked,
              "removed": any(e.data.get("card") == c.serial for e in game.log.of_kind("removed-from-combat"))}
    expect(f"「{card}」 {combat}", True, actual[combat])


@V.then("「{blocker:card}」は「{card}」を{blocking}")
def is_blocking(game: Game, blocker: str, card: str, blocking: bool) -> None:
    expect(f"「{blocker}」が「{card}」をブロックしている", blocking, game.card(blocker).blocking is game.card(card))


@V.then("「{card}」は召喚酔いの影響を{sick}")
def summoning_sick(game: Game, card: str, sick: bool) -> None:
    expect(f"「{card}」が召喚酔い", sick, game.combat_rules.summoning_sick(game.card(card)))


@V.then("「{card}」は「{spell:card}」の適正な対象{legal}")
def legal_target(game: Game, card: str, spell: str, legal: bool) -> None:
    s = game.card(spell)
    expect(f"「{card}」が「{spell}」の適正な対象", legal, game.stack_rules.is_legal_target(s, game.card(card)))


@V.then("「{card}」は「{source:card}」の能力の適正な対象{legal}")
def legal_ability_target(game: Game, card: str, source: str, legal: bool) -> None:
    expect(f"「{card}」が「{source}」の能力の適正な対象", legal,
           game.stack_rules.is_legal_ability_target(game.card(source), game.card(card)))


@V.then("「{card}」は{fizzled}")
def fizzled(game: Game, card: str, fizzled: bool) -> None:
    c = game.card(card)
    expect(f"「{card}」が立ち消えた", fizzled,
           any(e.data.get("card") == c.serial for e in game.log.of_kind("fizzle")))


@V.then("{player}のライフは{n}である")
def life(game: Game, player: int, n: int) -> None:
    expect(f"player {player} のライフ", n, game.life[player])


@V.then("「{card}」に{counter}カウンターが{n}個置かれている")
def counters(game: Game, card: str, counter: str, n: int) -> None:
    expect(f"「{card}」の{counter}カウンター", n, game.card(card).counters.get(counter, 0))


@V.then("「{aura:card}」は「{card}」に{attached}")
def attached(game: Game, aura: str, card: str, attached: bool) -> None:
    a, c = game.card(aura), game.card(card)
    expect(f"「{aura}」が「{card}」についている", attached,
           game.zone_rules.on_battlefield(a) and a.attached_to is c and a.attached_object == c.object_id)


@V.then("{player}の手札は{n}枚である")
def hand_size(game: Game, player: int, n: int) -> None:
    expect(f"player {player} の手札の枚数", n, len(game.board.zone(player, HAND)))


@V.then("「{card}」は表向きに{can}")
def can_turn_face_up(game: Game, card: str, can: bool) -> None:
    expect(f"「{card}」を表向きにできる", can, game.face_down_rules.why_cannot_turn_face_up(game.card(card)) is None)


@V.then("「{card}」は{cost}を支払って表向きに{can}")
def can_turn_face_up_for(game: Game, card: str, cost: str, can: bool) -> None:
    expect(f"「{card}」を{cost}で表向きにできる", can, game.face_down_rules.why_cannot_turn_face_up(game.card(card), cost) is None)


@V.then("「{card}」は{tapped}")
def tapped_or_not(game: Game, card: str, tapped: bool) -> None:
    c = game.card(card)
    # tapped or untapped is a status of permanents only (CR 110.5): a card elsewhere is neither
    expect(f"「{card}」がタップ状態", tapped, game.zone_rules.on_battlefield(c) and c.tapped)


@V.then("「{card}」は{player}がコントロールしている")
def controller(game: Game, card: str, player: int) -> None:
    c = game.card(card)
    expect(f"「{card}」のコントローラー", player, c.controller)


@V.then("「{card}」は{n}点のダメージを受けている")
def damage(game: Game, card: str, n: int) -> None:
    expect(f"「{card}」が受けているダメージ", n, game.card(card).damage)


@V.then("{player}から見た裏向きのパーマネントは次のとおりである", table=True)
def public_view(game: Game, player: int, table) -> None:
    """Each row: a card (as the example knows it) and what the viewer can tell of it."""
    header, *rows = [list(r) for r in table]
    actual = []
    for row in rows:
        view = game.zone_rules.public_view(player, game.card(row[0]))
        actual.append([row[0]] + [view[col] for col in header[1:]])
    if actual != rows:
        raise ExpectationFailed(f"player {player} から見た裏向きのパーマネント", rows, actual)


# -- basic rules: the actions the engine referees, asked without doing them ----------------
# (spec/mtg/basic-rules.rst; each Then asks the same check the action makes: why_cannot_*)

@V.phrase(("given", "when"), "{player}は「{card}」をプレイする")
def play_land(game: Game, player: int, card: str) -> None:
    """Play a land from the hand (a special action, CR 305.1)."""
    game.play_land(player, game.in_hand(card, player))


@V.phrase(("given", "when"), "戦闘フェイズが終わる")
def end_combat(game: Game) -> None:
    """The combat phase ends; the turn goes on in its second main phase."""
    game.combat_rules.end_combat()


def _caster_copy(game: Game, name: str, player: int):
    """The copy of ``name`` a cast by ``player`` would take: in their hand, else the one
    the game prefers (a copy never brought in is asked about in the hand)."""
    hand = list(game.board.zone(player, HAND))
    found = game.named(name, hand, hand.index)
    return found if found is not None else game.card(name, player)


def _verdict(what: str, can: bool, reason: str | None) -> None:
    expect(f"{what} ({reason or 'ok'})", can, reason is None)


@V.then("{player}は「{card}」を唱えることが{can}")
def can_cast(game: Game, player: int, card: str, can: bool) -> None:
    """Whether that player could cast that card now (where it is, a land, timing)."""
    _verdict(f"{'あなた' if player == 0 else '対戦相手'}が「{card}」を唱えられる", can,
             game.stack_rules.why_cannot_cast(player, _caster_copy(game, card, player)))


@V.then("{player}は「{card}」を{way}で裏向きに唱えることが{can}")
def can_cast_face_down(game: Game, player: int, card: str, way: str, can: bool) -> None:
    """Whether that player could cast that card face down that way now (a creature spell)."""
    _verdict(f"{'あなた' if player == 0 else '対戦相手'}が「{card}」を{way}で裏向きに唱えられる", can,
             game.stack_rules.why_cannot_cast(player, _caster_copy(game, card, player), face_down_way=way))


@V.then("{player}は「{target:card}」を対象として「{card}」を唱えることが{can}")
def can_cast_targeting(game: Game, player: int, target: str, card: str, can: bool) -> None:
    """Whether that player could cast that card now with that target (CR 601.2c)."""
    spell = _caster_copy(game, card, player)
    reason = game.stack_rules.why_cannot_cast(player, spell)
    if reason is None and not game.stack_rules.is_legal_target(spell, game.card(target)):
        reason = f"「{target}」は「{card}」の適正な対象ではない"
    _verdict(f"{'あなた' if player == 0 else '対戦相手'}が「{target}」を対象として「{card}」を唱えられる", can, reason)


@V.then("{player}は「{card}」をプレイすることが{can}")
def can_play_land(game: Game, player: int, card: str, can: bool) -> None:
    """Whether that player could play that land now (CR 305)."""
    _verdict(f"{'あなた' if player == 0 else '対戦相手'}が「{card}」をプレイできる", can,
             game.why_cannot_play_land(player, _caster_copy(game, card, player)))


@V.then("{player}は「{card}」で攻撃することが{can}")
def can_attack(game: Game, player: int, card: str, can: bool) -> None:
    """Whether that player could attack with that creature now."""
    _verdict(f"{'あなた' if player == 0 else '対戦相手'}が「{card}」で攻撃できる", can,
             game.combat_rules.why_cannot_attack(player, game.card(card)))


@V.then("{player}は「{blocker:card}」で「{card}」をブロックすることが{can}")
def can_block(game: Game, player: int, blocker: str, card: str, can: bool) -> None:
    """Whether that player could block that attacking creature with that creature now."""
    _verdict(f"{'あなた' if player == 0 else '対戦相手'}が「{blocker}」で「{card}」をブロックできる", can,
             game.combat_rules.why_cannot_block(player, game.card(blocker), game.card(card)))


@V.then("{player}は「{card}」の能力を起動することが{can}")
def can_activate(game: Game, player: int, card: str, can: bool) -> None:
    """Whether that player could activate that permanent's activated ability now (its
    target, if it has one, is not asked about)."""
    _verdict(f"{'あなた' if player == 0 else '対戦相手'}が「{card}」の能力を起動できる", can,
             game.stack_rules.why_cannot_activate(player, game.card(card), check_target=False))


@V.then("{player}は「{card}」のマナ能力を起動することが{can}")
def can_activate_mana(game: Game, player: int, card: str, can: bool) -> None:
    """Whether that player could activate that permanent's mana ability now."""
    _verdict(f"{'あなた' if player == 0 else '対戦相手'}が「{card}」のマナ能力を起動できる", can,
             game.stack_rules.why_cannot_activate_mana_ability(player, game.card(card)))


@V.phrase(("given", "when"), "{player}は「{t1:card}」と「{t2:card}」を対象として「{card}」を唱える")
def cast_targeting_two(game: Game, player: int, t1: str, t2: str, card: str) -> None:
    """A spell with up to two targets (「クリーチャー最大2体を対象とする」), cast with both."""
    game.stack_rules.cast(player, game.in_hand(card, player), targets=(game.card(t1), game.card(t2)))


@V.then("{player}は「{t1:card}」と「{t2:card}」を対象として「{card}」を唱えることが{can}")
def can_cast_targeting_two(game: Game, player: int, t1: str, t2: str, card: str, can: bool) -> None:
    """Whether that player could cast that card now with those two targets."""
    spell = _caster_copy(game, card, player)
    targets = (game.card(t1), game.card(t2))
    reason = game.stack_rules.why_cannot_cast(player, spell) or game.stack_rules.why_not_targets(spell, targets)
    if reason is None:
        reason = next((f"「{t.name}」は「{card}」の適正な対象ではない" for t in targets
                       if not game.stack_rules.is_legal_target(spell, t)), None)
    _verdict(f"{'あなた' if player == 0 else '対戦相手'}が「{t1}」と「{t2}」を対象として「{card}」を唱えられる", can,
             reason)


# -- face-down mechanics (mtg-facedown): mana value, the stack, the way paid ------------------

@V.then("「{card}」のマナ総量は{n}である")
def mana_value(game: Game, card: str, n: int) -> None:
    """Its mana value as it is now (CR 202.3; a face-down object has no mana cost, 708.4)."""
    expect(f"「{card}」のマナ総量", n, _values(game, card).mana_value())


@V.then("スタックにある呪文と能力は{n}個である")
def stack_size(game: Game, n: int) -> None:
    """How many spells and abilities wait on the stack (a special action puts none, CR 116.2b)."""
    expect("スタックにある呪文と能力の数", n, len(game.stack_rules.stack))


@V.then("「{card}」は{upway}を支払って表向きに{can}")
def can_turn_face_up_by_way(game: Game, card: str, upway: str, can: bool) -> None:
    expect(f"「{card}」を{upway}で表向きにできる", can,
           game.face_down_rules.why_cannot_turn_face_up(game.card(card), way=upway) is None)

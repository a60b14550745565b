"""The Magic card catalogue: each card the documents name, defined once.

Names are the Japanese card names (the English name is kept alongside).  Only the part
of each card's text that the rulings use is modelled; a fact not modelled is left out
rather than guessed (a ``None`` mana cost below says "not modelled", see the comment).
"""

from __future__ import annotations

from .cards import (ANOTHER_DIES, AS_ENTERS, AS_TURNED_UP, CAST_FACE_DOWN, CDA, DAMAGE, DIES, END_STEP, ENTERS,
                    LEAVES_BATTLEFIELD, REPLACEMENT, RESTRICTION, STATIC, TAPPED, TRIGGERED, TURN_FACE_UP,
                    TURNED_FACE_UP, Ability, CardDef, Face, Target, activated, disguise, keyword, megamorph, morph,
                    triggered)
from .characteristics import (ARTIFACT, BATTLE, CREATURE, ENCHANTMENT, FACE_DOWN_DEFAULT, INSTANT, LAND,
                              PERMANENT_TYPES, PLANESWALKER, SORCERY, Characteristics)

LEGENDARY = "伝説"
#: what the Doctor Who cards make of what they turn or put face down (the seed's table)
CYBERMAN = Characteristics(types=(ARTIFACT, CREATURE), subtypes=("サイバーマン",), power=2, toughness=2)


# -- small effect functions built from the game's primitives ------------------------------

def _draw(game, source, **_):
    game.draw(source.controller)


def _sacrifice_and_draw(game, source):
    controller = source.controller
    game.move(source, "graveyard", reason="生け贄に捧げる")
    game.draw(controller)


def _destroy_targets(game, spell, targets):
    for target in targets:
        game.destroy(target, reason=f"「{spell.name}」")


def _turn_targets_face_up(game, spell, targets):
    for target in targets:
        game.turn_face_up(target, reason=f"「{spell.name}」")


def _turn_targets_face_down(game, spell, targets):
    for target in targets:
        game.turn_face_down(target, face_down_as=spell.definition.face_down_as, by=f"「{spell.name}」")


def _counter_targets(game, spell, targets):
    for target in targets:
        game.counter(target, by=f"「{spell.name}」")


def _pump_targets(power, toughness):
    def resolve(game, spell, targets):
        for target in targets:
            game.add_effect(target, "7c", lambda ch: ch.with_(power=ch.power + power, toughness=ch.toughness + toughness),
                            f"ターン終了時まで+{power}/+{toughness}（「{spell.name}」）", until_end_of_turn=True)
    return resolve


def _three_damage(game, spell, targets):
    for target in targets:
        game.deal_damage(target, 3, spell)


def _turn_face_up_then_deal_power(game, spell, targets):
    """衝撃的な展開: turn it face up if it is face down, then it deals damage equal to its
    power to each other creature."""
    for target in targets:
        if not target.face_up:
            game.turn_face_up(target, reason=f"「{spell.name}」")
        power = game.characteristics(target).power or 0
        for other in game.permanents():
            if other is not target and CREATURE in game.characteristics(other).types:
                game.deal_damage(other, power, target)


def _ability_turns_target_face_up(game, source, target=None, **_):
    game.turn_face_up(target, reason=f"「{source.name}」の能力")


def _sacrifice_it(game, source, card=None, card_id=0, **_):
    if card is not None and card.object_id == card_id and game.on_battlefield(card):
        game.sacrifice(card, reason=f"「{source.name}」の遅延誘発型能力")


SACRIFICE_AT_END_STEP = Ability(TRIGGERED, "次の終了ステップの開始時に、それを生け贄に捧げる。", event=END_STEP,
                                effect=_sacrifice_it)


def _skirk_turns_up(game, source, target=None, **_):
    game.turn_face_up(target, reason=f"「{source.name}」の能力")
    game.delay(source, SACRIFICE_AT_END_STEP, card=target, card_id=target.object_id)


def _turn_this_face_up_or_exile(game, source, **_):
    """「このクリーチャーを表向きにする。できないなら、それを追放し、その後あなたはそのカードを
    マナ・コストを支払うことなく唱えてもよい」 (the optional cast is left to a later step)."""
    if not game.turn_face_up(source, reason="起動型能力"):
        game.exile(source)


def _blink_face_down(game, source, **_):
    """岸砕きの精霊: exiled, it comes back as a new object, face down with nothing stated
    about it (CR 708.2a)."""
    card = game.exile(source)
    game.put_onto_battlefield(card, card.owner, face_down_as=FACE_DOWN_DEFAULT, face_down_by=f"「{card.name}」",
                              reason="効果")


def _magar_puts_face_down(game, source, target=None, **_):
    if target is not None and target.zone.kind == "graveyard":
        game.put_onto_battlefield(target, source.controller, face_down_as=source.definition.face_down_as,
                                  face_down_by=f"「{source.name}」", reason="効果")


def _harvester_turns_tapped_down(game, source, **_):
    """イリシッドの収穫者: "any number of target tapped nontoken creatures" — its controller
    is taken to choose every such creature its opponents control (no step chooses targets)."""
    for other in game.permanents():
        if other.tapped and not other.definition.token and other.controller != source.controller \
                and CREATURE in game.characteristics(other).types:
            game.turn_face_down(other, face_down_as=source.definition.face_down_as, by=f"「{source.name}」")


def _yarus_returns_face_up(game, source, card=None, **_):
    """ヤラス: back face down (nothing stated: CR 708.2a) if it is a permanent card, then
    turned face up — it enters face down, so no "enters" ability (CR 708.3), and it is
    turned face up, so "turned face up" abilities trigger."""
    if card is None or card.zone.kind != "graveyard":
        return
    if not set(card.definition.front.types) & PERMANENT_TYPES:
        game.log.record("no-op", f"「{card.name}」はパーマネント・カードではないので戻らない", card=card.serial)
        return
    game.put_onto_battlefield(card, card.owner, face_down_as=FACE_DOWN_DEFAULT, face_down_by=f"「{source.name}」",
                              reason="効果")
    game.turn_face_up(card, reason=f"「{source.name}」の能力")


def _missy_returns_cyberman(game, source, card=None, **_):
    if card is not None and card.zone.kind == "graveyard":
        game.put_onto_battlefield(card, source.controller, face_down_as=source.definition.face_down_as,
                                  face_down_by=f"「{source.name}」", tapped=True, reason="効果")


def _each_player_two(game, source, **_):
    for player in (0, 1):
        game.deal_damage_to_player(player, 2, source)


def _return_face_down(game, source, card=None, **_):
    """灰雲のフェニックス: it returns face down, with nothing said of how: CR 708.2a."""
    if card is not None and card.zone.kind == "graveyard":
        game.put_onto_battlefield(card, source.controller, face_down_as=FACE_DOWN_DEFAULT, face_down_by=f"「{source.name}」")


def _yedora_returns(game, source, card=None, **_):
    if card is not None and card.zone.kind == "graveyard":
        game.put_onto_battlefield(card, source.controller, face_down_as=source.definition.face_down_as,
                                  face_down_by=f"「{source.name}」")


def _ixidron_turns_others_down(game, source):
    for other in game.permanents():
        if other is not source and not other.definition.token and CREATURE in game.characteristics(other).types:
            game.turn_face_down(other, by=f"「{source.name}」")


def _ixidron_pt(game, card, values):
    n = sum(1 for p in game.permanents() if not p.face_up and CREATURE in game.layers_types(p))
    return values.with_(power=n, toughness=n)


def _five_counters(game, card):
    game.add_counters(card, "+1/+1", 5)


def _two_dogs(game, source, **_):
    for _ in range(2):
        game.create_token(source.controller, DOG_TOKEN, tapped=True)


def _enchanted_gets(power, toughness):
    return Ability(STATIC, f"エンチャントしているクリーチャーは+{power}/+{toughness}の修整を受ける", layer="7c",
                   effect=lambda ch: ch.with_(power=ch.power + power, toughness=ch.toughness + toughness),
                   affects=lambda game, source, obj: source.attached_to is obj
                   and source.attached_object == obj.object_id)


def _attach_to_a_player(game, card):
    game.attach(card, ("player", 1 - card.controller))


# -- targets ----------------------------------------------------------------------------

def _creature(game, spell, c):
    return CREATURE in game.characteristics(c).types


def _creature_or_land(game, spell, c):
    types = game.characteristics(c).types
    return CREATURE in types or LAND in types


def _small_creature(game, spell, c):
    values = game.characteristics(c)
    return CREATURE in values.types and values.power + values.toughness <= 5


def _opponents_face_down_creature(game, spell, c):
    return not c.face_up and c.controller != spell.controller and CREATURE in game.characteristics(c).types


def _face_down_creature(game, spell, c):
    return not c.face_up and CREATURE in game.characteristics(c).types


def _your_face_down_creature(game, spell, c):
    return _face_down_creature(game, spell, c) and c.controller == spell.controller


def _your_face_down_attacking_creature(game, spell, c):
    return _your_face_down_creature(game, spell, c) and c.attacking


def _your_creature(game, spell, c):
    return c.controller == spell.controller and CREATURE in game.characteristics(c).types


def _your_instant_or_sorcery_card(game, source, c):
    return c.owner == source.controller and bool({INSTANT, SORCERY} & set(c.definition.front.types))


# -- who a "whenever another creature dies" ability counts (cards.ANOTHER_DIES) -----------

def _your_nontoken(game, source, death):
    return death.controller == source.controller and not death.card.definition.token


def _your_face_down(game, source, death):
    return death.controller == source.controller and death.face_down


def _nonartifact(game, source, death):
    return ARTIFACT not in death.values.types


# -- statics ---------------------------------------------------------------------------------

def _grants(ability: Ability):
    return lambda ch: ch.with_(abilities=(*ch.abilities, ability))


def _opponents_during_your_turn(game, source, obj):
    return game.active_player == source.controller and obj.controller != source.controller


def _your_other_creatures(game, source, obj):
    return obj is not source and obj.controller == source.controller and CREATURE in game.layers_types(obj)


def _your_face_down_creatures(game, source, obj):
    return not obj.face_up and obj.controller == source.controller and CREATURE in game.layers_types(obj)


def _face_down_creatures(game, source, obj):
    return not obj.face_up and CREATURE in game.layers_types(obj)


ETRATA_GRANT = activated("{2}{U}{B}", "{2}{U}{B}：このクリーチャーを表向きにする。できないなら、それを追放し、その後あなたは"
                         "そのカードをマナ・コストを支払うことなく唱えてもよい。", _turn_this_face_up_or_exile)


def _creature_spell(game, spell, c):
    return c is not spell and CREATURE in game.characteristics(c).types


def _noncreature_spell(game, spell, c):
    return c is not spell and CREATURE not in game.characteristics(c).types


CREATURE_TARGET = Target("クリーチャー1体", "battlefield", _creature)

DOG_TOKEN = Face("犬", "Dog", None, (CREATURE,), ("犬",), power=1, toughness=1, color_indicator=frozenset({"白"}))


CARDS: list[CardDef] = [
    CardDef(Face("にやにや笑いの悪魔", "Grinning Demon", "{2}{B}{B}", (CREATURE,), ("デーモン",), power=6, toughness=6,
                 abilities=(triggered("upkeep", "あなたのアップキープの開始時に、あなたは2点のライフを失う。"),
                            morph("{2}{B}{B}")))),
    CardDef(Face("枝折りロリアン", "Branchsnap Lorian", "{1}{G}{G}", (CREATURE,), ("ビースト",), power=4, toughness=1,
                 abilities=(keyword("トランプル"), morph("{G}")))),
    CardDef(Face("クローン", "Clone", "{3}{U}", (CREATURE,), ("多相の戦士",), power=0, toughness=0)),
    CardDef(Face("溶岩の流れ", "Lava Flow", "{3}{R}{R}", (SORCERY,)),
            targets=(Target("クリーチャー1体か土地1つ", "battlefield", _creature_or_land),), resolve=_destroy_targets),
    CardDef(Face("生けるものの洞窟", "Zoetic Cavern", None, (LAND,), abilities=(morph("{2}"),))),
    CardDef(Face("切り崩し", "Cut Down", "{B}", (INSTANT,)),
            targets=(Target("パワーとタフネスの合計が5以下のクリーチャー1体", "battlefield", _small_creature),),
            resolve=_destroy_targets),
    CardDef(Face("ヒルの呪い", "Curse of Leeches", "{2}{B}", (ENCHANTMENT,), ("オーラ", "呪い"),
                 abilities=(Ability(AS_ENTERS, "ヒルの呪いが戦場に出るに際し、プレイヤー1人につける。",
                                    effect=_attach_to_a_player),
                            keyword("日暮"))),
            back=Face("Leeching Lurker", "Leeching Lurker", None, (CREATURE,), ("ヒル", "ホラー"), power=4, toughness=4,
                      abilities=(keyword("絆魂"), keyword("夜明")), color_indicator=frozenset({"黒"})),
            enchant="player"),
    CardDef(Face("こじ開け", "Break Open", "{1}{R}", (INSTANT,)),
            targets=(Target("対戦相手がコントロールする裏向きのクリーチャー1体", "battlefield",
                            _opponents_face_down_creature),),
            resolve=_turn_targets_face_up),
    CardDef(Face("イクシドロン", "Ixidron", "{3}{U}{U}", (CREATURE,), ("イリュージョン",), power=0, toughness=0,
                 abilities=(Ability(AS_ENTERS, "イクシドロンが戦場に出るに際し、トークンでない他のクリーチャーをすべて裏向きにする。",
                                    effect=_ixidron_turns_others_down),
                            Ability(CDA, "イクシドロンのパワーとタフネスは、戦場にある裏向きのクリーチャーの数に等しい。",
                                    effect=_ixidron_pt)))),
    CardDef(Face("灰雲のフェニックス", "Ashcloud Phoenix", "{4}{R}{R}", (CREATURE,), ("フェニックス",), power=4, toughness=1,
                 abilities=(keyword("飛行"),
                            triggered(DIES, "灰雲のフェニックスが死亡したとき、それを裏向きで戦場に戻す。", _return_face_down),
                            morph("{4}{R}{R}"),
                            triggered(TURNED_FACE_UP, "灰雲のフェニックスが表向きになったとき、各プレイヤーに2点のダメージを与える。",
                                      _each_player_two)))),
    CardDef(Face("残酷な機械技師、テゼレット", "Tezzeret, Cruel Machinist", "{4}{U}{U}", (PLANESWALKER,), ("テゼレット",),
                 supertypes=(LEGENDARY,), loyalty=4),
            face_down_as=Characteristics(types=(ARTIFACT, CREATURE), power=5, toughness=5)),
    CardDef(Face("霊園の庭師、イェドラ", "Yedora, Grave Gardener", "{4}{G}", (CREATURE,), ("ツリーフォーク", "ドルイド"),
                 supertypes=(LEGENDARY,), power=5, toughness=5,
                 abilities=(triggered(ANOTHER_DIES, "あなたがコントロールするトークンでない他のクリーチャーが死亡するたび、それを裏向きで戦場に戻してもよい。それは森・土地である。",
                                      _yedora_returns, affects=_your_nontoken),)),
            face_down_as=Characteristics(types=(LAND,), subtypes=("森",))),
    CardDef(Face("サイバーへの変換", "Cyber Conversion", "{U}{U}", (INSTANT,)),
            targets=(CREATURE_TARGET,), resolve=_turn_targets_face_down, face_down_as=CYBERMAN),
    CardDef(Face("エルフの幻想家", "Elvish Visionary", "{1}{G}", (CREATURE,), ("エルフ", "シャーマン"), power=1, toughness=1,
                 abilities=(triggered(ENTERS, "エルフの幻想家が戦場に出たとき、カードを1枚引く。", _draw),))),
    CardDef(Face("前兆の壁", "Wall of Omens", "{1}{W}", (CREATURE,), ("壁",), power=0, toughness=4,
                 abilities=(keyword("防衛"), triggered(ENTERS, "前兆の壁が戦場に出たとき、カードを1枚引く。", _draw)))),
    CardDef(Face("頭巾のハイドラ", "Hooded Hydra", "{X}{G}{G}", (CREATURE,), ("蛇", "ハイドラ"), power=0, toughness=0,
                 abilities=(morph("{3}{G}{G}"),
                            Ability(AS_TURNED_UP, "頭巾のハイドラが表向きになるに際し、これの上に+1/+1カウンターを5個置く。",
                                    effect=_five_counters)))),
    CardDef(Face("アイノクの生存者", "Ainok Survivalist", "{1}{G}", (CREATURE,), ("猟犬", "シャーマン"), power=2, toughness=1,
                 abilities=(megamorph("{1}{G}"),
                            triggered(TURNED_FACE_UP, "アイノクの生存者が表向きになったとき、対戦相手がコントロールするアーティファクトかエンチャント1つを対象とし、それを破壊する。")))),
    CardDef(Face("犬の散歩者", "Dog Walker", "{R/W}{R/W}", (CREATURE,), ("人間", "市民"), power=3, toughness=1,
                 abilities=(keyword("警戒"), disguise("{R/W}{R/W}"),
                            triggered(TURNED_FACE_UP, "犬の散歩者が表向きになったとき、白の1/1の犬・クリーチャー・トークン2体をタップ状態で生成する。",
                                      _two_dogs)))),
    CardDef(Face("神聖なる力", "Holy Strength", "{W}", (ENCHANTMENT,), ("オーラ",), abilities=(_enchanted_gets(1, 2),)),
            targets=(CREATURE_TARGET,), enchant=CREATURE),
    CardDef(Face("巨大化", "Giant Growth", "{G}", (INSTANT,)), targets=(CREATURE_TARGET,), resolve=_pump_targets(3, 3)),
    CardDef(Face("本質の散乱", "Essence Scatter", "{1}{U}", (INSTANT,)),
            targets=(Target("クリーチャー・呪文1つ", "stack", _creature_spell),), resolve=_counter_targets),
    CardDef(Face("否認", "Negate", "{1}{U}", (INSTANT,)),
            targets=(Target("クリーチャーでない呪文1つ", "stack", _noncreature_spell),), resolve=_counter_targets),
    CardDef(Face("稲妻", "Lightning Bolt", "{R}", (INSTANT,)), targets=(CREATURE_TARGET,), resolve=_three_damage),
    CardDef(Face("秘密を掘り下げる者", "Delver of Secrets", "{U}", (CREATURE,), ("人間", "ウィザード"), power=1, toughness=1),
            back=Face("昆虫の逸脱者", "Insectile Aberration", None, (CREATURE,), ("人間", "昆虫"), power=3, toughness=2,
                      abilities=(keyword("飛行"),), color_indicator=frozenset({"青"}))),
    CardDef(Face("ジェイス・ベレレン", "Jace Beleren", "{1}{U}{U}", (PLANESWALKER,), ("ジェイス",),
                 supertypes=(LEGENDARY,), loyalty=3)),
    CardDef(Face("ゼンディカーへの侵攻", "Invasion of Zendikar", "{3}{G}", (BATTLE,), ("包囲戦",), defense=3),
            back=Face("Awakened Skyclave", "Awakened Skyclave", None, (CREATURE,), ("エレメンタル",), power=4, toughness=4,
                      color_indicator=frozenset({"緑"}))),
    CardDef(Face("彩色の宝球", "Chromatic Sphere", "{1}", (ARTIFACT,),
                 abilities=(Ability("mana", "{1},{T},彩色の宝球を生け贄に捧げる：好きな色1色のマナ1点を加える。カードを1枚引く。",
                                    effect=_sacrifice_and_draw),))),
    CardDef(Face("Double Stroke", "Double Stroke", None, ("策略",), abilities=(keyword("秘策"),))),
    CardDef(Face("Summoner's Bond", "Summoner's Bond", None, ("策略",), abilities=(keyword("両策"),))),
    CardDef(Face("Kiddie Coaster", "Kiddie Coaster", None, (ARTIFACT,), ("アトラクション",))),
    # -- the seed's table: what each card makes of what it turns or puts face down --------
    CardDef(Face("Illusionary Mask", "Illusionary Mask", "{2}", (ARTIFACT,),
                 abilities=(Ability(CAST_FACE_DOWN, "{X}：あなたの手札にある、マナ・コストを{X}に使ったマナで支払えるクリーチャー・"
                                    "カード1枚を、マナ・コストを支払うことなく2/2のクリーチャー呪文として裏向きに唱えてもよい。それが解決されて"
                                    "なったクリーチャーが表向きになっていない状態でダメージを与えるか受けるかタップ状態になるなら、代わりに"
                                    "表向きになってからそうなる。起動はソーサリーとしてのみ行う。"),)),
            face_down_as=FACE_DOWN_DEFAULT, face_up_when=frozenset({DAMAGE, TAPPED})),
    CardDef(Face("イリシッドの収穫者", "Illithid Harvester", "{4}{U}", (CREATURE,), ("ホラー",), power=4, toughness=4,
                 abilities=(triggered(ENTERS, "イリシッドの収穫者が戦場に出たとき、タップ状態でトークンでないクリーチャー"
                                      "を望む数だけ対象とし、それらを裏向きにする。それらは2/2のホラー・クリーチャーである。",
                                      _harvester_turns_tapped_down),)),
            face_down_as=Characteristics(types=(CREATURE,), subtypes=("ホラー",), power=2, toughness=2)),
    CardDef(Face("魔法の糸のメイガー", "Magar of the Magic Strings", "{1}{B}{R}", (CREATURE,), ("ミノタウルス", "パフォーマー"),
                 supertypes=(LEGENDARY,), power=3, toughness=3,
                 abilities=(activated("{1}{B}{R}", "{1}{B}{R}：あなたの墓地にあるインスタント・カードかソーサリー・カード1枚を"
                                      "対象とし、その名前を記録してから裏向きで戦場に出す。",
                                      _magar_puts_face_down,
                                      target=Target("あなたの墓地にあるインスタント・カードかソーサリー・カード1枚", "graveyard",
                                                    _your_instant_or_sorcery_card)),)),
            face_down_as=Characteristics(types=(CREATURE,), power=3, toughness=3, abilities=(
                triggered("combat-damage-to-player", "このクリーチャーがプレイヤーに戦闘ダメージを与えるたび、記録した名前のカードの"
                          "コピーを作ってもよい。そのコピーをマナ・コストを支払うことなく唱えてもよい。"),
                Ability(REPLACEMENT, "このクリーチャーが戦場を離れるなら、代わりに追放する。", event=LEAVES_BATTLEFIELD)))),
    CardDef(Face("岸砕きの精霊", "Shorecrasher Elemental", "{U}{U}{U}", (CREATURE,), ("エレメンタル",), power=3, toughness=3,
                 abilities=(activated("{U}", "{U}：岸砕きの精霊を追放し、その後それを裏向きでオーナーのコントロール下で戦場に戻す。",
                                      _blink_face_down),
                            megamorph("{4}{U}")))),
    CardDef(Face("古き神々の咆哮、ヤラス", "Yarus, Roar of the Old Gods", "{2}{R}{G}", (CREATURE,), ("ケンタウルス", "ドルイド"),
                 supertypes=(LEGENDARY,), power=4, toughness=4,
                 abilities=(Ability(STATIC, "あなたがコントロールする他のクリーチャーは速攻を持つ。", layer="6",
                                    effect=_grants(keyword("速攻")), affects=_your_other_creatures),
                            triggered(ANOTHER_DIES, "あなたがコントロールする裏向きのクリーチャーが1体死亡するたび、それがパーマネント・"
                                      "カードであるなら、それを裏向きでオーナーのコントロール下で戦場に戻す。その後、それを表向きにする。",
                                      _yarus_returns_face_up, affects=_your_face_down)))),
    CardDef(Face("天国での死", "Death in Heaven", "{3}{B}", (ENCHANTMENT,), ("英雄譚",)), face_down_as=CYBERMAN),
    CardDef(Face("サイバーコントローラー", "The Cyber-Controller", "{X}{U}{U}{B}", (ARTIFACT, CREATURE), ("サイバーマン",),
                 supertypes=(LEGENDARY,), power=3, toughness=3), face_down_as=CYBERMAN),
    CardDef(Face("ミッシー", "Missy", "{3}{U}{B}{R}", (CREATURE,), ("タイムロード", "ならず者"), supertypes=(LEGENDARY,),
                 power=4, toughness=5,
                 abilities=(triggered(ANOTHER_DIES, "アーティファクトでない他のクリーチャーが1体死亡するたび、それを裏向きかつタップ状態で"
                                      "あなたのコントロール下で戦場に戻す。それは2/2のサイバーマン・アーティファクト・クリーチャーである。",
                                      _missy_returns_cyberman, affects=_nonartifact),)),
            face_down_as=CYBERMAN),
    CardDef(Face("サイバーシップ", "Cybership", "{6}", (ARTIFACT,), ("機体",), power=8, toughness=8,
                 abilities=(keyword("飛行"),)), face_down_as=CYBERMAN),
    # planes (Planechase): they stay in the command zone, only their face-down clause is modelled
    CardDef(Face("モンダスのコロニー船", "Mondassian Colony Ship", None, ("次元",)), face_down_as=CYBERMAN),
    CardDef(Face("ムーンベース", "The Moonbase", None, ("次元",)), face_down_as=CYBERMAN),
    # -- 関連カード: turning face up, and restrictions on it ---------------------------------
    CardDef(Face("カルロフの番犬", "Karlov Watchdog", "{3}{W}", (CREATURE,), ("犬",), power=3, toughness=2,
                 abilities=(keyword("警戒"),
                            Ability(RESTRICTION, "あなたのターンの間、対戦相手がコントロールするパーマネントは表向きにできない。",
                                    event=TURN_FACE_UP, affects=_opponents_during_your_turn)))),
    # 犯人暴き: only its first mode (turn a face-down creature face up) is modelled
    CardDef(Face("犯人暴き", "Expose the Culprit", "{1}{R}", (INSTANT,)),
            targets=(Target("裏向きのクリーチャー1体", "battlefield", _face_down_creature),),
            resolve=_turn_targets_face_up),
    CardDef(Face("命狙いの逃亡者、エトラータ", "Etrata, Deadly Fugitive", "{1}{U}{B}", (CREATURE,), ("吸血鬼", "暗殺者"),
                 supertypes=(LEGENDARY,), power=1, toughness=4,
                 abilities=(keyword("接死"),
                            Ability(STATIC, f"あなたがコントロールする裏向きのクリーチャーは「{ETRATA_GRANT.text}」を持つ。", layer="6",
                                    effect=_grants(ETRATA_GRANT), affects=_your_face_down_creatures)))),
    # 圧し合い: only what the seed says of it is modelled; its card type and cost are not
    CardDef(Face("圧し合い", "Bustle", None, ()),
            targets=(Target("あなたがコントロールするクリーチャー1体", "battlefield", _your_creature),),
            resolve=_turn_targets_face_up),
    CardDef(Face("スカークの騒ぎ屋", "Skirk Alarmist", "{1}{R}", (CREATURE,), ("人間", "ウィザード"), power=1, toughness=2,
                 abilities=(keyword("速攻"),
                            activated(None, "{T}：あなたがコントロールする裏向きのクリーチャー1体を対象とし、それを表向きにする。"
                                      "次の終了ステップの開始時に、それを生け贄に捧げる。", _skirk_turns_up, tap=True,
                                      target=Target("あなたがコントロールする裏向きのクリーチャー1体", "battlefield",
                                                    _your_face_down_creature))))),
    CardDef(Face("現実を彫る者イクシドール", "Ixidor, Reality Sculptor", "{3}{U}{U}", (CREATURE,), ("人間", "ウィザード"),
                 supertypes=(LEGENDARY,), power=3, toughness=4,
                 abilities=(Ability(STATIC, "裏向きのクリーチャーは+1/+1の修整を受ける。", layer="7c",
                                    effect=lambda ch: ch.with_(power=ch.power + 1, toughness=ch.toughness + 1),
                                    affects=_face_down_creatures),
                            activated("{2}{U}", "{2}{U}：裏向きのクリーチャー1体を対象とし、それを表向きにする。",
                                      _ability_turns_target_face_up,
                                      target=Target("裏向きのクリーチャー1体", "battlefield", _face_down_creature))))),
    CardDef(Face("衝撃的な展開", "Showstopping Surprise", "{3}{R}{R}", (INSTANT,)),
            targets=(Target("あなたがコントロールするクリーチャー1体", "battlefield", _your_creature),),
            resolve=_turn_face_up_then_deal_power),
    # 林間の眼、カウスト: its cost, power and toughness are not modelled, only the ability the seed names
    CardDef(Face("林間の眼、カウスト", "Kaust, Eyes of the Glade", None, (CREATURE,), supertypes=(LEGENDARY,),
                 abilities=(activated(None, "あなたがコントロールする攻撃している裏向きのクリーチャー1体を対象とし、それを表向きにする。",
                                      _ability_turns_target_face_up,
                                      target=Target("あなたがコントロールする攻撃している裏向きのクリーチャー1体", "battlefield",
                                                    _your_face_down_attacking_creature)),))),
]

CATALOGUE: dict[str, CardDef] = {}
for _card in CARDS:
    if _card.name in CATALOGUE:
        raise ValueError(f"card defined twice: 「{_card.name}」")
    CATALOGUE[_card.name] = _card

_BY_ENGLISH = {c.english: c for c in CARDS}


def card_names() -> list[str]:
    """Every name a document may use: the Japanese names, and the English ones."""
    return [*CATALOGUE, *_BY_ENGLISH]


def find_definition(name: str) -> CardDef | None:
    return CATALOGUE.get(name) or _BY_ENGLISH.get(name)

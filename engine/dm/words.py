"""The closed sets of words a Duel Masters card is written with: card kinds,
civilizations, races, keywords, zones.  A word outside these sets is a typo (or a word
the engine does not know yet: add it here, where every card and block checks it).
"""

from __future__ import annotations

#: カードの種類 -> (CardDef.kind, evolution)
KINDS: dict[str, tuple[str, bool]] = {
    "クリーチャー": ("creature", False),
    "進化クリーチャー": ("creature", True),
    "呪文": ("spell", False),
    "城": ("castle", False),
    "D2フィールド": ("D2 field", False),
    "サイキック・クリーチャー": ("psychic creature", False),
}

CIVILIZATIONS: dict[str, str] = {c: c for c in ("光", "水", "闇", "火", "自然", "ゼロ")}

#: races (種族) the engine knows; a race word such as ドラゴン or サイバー matches every
#: race that contains it (ボルケーノ・ドラゴン, サイバーロード …)
RACES: tuple[str, ...] = tuple(dict.fromkeys((
    # 光
    "エンジェル・コマンド", "イニシエート", "ガーディアン", "ベリー・ストーム", "メカ・デル・ソル",
    "ライトブリンガー", "バーサーカー", "スターライト・ツリー", "コスモ・ウォーカー", "グレートメカオー",
    "シャイン・モンスター", "メタリカ", "ジャスティス・ウイング", "アポロニア・ドラゴン", "ジャスティス",
    "ドラゴン・ゾンビ", "ルナティック・エンペラー", "エンジェル・コマンド・ドラゴン", "オラクル",
    # 水
    "サイバーロード", "サイバー・ウイルス", "サイバー・ムーン", "サイバー・コマンド", "リキッド・ピープル",
    "フィッシュ", "アースイーター", "スプラッシュ・クイーン", "ムートピア", "クリスタル・コマンド・ドラゴン",
    "ポセイディア・ドラゴン", "サイバー・クラスター", "リヴァイアサン", "トリックス",
    # 闇
    "デーモン・コマンド", "デーモン・コマンド・ドラゴン", "ダークロード", "ゴースト", "ブレインジャッカー",
    "パラサイトワーム", "リビング・デッド", "キマイラ", "デスパペット", "ドラゴン・ゾンビ", "ゼノパーツ",
    "マフィ・ギャング", "デスマッチ・ビートル",
    # 火
    "ボルケーノ・ドラゴン", "アーマード・ドラゴン", "アーマード・ワイバーン", "ティラノ・ドレイク", "ヒューマノイド", "マシン・イーター",
    "ドラゴノイド", "アーマロイド", "ロック・ビースト", "メルト・ウォリアー", "フレイム・コマンド・ドラゴン",
    "ガイアール・コマンド・ドラゴン", "ビートジョッキー", "アウトレイジ", "アウトレイジMAX",
    "ハンター", "ファイアー・バード", "ガイアール・ドラゴン", "ボルシャック・ドラゴン",
    # 自然
    "ビーストフォーク", "ジャイアント", "ドリームメイト", "ツリーフォーク", "ホーン・ビースト",
    "バルーン・マッシュルーム", "ワイルド・ベジーズ", "グランド・デビル", "アース・ドラゴン",
    "ジャイアント・ドラゴン", "グランセクト", "ジャイアント・インセクト", "ミステリー・トーテム",
    # 多色・その他
    "フェニックス", "オリジン", "アンノウン", "ゼニス", "エイリアン", "ハンター", "ドラゴン・ギルド",
    "ワールド・ドラゴン", "レインボー・ファンタジスタ", "キング・コマンド・ドラゴン",
    "ゼロ・フェニックス", "ジョーカーズ", "ディスペクター", "サバイバー", "サムライ", "ナイト", "シノビ",
)))

#: words a race contains, used for evolution bases, FE and "the cards that are …"
RACE_WORDS: tuple[str, ...] = ("ドラゴン", "サイバー", "コマンド", "デーモン", "エンジェル", "ドラゴノイド",
                               "ビースト", "ジャイアント", "ゴースト", "フェニックス", "オリジン", "アウトレイジ",
                               "ハンター", "エイリアン")

#: keyword abilities (キーワード能力)
KEYWORDS: tuple[str, ...] = (
    "S・トリガー", "S・バック", "シールド・ゴー", "ブロッカー", "スレイヤー", "W・ブレイカー", "T・ブレイカー",
    "Q・ブレイカー", "ワールド・ブレイカー", "スピードアタッカー", "パワーアタッカー", "マッハファイター",
    "ジャストダイバー", "G・ゼロ", "ガードマン", "セイバー", "シンパシー", "エスケープ", "アンタップキラー",
    "ターボラッシュ", "メテオバーン", "侵略", "革命チェンジ", "シールド・プラス", "ブロックされない",
    "攻撃できない", "チャージャー",
)

#: zones, as the card texts write them
ZONES: dict[str, str] = {"山札": "deck", "手札": "hand", "シールドゾーン": "shield zone", "マナゾーン": "mana zone",
                         "墓地": "graveyard", "バトルゾーン": "battle zone", "超次元ゾーン": "hyperspatial zone"}


def is_race_word(word: str) -> bool:
    """A race, or a word some known race contains (ドラゴン, サイバー …)."""
    return any(word in race for race in RACES)


def race_words() -> list[str]:
    """Every word a filter may name as a race: the races and the words they share."""
    return sorted(set(RACES) | set(RACE_WORDS), key=lambda w: (-len(w), w))

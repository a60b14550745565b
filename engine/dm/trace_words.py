"""How the trace of a Duel Masters duel reads: Japanese, in the documents' own terms
(バトルゾーン, マナゾーン, シールドゾーン, 手札, 墓地, 山札; 自分/相手), and English for
developers on the console.

Plain data (see :mod:`rulings.core.events` for the template syntax).
"""

from rulings.core.events import merge
from rulings.core.trace_words import WORDS as SHARED

WORDS = merge(SHARED, {
    "ja": {
        "players": {0: "自分", 1: "相手"},
        "zone": "{owner}の{zone}",
        "zones": {"deck": "山札", "hand": "手札", "shield zone": "シールドゾーン", "mana zone": "マナゾーン",
                  "graveyard": "墓地", "battle zone": "バトルゾーン", "hyperspatial zone": "超次元ゾーン"},
        "words": {
            "shown": "見せる", "revealed": "表向きにする", "destroyed": "破壊", "drawn": "引く", "summoned": "召喚",
            "shield broken": "シールドがブレイクされた", "its shield was broken": "シールドがブレイクされた",
            "its shield left the shield zone": "シールドがシールドゾーンを離れた",
            "fortifies a shield": "シールドを要塞化する", "put there face up": "表向きで置かれた",
            "top of the deck (played face up)": "山札の上（表向きのままプレイする）",
            "チャージャー: to the mana zone instead": "チャージャー：代わりにマナゾーンへ",
            "the first that fits, in the zone's order (a deck from the top)": "ゾーンの順で最初に合うもの（山札は上から）",
            True: "はい", False: "いいえ", "resolved": "解決した", "under a shield": "シールドの下に",
            "シールド・ゴー: face up, to the graveyard instead": "シールド・ゴー：表向きのまま、代わりに墓地へ",
            # what a card remembers of being face up, and what makes it forget (engine/dm/memory.py)
            "the effect that turned it face up has finished": "表向きにした効果が終わった",
            "left its zone": "ゾーンを離れた",
            "put elsewhere in its deck, or shuffled": "山札の別の場所に置かれたか、シャッフルされた",
            "is no longer the top card of its deck": "山札の一番上ではなくなった",
            "an effect turned it face down (裏向きにする)": "効果で裏向きにされた（裏向きにする）",
            "turned face up by an effect (表向きにする / 見せる)": "効果で表向きにされた（表向きにする／見せる）",
            "kept face up while in its zone (表向きのままプレイする)": "ゾーンにある間は表向きのまま（表向きのままプレイする）",
            "put into its zone face up": "表向きでゾーンに置かれた",
            "top card of its deck, played face up": "山札の一番上（表向きのままプレイする）",
        },
        "phrases": {
            "evolves from {card}": "{card}から進化",
            "looked at by player {player}": "{player}が見る",
            "{card}: the top {n} card(s) of the deck?": "{card}：山札の上から{n}枚に対して行う？",
            "{card}: draw {n} card(s)?": "{card}：カードを{n}枚引く？",
            "{card}: under a shield": "{card}：シールドの下に",
            "a shield to put the card(s) under ({card})": "カードを下に置くシールド（{card}）",
            "which card goes on top of the new shield ({card})": "新しいシールドの一番上になるカード（{card}）",
        },
        "events": {
            "setup": "{card}は最初から{zone}にある",
            "setup.face-up": "{card}は最初から{zone}に表向きである",
            "refused.looking": "{card}は{what}ことができない：{by}が{zone}を見ることを禁じている",
            "reorder.bottom": "{card}を{zone}の一番下に置く",
            "reorder.top": "{card}を{zone}の一番上に置く",
            "shuffle": "{zone}をシャッフルする",
            "shuffle.shields": "{player}のシールドをシャッフルする[[（{reason}）]]",
            "break": "{player}のシールド（{cards}）がブレイクされる",
            "destroy": "{card}が破壊される",
            "trigger": "{card}の{label}が誘発する",
            "resolve": "{card}の{label}を解決する",
            "lose.deck-out": "{player}は山札がなくなったので敗北する",
            "cast": "{player}が{card}を唱える",
            "attack": "{card}が{target}を攻撃する",
            "attack.player": "{card}が相手プレイヤーを攻撃する",
            "attack.unblocked": "{card}はブロックされなかった",
            "tap.ability": "{card}をタップしてタップトリガー能力を使う",
            "D-switch": "{card}のD・スイッチを使い、上下逆さまにする",
            "turn.ends": "{turn}ターン目（{player}のターン）が終わる",
            "turn": "{turn}ターン目：{player}のターン",
            "extra-turn": "{player}はこのターンの後に{n}回追加ターンを得る",
            "shield": "{player}のシールド（{cards}）",
        },
    },
    "en": {
        "events": {
            "setup": "{card} starts in {zone}",
            "setup.face-up": "{card} starts in {zone} face up",
            "refused.looking": "{card} cannot be {what}: {by} forbids looking at the {zone}",
            "reorder.bottom": "{card} to the bottom of {zone}",
            "reorder.top": "{card} to the top of {zone}",
            "shuffle": "{zone} shuffled",
            "shuffle.shields": "{player}'s shields shuffled[[ ({reason})]]",
            "break": "the shield of {player} ({cards}) is broken",
            "destroy": "{card} destroyed",
            "trigger": "{card} {label} triggers",
            "resolve": "{card} {label}",
            "lose.deck-out": "{player} has no deck left and loses",
            "cast": "{player} casts {card}",
            "attack": "{card} attacks {target}",
            "attack.player": "{card} attacks the opponent",
            "attack.unblocked": "{card} is not blocked",
            "tap.ability": "{card} taps for its TT ability",
            "D-switch": "{card} turned upside down",
            "turn.ends": "turn {turn} ({player}) ends",
            "turn": "turn {turn}: {player}",
            "extra-turn": "{player} takes {n} extra turn(s) after this one",
            "shield": "a shield of {player} ({cards})",
        },
    },
})

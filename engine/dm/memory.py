"""The one table of why a hidden card is face up, and which events turn it face down.

In Duel Masters a card in the deck, the hand or the shield zone is face up only
because something made it so, and how long it stays face up depends on what made it
so (the ruling document spec/dm/face-up.rst):

- an effect turned it face up (表向きにする, すべてのプレイヤーに見せる) and says nothing
  more: face down again, in place, when that effect has finished;
- an effect says to keep playing it face up (アクア・マスター, 捜索甲冑ゴロンガー), or put
  it into its zone face up (シールド・ゴー, Dの天牢 ジェイルハウスロック, 神聖で新生な霊樹):
  face up for as long as it stays in that zone;
- ラグーン・マーメイド keeps the top card of each deck face up: only while it is the top.

Every card moved to the bottom of a deck, or shuffled, goes face down, whatever made
it face up; so does a card an effect turns face down (冥界の手: 自分のシールドをすべて
裏向きにし、シャッフルして並べる).  As with ygopro-core's reset flags, each reason is stored with the set of
transitions that erase it; the card is face up while any reason remains (or while it
is in a public zone).
"""

from __future__ import annotations

from enum import Enum


class Transition(str, Enum):
    RESOLVED = "the effect that turned it face up has finished"
    LEFT_ZONE = "left its zone"
    REORDERED = "put elsewhere in its deck, or shuffled"
    NOT_TOP = "is no longer the top card of its deck"
    TURNED_DOWN = "an effect turned it face down (裏向きにする)"


class FaceUp(str, Enum):
    REVEALED = "turned face up by an effect (表向きにする / 見せる)"
    KEPT = "kept face up while in its zone (表向きのままプレイする)"
    PLACED = "put into its zone face up"
    TOP_OF_DECK = "top card of its deck, played face up"


T = Transition
ERASED_BY: dict[FaceUp, frozenset[Transition]] = {
    FaceUp.REVEALED: frozenset({T.RESOLVED, T.LEFT_ZONE, T.REORDERED, T.TURNED_DOWN}),
    FaceUp.KEPT: frozenset({T.LEFT_ZONE, T.REORDERED, T.TURNED_DOWN}),
    FaceUp.PLACED: frozenset({T.LEFT_ZONE, T.REORDERED, T.TURNED_DOWN}),
    FaceUp.TOP_OF_DECK: frozenset({T.LEFT_ZONE, T.REORDERED, T.NOT_TOP, T.TURNED_DOWN}),
}

#: what a reader of the site (the coverage page, `rulings coverage`) calls each row and
#: transition of the table, in the document's words
LABELS: dict[object, str] = {
    FaceUp.REVEALED: "効果で表向きにされた",
    FaceUp.KEPT: "表向きのままプレイする",
    FaceUp.PLACED: "表向きで置かれた",
    FaceUp.TOP_OF_DECK: "山札の一番上で表向き",
    T.RESOLVED: "表向きにした効果が終わる",
    T.LEFT_ZONE: "そのゾーンを離れる",
    T.REORDERED: "山札の別の位置に置かれる・シャッフルされる",
    T.NOT_TOP: "山札の一番上でなくなる",
    T.TURNED_DOWN: "効果で裏向きにされる",
}

#: cells of ERASED_BY whose change no game situation can observe, with the reason (shown
#: on the coverage page, in the documents' language); each argument checked in duel.py
UNOBSERVABLE: dict[tuple[FaceUp, Transition], str] = {
    (FaceUp.TOP_OF_DECK, T.TURNED_DOWN): (
        "山札の一番上のカードが効果で裏向きにされても、《ラグーン・マーメイド》が働いている限り、その処理の直後に"
        "一番上のカードはまた表向きにされる（裏向きにする処理は最後に山札の一番上を確かめ直す）。消しても残しても"
        "表向きのままで、見分けられない。"),
    (FaceUp.TOP_OF_DECK, T.RESOLVED): (
        "《ラグーン・マーメイド》の能力は常在型で、処理が終わるたびに、表向きの理由を消した直後に山札の一番上のカードを"
        "また表向きにする。処理の終わりで消しても、同じカードがすぐ表向きに戻るので見分けられない。"),
    (FaceUp.TOP_OF_DECK, T.REORDERED): (
        "山札の中で動いたカードは、一番上に残れば《ラグーン・マーメイド》の能力でそのまま表向きであるべきで（消してもすぐ"
        "与え直される）、一番上でなくなれば「一番上でなくなった」ことで消える。シャッフルの後に誰も位置を知らないのも同じ。"
        "並べ替えで消しても残しても結果は同じである。"),
}

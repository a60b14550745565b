"""A maintainer adds cards of common shapes and an example about each — a Yu-Gi-Oh!
graveyard trigger, a once-per-turn targeted destroy, "cannot be destroyed by effects",
"cannot attack the turn it is activated"; Magic creatures with 変異 and "enters the
battlefield" triggers; a Duel Masters S・トリガー creature — in reStructuredText only, in a throw-away copy of the project: each example passes, and
each one fails at its Then step when the outcome it states is flipped.

No Python is written here for any card: the cards are text, their effects are phrases of
the games' building blocks.  The flipped examples are made with the same flipping as
test_flipped_outcomes.py (是↔不是, 可以↔不能, another place …)."""

from __future__ import annotations

import re

import pytest

from engine import vocabulary as vocab_mod
from tests.unit.test_flipped_outcomes import flipped

YGO_CARDS = """\
:orphan:

===============
新卡片 · 测试
===============

.. card:: 测试用 墓地诱发者
   :kind: 效果怪兽
   :attribute: 暗
   :race: 恶魔
   :level: 3
   :atk: 1000
   :def: 1000

   ①：这张卡被送去墓地的场合才能发动。自己从卡组抽1张。

   .. effect:: ①
      :kind: 诱发
      :event: 这张卡被送去墓地的场合
      :zone: 墓地
      :action: 自己从卡组抽1张

.. card:: 测试用 破坏者
   :kind: 效果怪兽
   :attribute: 炎
   :race: 战士
   :level: 4
   :atk: 1800
   :def: 1000

   ①：1回合1次，以场上1张卡为对象才能发动。那张卡破坏。

   .. effect:: ①
      :kind: 起动
      :once-per-turn: 这张卡
      :target: 场上1张卡
      :action: 那张卡破坏

.. card:: 测试用 不坏之壁
   :kind: 效果怪兽
   :attribute: 地
   :race: 岩石
   :level: 4
   :atk: 0
   :def: 2000

   ①：只要这张卡在怪兽区域表侧表示存在，这张卡不会被效果破坏。

   .. effect:: ①
      :kind: 永续
      :static: 这张卡不会被效果破坏

.. card:: 测试用 自缚者
   :kind: 效果怪兽
   :attribute: 风
   :race: 鸟兽
   :level: 4
   :atk: 1600
   :def: 1200

   ①：1回合1次才能发动。这张卡变成里侧守备表示。这个效果发动的回合，这张卡不能攻击。

   .. effect:: ①
      :kind: 起动
      :once-per-turn: 这张卡
      :restriction: 这个效果发动的回合，这张卡不能攻击
      :action: 自己从卡组抽1张
"""

YGO_DOC = """\
==========
新卡片例子
==========

.. example:: 送去墓地的场合发动
   :id: new-ygo-to-graveyard

   假如 自己的手卡有「测试用 墓地诱发者」
   当 「测试用 墓地诱发者」被送去墓地
   那么 「测试用 墓地诱发者」的①效果可以发动

.. example:: 1回合1次的取对象破坏
   :id: new-ygo-destroy

   假如 自己通常召唤「测试用 破坏者」
   而且 对方在之前的回合召唤了「黑魔术师」
   当 自己以「黑魔术师」为对象发动「测试用 破坏者」的①效果
   而且 连锁处理
   那么 「黑魔术师」在墓地
   而且 「测试用 破坏者」的①效果不能发动

.. example:: 表侧表示时不会被效果破坏，里侧时会
   :id: new-ygo-indestructible

   假如 自己通常召唤「测试用 不坏之壁」
   那么 「测试用 不坏之壁」不会被效果破坏
   当 「测试用 不坏之壁」变成里侧守备表示
   那么 「测试用 不坏之壁」会被效果破坏

.. example:: 发动了效果的回合不能攻击
   :id: new-ygo-cannot-attack

   假如 自己通常召唤「测试用 自缚者」
   当 自己发动「测试用 自缚者」的①效果
   而且 连锁处理
   而且 进入战斗阶段
   那么 「测试用 自缚者」不能攻击
"""

DM_CARDS = """\
:orphan:

==============
カード · 新規
==============

.. card:: テスト・トリガー・ガーディアン
   :kind: クリーチャー
   :civilization: 光
   :race: ガーディアン
   :cost: 4
   :power: 3000
   :keywords: S・トリガー

   S・トリガー。このクリーチャーが出た時、相手のクリーチャーを1体選び、破壊する。

   .. effect:: 出た時
      :event: 出た時
      :effect: 相手のクリーチャーを1体選び、破壊する
"""

DM_DOC = """\
==================
新しいカードの例
==================

.. example:: S・トリガーで出たクリーチャーが相手のクリーチャーを破壊する
   :id: new-dm-shield-trigger

   前提 自分のシールドゾーンに「テスト・トリガー・ガーディアン」がある
   前提 相手のバトルゾーンに「ボルシャック・ドラゴン」がある
   前提 自分のシールド「テスト・トリガー・ガーディアン」がブレイクされる
   前提 自分が「テスト・トリガー・ガーディアン」をS・トリガーで使う
   ならば 「ボルシャック・ドラゴン」は相手の墓地にある
   かつ 「テスト・トリガー・ガーディアン」は自分のバトルゾーンにある
"""

MTG_CARDS = """\
:orphan:

==========================
カード · 新規（マジック）
==========================

.. card:: テスト用 閃光の精霊
   :mana-cost: {2}{R}
   :type: クリーチャー — エレメンタル
   :pt: 2/2
   :morph: {1}{R}

   このクリーチャーが戦場に出たとき、クリーチャー1体かプレイヤー1人かプレインズウォーカー1体かバトル1つを
   対象とする。このクリーチャーはそれに2点のダメージを与える。変異{1}{R}。

   .. effect:: 戦場に出たとき
      :kind: 誘発型
      :event: このクリーチャーが戦場に出たとき
      :target: クリーチャー1体かプレイヤー1人かプレインズウォーカー1体かバトル1つ
      :effect: このクリーチャーはそれに2点のダメージを与える

.. card:: テスト用 萎れの霊
   :mana-cost: {3}{B}
   :type: クリーチャー — スピリット
   :pt: 3/3
   :morph: {2}{B}

   このクリーチャーが戦場に出たとき、対戦相手がコントロールするクリーチャー1体を対象とする。ターン終了時まで、
   それは-2/-2の修整を受ける。変異{2}{B}。

   .. effect:: 戦場に出たとき
      :kind: 誘発型
      :event: このクリーチャーが戦場に出たとき
      :target: 対戦相手がコントロールするクリーチャー1体
      :effect: ターン終了時まで、それは-2/-2の修整を受ける

.. card:: テスト用 知恵の梟
   :mana-cost: {2}{U}
   :type: クリーチャー — 鳥
   :pt: 1/1
   :keywords: 飛行
   :morph: {U}

   飛行。このクリーチャーが戦場に出たとき、カードを1枚引く。変異{U}。

   .. effect:: 戦場に出たとき
      :kind: 誘発型
      :event: このクリーチャーが戦場に出たとき
      :effect: カードを1枚引く
"""

MTG_DOC = """\
==============================
新しいカードの例（マジック）
==============================

.. example:: 戦場に出たとき、選んだクリーチャーにダメージを与える
   :id: new-mtg-etb-damage

   前提 対戦相手は「枝折りロリアン」をコントロールしている
   もし あなたは「テスト用 閃光の精霊」を唱える
   かつ スタックの一番上を解決する
   ならば 「テスト用 閃光の精霊」の「戦場に出たとき」能力は誘発した
   もし あなたは「枝折りロリアン」を「テスト用 閃光の精霊」の誘発型能力の対象に選ぶ
   かつ スタックの一番上を解決する
   ならば 「枝折りロリアン」は墓地にある

.. example:: 戦場に出たとき、対戦相手にダメージを与える
   :id: new-mtg-etb-damage-player

   もし あなたは「テスト用 閃光の精霊」を唱える
   かつ スタックの一番上を解決する
   かつ あなたは対戦相手を「テスト用 閃光の精霊」の誘発型能力の対象に選ぶ
   かつ スタックの一番上を解決する
   ならば 対戦相手のライフは18である

.. example:: 変異で裏向きに出ると「戦場に出たとき」は誘発しない
   :id: new-mtg-etb-morph

   前提 対戦相手は「枝折りロリアン」をコントロールしている
   もし あなたは「テスト用 閃光の精霊」を変異で裏向きに唱える
   かつ スタックの一番上を解決する
   ならば 「テスト用 閃光の精霊」は戦場にある
   かつ 「テスト用 閃光の精霊」の「戦場に出たとき」能力は誘発しない
   もし あなたは「テスト用 閃光の精霊」を表向きにする
   ならば 「テスト用 閃光の精霊」の「戦場に出たとき」能力は誘発しない
   かつ 「枝折りロリアン」は戦場にある

.. example:: 戦場に出たとき、対象のクリーチャーは-2/-2の修整を受ける
   :id: new-mtg-etb-shrink

   前提 対戦相手は「アイノクの生存者」をコントロールしている
   もし あなたは「テスト用 萎れの霊」を唱える
   かつ スタックをすべて解決する
   ならば 「アイノクの生存者」は墓地にある

.. example:: 対象を選べなければ、能力はスタックに置かれない
   :id: new-mtg-etb-no-target

   もし あなたは「テスト用 萎れの霊」を唱える
   かつ スタックの一番上を解決する
   ならば 「テスト用 萎れの霊」は戦場にある
   かつ 「テスト用 萎れの霊」は3/3である

.. example:: 戦場に出たとき、カードを1枚引く
   :id: new-mtg-etb-draw

   前提 あなたのライブラリーの一番上に「稲妻」がある
   もし あなたは「テスト用 知恵の梟」を唱える
   かつ スタックをすべて解決する
   ならば 「稲妻」は手札にある
   かつ あなたの手札は1枚である

.. example:: 変異で裏向きに唱えた「テスト用 知恵の梟」は、表向きになってもカードを引かない
   :id: new-mtg-etb-draw-morph

   前提 あなたのライブラリーの一番上に「稲妻」がある
   もし あなたは「テスト用 知恵の梟」を変異で裏向きに唱える
   かつ スタックをすべて解決する
   かつ あなたは「テスト用 知恵の梟」を表向きにする
   ならば 「稲妻」はライブラリーにある
   かつ 「テスト用 知恵の梟」は飛行を持つ
"""

FILES = {
    "ygo": ("spec/ygo/cards/new.rst", YGO_CARDS, "spec/ygo/new-cards.rst", YGO_DOC),
    "mtg": ("spec/mtg/cards/new.rst", MTG_CARDS, "spec/mtg/new-cards.rst", MTG_DOC),
    "dm": ("spec/dm/cards/new.rst", DM_CARDS, "spec/dm/new-cards.rst", DM_DOC),
}

_EXAMPLE = re.compile(r"(\.\. example:: .*\n   :id: (\S+)\n\n)((?:   .*\n)+)")


def with_flips(game: str, doc: str) -> tuple[str, dict[str, tuple[str, str, bool]]]:
    """The document plus, for each Then of each example, a copy of the example with that
    Then flipped (id ``<id>--flip-<n>``); returns the flipped ids -> (step, original id,
    whether it must fail: a negation must, another claim — 战斗 for 效果 — may be true)."""
    vocabulary = vocab_mod.load(game)
    extra, flips = [], {}
    for m in _EXAMPLE.finditer(doc):
        head, ident, body = m.group(1), m.group(2), m.group(3)
        lines = body.splitlines()
        for i, line in enumerate(lines):
            keyword, _, text = line.strip().partition(" ")
            for variant, must_fail in flipped(vocabulary, text):
                n = len(flips) + 1
                new_lines = lines[:i] + [f"   {keyword} {variant}"] + lines[i + 1:]
                new_id = f"{ident}--flip-{n}"
                extra.append(head.replace(f":id: {ident}", f":id: {new_id}").replace(":: ", f":: （翻转{n}）", 1)
                             + "\n".join(new_lines) + "\n")
                flips[new_id] = (f"{keyword} {variant}", ident, must_fail)
    return doc + "\n" + "\n".join(extra), flips


@pytest.fixture(scope="module")
def checked(sandboxes):
    box = sandboxes("new-cards")
    flips = {}
    for game, (card_path, cards, doc_path, doc) in FILES.items():
        box.write(card_path, cards)
        text, game_flips = with_flips(game, doc)
        box.write(doc_path, text)
        flips.update(game_flips)
    done = box.rulings("check")
    return box, done, flips


def test_no_python_was_written(checked):
    box, _done, _flips = checked
    assert not [p for p in box.root.rglob("*.py") if "tests" not in p.parts and "spec" in p.parts[-3:-1]
                and p.name != "conf.py"]


def test_the_new_cards_load_without_problems(checked):
    box, done, _flips = checked
    output = box.output(done)
    assert "problem(s) in the documents" not in output, output
    assert "Traceback" not in output, output


@pytest.mark.parametrize("game", list(FILES))
def test_each_new_example_passes(checked, game):
    box, done, flips = checked
    results = box.results()
    ids = [m.group(2) for m in _EXAMPLE.finditer(FILES[game][3])]
    assert ids
    for ident in ids:
        entry = results.get(ident)
        assert entry and entry["status"] == "passed", (ident, entry, box.output(done)[-3000:])


@pytest.mark.parametrize("game", list(FILES))
def test_each_new_example_fails_at_its_then_when_flipped(checked, game):
    box, done, flips = checked
    results = box.results()
    ids = {m.group(2) for m in _EXAMPLE.finditer(FILES[game][3])}
    mine = {k: v for k, v in flips.items() if v[1] in ids}
    failed_flips = set()
    for flip_id, (step, original, must_fail) in mine.items():
        entry = results.get(flip_id)
        assert entry and entry["status"] in ("failed", "passed"), (flip_id, step, entry)
        if must_fail or entry["status"] == "failed":
            assert entry["status"] == "failed" and entry["failing_step"] == step, (flip_id, step, entry)
            failed_flips.add(original)
    # every example states an outcome whose flip makes it fail at that step
    assert failed_flips == ids, (ids - failed_flips, mine)

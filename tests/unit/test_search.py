"""Search in both languages of one site: every word a reader types — 表向き, 裏向き, 変装,
山札, 一时除外, card names — is an index term of every page that contains it (the
browser does not segment a query, so a page indexed with other pieces is not found)."""

from __future__ import annotations

import html
import json
import re

import pytest

#: the words of the issue, and words of both languages that no word list names
WORDS = ["表向き", "裏向き", "変装", "山札", "一时除外", "ターン", "プレイヤー", "能力", "唱える", "誘発",
         "召唤", "怪兽", "对方", "连锁", "控制", "无效"]


def _index(site) -> dict:
    text = (site / "searchindex.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1:text.rindex(")")])


_TEXT: dict = {}


def _text(site, doc: str) -> str:
    """What a reader sees of a page: its article, without tags (not comments of the source)."""
    if (site, doc) not in _TEXT:
        page = (site / f"{doc}.html").read_text(encoding="utf-8")
        article = page[page.find("<article"):page.rfind("</article>")]
        _TEXT[site, doc] = html.unescape(re.sub(r"<[^>]+>", " ", article))
    return _TEXT[site, doc]


def _pages_with(site, index: dict, word: str) -> set[str]:
    return {doc for doc in index["docnames"] if word in _text(site, doc)}


def _found(index: dict, word: str) -> set[str]:
    # the page lowercases and stems a query word as the index did
    import snowballstemmer

    word = snowballstemmer.stemmer("english").stemWord(word.lower())
    out = set()
    for key in ("terms", "titleterms"):
        hits = index[key].get(word, [])
        out |= {index["docnames"][i] for i in ([hits] if isinstance(hits, int) else hits)}
    return out


@pytest.fixture(scope="module")
def site(real_site):
    path = real_site.build / "site"
    return path, _index(path)


@pytest.mark.parametrize("word", WORDS)
def test_a_word_finds_every_page_that_contains_it(site, word):
    path, index = site
    pages = _pages_with(path, index, word)
    assert pages, f"no page has {word}: pick another word"
    assert pages <= _found(index, word), f"{word}: not found on {sorted(pages - _found(index, word))}"


def test_every_card_name_finds_every_page_that_names_it(site):
    path, index = site
    names = {entry[4] for entries in index["objects"].values() for entry in entries
             if index["objtypes"][str(entry[1])] == "rulings:card"}
    assert len(names) > 100
    missing = {}
    for name in names:
        # the browser splits a query at spaces and ・; each part is looked up
        for part in (p for p in re.split(r"[\s·・/]+", name) if len(p) > 1 and not p.isdigit()):
            lost = _pages_with(path, index, part) - _found(index, part)
            if lost:
                missing[part] = sorted(lost)
    assert not missing, missing


def test_japanese_pages_are_cut_into_japanese_words():
    from engine.sphinxext.search import ChineseJapaneseSearch

    search = ChineseJapaneseSearch({})
    words = search.split("裏向きのパーマネントを表向きにする。変装を持つカードは山札の上から公開される。")
    assert {"裏向き", "表向き", "変装", "山札", "パーマネント"} <= set(words), words
    # Chinese (no kana) is cut by jieba
    assert {"破坏", "除外"} <= set(search.split("「破坏龙 甘多拉」被一时除外后回到场上"))


def test_the_japanese_splitter_cuts_as_sphinxs_does():
    """search.JapaneseSplitter is Sphinx's TinySegmenter made faster: the same words for
    every line and page of the project, and for random strings of its characters."""
    import random
    from pathlib import Path

    from sphinx.search.ja import DefaultSplitter

    from engine.sphinxext.search import JapaneseSplitter

    texts = []
    for path in sorted((Path(__file__).resolve().parents[2] / "spec").rglob("*.rst")):
        text = path.read_text(encoding="utf-8")
        texts += [line for line in text.splitlines() if line.strip()] + [text]
    alphabet = sorted(set("".join(texts)))
    rng = random.Random(14)
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 80))) for _ in range(2000)]
    sphinx, ours = DefaultSplitter({}), JapaneseSplitter({})
    differ = [t for t in texts if sphinx.split(t) != ours.split(t)]
    assert not differ, differ[:3]

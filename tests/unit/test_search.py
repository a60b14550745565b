"""Search in both languages of one site: every word a reader types — 表向き, 裏向き, 変装,
山札, 一时除外, card names — is an index term of every page that contains it (the
browser does not segment a query, so a page indexed with other pieces is not found)."""

from __future__ import annotations

import functools
import html
import json
import re
from pathlib import Path

import pytest

from tests.library_answers import kept

#: the words of the issue, and words of both languages that no word list names
WORDS = ["表向き", "裏向き", "変装", "山札", "一时除外", "ターン", "プレイヤー", "能力", "唱える", "誘発",
         "召唤", "怪兽", "对方", "连锁", "控制", "无效"]


def _index(site) -> dict:
    text = (site / "searchindex.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1:text.rindex(")")])


_TEXT: dict = {}


def _text(site, doc: str) -> str:
    """What a reader sees of a page: its article, without tags (not comments of the source),
    and without the engines' traces: a log of each run, folded under its example, which the
    index leaves out (the words of a ruling are in its prose and steps)."""
    if (site, doc) not in _TEXT:
        page = (site / f"{doc}.html").read_text(encoding="utf-8")
        article = page[page.find("<article"):page.rfind("</article>")]
        article = re.sub(r'<details class="rulings-trace".*?</details>', " ", article, flags=re.S)
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
    from rulings.sphinxext.search import ChineseJapaneseSearch

    names = {entry[4] for entries in index["objects"].values() for entry in entries
             if index["objtypes"][str(entry[1])] == "rulings:card"}
    assert len(names) > 100
    # the browser drops the search language's stop words from a query (an English card
    # name's "of"), as the index does
    stopwords = ChineseJapaneseSearch({}).stopwords
    missing = {}
    for name in names:
        # the browser splits a query at spaces and ・; each part is looked up
        for part in (p for p in re.split(r"[\s·・/]+", name)
                     if len(p) > 1 and not p.isdigit() and p.lower() not in stopwords):
            lost = _pages_with(path, index, part) - _found(index, part)
            if lost:
                missing[part] = sorted(lost)
    assert not missing, missing


def test_japanese_pages_are_cut_into_japanese_words():
    from rulings.sphinxext.search import ChineseJapaneseSearch

    # no word list: jieba's dictionary as it is (``{}`` would load jieba's whole
    # dictionary again as a word list, most of a second, and list its 350 000 words)
    search = ChineseJapaneseSearch({"dict": ""})
    words = search.split("裏向きのパーマネントを表向きにする。変装を持つカードは山札の上から公開される。")
    assert {"裏向き", "表向き", "変装", "山札", "パーマネント"} <= set(words), words
    # Chinese (no kana) is cut by jieba
    assert {"破坏", "除外"} <= set(search.split("「破坏龙 甘多拉」被一时除外后回到场上"))


@functools.cache
def _project_texts() -> tuple[str, ...]:
    """Every line of spec/, every line break with the text around it, the shortest whole
    document of each game, and random strings of their characters.  Each text once (issue 23: a line
    that many pages repeat — a step, a source — is cut the same way wherever it is;
    12 000 distinct lines of 20 000).  A splitter looks at most three characters on
    either side of a place, so each break is met with eight characters on each side
    rather than inside every whole file again (1.2 million characters → 0.6 million)."""
    return _texts()[0] + _texts()[1]


@functools.cache
def _texts() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the texts of spec/, the random strings): see ``_project_texts``."""
    import random
    from pathlib import Path

    texts, wholes = [], {}
    for path in sorted((Path(__file__).resolve().parents[2] / "spec").rglob("*.rst")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        texts += [line for line in lines if line.strip()]
        texts += [a[-8:] + "\n" + b[:8] for a, b in zip(lines, lines[1:]) if a.strip() or b.strip()]
        game = path.parent.name if path.parent.name != "cards" else path.parent.parent.name
        if game in ("dm", "mtg", "ygo") and len(text) < len(wholes.get(game, text + "\n")):
            wholes[game] = text  # the shortest document of the game
    texts += wholes.values()
    alphabet = sorted(set("".join(texts)))
    rng = random.Random(14)
    randoms = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 80))) for _ in range(2000)]
    texts = tuple(dict.fromkeys(texts))
    known = set(texts)
    return texts, tuple(r for r in dict.fromkeys(randoms) if r not in known)


def _texts_given_to(japanese: bool) -> tuple[str, ...]:
    """What the search gives each splitter of the project's texts (``ChineseJapaneseSearch``:
    a text with kana to the Japanese splitter, one without to jieba), and every random
    string (issue 23: each splitter compared on the texts it cuts, not on the other
    language's too: 0.17 and 0.46 million characters of the project's 0.63;
    the Japanese ones meet every entry of the model that all of them meet)."""
    from rulings.sphinxext.search import _KANA

    project, randoms = _texts()
    return tuple(t for t in project if bool(_KANA.search(t)) == japanese) + randoms


def test_the_japanese_splitter_cuts_as_sphinxs_does():
    """search.JapaneseSplitter is Sphinx's TinySegmenter made faster: the same words for
    every line and page of the project it is given, and for random strings of the
    project's characters."""
    from sphinx.search.ja import DefaultSplitter

    from rulings.sphinxext.search import JapaneseSplitter

    import sphinx.search.ja

    texts = _texts_given_to(japanese=True)
    ours = JapaneseSplitter({})
    # Sphinx's answers, kept between sessions while Sphinx's splitter is the same (1.3 s)
    theirs = kept("sphinx-ja-split", [Path(sphinx.search.ja.__file__)], texts, DefaultSplitter({}).split)
    differ = [t for t, words in zip(texts, theirs) if ours.split(t) != words]
    assert not differ, differ[:3]


def test_chinese_is_cut_as_jieba_cuts_it_block_by_block(tmp_path, monkeypatch):
    """Cutting a text a block at a time, each block met before taken from the build's
    own cuts, gives jieba's words of the whole text, in order, for every text of the
    project it is given and random strings; loading the word list forgets the cuts made
    before it."""
    import jieba

    from rulings.sphinxext import search as search_mod
    from rulings.sphinxext.search import ChineseJapaneseSearch, _is_word

    # jieba's own dictionary as a new Python loads it, whatever word list a build in this
    # process gave jieba before (the answers kept below are those of that dictionary)
    pristine = jieba.Tokenizer()
    pristine.initialize()
    monkeypatch.setattr(jieba, "cut_for_search", pristine.cut_for_search)
    search = ChineseJapaneseSearch({"dict": ""})  # no word list: jieba's dictionary as it is
    texts = _texts_given_to(japanese=False)
    ours = [search._cut_chinese(t) for t in texts] + [search._cut_chinese(t) for t in texts]  # the second from memory
    # jieba's answers, kept between sessions while jieba's files (its code, its dictionary)
    # are the same (1.3 s)
    package = Path(jieba.__file__).parent
    theirs = kept("jieba-cut-for-search", [p for p in package.rglob("*") if p.is_file() and "__pycache__" not in p.parts],
                  texts, pristine.cut_for_search, state=pristine.dictionary)
    theirs = [[w for w in words if _is_word(w)] for words in theirs]
    assert ours == theirs + theirs
    assert search._blocks, "no block was remembered"
    # a cut remembered before the word list is loaded is not used after it (jieba's own
    # dictionary is left alone here: it is one for the whole process)
    words = tmp_path / "words.txt"
    words.write_text("湿润之风 100000\n", encoding="utf-8")
    loaded = []
    monkeypatch.setattr(search_mod, "jieba_load_userdict", loaded.append)
    fresh = ChineseJapaneseSearch({"dict": str(words)})
    fresh._blocks["湿润之风"] = ("remembered", "before")
    assert fresh._cut_chinese("湿润之风") == [w for w in jieba.cut_for_search("湿润之风") if _is_word(w)]
    assert loaded == [str(words)]


def test_the_listed_words_of_a_text_are_every_listed_word_it_contains():
    """ListedWords finds, line by line and each line once, exactly the listed words a
    text contains, in the list's order: words that overlap, that begin others, that
    cross no line, and texts met twice."""
    from rulings.sphinxext.search import ListedWords

    texts = _project_texts()
    listed = sorted({w for t in texts[:300] for w in t.split() if len(w) > 1} | {"青眼", "青眼白龙", "白龙", "龙之"})
    words = ListedWords(listed)
    for text in [*texts, *texts[:50], "青眼白龙之", "青眼\n白龙", ""]:
        assert words.in_text(text) == [w for w in listed if w in text], text[:80]
    assert ListedWords([]).in_text("青眼白龙") == []


def test_stems_are_remembered_as_the_stemmer_makes_them():
    import snowballstemmer

    from rulings.sphinxext.search import RememberedStems

    stemmer = snowballstemmer.stemmer("english")
    remembered = RememberedStems(snowballstemmer.stemmer("english"))
    for word in ["running", "runs", "ran", "表向き", "running", "cards", "ID", "cards"]:
        assert remembered.stemWord(word) == stemmer.stemWord(word)
    assert len(remembered._stems) == 6


def test_blocks_cut_in_an_earlier_build_are_not_cut_again(tmp_path, monkeypatch):
    """A block cut in an earlier build (kept beside the pages' cuts, under the version of
    this code, word list and jieba) is taken as it was cut, without loading jieba's
    dictionary nor the word list; a block never cut is cut by jieba, with the word list
    loaded, and kept for the next build; a file of another version is not read."""
    import jieba

    from rulings.sphinxext import search as search_mod
    from rulings.sphinxext.search import ChineseJapaneseSearch, _is_word

    words = tmp_path / "words.txt"
    words.write_text("湿润之风 100000\n", encoding="utf-8")
    folder = tmp_path / "search-cuts"
    loaded, cut = [], []
    monkeypatch.setattr(search_mod, "jieba_load_userdict", loaded.append)
    real = jieba.cut_for_search
    monkeypatch.setattr(search_mod.jieba, "cut_for_search", lambda text: cut.append(text) or real(text))

    first = ChineseJapaneseSearch({"dict": str(words)})
    first.start_page(str(folder), "a")
    first_words = first.split("怪兽「湿润之风」效果")
    first.finish_build()
    blocks = ["怪兽", "「", "湿润之风", "」", "效果"]  # jieba.re_han_default's: each run of Han and of the rest
    assert loaded == [str(words)] and cut == blocks
    kept = folder.with_name("search-cuts.blocks.json")
    assert set(json.loads(kept.read_text(encoding="utf-8"))["blocks"]) == set(blocks)

    loaded.clear(), cut.clear()
    second = ChineseJapaneseSearch({"dict": str(words)})
    second.start_page(str(folder), "b")  # another page, another text: the same blocks
    assert second._cut_chinese("效果「湿润之风」怪兽") == [w for b in ("效果", "「", "湿润之风", "」", "怪兽")
                                                      for w in first._blocks[b]]
    assert loaded == [] and cut == []  # neither the word list nor jieba's dictionary
    assert second._cut_chinese("魔法卡") == [w for w in real("魔法卡") if _is_word(w)]
    assert loaded == [str(words)] and cut == ["魔法卡"]
    second.finish_build()
    assert "魔法卡" in json.loads(kept.read_text(encoding="utf-8"))["blocks"]
    assert first_words == first.split("怪兽「湿润之风」效果")

    # another version (the word list changed): nothing kept is used
    words.write_text("湿润之风 100000\n魔法 5\n", encoding="utf-8")
    loaded.clear(), cut.clear()
    third = ChineseJapaneseSearch({"dict": str(words)})
    third.start_page(str(folder), "a")
    third._cut_chinese("效果")
    assert loaded == [str(words)] and cut == ["效果"]

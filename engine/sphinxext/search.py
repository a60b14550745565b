"""Full-text search for one site of Chinese and Japanese documents.

The browser does not segment a query: a search for 表向き looks up the one index term
表向き.  So every page must be indexed with the words a reader types, however the page's
language cuts its sentences.  The search language (``html_search_language = "zh"``)
therefore cuts

- Japanese text (any text with kana) with Sphinx's own Japanese splitter (TinySegmenter,
  no dictionary to download), which keeps 表向き, 裏向き, 山札 whole where jieba, made for
  Chinese, cut the Magic pages' 表向きの into other pieces;
- other Han text with jieba, as Sphinx's Chinese search does;
- and adds, on every page, each word of the site's word list (``html_search_options
  ["dict"]``: card names and their parts, ruling terms of both languages) that the text
  contains, so that such a word finds every page with it whatever the segmenter made of
  the sentence around it, and runs of katakana (アクア・マスター is searched for as
  アクア and マスター: the browser splits a query at ・).

Sphinx 9.0's ``SearchChinese`` also ships the English snowball stemmer
(english-stemmer.js) but tells the page ``window.Stemmer = ChineseStemmer``, a class
that does not exist, so every search on a ``zh`` site stopped with a ReferenceError
(found by tests/browser); the stemmer is named after what it is.
"""

from __future__ import annotations

import json
import logging
import re
from functools import lru_cache
from pathlib import Path

import jieba
import snowballstemmer

from sphinx.application import Sphinx
from sphinx.search import SearchLanguage
from sphinx.search.ja import DefaultSplitter
from sphinx.search.zh import JIEBA_DEFAULT_DICT, SearchChinese, jieba_load_userdict

from rulings import digests, vocabulary
from rulings.results import write_atomic

_KATAKANA = re.compile(r"[\u30A1-\u30FA\u30FC\u31F0-\u31FF]{2,}")
_KANA = re.compile(r"[\u3041-\u309F\u30A0-\u30FF\u31F0-\u31FF]")
_NOT_A_WORD = re.compile(r"^[\W_]+$")


def word_list(path: str | None) -> list[str]:
    """The words of a jieba user dictionary file (``word [frequency [tag]]`` a line)."""
    if not path or not Path(path).is_file():
        return []
    words = (line.split()[0] for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip())
    return sorted({w for w in words if len(w) > 1})


def search_dictionary(terms: list[str], build: Path) -> str:
    """The site's word list as a jieba user dictionary (``<build>/search-words.txt``):
    ``terms`` and the card names of every game and their parts.  The names come from the
    card files the extraction wrote, through each game's catalogue (aliases included,
    broken cards left out); building the catalogue is kept out of every Sphinx start by
    a digest of what the list is made from (the terms, the card files, the engine's code)."""
    digest = digests.key({"cards": digests.folder(Path(build, "cards"), "*.json", None),
                          "engine": digests.folder(digests.ENGINE, "**/*.py", None)}, *terms, length=None)
    path, stamp = Path(build, "search-words.txt"), Path(build, "search-words.digest")
    try:
        if path.is_file() and stamp.read_text(encoding="utf-8") == digest:
            return str(path)
    except OSError:
        pass
    words = set(terms)
    for game in vocabulary.available_games():
        try:
            names = list(vocabulary.load(game).card_names())
        except Exception:  # noqa: BLE001 - a broken game is reported at each of its examples
            continue
        words.update(w for name in names for w in re.split(r"[\s·・/]+", name) if len(w) > 1)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(f"{w} 100000\n" for w in sorted(words))
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    stamp.write_text(digest, encoding="utf-8")
    return str(path)


class JapaneseSplitter(DefaultSplitter):
    """Sphinx's TinySegmenter with the same model and the same decisions, each score
    computed with bound dictionary lookups and a character-type cache instead of a
    method call per feature and eight regular expressions per character: cutting the
    Japanese pages was most of indexing a site (tests/unit/test_search.py compares both
    on every text of the project)."""

    def __init__(self, options: dict[str, str]) -> None:
        super().__init__(options)
        self._types: dict[str, str] = {}
        self._by_types: dict[str, int] = {}
        self._by_decisions: dict[str, int] = {}

    def split(self, input: str) -> list[str]:
        if not input:
            return []
        types = self._types
        for char in set(input).difference(types):
            types[char] = self.ctype_(char)
        up1, up2, up3 = self.UP1__.get, self.UP2__.get, self.UP3__.get
        bp1, bp2 = self.BP1__.get, self.BP2__.get
        uw1, uw2, uw3, uw4, uw5, uw6 = (self.UW1__.get, self.UW2__.get, self.UW3__.get, self.UW4__.get,
                                        self.UW5__.get, self.UW6__.get)
        bw1, bw2, bw3 = self.BW1__.get, self.BW2__.get, self.BW3__.get
        tw1, tw2, tw3, tw4 = self.TW1__.get, self.TW2__.get, self.TW3__.get, self.TW4__.get
        uc1, uc2, uc3, uc4, uc5, uc6 = (self.UC1__.get, self.UC2__.get, self.UC3__.get, self.UC4__.get,
                                        self.UC5__.get, self.UC6__.get)
        bc1, bc2, bc3 = self.BC1__.get, self.BC2__.get, self.BC3__.get
        tc1, tc2, tc3, tc4 = self.TC1__.get, self.TC2__.get, self.TC3__.get, self.TC4__.get
        uq1, uq2 = self.UQ1__.get, self.UQ2__.get
        bq1, bq2, bq3, bq4 = self.BQ1__.get, self.BQ2__.get, self.BQ3__.get, self.BQ4__.get
        tq1, tq2, tq3, tq4 = self.TQ1__.get, self.TQ2__.get, self.TQ3__.get, self.TQ4__.get
        result = []
        s = ["B3", "B2", "B1", *input, "E1", "E2", "E3"]
        t = ["O", "O", "O", *(types[c] for c in input), "O", "O", "O"]
        # the pairs and triples of characters and of types, each made once
        sb = [a + b for a, b in zip(s, s[1:])]
        st = [a + b for a, b in zip(sb, s[2:])]
        tb = [a + b for a, b in zip(t, t[1:])]
        tt = [a + b for a, b in zip(tb, t[2:])]
        positions = range(4, len(s) - 3)
        by_types, by_decisions = self._by_types, self._by_decisions
        # the types around each position: the type features depend on nothing else, so
        # their sum is kept per window of six types (a handful of windows in any text)
        windows = [tt[i - 3] + tt[i] for i in positions]
        for window in set(windows).difference(by_types):
            c1, c2, c3, c4, c5, c6 = window
            by_types[window] = (uc1(c1, 0) + uc2(c2, 0) + uc3(c3, 0) + uc4(c4, 0) + uc5(c5, 0) + uc6(c6, 0)
                                + bc1(c2 + c3, 0) + bc2(c3 + c4, 0) + bc3(c4 + c5, 0) + tc1(c1 + c2 + c3, 0)
                                + tc2(c2 + c3 + c4, 0) + tc3(c3 + c4 + c5, 0) + tc4(c4 + c5 + c6, 0))
        # the part of each score that does not depend on the previous decisions
        fixed = [self.BIAS__ + by_types[window] + uw1(s[i - 3], 0) + uw2(s[i - 2], 0) + uw3(s[i - 1], 0)
                 + uw4(s[i], 0) + uw5(s[i + 1], 0) + uw6(s[i + 2], 0) + bw1(sb[i - 2], 0) + bw2(sb[i - 1], 0)
                 + bw3(sb[i], 0) + tw1(st[i - 3], 0) + tw2(st[i - 2], 0) + tw3(st[i - 1], 0) + tw4(st[i], 0)
                 for i, window in zip(positions, windows)]
        word = s[3]
        p1 = p2 = p3 = "U"
        for i, window, score in zip(positions, windows, fixed):
            # the decision features: the last three decisions and the four types before
            key = p1 + p2 + p3 + window[:4]
            part = by_decisions.get(key)
            if part is None:
                c1, c2, c3, c4 = window[:4]
                part = by_decisions[key] = (
                    up1(p1, 0) + up2(p2, 0) + up3(p3, 0) + bp1(p1 + p2, 0) + bp2(p2 + p3, 0)
                    # the third type-and-decision feature looks up UQ1, as Sphinx's does
                    + uq1(p1 + c1, 0) + uq2(p2 + c2, 0) + uq1(p3 + c3, 0)
                    + bq1(p2 + c2 + c3, 0) + bq2(p2 + c3 + c4, 0) + bq3(p3 + c2 + c3, 0) + bq4(p3 + c3 + c4, 0)
                    + tq1(p2 + c1 + c2 + c3, 0) + tq2(p2 + c2 + c3 + c4, 0)
                    + tq3(p3 + c1 + c2 + c3, 0) + tq4(p3 + c2 + c3 + c4, 0))
            score += part
            p = "O"
            if score > 0:
                result.append(word.strip())
                word = ""
                p = "B"
            p1, p2, p3 = p2, p3, p
            word += s[i]
        result.append(word.strip())
        return result


def _is_word(piece: str) -> bool:
    """Not blank, not punctuation alone (what the segmenters also return)."""
    return bool(piece.strip()) and not _NOT_A_WORD.match(piece)


class RememberedStems:
    """The English stemmer, each word stemmed once per build: Sphinx remembers stems
    for one page at a time, and the same few thousand words come back on every page
    (82 000 stems of 13 000 words at 10 000 examples)."""

    def __init__(self, stemmer) -> None:
        self._stemmer = stemmer
        self._stems: dict[str, str] = {}

    def stemWord(self, word: str) -> str:  # noqa: N802 - snowballstemmer's name
        stem = self._stems.get(word)
        if stem is None:
            stem = self._stems[word] = self._stemmer.stemWord(word)
        return stem


class ListedWords:
    """Which words of the site's word list a text contains, in the list's order.

    A line is checked only against the words that start with one of its characters
    (every word against every text was a third of the indexing), and each line once per
    build: a listed word holds no whitespace, so the words of a text are those of its
    lines, and the lines of steps come back again and again (two non-blank lines in five
    of spec/ repeat one written before)."""

    def __init__(self, words: list[str]) -> None:
        self._by_first: dict[str, list[str]] = {}
        for word in words:
            self._by_first.setdefault(word[0], []).append(word)
        self._rank = {word: i for i, word in enumerate(words)}
        self._lines: dict[str, tuple[str, ...]] = {}

    def in_text(self, text: str) -> list[str]:
        by_first, lines = self._by_first, self._lines
        found: set[str] = set()
        for line in text.split("\n"):
            words = lines.get(line)
            if words is None:
                words = lines[line] = tuple(w for c in set(line).intersection(by_first) for w in by_first[c]
                                            if w in line)
            found.update(words)
        return sorted(found, key=self._rank.__getitem__)


class ChineseJapaneseSearch(SearchChinese):
    # the page's JS stemmer class is f"{language_name}Stemmer"; the code shipped is English
    language_name = "English"

    def __init__(self, options: dict[str, str]) -> None:
        # SearchChinese.__init__ without loading jieba's dictionary (most of a second):
        # it is loaded when a Chinese text is first cut, and a build that indexes no page
        # never loads it
        SearchLanguage.__init__(self, options)
        self.latin_terms: set[str] = set()
        self.stemmer = RememberedStems(snowballstemmer.stemmer("english"))
        self._user_dictionary = options.get("dict", JIEBA_DEFAULT_DICT)
        self.japanese = JapaneseSplitter(options)
        self._listed = ListedWords(word_list(options.get("dict")))
        #: jieba's words of each block met in this build (see _cut_chinese)
        self._blocks: dict[str, tuple[str, ...]] = {}
        # what the cuts depend on besides the text: this code, the word list, jieba
        dictionary = Path(self._user_dictionary).read_bytes() if self._user_dictionary and \
            Path(self._user_dictionary).is_file() else b""
        self._version = digests.digest([Path(__file__).read_bytes(), dictionary, jieba.__version__])
        #: the page being indexed: (its file of cuts, the cuts kept there, the cuts used now)
        self._page: tuple[Path, dict[str, list[str]], dict[str, list[str]]] | None = None
        #: the file of every block's cut kept from the builds before (``_kept_blocks``),
        #: known once a page is indexed; its blocks, read when a block is first missed
        self._blocks_file: Path | None = None
        self._kept: dict[str, list[str]] | None = None
        #: blocks cut by jieba in this build (the file is written again when there are)
        self._new_blocks = 0

    # -- the cuts of each page, kept by text ------------------------------------------------
    # A page written again (its results changed, one example of it was edited, the
    # dashboard after any change) is mostly the same text: its texts' cuts are kept per
    # page, so that only new text is cut, and jieba's dictionary is not even loaded when
    # no new Chinese text is.

    def start_page(self, folder: str, docname: str) -> None:
        self.finish_page()
        if self._blocks_file is None:
            # beside the pages' files (``<docname>.json``), none of which it can be
            self._blocks_file = Path(folder).with_name(Path(folder).name + ".blocks.json")
        path = Path(folder, docname + ".json")
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            kept = data["cuts"] if data.get("version") == self._version else {}
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            kept = {}
        self._page = (path, kept if isinstance(kept, dict) else {}, {})

    def finish_page(self) -> None:
        if self._page is None:
            return
        path, kept, used = self._page
        self._page = None
        if used and used != kept:
            # a cache: not synced to disk (a file lost with the machine is cut again)
            write_atomic(path, json.dumps({"version": self._version, "cuts": used}, ensure_ascii=False,
                                          separators=(",", ":")), durable=False)

    def split(self, input: str) -> list[str]:
        if self._page is None:
            return self._split(input)
        _, kept, used = self._page
        words = kept.get(input)
        if isinstance(words, list):
            # what cutting also records: the Latin words, which are not stemmed when short
            self.latin_terms.update(t.strip() for t in self.latin1_letters.findall(input))
        else:
            words = self._split(input)
        used[input] = words
        return list(words)

    def _split(self, input: str) -> list[str]:
        latin = [t.strip() for t in self.latin1_letters.findall(input)]
        self.latin_terms.update(latin)
        if _KANA.search(input):
            found = [w for w in self.japanese.split(input) if _is_word(w)]
        else:
            found = self._cut_chinese(input)
        return found + [w for w in latin if _is_word(w)] + self._listed.in_text(input) + _KATAKANA.findall(input)

    def _cut_chinese(self, input: str) -> list[str]:
        """The words of ``jieba.cut_for_search(input)`` (what ``SearchChinese.split``
        cuts), a block at a time.  jieba cuts each run of Han characters, and each run of
        anything else, on its own (``jieba.re_han_default`` splits the text first), so the
        cut of a text is the cuts of its blocks in order; a block met before in this build
        is not cut again.  Card names and the phrases of steps come back again and again:
        in spec/ two thirds (65 %) of the Chinese blocks' characters are in a block met before
        (tests/unit/test_search.py compares with jieba on every text of the project)."""
        words: list[str] = []
        for block in jieba.re_han_default.split(input):
            if block:
                # the build's own cuts are made with the word list loaded (those before are
                # forgotten when it is)
                cut = self._blocks.get(block) if self._user_dictionary is None else None
                if cut is None:
                    cut = self._cut_block(block)
                words.extend(cut)
        return words

    def _cut_block(self, block: str) -> tuple[str, ...]:
        """A block not met before in this build: its cut kept from an earlier build (with
        this code, word list and jieba: ``_version``), else jieba's, with the word list
        loaded.  Loading jieba's dictionary is most of a second of an edit's html build:
        an edited example is a new text, but its blocks (a step's phrase, a card name)
        were mostly cut before, on its page or another."""
        kept = self._kept_blocks().get(block)
        if isinstance(kept, list) and all(isinstance(w, str) for w in kept):
            return tuple(kept)
        if self._user_dictionary is not None:
            if Path(self._user_dictionary).is_file():
                jieba_load_userdict(self._user_dictionary)
            self._user_dictionary = None
            self._blocks.clear()  # jieba's dictionary changed: cut again
        cut = self._blocks[block] = tuple(w for w in jieba.cut_for_search(block) if _is_word(w))
        self._new_blocks += 1
        return cut

    def _kept_blocks(self) -> dict[str, list[str]]:
        if self._kept is None:
            self._kept = {}
            if self._blocks_file is not None:
                try:
                    data = json.loads(self._blocks_file.read_text(encoding="utf-8"))
                    if data.get("version") == self._version and isinstance(data.get("blocks"), dict):
                        self._kept = data["blocks"]
                except (OSError, ValueError, AttributeError):
                    pass
        return self._kept

    def finish_build(self) -> None:
        """Keep the blocks cut in this build with those kept before (a cache, like the
        pages' cuts: not synced to disk)."""
        self.finish_page()
        if not self._new_blocks or self._blocks_file is None:
            return
        blocks = {**self._kept_blocks(), **{b: list(cut) for b, cut in self._blocks.items()}}
        write_atomic(self._blocks_file, json.dumps({"version": self._version, "blocks": blocks},
                                                   ensure_ascii=False, separators=(",", ":")), durable=False)
        self._kept, self._new_blocks = blocks, 0


def _language(app) -> ChineseJapaneseSearch | None:
    lang = getattr(getattr(app.builder, "indexer", None), "lang", None)
    return lang if isinstance(lang, ChineseJapaneseSearch) else None


@lru_cache(maxsize=8)
def _folder(confdir: str, setting: str) -> str:
    return str(Path(confdir, setting).resolve())


def _start_page(app, doctree, docname: str) -> None:
    """``doctree-resolved``: the html builder indexes the page it has just resolved."""
    lang = _language(app)
    if lang is not None:
        lang.start_page(_folder(str(app.confdir), app.config.rulings_search_cuts), docname)


def _finish(app, exception) -> None:
    lang = _language(app)
    if lang is not None:
        lang.finish_build()


def setup(app: Sphinx) -> None:
    jieba.setLogLevel(logging.WARNING)  # its dictionary-loading chatter is not a warning of ours
    app.add_search_language(ChineseJapaneseSearch)
    # the cuts of each page's texts, kept by content: a cache, no rebuild
    app.add_config_value("rulings_search_cuts", "../build/search-cuts", "", str)
    app.connect("doctree-resolved", _start_page)
    app.connect("build-finished", _finish)

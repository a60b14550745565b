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

import re
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.search.ja import DefaultSplitter
from sphinx.search.zh import SearchChinese

_KATAKANA = re.compile(r"[\u30A1-\u30FA\u30FC\u31F0-\u31FF]{2,}")
_KANA = re.compile(r"[\u3041-\u309F\u30A0-\u30FF\u31F0-\u31FF]")
_NOT_A_WORD = re.compile(r"^[\W_]+$")


def word_list(path: str | None) -> list[str]:
    """The words of a jieba user dictionary file (``word [frequency [tag]]`` a line)."""
    if not path or not Path(path).is_file():
        return []
    words = (line.split()[0] for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip())
    return sorted({w for w in words if len(w) > 1})


class ChineseJapaneseSearch(SearchChinese):
    # the page's JS stemmer class is f"{language_name}Stemmer"; the code shipped is English
    language_name = "English"

    def __init__(self, options: dict[str, str]) -> None:
        super().__init__(options)
        self.japanese = DefaultSplitter(options)
        self.words = word_list(options.get("dict"))

    def split(self, input: str) -> list[str]:
        if _KANA.search(input):
            latin = [t.strip() for t in self.latin1_letters.findall(input)]
            self.latin_terms.update(latin)
            found = self.japanese.split(input) + latin
        else:
            found = super().split(input)
        found = [w for w in found if w.strip() and not _NOT_A_WORD.match(w)]
        return found + [w for w in self.words if w in input] + _KATAKANA.findall(input)




def setup(app: Sphinx) -> None:
    import logging

    import jieba

    jieba.setLogLevel(logging.WARNING)  # its dictionary-loading chatter is not a warning of ours
    app.add_search_language(ChineseJapaneseSearch)

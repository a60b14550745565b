"""Full-text search for a site of Chinese and Japanese documents.

``html_search_language = "zh"`` segments pages with jieba.  Two things are added:

- Sphinx 9.0's ``SearchChinese`` ships the English snowball stemmer (english-stemmer.js)
  but tells the page ``window.Stemmer = ChineseStemmer``, a class that does not exist, so
  every search on a ``zh`` site stopped with a ReferenceError before showing anything
  (found by tests/browser).  The stemmer is named after what it is.
- jieba cuts katakana into single characters, so 「アクア・マスター」 could not be found;
  runs of katakana are indexed as words too (the browser splits a query at ・ the same way).
"""

from __future__ import annotations

import re

from sphinx.application import Sphinx
from sphinx.search.zh import SearchChinese

_KATAKANA = re.compile(r"[\u30A1-\u30FA\u30FC\u31F0-\u31FF]{2,}")


class ChineseSearch(SearchChinese):
    # the page's JS stemmer class is f"{language_name}Stemmer"; the code shipped is English
    language_name = "English"

    def split(self, input: str) -> list[str]:
        return super().split(input) + _KATAKANA.findall(input)


def setup(app: Sphinx) -> None:
    import logging

    import jieba

    jieba.setLogLevel(logging.WARNING)  # its dictionary-loading chatter is not a warning of ours
    app.add_search_language(ChineseSearch)

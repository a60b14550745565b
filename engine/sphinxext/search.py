"""Chinese full-text search that works in the browser.

Sphinx 9.0's ``SearchChinese`` ships the English snowball stemmer (english-stemmer.js)
but tells the page ``window.Stemmer = ChineseStemmer``, a class that does not exist, so
every search on a ``zh`` site stops with a ReferenceError before showing anything (found
by tests/browser).  The same language is registered again, its stemmer named after what
it is; nothing else changes (jieba still segments the index).
"""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.search.zh import SearchChinese


class ChineseSearch(SearchChinese):
    # the JS stemmer class is f"{language_name}Stemmer"
    language_name = "English"


def setup(app: Sphinx) -> None:
    import logging

    import jieba

    jieba.setLogLevel(logging.WARNING)  # its dictionary-loading chatter is not a warning of ours
    if SearchChinese.js_stemmer_rawcode == "english-stemmer.js" and SearchChinese.language_name != "English":
        app.add_search_language(ChineseSearch)

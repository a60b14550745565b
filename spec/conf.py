"""Sphinx configuration of the executable ruling documents."""

project = "rulings"
author = "rulings"
# no words in it: the footer shows it on Chinese and Japanese pages alike
copyright = "2026 rulings"
language = "zh_CN"

extensions = ["rulings.sphinxext"]

exclude_patterns = ["_build"]
templates_path = []
html_theme = "furo"
html_title = "rulings · 可执行的裁定文档"
html_search_language = "zh"
html_static_path = []

# The LaTeX book (PDF): titled in the project's language, each document set in its own
# language's CJK font (engine/sphinxext/language.py switches the family per document)
latex_engine = "xelatex"
latex_documents = [("index", "rulings.tex", "可执行的裁定文档", "rulings", "manual")]
latex_elements = {
    "preamble": r"""
\setCJKmainfont{Noto Serif CJK SC}
\setCJKsansfont{Noto Sans CJK SC}
\setCJKmonofont{Noto Sans Mono CJK SC}
\setCJKfamilyfont{rulingszh}{Noto Serif CJK SC}
\setCJKfamilyfont{rulingsja}{Noto Serif CJK JP}
""",
}
rulings_latex_cjk_families = True
# EPUB3 wants a version
version = release = "2026"

# Documents are text written by people; they must not run code or read files:
# raw HTML and file inclusion are switched off in docutils.conf beside this file.

# the game of each folder and the Gherkin language of its examples come from
# engine/project.py; ``rulings_games = {"folder": "language"}`` adds others
# written by the pytest-bdd run (make site / make test)
rulings_results = "../build/results.json"

# Search (engine/sphinxext/search.py): the browser does not split queries, so every word a
# reader types must be an index term of every page that holds it.  Chinese pages are cut
# by jieba, Japanese ones by Sphinx's Japanese splitter; the card names (and their parts)
# and these ruling terms are added to every page that contains them, and teach jieba too.
RULINGS_SEARCH_TERMS = [
    # Yu-Gi-Oh! (zh-CN)
    "里侧表示", "里侧守备表示", "表侧表示", "一时除外", "上级召唤", "特殊召唤", "同调召唤", "融合召唤",
    "仪式召唤", "灵摆召唤", "反转召唤", "再度召唤", "连接召唤", "控制权", "持续取对象", "墓地", "手卡", "卡组",
    "无效", "发动", "诱发", "连锁",
    # Magic and Duel Masters (ja)
    "表向き", "裏向き", "変装", "偽装", "予示", "山札", "手札", "墓地", "追放", "戦場", "一時除外", "公開",
    "非公開", "シールド", "バトルゾーン", "マナゾーン", "超次元ゾーン", "墓地", "裏返す", "タイムスタンプ",
    "コピー", "護法", "呪文", "クリーチャー", "パーマネント", "誘発", "発動", "起動",
]


def _search_dictionary() -> str:
    import os
    from pathlib import Path

    from rulings.sphinxext.search import search_dictionary

    build = Path(os.environ.get("RULINGS_BUILD") or Path(__file__).resolve().parent.parent / "build")
    return search_dictionary(RULINGS_SEARCH_TERMS, build)


html_search_options = {"dict": _search_dictionary()}

"""Each page in its document's language (issue 27).

Sphinx builds a site in one ``language`` (``spec/conf.py``: ``zh_CN``, the project's).
The Magic and Duel Masters documents are Japanese; so the language is decided per
page, from the document's game (its folder, or its examples):

- the ``lang`` of the page (``html-page-context`` sets the template's ``language``);
- the words the theme and Sphinx write: Sphinx's own message catalog of that language
  (``sphinx/locale/<lang>/LC_MESSAGES/sphinx.mo``, shipped with Sphinx), with the
  theme's strings that no catalog has (furo ships none) in :data:`THEME` — one
  translations object per language (:func:`translations`), given to the templates
  through the page's context (``gettext``/``ngettext``: Jinja's ``_`` and ``{% trans %}``
  look them up there) and to Sphinx's writer (``sphinx.locale``'s translator of the
  ``sphinx`` catalog is :class:`PageTranslations`, which words in the language of the
  page being written: :func:`activate`);
- the few theme strings furo writes as plain English in its templates (``aria-label``
  of its toggles, the ``<title>`` of its icons) are translated as the page is rendered
  (:func:`translate_rendered`);
- every word of the extension: :data:`WORDS`, by language.

Pages that show every game (the dashboard, the card index, the vocabulary, the page of
examples needing attention, search) are in the project's language; each game's part in
them carries its own ``lang`` and words.
"""

from __future__ import annotations

import gettext
import os
import posixpath
import re
from functools import lru_cache

import sphinx
from docutils import nodes
from sphinx import addnodes, locale
from sphinx.locale import NullTranslations

from rulings.project import GAME_NAMES, GAMES

from .nodes import each

#: the project's language: its own pages and the pages serving every game
PROJECT = "zh-CN"
#: the language tags of the site (BCP 47) -> the name of Sphinx's catalog
CATALOG = {"zh-CN": "zh_CN", "ja": "ja"}

#: the site's title (``html_title`` in spec/conf.py is the project's, Chinese)
SITE_TITLE = {"zh-CN": "rulings · 可执行的裁定文档", "ja": "rulings · 実行できる裁定文書"}


#: the theme's strings that Sphinx's catalogs do not have (furo ships no catalog)
THEME = {
    "zh-CN": {
        "Skip to content": "跳到正文", "Back to top": "回到顶部", "On this page": "本页内容",
        "Next": "下一页", "Previous": "上一页", "Home": "首页", "Made with ": "本站由 ",
        '<a href="https://www.sphinx-doc.org/">Sphinx</a> and ': '<a href="https://www.sphinx-doc.org/">Sphinx</a> 与 ',
        "Edit this page": "编辑本页", "View this page": "查看本页源文件",
        "Please activate JavaScript to enable the search functionality.": "请启用 JavaScript 以使用搜索功能。",
        "Link to this heading": "链接到此标题", "Link to this definition": "链接到此定义",
        "Link to this table": "链接到此表格", "Link to this code": "链接到此代码", "Link to this image": "链接到此图片",
        "Link to this term": "链接到此术语", "Link to this toctree": "链接到此目录",
        "Toggle site navigation sidebar": "打开或关闭网站导航", "Toggle table of contents sidebar": "打开或关闭本页目录",
        "Toggle Light / Dark / Auto color theme": "切换浅色 / 深色 / 自动配色", "Contents": "目录", "Menu": "菜单",
        "Expand": "展开", "Light mode": "浅色模式", "Dark mode": "深色模式",
        "Auto light/dark, in light mode": "自动浅色 / 深色，当前为浅色", "Auto light/dark, in dark mode": "自动浅色 / 深色，当前为深色",
        "Toggle navigation of %s": "展开或收起「%s」",
        "Copyright &#169; %(copyright)s": "版权所有 &#169; %(copyright)s",
    },
    "ja": {
        "Skip to content": "本文へ移動", "Back to top": "ページの先頭へ", "On this page": "このページの内容",
        "Next": "次へ", "Previous": "前へ", "Home": "ホーム", "Made with ": "このサイトは ",
        '<a href="https://www.sphinx-doc.org/">Sphinx</a> and ': '<a href="https://www.sphinx-doc.org/">Sphinx</a> と ',
        "Edit this page": "このページを編集", "View this page": "このページのソースを見る",
        "Please activate JavaScript to enable the search functionality.": "検索機能を使うには JavaScript を有効にしてください。",
        "Link to this heading": "この見出しへのリンク", "Link to this definition": "この定義へのリンク",
        "Link to this table": "この表へのリンク", "Link to this code": "このコードへのリンク",
        "Link to this image": "この画像へのリンク", "Link to this term": "この用語へのリンク",
        "Link to this toctree": "この目次へのリンク",
        "Toggle site navigation sidebar": "サイトのナビゲーションを開閉", "Toggle table of contents sidebar": "このページの目次を開閉",
        "Toggle Light / Dark / Auto color theme": "ライト / ダーク / 自動の配色を切り替え", "Contents": "目次", "Menu": "メニュー",
        "Expand": "展開", "Light mode": "ライトモード", "Dark mode": "ダークモード",
        "Auto light/dark, in light mode": "自動（ライト / ダーク）、現在はライト",
        "Auto light/dark, in dark mode": "自動（ライト / ダーク）、現在はダーク",
        "Toggle navigation of %s": "「%s」を開閉",
        "Copyright &#169; %(copyright)s": "著作権 &#169; %(copyright)s",
    },
}

#: furo's plain-English attributes and icon titles: (how the template writes it, the message)
_RENDERED = [
    ('aria-label="Toggle site navigation sidebar"', "Toggle site navigation sidebar"),
    ('aria-label="Toggle table of contents sidebar"', "Toggle table of contents sidebar"),
    ('aria-label="Toggle Light / Dark / Auto color theme"', "Toggle Light / Dark / Auto color theme"),
    ("<title>Contents</title>", "Contents"), ("<title>Menu</title>", "Menu"), ("<title>Expand</title>", "Expand"),
    ("<title>Light mode</title>", "Light mode"), ("<title>Dark mode</title>", "Dark mode"),
    ("<title>Auto light/dark, in light mode</title>", "Auto light/dark, in light mode"),
    ("<title>Auto light/dark, in dark mode</title>", "Auto light/dark, in dark mode"),
]
#: furo's credit line, "Made with Sphinx and @pradyunsg's Furo": its possessive and the end
#: of the sentence (the first words are THEME's "Made with ")
_CREDIT = {"zh-CN": (" 的\n", " 制作"), "ja": (" の\n", " で作られています")}
_FURO = '<a href="https://github.com/pradyunsg/furo">Furo</a>'

#: the words of the extension, by language: the statuses, counts and labels of every page
WORDS = {
    "zh-CN": {
        "passed": "通过", "failed": "失败", "pending": "待定", "stale": "过期", "not-run": "未运行",
        "examples": "{n} 个例子", "failing-step": "失败的步骤", "pending-step": "尚未通过的步骤",
        "example-error": "例子有误", "stale-note": "上次的结果不是按现在的文字、引擎和卡片得出的：例子、引擎或卡片在那之后改过，结果已过期。",
        "trace": "引擎记录", "document": "文档", "total": "合计",
        "attention-link": "需要关注的例子：每个没有通过的例子",
        "coverage": "规则覆盖", "coverage-pinned": "已固定", "coverage-equivalent": "等价",
        "coverage-unpinned": "未固定", "coverage-survivor": "幸存", "not-measured": "未测量",
        "attention-title": "需要关注的例子",
        "attention-intro": "每个没有通过的例子，按状态分组，附链接和原因。",
        "attention-not-run": "有误：无法按原文运行", "attention-no-result": "未运行：还没有结果",
        "edited": "上次运行后，例子、引擎或卡片改过", "no-result": "没有运行结果",
        "status-title": "{status} {n}", "list-sep": "、",
        "example-object": "例子", "card-object": "卡片",
    },
    "ja": {
        "passed": "成功", "failed": "失敗", "pending": "保留", "stale": "古い結果", "not-run": "未実行",
        "examples": "例 {n} 件", "failing-step": "失敗したステップ", "pending-step": "まだ通らないステップ",
        "example-error": "例の書き方に誤り", "stale-note": "前回の結果は今の文面・エンジン・カードに対するものではありません。その後に例・エンジン・カードのいずれかが変わったため、結果は古くなっています。",
        "trace": "エンジンの記録", "document": "文書", "total": "合計",
        "attention-link": "注意が必要な例：成功しなかったすべての例",
        "coverage": "ルールのカバレッジ", "coverage-pinned": "固定済み", "coverage-equivalent": "等価",
        "coverage-unpinned": "未固定", "coverage-survivor": "生存", "not-measured": "未測定",
        "attention-title": "注意が必要な例",
        "attention-intro": "成功しなかったすべての例を状態ごとに、リンクと理由を添えて並べます。",
        "attention-not-run": "誤り：書かれたとおりには実行できない", "attention-no-result": "未実行：まだ結果がない",
        "edited": "前回の実行の後に、例・エンジン・カードのいずれかが変わった", "no-result": "実行結果がない",
        "status-title": "{status} {n}", "list-sep": "、",
        "example-object": "例", "card-object": "カード",
    },
}


def tag(language: str | None) -> str:
    """The BCP 47 tag of a language as the documents and Sphinx write it (zh_CN, zh-CN, ja)."""
    if language and language.lower().startswith("ja"):
        return "ja"
    return PROJECT


def of_game(game: str | None) -> str:
    return tag(GAMES[game][0]) if game in GAMES else PROJECT


def word(key: str, language: str | None, **values) -> str:
    text = WORDS[tag(language)][key]
    return text.format(**values) if values else text


def status_word(status: str, language: str | None) -> str:
    return word(status, language)


def game_name(game: str) -> str:
    return GAME_NAMES.get(game, game)


def of_document(env, docname: str) -> str:
    """The language of a page: its examples', else its folder's game's, else the project's."""
    records = getattr(env, "rulings_examples", {}).get(docname) or []
    for record in records:
        if record.get("language"):
            return tag(record["language"])
    folder = docname.split("/", 1)[0] if "/" in docname else None
    games = {**{g: lang for g, (lang, _) in GAMES.items()}, **(getattr(env.config, "rulings_games", None) or {})}
    if folder in games:
        return tag(games[folder])
    return PROJECT


# -- translations of Sphinx's and the theme's strings ------------------------------------

class _Theme(NullTranslations):
    def __init__(self, language: str) -> None:
        super().__init__()
        self._words = THEME[language]

    def gettext(self, message: str) -> str:
        return self._words.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)


@lru_cache(maxsize=None)
def translations(language: str) -> NullTranslations:
    """Sphinx's catalog of ``language``, the theme's strings first (they also correct
    Sphinx's Chinese, whose permalink titles end in a full stop)."""
    language = tag(language)
    words = _Theme(language)
    try:
        catalog = gettext.translation("sphinx", os.path.join(os.path.dirname(sphinx.__file__), "locale"),
                                      [CATALOG[language]])
    except OSError:
        catalog = NullTranslations()

    class Both(NullTranslations):
        def gettext(self, message: str) -> str:
            if message in words._words:
                return words._words[message]
            return catalog.gettext(message)

        def ngettext(self, singular: str, plural: str, n: int) -> str:
            if singular in words._words:
                return words.ngettext(singular, plural, n)
            return catalog.ngettext(singular, plural, n)

    return Both()


class PageTranslations(NullTranslations):
    """``sphinx.locale``'s translator of the ``sphinx`` catalog: the words Sphinx's writer
    puts in a page (permalink titles, admonition labels) in the language of the page
    being written (:func:`activate`)."""

    current = PROJECT

    def gettext(self, message: str) -> str:
        return translations(PageTranslations.current).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return translations(PageTranslations.current).ngettext(singular, plural, n)


def activate(language: str) -> None:
    PageTranslations.current = tag(language)


def install(app) -> None:
    """``builder-inited`` (html builders): Sphinx's writer words in the page's language,
    and furo's plain-English strings are translated as pages are rendered."""
    locale.translators["general", "sphinx"] = PageTranslations()
    if app.builder.format != "html" or getattr(app.builder, "templates", None) is None:
        return
    templates = app.builder.templates
    if getattr(templates, "_rulings_language", False):
        return
    render = templates.render

    def render_in_language(template: str, context: dict) -> str:
        return translate_rendered(render(template, context), context.get("language") or PROJECT)

    templates.render = render_in_language
    templates._rulings_language = True
    _translator_in_language(app)


def translate_rendered(html: str, language: str) -> str:
    """furo's plain-English strings of a rendered page, in the page's language."""
    words = THEME[tag(language)]
    for written, message in _RENDERED:
        html = html.replace(written, written.replace(message, words[message]))
    possessive, end = _CREDIT[tag(language)]
    html = html.replace("</a>'s\n", "</a>" + possessive, 1)
    return html.replace(_FURO, _FURO + end, 1)


def _translator_in_language(app) -> None:
    """The html translator of this builder, activating the language of each document it
    writes (before Sphinx's writer words its permalinks)."""
    base = app.builder.default_translator_class
    current = app.registry.translators.get(app.builder.name, base)

    class InLanguage(current):
        def __init__(self, document, builder, *args, **kwargs) -> None:
            activate(of_document(builder.env, builder.current_docname))
            super().__init__(document, builder, *args, **kwargs)

    InLanguage.__name__ = f"InLanguage{current.__name__}"
    app.registry.translators[app.builder.name] = InLanguage


def page_context(app, pagename, templatename, context, doctree) -> None:
    """``html-page-context``: the page's ``lang`` and the theme's words in its language."""
    language = of_document(app.env, pagename) if doctree is not None or pagename in app.env.all_docs else PROJECT
    activate(language)
    context["language"] = language
    trans = translations(language)
    context["gettext"] = trans.gettext
    context["ngettext"] = trans.ngettext
    context["rulings_language"] = language
    if language != PROJECT:
        context["docstitle"] = SITE_TITLE[language]
    # the neighbours' titles, in their own language
    for key in ("prev", "next"):
        neighbour = context.get(key)
        if isinstance(neighbour, dict) and neighbour.get("link") and neighbour.get("title"):
            target = _docname_of_link(app, pagename, neighbour["link"])
            other = of_document(app.env, target) if target else language
            if other != language:
                context[key] = {**neighbour, "title": f'<span lang="{other}">{neighbour["title"]}</span>'}
    if context.get("body"):
        body = _lang_attributes(context["body"])
        body = captions_in_language(body, language)
        if "reference internal" in body:
            body = links_in_language(body, document_languages(app, pagename), language)
        context["body"] = body
    if context.get("toc"):
        # the page's contents: a heading that is a game's name, in the game's language
        toc = context["toc"]
        for game, name in GAME_NAMES.items():
            if of_game(game) != language:
                toc = toc.replace(f">{name}</a>", f'><span lang="{of_game(game)}">{name}</span></a>')
        context["toc"] = toc


# -- option names in a reason ------------------------------------------------------------------

#: an option name a reason quotes as the author writes it (``:level:``, ``:status: pending``):
#: code, not a word of either language
OPTION_TOKEN = re.compile(r"(:[\w-]+:(?: pending\b)?)")


def reason_html(text: str) -> str:
    """A reason, escaped, with the option names it quotes as code."""
    from html import escape

    parts = OPTION_TOKEN.split(str(text))
    return "".join(f'<code class="rulings-option">{escape(p)}</code>' if i % 2 else escape(p, quote=True)
                   for i, p in enumerate(parts) if p)


def reason_nodes(text: str) -> list:
    """A reason as docutils nodes (every format), with the option names it quotes as code."""
    from docutils import nodes

    return [nodes.literal(text=p) if i % 2 else nodes.Text(p)
            for i, p in enumerate(OPTION_TOKEN.split(str(text))) if p]


# -- parts of a page in another language --------------------------------------------------

def mark(node, language: str) -> None:
    """Say that a node (and what it holds) is in ``language``: its HTML element gets that
    ``lang`` (:func:`_lang_attributes`), whatever the page's."""
    node["classes"] = [c for c in node.get("classes", []) if not c.startswith("rulings-lang-")]
    node["classes"].append(f"rulings-lang-{tag(language)}")


_MARKED = re.compile(r'<(\w+)([^<>]*?) class="([^"]*\brulings-lang-(ja|zh-CN)\b[^"]*)"')


def _lang_attributes(body: str) -> str:
    return _MARKED.sub(lambda m: f'<{m.group(1)}{m.group(2)} class="{m.group(3)}" lang="{m.group(4)}"', body)


#: an English word: two letters or more with a small letter, or an upper-case run of four
#: (X, N, LP, FE … are the games' own signs)
_LATIN_WORD = re.compile(r"[A-Za-z]*[a-z][A-Za-z]*|[A-Z]{4,}")
_KANA_RUN = re.compile(r"[\u3041-\u309f\u30a1-\u30ff]")


def written_in(text: str, language: str) -> bool:
    """Whether an explanation the engine wrote reads in ``language``: no English words
    (outside card names and placeholders), and no kana in Chinese."""
    text = re.sub(r"「[^」]*」|\{[^}]*\}", "", text or "")
    if not text.strip() or any(len(w) > 1 for w in _LATIN_WORD.findall(text)):
        return False
    return tag(language) == "ja" or not _KANA_RUN.search(text)


_ENGLISH_ASIDE = re.compile(r"\s*[(（][^()（）]*[A-Za-z]{3,}[^()（）]*[)）]")
_ALTERNATIVE = re.compile(r"^[^\\\[\](){}?*+.^$]+$")
#: what a placeholder whose pattern is no list of words stands for, by its name
TERM_WORDS = {
    "zh-CN": {"card": "卡名（卡片目录中的卡）", "name": "卡名或字段名，写在「」里", "number": "数字", "n": "数字",
              "label": "效果编号（①②…）", "desc": "对卡片的描述", "pick_desc": "对卡片的描述", "rest": "另一个积木块",
              "monsters": "对怪兽的描述", "lasting": "持续的效果，用「，」分隔"},
    "ja": {"card": "カード名（カード目録にあるカード）", "keyword": "キーワード能力", "number": "数", "n": "数",
           "label": "同じカードの効果のラベル", "pt": "パワー/タフネス（例：2/2）", "cost": "マナ・シンボルで書いたコスト（例：{2}{B}{B}）",
           "typeline": "タイプ行", "ability": "印刷されている能力（例：飛行、護法{2}）", "counter": "カウンターの種類",
           "mod": "パワーとタフネスの修整（例：+3/+3）", "objects": "オブジェクトの条件（コントローラー・状態・色・タイプ・数値）",
           "subtypes": "「・」でつないだクリーチャー・タイプ", "word": "キーワード能力", "do": "すること（破壊する、追放する…）"},
}


def localize(text: str, language: str, *, name: str = "", pattern: str = "") -> str:
    """An explanation the engine wrote (often in English, with the document's words as
    examples) as the page can show it in ``language``: as written when it is in that
    language; else its examples in that language; else the words its pattern allows;
    else what :data:`TERM_WORDS` says of the placeholder; else ""."""
    language = tag(language)
    text = (text or "").split("\n")[0].strip()
    if written_in(text, language):
        return text
    sep = "、"
    bare = _ENGLISH_ASIDE.sub("", text).strip()
    if written_in(bare, language):
        return bare
    if ":" in bare:
        after = bare.split(":", 1)[1].strip()
        if written_in(after, language):
            return ("如：" if language == PROJECT else "例：") + after
    pieces = [p.strip(" ,…") for p in re.split(r",? or |, ", bare) if p.strip(" ,…")]
    if pieces and all(written_in(p, language) for p in pieces):
        return sep.join(pieces)
    if name in TERM_WORDS[language]:
        return TERM_WORDS[language][name]
    alternatives = [a for a in pattern.split("|")] if pattern else []
    if alternatives and all(_ALTERNATIVE.match(a) for a in alternatives if a):
        shown = [a for a in alternatives if a]
        if all(written_in(a, language) or a.isdigit() for a in shown):
            return sep.join(shown) + ("" if len(shown) == len(alternatives) else ("（或不写）" if language == PROJECT else "（または省略）"))
    return ""


def mark_parts(app, doctree, docname: str) -> None:
    """``doctree-resolved`` (before the card index and block tables are filled): on a
    page serving every game, each game's part — the section holding its card index,
    vocabulary or blocks — in the game's language."""
    here = of_document(app.env, docname)
    for node in each(doctree, nodes.Element):
        game = node.get("game") if isinstance(node.get("game"), str) else None
        if not game or game not in GAMES:
            continue
        language = of_game(game)
        if language == here:
            continue
        mark(node, language)
        section = node.parent
        while section is not None and not isinstance(section, nodes.section):
            section = section.parent
        if section is not None:
            mark(section, language)


def _docname_of_link(app, pagename: str, link: str) -> str | None:
    """The document a relative link of the page leads to (prev/next), if any."""
    suffix = app.builder.link_suffix if hasattr(app.builder, "link_suffix") else ".html"
    path = link.split("#", 1)[0]
    if not path.endswith(suffix):
        return None
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(pagename), path[: -len(suffix)]))
    return joined if joined in app.env.all_docs else None


_LINK = re.compile(r'(<a class="[^"]*reference internal[^"]*" href=")([^"#]*)((?:#[^"]*)?"[^>]*>)(.*?)(</a>)', re.S)


def document_languages(app, pagename: str) -> dict[str, str]:
    """The address of every document from this page -> its language ("" for the page itself)."""
    env, out = app.env, {}
    for docname, uri in relative_uris(app, pagename).items():
        out.setdefault(uri, of_document(env, docname))
    return out


def relative_uris(app, pagename: str) -> dict[str, str]:
    """Every document (sorted by name) -> its address from this page ("" for the page
    itself; left out where the builder has no pages).  Every page shows every document
    in its sidebar, so the html builder's are found once per folder of pages (an address
    relative to a page depends only on the page's folder, but for the page's own) and
    each page's made from its folder's with two entries changed: per page, as many calls
    of the builder as the site has documents made the site cost the square of them."""
    env, builder = app.env, app.builder
    if builder.name != "html" or pagename not in env.found_docs:
        return _relative_uris(app, pagename)
    cache = getattr(builder, "_rulings_folder_uris", None)
    if cache is None:
        cache = builder._rulings_folder_uris = {}
    folder = posixpath.dirname(builder.get_target_uri(pagename))
    if folder not in cache:
        cache[folder] = (pagename, _relative_uris(app, pagename))
    first, uris = cache[folder]
    if first == pagename:
        return dict(uris)
    out = dict(uris)
    out[first] = builder.get_relative_uri(pagename, first)
    out[pagename] = ""
    return out


def _relative_uris(app, pagename: str) -> dict[str, str]:
    out = {}
    for docname in sorted(app.env.found_docs):
        try:
            out[docname] = "" if docname == pagename else app.builder.get_relative_uri(pagename, docname)
        except Exception:  # builders without pages
            continue
    return out


def forget_folders(app, env) -> None:
    """``env-updated``: what was found once per folder of pages holds for one build's
    pages (``rulings serve`` builds again and again with one builder)."""
    app.builder._rulings_folder_uris = None


def links_in_language(html: str, languages: dict[str, str], here: str) -> str:
    """Each link to a document in another language: its text in that language."""
    def one(m: re.Match) -> str:
        language = languages.get(m.group(2), here)
        if language == here or not m.group(4).strip():
            return m.group(0)
        return f'{m.group(1)}{m.group(2)}{m.group(3)}<span lang="{language}">{m.group(4)}</span>{m.group(5)}'

    return _LINK.sub(one, html)


_CAPTION = re.compile(r'<span class="caption-text">([^<]*)</span>')


def captions_in_language(html: str, here: str) -> str:
    """A toctree's caption that is a game's name, in the game's language."""
    def one(m: re.Match) -> str:
        game = next((g for g, name in GAME_NAMES.items() if name == m.group(1)), None)
        language = of_game(game) if game else here
        return m.group(0) if language == here else f'<span class="caption-text" lang="{language}">{m.group(1)}</span>'

    return _CAPTION.sub(one, html)


# -- LaTeX ----------------------------------------------------------------------------------

#: the CJK font family of each language in the LaTeX book (spec/conf.py declares them:
#: ``\setCJKfamilyfont{rulingszh}`` / ``{rulingsja}``)
LATEX_FAMILY = {"zh-CN": "rulingszh", "ja": "rulingsja"}


def latex_fonts(app, doctree, docname: str) -> None:
    """``doctree-resolved`` (LaTeX): the book holds every document; each starts by
    switching the CJK font to its language's (Japanese glyph forms for Magic and Duel
    Masters, Simplified Chinese for the rest)."""
    if app.builder.format != "latex":
        return
    families = getattr(app.config, "rulings_latex_cjk_families", None)
    if not families:
        return
    for part in doctree.findall(addnodes.start_of_file):
        language = of_document(app.env, part["docname"])
        part.insert(0, nodes.raw("", f"\\CJKfamily{{{LATEX_FAMILY[language]}}}\n", format="latex"))

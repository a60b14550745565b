"""The rulings Sphinx extension: ``example`` directive, ``gherkin`` builder, status rendering.

Load it from ``conf.py`` with ``extensions = ["rulings.sphinxext"]``.
"""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx

from rulings import results as results_mod

from . import nodes as rnodes
from . import encoding, problems, reading, render, search, state
from . import attention, cards, collector, coverage_page, domain, guard, language, measured, navigation, plain, templates, unpinned, writing_memory
from .builder import GherkinBuilder
from .directive import DashboardDirective, ExampleDirective
from .glossary import BlocksDirective, VocabularyDirective, block_index, resolve_blocks
from .refuse import refuse_file_access
from .rstparser import RSTParser

STATIC = Path(__file__).parent / "static"


def _builder_inited(app: Sphinx) -> None:
    problems.start(app)
    state.init_env(app, app.env, ())
    state.remember_results_path(app)
    app.env.rulings_reading_path = str(Path(app.confdir, app.config.rulings_reading).resolve())
    # the defaults of every document (docutils.conf says the same; see refuse.py)
    app.env.settings.update(raw_enabled=False, file_insertion_enabled=False)
    if app.builder.format == "html":
        app.config.html_static_path.append(str(STATIC))
        app.add_css_file("rulings.css")
        # each status's colour, from the one table of statuses (static/rulings-statuses.css_t)
        app.config.html_context["rulings_status_css"] = results_mod.status_css()
        app.add_css_file("rulings-statuses.css")
    # each page in its document's language (language.py)
    language.install(app)
    # the theme's templates compiled once, not once per build (templates.py)
    templates.cache_compiled(app)


def setup(app: Sphinx) -> dict:
    app.add_config_value("rulings_results", "../build/results.json", "env", str)
    app.add_config_value("rulings_games", {}, "env", dict)
    app.add_config_value("rulings_problems_file", "", "", str)
    # a plain sphinx-build of the site says how many examples have no current result
    # (`rulings`, which runs them and reconciles the counts itself, turns it off)
    app.add_config_value("rulings_warn_not_run", True, "", bool)
    app.add_config_value("rulings_cards", "../build/cards", "env", str)
    app.add_config_value("rulings_coverage", "../build/coverage", "env", str)
    # what reading each example decided, kept by content (reading.py): a cache, no rebuild
    app.add_config_value("rulings_reading", "../build/reading", "", str)
    # where `rulings` keeps its inputs' digests (digests.KeptDigests); "": each source read
    app.add_config_value("rulings_kept_digests", "", "", str)
    # the LaTeX book switches its CJK font per document's language (conf.py declares the families)
    app.add_config_value("rulings_latex_cjk_families", False, "", bool)

    skip = (render.skip, None)
    for node, visit in ((rnodes.example, render.visit_example_html),
                        (rnodes.example_summary, render.visit_summary_html),
                        (rnodes.dashboard, render.visit_dashboard_html)):
        app.add_node(node, html=(visit, None), latex=skip, text=skip, man=skip, texinfo=skip)

    for node in (cards.effect_definition, cards.card_uses, cards.card_fields, cards.card_index, block_index):
        # replaced before any writer sees them
        app.add_node(node)
    app.add_directive("example", ExampleDirective)
    app.add_directive("card", cards.CardDirective)
    app.add_directive("effect", cards.EffectDirective)
    app.add_directive("rulings-cards", cards.CardIndexDirective)
    app.add_directive("rulings-blocks", BlocksDirective)
    app.add_directive("rulings-dashboard", DashboardDirective)
    app.add_directive("rulings-vocabulary", VocabularyDirective)
    refuse_file_access(app)
    app.add_builder(GherkinBuilder)
    # Sphinx's reStructuredText parser without docutils' state machine after each directive
    app.add_source_parser(RSTParser, override=True)
    search.setup(app)
    domain.setup(app)
    unpinned.setup(app)
    coverage_page.setup(app)

    # after Sphinx's own check of source_encoding (priority 790), which would warn
    app.connect("config-inited", encoding.use_lenient_codec, priority=800)
    # the collector's threshold while building (collector.py), put back when it is done
    app.connect("config-inited", collector.raise_threshold, priority=100)
    app.connect("env-before-read-docs", collector.raise_threshold, priority=100)
    app.connect("build-finished", collector.restore, priority=1000)
    # off while the environment is loaded, which is then frozen (collector.py)
    app.connect("config-inited", collector.hold, priority=990)
    app.connect("builder-inited", collector.freeze_loaded, priority=10)
    app.connect("env-before-read-docs", collector.thaw_for_reading, priority=10)
    app.connect("source-read", encoding.check_source)
    app.connect("source-read", guard.stand_in, priority=900)
    app.connect("builder-inited", _builder_inited)
    app.connect("builder-inited", guard.guard_reading)
    app.connect("build-finished", problems.finish)
    app.connect("build-finished", state.commit_written)
    app.connect("env-before-read-docs", state.init_env)
    app.connect("env-before-read-docs", state.begin_reading)
    app.connect("env-before-read-docs", problems.note_reading)
    app.connect("env-purge-doc", state.purge_doc)
    app.connect("env-merge-info", state.merge_info)
    app.connect("env-get-outdated", state.outdated)
    app.connect("env-get-updated", state.to_write)
    app.connect("env-check-consistency", state.check_consistency)
    app.connect("doctree-read", state.record_source)
    app.connect("doctree-read", state.record_vocabularies)
    app.connect("doctree-read", render.add_summary)
    app.connect("doctree-read", measured.note_games)
    app.connect("doctree-read", reading.keep_read)
    app.connect("env-updated", cards.check_examples)
    app.connect("env-updated", navigation.forget)
    app.connect("env-updated", language.forget_folders)
    # the environment left out of the collector's walks while pages are written
    app.connect("env-updated", collector.freeze_for_writing, priority=950)
    app.connect("build-finished", collector.thaw)
    app.connect("env-updated", state.warn_not_run, priority=600)
    # the cards' fields first: every other listener sees the page as it was read before
    app.connect("doctree-resolved", cards.expand_fields, priority=300)
    app.connect("doctree-resolved", language.mark_parts, priority=400)
    app.connect("doctree-resolved", language.latex_fonts, priority=950)
    app.connect("doctree-resolved", render.refresh_examples)
    app.connect("doctree-resolved", render.fill_dashboards)
    app.connect("doctree-resolved", cards.resolve)
    app.connect("doctree-resolved", resolve_blocks)
    # every other builder (LaTeX, text, man …) gets examples as standard nodes, last
    app.connect("doctree-resolved", plain.replace, priority=900)
    # the doctree's pickled bytes, kept by Sphinx to the end of the build (writing_memory.py)
    app.connect("doctree-resolved", writing_memory.let_go_of_doctree, priority=1000)
    # the records without what only their own page shows, once pages are written
    app.connect("write-started", writing_memory.light_records)
    app.connect("html-collect-pages", attention.collect_pages)
    # each page's lang and the theme's words in its language (before the sidebar's, which reads it)
    app.connect("html-page-context", language.page_context, priority=400)
    # the navigation tree made once per folder (navigation.py): the theme's handler (500)
    # finds no toctree to make one from; the tree is put back before the sidebar's statuses
    app.connect("html-page-context", navigation.set_aside, priority=450)
    app.connect("html-page-context", navigation.put_back, priority=550)
    # after the theme's own handler, which builds furo's navigation tree
    app.connect("html-page-context", attention.sidebar_status, priority=600)
    return {"version": "0.1", "env_version": reading.format_version(), "parallel_read_safe": True,
            "parallel_write_safe": True}

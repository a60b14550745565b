"""The rulings Sphinx extension: ``example`` directive, ``gherkin`` builder, status rendering.

Load it from ``conf.py`` with ``extensions = ["engine.sphinxext"]``.
"""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx

from . import nodes as rnodes
from . import render, state
from .builder import GherkinBuilder
from .directive import DashboardDirective, ExampleDirective

STATIC = Path(__file__).parent / "static"


def _builder_inited(app: Sphinx) -> None:
    state.init_env(app, app.env, ())
    if app.builder.format == "html":
        app.config.html_static_path.append(str(STATIC))
        app.add_css_file("rulings.css")


def setup(app: Sphinx) -> dict:
    app.add_config_value("rulings_results", "../build/results.json", "env", str)
    app.add_config_value("rulings_games", {}, "env", dict)
    app.add_config_value("rulings_problems_file", "", "", str)

    skip = (render.skip, None)
    for node, visit in ((rnodes.example, render.visit_example_html),
                        (rnodes.example_summary, render.visit_summary_html),
                        (rnodes.dashboard, render.visit_dashboard_html)):
        app.add_node(node, html=(visit, None), latex=skip, text=skip, man=skip, texinfo=skip)

    app.add_directive("example", ExampleDirective)
    app.add_directive("rulings-dashboard", DashboardDirective)
    app.add_builder(GherkinBuilder)

    app.connect("builder-inited", _builder_inited)
    app.connect("env-before-read-docs", state.init_env)
    app.connect("env-purge-doc", state.purge_doc)
    app.connect("env-merge-info", state.merge_info)
    app.connect("env-get-outdated", state.outdated_by_results)
    app.connect("env-check-consistency", state.check_consistency)
    app.connect("doctree-read", state.record_digest)
    app.connect("doctree-read", render.add_summary)
    app.connect("doctree-resolved", render.fill_dashboards)
    return {"version": "0.1", "env_version": 1, "parallel_read_safe": True, "parallel_write_safe": True}

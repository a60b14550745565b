"""What a run of examples lets go of as it goes.

pytest-bdd keeps, for its cucumber and gherkin reports, a report of every scenario run
(``reporting.scenario_reports_registry``, by item, for the whole session) and a serialised
copy of it beside every phase's test report (``reporting.test_report_context_registry``,
alive as long as the report, which pytest's terminal keeps to the end): about 7 kB an
example, 35 MB in each of two workers at 10 000 examples.  Our results do not rest on
them (plugin.py records every item from its own report), and pytest-bdd's own reporters
and pytest-xdist read a report's copy while the report is logged: each is let go once its
report is logged, and a scenario's report once its item has run.  The registries are
pytest-bdd's module attributes; tests/unit/test_dependencies.py fails by name if a release
moves them, and without them this does nothing.
"""

from __future__ import annotations

import pytest


def _let_go(registry_name: str, key) -> None:
    try:
        from pytest_bdd import reporting
    except ImportError:
        return
    registry = getattr(reporting, registry_name, None)
    if hasattr(registry, "pop"):
        registry.pop(key, None)


def _forget_passed_phase(config, report) -> None:
    """pytest's terminal keeps every report it logged, to count them at the end; the
    setup and teardown of a test that passed are kept under no category (``""``), which
    nothing counts or shows (``TerminalReporter._set_main_color`` skips it): two reports of
    every three, each with its test's keywords, about 6 kB an example in the controller
    of a run.  The one just logged is let go."""
    if config is None or report.when == "call" or not report.passed:
        return
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    kept = getattr(reporter, "stats", {}).get("")
    if kept and kept[-1] is report:
        kept.pop()


class LetGoOfReports:
    def __init__(self, config=None) -> None:
        self.config = config

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        try:
            return (yield)
        finally:
            _let_go("scenario_reports_registry", item)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_logreport(self, report):
        try:
            return (yield)
        finally:
            _let_go("test_report_context_registry", report)
            _forget_passed_phase(self.config, report)

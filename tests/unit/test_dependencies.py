"""The dependencies are pinned, and the few of their APIs we lean on beyond the plainly
public ones fail here, by name, when a new release changes them (rather than as a
strange build somewhere else)."""

from __future__ import annotations

import inspect
import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PINNED = ("sphinx", "docutils", "pytest", "pytest-bdd", "pytest-xdist", "gherkin-official", "furo", "jieba")


def _constraints() -> dict[str, str]:
    out = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        m = re.match(r"^([A-Za-z0-9_.\-]+)==(\S+)$", line.strip())
        if m:
            out[m.group(1).lower().replace("_", "-")] = m.group(2)
    return out


def test_every_dependency_has_an_upper_bound_and_a_pinned_version():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = project["dependencies"] + [r for extra in project["optional-dependencies"].values() for r in extra]
    pins = _constraints()
    for requirement in requirements:
        name = re.match(r"^[A-Za-z0-9_.\-]+", requirement).group(0).lower()
        assert "<" in requirement, f"{requirement}: no upper bound in pyproject.toml"
        assert name in pins, f"{name} is not pinned in constraints.txt"


@pytest.mark.parametrize("name", PINNED)
def test_the_installed_version_is_the_pinned_one(name):
    pinned = _constraints()[name]
    installed = metadata.version(name)
    assert installed == pinned, (f"{name} {installed} is installed, constraints.txt pins {pinned}: install with "
                                 f"`make` (pip install -c constraints.txt), or renew the pins with `make constraints`")


def test_pytest_bdd_still_offers_what_the_binding_uses():
    from pytest_bdd import hooks, parsers, scenario
    from pytest_bdd.feature import get_features
    from pytest_bdd.parser import Feature, FeatureParser, ScenarioTemplate

    for hook in ("pytest_bdd_apply_tag", "pytest_bdd_step_error", "pytest_bdd_step_func_lookup_error",
                 "pytest_bdd_after_scenario"):
        assert hasattr(hooks, hook), f"pytest-bdd no longer has the hook {hook}"
    assert {"is_matching", "parse_arguments"} <= set(vars(parsers.StepParser)), "StepParser changed"
    assert "features_base_dir" in inspect.signature(scenario).parameters
    assert list(inspect.signature(get_features).parameters)[:1] == ["paths"]
    # engine/scenarios.py parses a feature afresh, not through get_features' process-wide cache
    assert list(inspect.signature(FeatureParser).parameters)[:2] == ["basedir", "filename"]
    assert hasattr(FeatureParser, "parse")
    assert "rel_filename" in Feature.__dataclass_fields__ and "tags" in ScenarioTemplate.__dataclass_fields__


def test_sphinx_still_reads_sources_with_the_configured_codec():
    """encoding.py swaps ``source_encoding`` for a codec that replaces bad bytes (and
    reports them itself, at their line): Sphinx must still read through that setting,
    and its check of the setting must still run before ours (priority 790 < 800)."""
    import sphinx.config as config
    from sphinx.environment import BuildEnvironment

    assert "source_encoding" in config.Config.config_values
    assert "config.source_encoding" in inspect.getsource(BuildEnvironment)
    handler = inspect.getsource(config.setup)
    assert re.search(r"deprecate_source_encoding, priority=(\d+)", handler), "Sphinx's encoding check moved"
    assert int(re.search(r"deprecate_source_encoding, priority=(\d+)", handler).group(1)) < 800


def test_the_gherkin_builder_overrides_a_documented_hook():
    from sphinx.builders import Builder

    assert "can be overridden" in (Builder.write_documents.__doc__ or "")


def test_pytest_bdd_still_keeps_its_reports_where_the_run_lets_them_go():
    """engine/bdd/memory.py drops pytest-bdd's report of each scenario and each test
    report's copy of it: the registries must still be where pytest-bdd keeps them."""
    from pytest_bdd import reporting

    assert hasattr(reporting.scenario_reports_registry, "pop"), "see engine/bdd/memory.py"
    assert hasattr(reporting.test_report_context_registry, "pop"), "see engine/bdd/memory.py"
    assert "scenario_reports_registry[request.node]" in inspect.getsource(reporting.before_scenario)
    assert "test_report_context_registry[rep]" in inspect.getsource(reporting.runtest_makereport)

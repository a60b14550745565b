"""The theme's templates are compiled once per machine (rulings.sphinxext.templates):
the html builder's Jinja environment keeps compiled templates in the user's cache, a
template edited since is compiled again, and another configuration of the environment
never reads what this one wrote."""

from __future__ import annotations

from types import SimpleNamespace

from jinja2 import FileSystemLoader
from jinja2.sandbox import SandboxedEnvironment

from rulings.sphinxext import templates


def _app(folder, **settings):
    environment = SandboxedEnvironment(loader=FileSystemLoader(str(folder)), **settings)
    return SimpleNamespace(builder=SimpleNamespace(templates=SimpleNamespace(environment=environment)))


def _render(folder, **settings) -> str:
    """A new build's environment (a new process: nothing compiled in memory) renders page.html."""
    app = _app(folder, **settings)
    templates.cache_compiled(app)
    return app.builder.templates.environment.get_template("page.html").render(title="规则")


def test_a_template_is_compiled_once_and_again_when_edited(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    (tmp_path / "theme").mkdir()
    page = tmp_path / "theme" / "page.html"
    page.write_text("<h1>{{ title }}</h1>", encoding="utf-8")
    assert _render(tmp_path / "theme") == "<h1>规则</h1>"
    kept = list((tmp_path / "cache" / "rulings").glob("templates-*/__jinja2_*.cache"))
    assert len(kept) == 1, kept

    # the next build loads the compiled template, not its source
    compiled = []
    original = SandboxedEnvironment.compile
    monkeypatch.setattr(SandboxedEnvironment, "compile",
                        lambda self, *a, **k: compiled.append(a) or original(self, *a, **k))
    assert _render(tmp_path / "theme") == "<h1>规则</h1>" and not compiled

    # an edited template is compiled again: the page shows the edit
    page.write_text("<h2>{{ title }}</h2>", encoding="utf-8")
    assert _render(tmp_path / "theme") == "<h2>规则</h2>" and len(compiled) == 1


def test_another_configuration_of_the_environment_keeps_its_own_compiled_templates(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    (tmp_path / "theme").mkdir()
    (tmp_path / "theme" / "page.html").write_text("<p>{{ title }}</p>\n", encoding="utf-8")
    assert _render(tmp_path / "theme") == "<p>规则</p>"
    assert _render(tmp_path / "theme", keep_trailing_newline=True) == "<p>规则</p>\n"
    assert _render(tmp_path / "theme", extensions=["jinja2.ext.i18n"]) == "<p>规则</p>"
    assert len(list((tmp_path / "cache" / "rulings").glob("templates-*"))) == 3


def test_without_a_cache_folder_templates_are_compiled_as_before(tmp_path, monkeypatch):
    (tmp_path / "not-a-folder").write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "not-a-folder"))
    (tmp_path / "theme").mkdir()
    (tmp_path / "theme" / "page.html").write_text("<p>{{ title }}</p>", encoding="utf-8")
    app = _app(tmp_path / "theme")
    templates.cache_compiled(app)
    assert app.builder.templates.environment.bytecode_cache is None
    assert app.builder.templates.environment.get_template("page.html").render(title="规则") == "<p>规则</p>"

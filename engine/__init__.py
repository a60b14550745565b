"""rulings: card-game ruling documents whose examples test themselves.

The packages ``engine.core`` and the per-game packages (``engine.ygo`` …) are the
rules engine and import nothing from Sphinx, pytest or Gherkin.  ``engine.sphinxext``
(the Sphinx extension), ``engine.bdd`` (the pytest-bdd binding) and ``engine.cli`` sit
on top of it and read the same step vocabularies.
"""

"""rulings: card-game ruling documents whose examples test themselves.

The packages ``rulings.core`` and the per-game packages (``rulings.ygo`` …) are the
rules engine and import nothing from Sphinx, pytest or Gherkin.  ``rulings.sphinxext``
(the Sphinx extension), ``rulings.bdd`` (the pytest-bdd binding) and ``rulings.cli`` sit
on top of it and read the same step vocabularies.
"""

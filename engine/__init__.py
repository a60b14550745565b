"""rulings: card-game ruling documents whose examples test themselves.

The packages ``rulings.core`` and the per-game packages (``rulings.ygo`` …) are the
rules engine and import nothing from Sphinx, pytest or Gherkin.  ``rulings.sphinxext``
(the Sphinx extension), ``rulings.bdd`` (the pytest-bdd binding) and ``rulings.cli`` sit
on top of it and read the same step vocabularies.
"""

import time as _time

#: when this process began importing the project's code: a module file of the project
#: modified since may not be the code the process runs (``rulings.runs.code_as_imported``)
IMPORTED_AT_NS = _time.time_ns()

"""Sphinx configuration of the executable ruling documents."""

project = "rulings"
author = "rulings contributors"
copyright = "2026, rulings contributors"
language = "zh_CN"

extensions = ["engine.sphinxext"]

exclude_patterns = ["_build"]
templates_path = []
html_theme = "furo"
html_title = "rulings · 可执行的裁定文档"
html_search_language = "zh"
html_static_path = []

# Documents are text written by people; they must not run code or read files:
# raw HTML and file inclusion are switched off in docutils.conf beside this file.

# the game of each folder and the Gherkin language its examples are written in
rulings_games = {"ygo": "zh-CN", "mtg": "ja", "dm": "ja"}
# written by the pytest-bdd run (make site / make test)
rulings_results = "../build/results.json"

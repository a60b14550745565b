# The two commands of the README: `make site` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# pytest-xdist workers for `make test` (auto: one per core)
JOBS ?= auto

.PHONY: site test check coverage clean browser constraints

# (re)install only when the project's dependencies change; the versions are the
# ones in constraints.txt, so that a new release cannot change a build unnoticed.
# The engine's bytecode is compiled as pip compiles every package it installs: an
# editable install compiles nothing, and where bytecode is not written
# (PYTHONDONTWRITEBYTECODE) every build would compile the ~120 modules it imports (0.19 s
# of CPU at each start; a module edited since is read from its source, as Python does
# whenever its bytecode is out of date)
$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[test]'
	$(BIN)/python -m compileall -q engine
	touch $(STAMP)

# the coverage pages show current results: a game whose engine changed is measured again
# (about a minute for all three on 2 cores); an edited example runs alone under every change
site: $(STAMP)
	$(BIN)/rulings build --coverage

# the extraction (build/features: what pytest runs, which never extracts itself; a problem
# in a document, exit 1, is test_documents' failure, an extraction that stopped ends here),
# the test suite (the tests reading the real site together in one worker: tests/conftest.py),
# then the coverage ratchet: no cell of tests/coverage-pinned.json may
# stop being pinned (measures only the games whose engine, cards or examples changed)
test: $(STAMP) browser
	$(BIN)/rulings extract || [ $$? -eq 1 ]
	$(BIN)/python -m pytest -n $(JOBS) --dist loadgroup
	$(BIN)/rulings coverage --check

# which rules the examples pin: every cell of every rules table changed in turn
coverage: $(STAMP)
	$(BIN)/rulings coverage

# headless Chromium, its WebDriver and CJK fonts for the browser tests (Debian's packages,
# never a downloaded browser), installed where apt-get may (CI runs as root)
BROWSER_PACKAGES := chromium chromium-driver fonts-noto-cjk
browser:
	@if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 && \
	  fc-list 2>/dev/null | grep -q "Noto Sans CJK"; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(BROWSER_PACKAGES) >/dev/null; \
	else echo "note: no Chromium here ($(BROWSER_PACKAGES)): the browser tests will be skipped"; fi

check: $(STAMP)
	$(BIN)/rulings check

# renew the pinned versions: the newest that pyproject.toml allows, in a fresh venv
constraints:
	rm -rf build/constraints-venv
	$(PYTHON) -m venv build/constraints-venv
	build/constraints-venv/bin/python -m pip install --quiet '.[test]'
	{ sed -n '1,2p' constraints.txt; build/constraints-venv/bin/python -m pip freeze --exclude-editable \
	  | grep -v '^rulings=='; } > constraints.txt.new && mv constraints.txt.new constraints.txt
	rm -rf build/constraints-venv

clean:
	rm -rf build

# The two commands of the README: `make site` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: site test check clean browser

# (re)install only when the project's dependencies change
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

site: $(STAMP)
	$(BIN)/rulings build

test: $(STAMP) browser
	$(BIN)/python -m pytest

# headless Chromium for the browser tests, installed where apt-get may (CI runs as root)
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "note: no Chromium here: the browser tests will be skipped"; fi; }

check: $(STAMP)
	$(BIN)/rulings check

clean:
	rm -rf build

# The two commands of the README: `make site` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: site test check clean

# (re)install only when the project's dependencies change
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

site: $(STAMP)
	$(BIN)/rulings build

test: $(STAMP)
	$(BIN)/python -m pytest

check: $(STAMP)
	$(BIN)/rulings check

clean:
	rm -rf build

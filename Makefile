# Two commands matter: `make run` and `make test`. Both set up everything they need first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
BASE := $(VENV)/.base-installed
DEV := $(VENV)/.dev-installed
CATALOG_DIR := translations
POT := $(CATALOG_DIR)/messages.pot
HOST ?= 127.0.0.1
PORT ?= 5000

.PHONY: run test catalogs browser extract update-catalogs catalog-stats bench clean

$(BASE): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(DEV): $(BASE)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

## Compile every .po catalog into the .mo files the app reads (never committed).
catalogs: $(BASE)
	$(BIN)/pybabel compile --domain messages --directory $(CATALOG_DIR) --statistics

## Serve the app on http://$(HOST):$(PORT)
run: catalogs
	$(BIN)/flask --app tutor run --host $(HOST) --port $(PORT)

## Debian's Chromium and its driver for the real-browser tests (installed once, when missing).
browser:
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium chromium-driver fonts-noto-core; \
	fi

## The whole suite: engine, API, pages, catalogs and the browser tests.
test: $(DEV) catalogs browser
	$(BIN)/python -m pytest

## Extract every learner-facing string into $(POT), then update each catalog from it.
extract: $(BASE)
	$(BIN)/pybabel extract --mapping-file babel.cfg --add-comments TRANSLATORS: --sort-by-file \
		--project tutor --copyright-holder "tutor contributors" --no-wrap --output-file $(POT) .

update-catalogs: extract
	$(BIN)/pybabel update --input-file $(POT) --output-dir $(CATALOG_DIR) --no-wrap --ignore-obsolete --no-fuzzy-matching
	$(BIN)/python -m tutor.catalogs fill-english

catalog-stats: $(BASE)
	$(BIN)/python -m tutor.catalogs stats

bench: $(DEV)
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
	find $(CATALOG_DIR) -name '*.mo' -delete

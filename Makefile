# Two commands matter: `make run` and `make test`. Both set up everything they need first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
BASE := $(VENV)/.base-installed
DEV := $(VENV)/.dev-installed
TRANSLATE := $(VENV)/.translate-installed
CATALOG_DIR := translations
POT := $(CATALOG_DIR)/messages.pot
HOST ?= 127.0.0.1
PORT ?= 5000

.PHONY: run test catalogs browser redis extract update-catalogs catalog-stats bench clean
.PHONY: add-language check-catalogs

$(BASE): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(DEV): $(BASE)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(TRANSLATE)

## The translators' checks need only the catalog linters (dennis, polib): not the test suite's tools.
$(TRANSLATE): $(BASE)
	$(BIN)/python -m pip install --quiet -e '.[translate]'
	touch $@

## Compile every .po catalog into the .mo files the app reads (never committed). An entry that
## cannot be used (untranslated, or a placeholder the app cannot fill) is left out, so the app shows
## it in English with English plural rules.
catalogs: $(BASE)
	$(BIN)/python -m tutor.tools.catalogs compile --dir $(CATALOG_DIR)

## Serve the app on http://$(HOST):$(PORT)
## For translators (TRANSLATING.md): a saved .po shows at the next page load (CATALOG_RELOAD=0 turns
## it off), and /en-XA/... serves the pseudo-locale (PSEUDO_LOCALE=0 turns it off).
CATALOG_RELOAD ?= 1
PSEUDO_LOCALE ?= 1
run: catalogs
	TUTOR_CATALOG_RELOAD=$(CATALOG_RELOAD) TUTOR_PSEUDO_LOCALE=$(PSEUDO_LOCALE) \
		$(BIN)/flask --app tutor run --host $(HOST) --port $(PORT)

## Serve in production (README.md, "Serving in production"): gunicorn with $(WORKERS) workers on
## $(BIND). No state lives in a process (class mode's is in its store: TUTOR_CLASS_STORE), so any
## number of these can sit behind a load balancer.
## --limit-request-line 8190 lets the app itself answer a URL over 4 KiB (a 414 page in the learner's language).
BIND ?= 127.0.0.1:8000
WORKERS ?= 4
.PHONY: serve
serve: catalogs
	$(BIN)/gunicorn --workers $(WORKERS) --bind $(BIND) --limit-request-line 8190 \
		--access-logfile - 'tutor:create_app()'

## Debian's Chromium and its driver for the real-browser tests (installed once, when missing).
browser:
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium chromium-driver fonts-noto-core; \
	fi

## Debian's Redis server for the class store's tests (installed once, when missing): the tests start
## their own on 127.0.0.1 on a free port and stop it (tests/class_stores.py).
redis:
	@if [ ! -x /usr/bin/redis-server ]; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends redis-server; \
	fi

## The whole suite: engine, API, pages, catalogs, class mode on SQLite and on Redis, and the browser tests.
test: $(DEV) catalogs browser redis
	$(BIN)/python -m pytest -n auto

## Extract every learner-facing string into $(POT), then update each catalog from it.
extract: $(BASE)
	$(BIN)/pybabel extract --mapping-file babel.cfg --add-comments TRANSLATORS: --sort-by-file \
		--project tutor --copyright-holder "tutor contributors" --no-wrap --output-file $(POT) .

update-catalogs: extract
	$(BIN)/pybabel update --input-file $(POT) --output-dir $(CATALOG_DIR) --no-wrap --ignore-obsolete --no-fuzzy-matching
	$(BIN)/python -m tutor.tools.catalogs fill-english

catalog-stats: $(BASE)
	$(BIN)/python -m tutor.tools.catalogs stats

# ---- translators' commands (TRANSLATING.md) -------------------------------------------------------
## Start a catalog for a new language from the template and compile it: make add-language LANG=fr
## (the app offers every language that has a folder in $(CATALOG_DIR)/).
ifneq ($(filter add-language,$(MAKECMDGOALS)),)
ifneq ($(origin LANG),command line)
$(error usage: make add-language LANG=xx   (a language code such as fr, pt_BR or zh_Hant))
endif
endif
add-language: $(BASE)
	$(BIN)/python -m tutor.tools.catalogs add-language $(LANG) --dir $(CATALOG_DIR)

## Every catalog check of tests/translators/test_catalog_checks.py, outside pytest: syntax, template up to date,
## untranslated or fuzzy, placeholders, HTML tags, plural forms, glossary, unchanged text, spaces,
## doubled words, end punctuation. Exit 1 on any problem.
##   make check-catalogs LANG=th                      one catalog only
##   make check-catalogs LANG=th ALLOW_INCOMPLETE=1   a half-done catalog: everything but completeness
## (LANG counts only when given on the command line: the shell's own LANG=C.UTF-8 is not a catalog.)
ALLOW_INCOMPLETE ?=
check-catalogs: $(TRANSLATE)
	$(BIN)/python -m tutor.tools.catalogs check --dir $(CATALOG_DIR) \
		$(if $(filter command line,$(origin LANG)),--lang $(LANG)) \
		$(if $(filter-out 0,$(ALLOW_INCOMPLETE)),--allow-incomplete)

## A cropped screenshot, for each msgid, of where it shows in English (context-shots/, git-ignored),
## shown on the status page and in the ?msgids=1 view (TRANSLATING.md). Needs Chromium, like the tests.
.PHONY: context-shots
context-shots: $(DEV) catalogs browser
	$(BIN)/python -m tutor.tools.context_shots --out context-shots
# ---- end of the translators' commands

bench: $(DEV)
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
	find $(CATALOG_DIR) -name '*.mo' -delete

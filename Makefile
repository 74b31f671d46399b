# Two commands on a fresh machine: `make run` and `make test` (see README).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: install run test test-sqlite test-postgresql console replicate bench clean

$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

# the virtualenv with the pinned requirements, nothing else (what the systemd recipe in README runs)
install: $(STAMP)

run: $(STAMP)
	$(PY) bot.py

console: $(STAMP)
	$(PY) bot.py --console

# Continuous replication of the SQLite file with Litestream (litestream.yml; README, "Hosting"):
# DISPATCH_DB and LITESTREAM_REPLICA_URL from .env or the environment; runs until stopped.
replicate: $(STAMP)
	set -a; [ -f .env ] && . ./.env; set +a; \
	DISPATCH_DB="$${DISPATCH_DB:-./data/dispatch.sqlite3}"; \
	[ -n "$$LITESTREAM_REPLICA_URL" ] || { echo "Set LITESTREAM_REPLICA_URL in .env (e.g. file:///mnt/backup/dispatch)"; exit 2; }; \
	DISPATCH_DB="$$DISPATCH_DB" exec $(VENV)/bin/litestream replicate -config litestream.yml

# The whole suite on SQLite, then again on PostgreSQL (a throw-away cluster that .ci/with-postgresql
# starts and deletes; Debian's postgresql package, installed with apt-get when missing); both
# passes run, and `make test` fails if either does.
# One worker per core (pytest-xdist); a test that is not safe beside others carries
# @pytest.mark.xdist_group and runs in one worker with the rest of its group.
test: $(STAMP)
	@status=0; $(MAKE) --no-print-directory test-sqlite || status=1; \
	$(MAKE) --no-print-directory test-postgresql || status=1; exit $$status

# Both passes run every test (nothing is deselected on either store). Bytecode is written even where
# the environment says not to (PYTHONDONTWRITEBYTECODE, in __pycache__, git-ignored): the second pass
# then reads the tests as pytest rewrote them for the first instead of rewriting all of them again
# in every worker (about two thirds of collecting the suite).
PYTEST := env PYTHONDONTWRITEBYTECODE= $(PY) -m pytest -q -n auto --dist loadgroup

test-sqlite: $(STAMP)
	DATABASE_URL= $(PYTEST)

test-postgresql: $(STAMP)
	.ci/with-postgresql $(PYTEST)

# every bench script once with small sizes, niced (a shared machine): the figures, each with the
# machine's load, show each bench still runs; run a script alone with its defaults for real figures
# (the bot ladders and `bench/suite_speed.py`, which runs the whole suite, are left to be run alone)
BENCH := nice -n 15 $(PY)
bench: $(STAMP)
	$(BENCH) bench/service_load.py --sizes 200 --phases 10 --samples 50 --seconds 2
	$(BENCH) bench/adjudicate.py --rounds 1 --phases 40 --positions 40
	$(BENCH) bench/render.py --repeat 2 --games 100
	$(BENCH) bench/odds.py --quick
	$(BENCH) bench/autocomplete.py
	$(BENCH) bench/games_autocomplete.py --sizes 200 --samples 5
	$(BENCH) bench/game_list.py --sizes 200 --samples 5
	$(BENCH) bench/submit_orders.py --runs 2
	$(BENCH) bench/discord_latency.py --games 1
	$(BENCH) bench/storage.py --rounds 2 --reads 200 --writes 50
	$(BENCH) bench/loop_block.py --rounds 2 --repeat 1
	$(BENCH) bench/loop_block.py --adjudications --rounds 2
	$(BENCH) bench/replay.py --rounds 2
	$(BENCH) bench/maps_ready.py --games 2 --variant aa1914
	$(BENCH) bench/export_import.py --rounds 2
	$(BENCH) bench/seeding.py --rounds 1
	$(BENCH) bench/standings.py --games 100 --players 30
	$(BENCH) bench/ratings.py --games 200 --players 50 --repeats 1
	$(BENCH) bench/ratings_db.py --games 200 --players 50
	$(BENCH) bench/profile.py --games 200 --players 50 --samples 5
	$(BENCH) bench/aa_adjudicate.py --sample 12 --repeat 1

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis

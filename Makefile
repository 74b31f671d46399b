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
# starts and deletes; Debian's postgresql package, installed with apt-get when missing).
# One worker per core (pytest-xdist); a test that is not safe beside others carries
# @pytest.mark.xdist_group and runs in one worker with the rest of its group.
test: test-sqlite test-postgresql

test-sqlite: $(STAMP)
	DATABASE_URL= $(PY) -m pytest -q -n auto --dist loadgroup

test-postgresql: $(STAMP)
	.ci/with-postgresql $(PY) -m pytest -q -n auto --dist loadgroup

bench: $(STAMP)
	$(PY) bench/service_load.py
	$(PY) bench/adjudicate.py
	$(PY) bench/render.py
	$(PY) bench/odds.py
	$(PY) bench/autocomplete.py
	$(PY) bench/games_autocomplete.py
	$(PY) bench/game_list.py
	$(PY) bench/submit_orders.py
	$(PY) bench/discord_latency.py
	$(PY) bench/storage.py
	$(PY) bench/loop_block.py
	$(PY) bench/replay.py
	$(PY) bench/maps_ready.py
	$(PY) bench/suite_speed.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis

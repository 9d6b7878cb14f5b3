# The two set-up commands of the README. Each works on a fresh machine: it installs what it
# needs (deploy/setup.sh: apt kcat + prometheus, pip, the Kafka jars from Maven Central).
PYTHON ?= python3
PYTEST_ARGS ?=

.PHONY: demo test setup setup-python broker-start broker-stop bench

demo: setup-python          ## generate a synthetic workload, replay it in-process, show the result
	$(PYTHON) -m obsline demo

test: setup                 ## lint, type-check, then every test; starts (and then stops) the local Kafka broker itself
	$(PYTHON) -m ruff check .
	$(PYTHON) -m mypy
	$(PYTHON) -m pytest $(PYTEST_ARGS)

setup:
	bash deploy/setup.sh

setup-python:
	OBSLINE_SETUP_SKIP="apt kafka mcp weed" bash deploy/setup.sh

broker-start:
	bash deploy/kafka/local.sh start

broker-stop:
	bash deploy/kafka/local.sh stop

bench: setup                ## the benchmarks behind docs/benchmarks.md
	$(PYTHON) -m bench

# make demo   - set up .venv (if missing) and run the quickstart example
# make test   - set up .venv (if missing) and run the whole test suite
# make test-fast - the unit and golden layers only (a minute or two)
# make golden - regenerate tests/golden/*.py (review the diff!)
# make bench  - side-by-side benchmarks against JAX
# make fuzz   - the differential fuzzer, long profile (2000 random programs, every transformation)
# make notebook - open examples/teaching.ipynb in Jupyter (installs it into .venv)
# make realworld - the realworld corpus (tests/realworld: code copied from public projects), every transformation against JAX
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test test-fast golden bench fuzz realworld coverage clean browser notebook

$(STAMP): setup.cfg pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(PY) examples/quickstart.py

# both cores; each test file runs whole, in order, in one worker
test: $(STAMP) browser
	$(PY) -m pytest -n 2 --dist loadfile

test-fast: $(STAMP)
	$(PY) -m pytest -n 2 -m "unit or golden"

# the playground's browser tests (tests/test_playground.py) drive Debian's
# chromium through its chromedriver: installed when missing
browser:
	command -v chromium >/dev/null && command -v chromedriver >/dev/null || \
		(apt-get update && apt-get install -y --no-install-recommends chromium chromium-driver)

golden: $(STAMP)
	S2S_REGENERATE_GOLDEN=1 $(PY) -m pytest tests/test_golden.py
	git diff --stat tests/golden

# Jupyter serves on 127.0.0.1 only, with a token in the address it prints
# (as root, in a container, it asks for --allow-root)
notebook: $(STAMP)
	$(PY) -m pip install --quiet -e '.[notebook]'
	$(VENV)/bin/jupyter notebook --ip=127.0.0.1 $(if $(filter 0,$(shell id -u)),--allow-root) \
		examples/teaching.ipynb

bench: $(STAMP)
	$(PY) bench/run.py

coverage: $(STAMP)
	$(PY) -m s2s.coverage COVERAGE.md
	git diff --stat COVERAGE.md

fuzz: $(STAMP)
	$(PY) tests/fuzz/run.py --programs 2000 --seed 0 --jobs 0

realworld: $(STAMP)
	$(PY) tests/realworld/run.py --jobs 2

clean:
	rm -rf $(VENV) build *.egg-info

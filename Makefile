# The two commands of the README.
.PHONY: run test setup

run: setup          ## set up (first time), then run the whole help desk
	.venv/bin/python -m ops.launcher

test:               ## set up (first time), then run every test
	bash scripts/test.sh

setup:
	bash scripts/setup.sh

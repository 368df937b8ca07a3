#!/usr/bin/env bash
# Run every test: unit, action, web, Rasa data checks and the end-to-end tests against the
# real services. Sets up first (the model is trained once per run, not per test).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/install_browser.sh
bash scripts/install_stores.sh
export RASA_TELEMETRY_ENABLED=false
set +e
.venv/bin/python -m pytest "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests: that is a failure here, not a pass." >&2
  exit 1
fi
exit "$status"

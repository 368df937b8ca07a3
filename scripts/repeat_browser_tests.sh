#!/usr/bin/env bash
# Run the browser suite (tests/e2e/browser) N times in a row, each run a fresh pytest session
# with its own services, as CI starts them; print one line a run and the count of failed runs.
# Usage: bash scripts/repeat_browser_tests.sh [N=20] [extra pytest arguments...]
# Expects a set-up checkout (make test or scripts/setup.sh and scripts/install_browser.sh).
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
shift || true
export RASA_TELEMETRY_ENABLED=false
log_dir=$(mktemp -d -t browser-runs.XXXXXX)
failed=0
for i in $(seq 1 "$runs"); do
  start=$(date +%s)
  .venv/bin/python -m pytest tests/e2e/browser -q -p no:cacheprovider "$@" > "$log_dir/run-$i.log" 2>&1
  status=$?
  summary=$(grep -E '^(=+ )?[0-9]+ (passed|failed)' "$log_dir/run-$i.log" | tail -1)
  echo "run $i/$runs: exit $status, $(( $(date +%s) - start )) s, ${summary:-no summary}"
  [ "$status" -eq 0 ] || failed=$((failed + 1))
done
echo "$runs runs, $failed failed; logs in $log_dir"
[ "$failed" -eq 0 ]

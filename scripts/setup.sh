#!/usr/bin/env bash
# Set up the help desk on a fresh machine: Python 3.10 virtual environment, pinned
# dependencies, the spaCy pipeline, and the Rasa model (trained only when its inputs changed).
# Safe to run again: each step is skipped when already done.
set -euo pipefail
cd "$(dirname "$0")/.."

find_python310() {
  local candidate
  for candidate in "${PYTHON:-}" python3.10 "$HOME"/.pyenv/versions/3.10*/bin/python3.10 \
                   /usr/local/bin/python3.10 /usr/bin/python3.10; do
    [ -n "$candidate" ] || continue
    if "$candidate" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 10))' 2>/dev/null; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

if [ ! -x .venv/bin/python ]; then
  py=$(find_python310) || { echo "Python 3.10 is required (Rasa 3.6 does not support 3.11); set PYTHON=/path/to/python3.10" >&2; exit 1; }
  echo "==> creating .venv with $py"
  "$py" -m venv .venv
fi

stamp=.venv/.helpdesk-installed
want=$(cat requirements.lock requirements-model.lock pyproject.toml | sha256sum | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "==> installing pinned dependencies (first run downloads about 1 GB)"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check "pip<24.1" "setuptools<71" wheel
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements.lock
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --no-deps --require-hashes -r requirements-model.lock
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --no-deps -e .
  echo "$want" > "$stamp"
fi

export RASA_TELEMETRY_ENABLED=false
# TensorFlow's C++ INFO and WARNING lines are not failures; its errors still show (issue 34).
export TF_CPP_MIN_LOG_LEVEL="${TF_CPP_MIN_LOG_LEVEL:-2}"
# Nothing is ever fetched from a model hub; the packaged weights must be the published ones.
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
echo "==> checking the pretrained sentence model (SHA-256 of its weights)"
.venv/bin/python -m stormwater.understanding.embeddings --verify
echo "==> building the spaCy pipeline and the Rasa model (trained only if its inputs changed)"
.venv/bin/python -m ops.build

#!/usr/bin/env bash
# Browser tests drive Debian's headless Chromium through ChromeDriver, and check pages with
# axe-core. Install what is missing (Chromium as root, from Debian's packages; axe-core from
# the npm registry at the pinned version); nothing is downloaded at test time otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

# axe-core for the accessibility tests: the version and its checksum are pinned in
# tests/e2e/browser/axe/package-lock.json; `npm ci` installs exactly that from the npm registry.
axe_dir=tests/e2e/browser/axe
if [ ! -f "$axe_dir/node_modules/axe-core/axe.min.js" ]; then
  if ! command -v npm >/dev/null; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
      echo "==> installing npm for axe-core"
      DEBIAN_FRONTEND=noninteractive apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null
    else
      echo "The accessibility tests need npm (to install axe-core): apt-get install npm" >&2
      exit 1
    fi
  fi
  echo "==> installing axe-core (pinned in $axe_dir/package-lock.json)"
  npm ci --prefix "$axe_dir" --no-audit --no-fund --ignore-scripts --loglevel=error
fi

if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "Browser tests need Chromium and ChromeDriver: apt-get install chromium chromium-driver" >&2
  exit 1
fi
echo "==> installing Chromium and ChromeDriver for the browser tests"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium chromium-driver fonts-dejavu-core >/dev/null

#!/usr/bin/env bash
# Browser tests drive Debian's headless Chromium through ChromeDriver. Install both when they
# are missing (as root, from Debian's packages; nothing is downloaded at test time otherwise).
set -euo pipefail
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

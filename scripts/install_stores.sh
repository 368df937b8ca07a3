#!/usr/bin/env bash
# The replica tests (tests/e2e/test_replicas_e2e.py) and `bench.chat_load --replicas 2` start
# Redis (Rasa's lock store) and PostgreSQL (the shared tracker store) as their own processes
# on free ports (ops/local_stores.py). Install the servers from Debian's packages when
# missing (as root); no system service is started or used.
set -euo pipefail
cd "$(dirname "$0")/.."

have_postgres() {
  command -v initdb >/dev/null && command -v postgres >/dev/null && return 0
  compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null
}

missing=()
command -v redis-server >/dev/null || missing+=(redis-server)
have_postgres || missing+=(postgresql)
if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "The replica tests need Redis and PostgreSQL: apt-get install ${missing[*]}" >&2
  exit 1
fi
echo "==> installing ${missing[*]} for the replica tests"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# policy-rc.d may refuse to start the system services; the tests never use them anyway.
apt-get install -y -qq "${missing[@]}" >/dev/null

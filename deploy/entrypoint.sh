#!/bin/sh
# The container's one entry point (Dockerfile): `pamir serve` configured from the environment, or, with the
# argument `healthcheck`, a check that the running server answers. Tested by tests/test_deploy.py.
#   PAMIR_DATABASE            SQLite file or postgresql://user:password@host/db (default /data/server.sqlite3)
#   PAMIR_HOST, PAMIR_PORT    where to listen (default 0.0.0.0:8000)
#   PAMIR_PUBLIC_URL          the address players use (links in turn notifications)
#   PAMIR_WORKERS             processes the bots think in (default: one per core)
#   PAMIR_FORWARDED_ALLOW_IPS proxies whose X-Forwarded-* headers are trusted (default 127.0.0.1)
#   PAMIR_LOG_LEVEL           uvicorn's log level (default warning)
set -eu
port="${PAMIR_PORT:-8000}"
if [ "${1:-serve}" = "healthcheck" ]; then
    exec python3 -c 'import sys, urllib.request
try:
    urllib.request.urlopen("http://127.0.0.1:" + sys.argv[1] + "/healthz", timeout=4)
except OSError as exc:
    sys.exit(f"unhealthy: {exc}")' "$port"
fi
set -- --host "${PAMIR_HOST:-0.0.0.0}" --port "$port" --database "${PAMIR_DATABASE:-/data/server.sqlite3}" \
    --log-level "${PAMIR_LOG_LEVEL:-warning}" --forwarded-allow-ips "${PAMIR_FORWARDED_ALLOW_IPS:-127.0.0.1}"
if [ -n "${PAMIR_PUBLIC_URL:-}" ]; then
    set -- "$@" --public-url "$PAMIR_PUBLIC_URL"
fi
if [ -n "${PAMIR_WORKERS:-}" ]; then
    set -- "$@" --workers "$PAMIR_WORKERS"
fi
exec pamir serve "$@"

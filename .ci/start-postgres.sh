#!/usr/bin/env bash
# Starts a throwaway Postgres cluster on 127.0.0.1:$PGPORT (default 55432) under $PGROOT
# and prints the DATABASE_URL of a fresh database. Installs Postgres with apt if missing.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
PGPORT=${PGPORT:-55432}
PGROOT=${PGROOT:-$PWD/.pg}
if ! ls -d /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  apt-get update -q >&2 && apt-get install -y -q --no-install-recommends postgresql >&2
fi
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
install -d -o postgres -g postgres "$PGROOT"
if [ ! -f "$PGROOT/data/PG_VERSION" ]; then
  runuser -u postgres -- "$PGBIN/initdb" -D "$PGROOT/data" -U postgres --auth=trust -E UTF8 \
    --locale=C.UTF-8 >&2
fi
if ! runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGROOT/data" status >/dev/null 2>&1; then
  runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGROOT/data" -l "$PGROOT/log" -w -t 30 \
    -o "-p $PGPORT -k $PGROOT -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >&2
fi
echo "postgres://postgres@127.0.0.1:$PGPORT/postgres"

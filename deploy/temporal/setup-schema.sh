#!/bin/sh
# Creates (once) and migrates Temporal's two PostgreSQL databases; safe to run at every start.
set -eu
: "${POSTGRES_SEEDS:?}" "${POSTGRES_USER:?}" "${SQL_PASSWORD:?}"
PORT="${DB_PORT:-5432}"
SCHEMA=/etc/temporal/schema/postgresql/v12
for pair in "temporal:temporal" "temporal_visibility:visibility"; do
  db="${pair%%:*}"
  dir="${pair##*:}"
  tool() { temporal-sql-tool --plugin postgres12 --ep "$POSTGRES_SEEDS" -u "$POSTGRES_USER" -p "$PORT" --db "$db" "$@"; }
  tool create || echo "database $db already exists"
  tool setup-schema -v 0.0
  tool update-schema -d "$SCHEMA/$dir/versioned"
done
echo "Temporal schema ready"

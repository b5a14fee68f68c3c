#!/bin/sh
# Creates (once) and migrates Temporal's two PostgreSQL databases; safe to run at every start. Used by
# the compose file's `temporal-schema` service and by scripts/cluster-stack.js, with the variables of
# config/temporal.yaml.
#   TEMPORAL_SQL_TOOL    the schema tool (default: temporal-sql-tool on PATH, as in the admin-tools image)
#   TEMPORAL_SCHEMA_DIR  the schema files of the server's version (default: where that image has them)
set -eu
: "${POSTGRES_SEEDS:?}" "${POSTGRES_USER:?}"
PORT="${DB_PORT:-5432}"
SCHEMA="${TEMPORAL_SCHEMA_DIR:-/etc/temporal/schema/postgresql/v12}"
# The tool reads the password from the environment: it never appears in a process list.
SQL_PASSWORD="${POSTGRES_PWD:-}"
export SQL_PASSWORD
for pair in "${DBNAME:-temporal}:temporal" "${VISIBILITY_DBNAME:-temporal_visibility}:visibility"; do
  db="${pair%%:*}"
  dir="${pair##*:}"
  tool() { "${TEMPORAL_SQL_TOOL:-temporal-sql-tool}" --plugin postgres12 --ep "$POSTGRES_SEEDS" -u "$POSTGRES_USER" -p "$PORT" --db "$db" "$@"; }
  tool create >/dev/null 2>&1 || echo "database $db already exists"
  tool setup-schema -v 0.0
  tool update-schema -d "$SCHEMA/$dir/versioned"
done
echo "Temporal schema ready"

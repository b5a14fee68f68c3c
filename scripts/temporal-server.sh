#!/usr/bin/env bash
# Obtains the Temporal server and its SQL schema tool (pinned), for the cluster on PostgreSQL.
#
#   scripts/temporal-server.sh path                print the directory holding temporal-server,
#                                                  temporal-sql-tool and schema/ (obtaining them if needed)
#   scripts/temporal-server.sh server [ARGS...]    run temporal-server
#   scripts/temporal-server.sh sql-tool [ARGS...]  run temporal-sql-tool
#
# Looked up in this order: TEMPORAL_SERVER_DIR (a directory laid out as above), the cache outside the
# repository (so fresh clones and CI reuse one build), and a build through the Go module proxy: the two
# commands of go.temporal.io/server with the tags of its own Makefile, and the schema files shipped in
# the module. The module asks for a newer Go than some machines have; GOTOOLCHAIN=auto obtains that
# toolchain through the same proxy.
set -euo pipefail

TEMPORAL_SERVER_VERSION="${TEMPORAL_SERVER_VERSION:-v1.30.9}"
CACHE_DIR="${TEMPORAL_SERVER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pre-statement-service/temporal-server-${TEMPORAL_SERVER_VERSION}}"
MODULE=go.temporal.io/server

log() { echo "[temporal-server] $*" >&2; }

complete() {
  [[ -x "$1/temporal-server" && -x "$1/temporal-sql-tool" && -d "$1/schema/postgresql/v12" ]]
}

build() {
  if ! command -v go >/dev/null 2>&1; then
    log "Go is needed to build the Temporal server ${TEMPORAL_SERVER_VERSION} (or set TEMPORAL_SERVER_DIR)"
    exit 1
  fi
  local started tmp module_dir
  started=$(date +%s)
  tmp=$(mktemp -d "$CACHE_DIR.build.XXXXXX")
  log "building temporal-server and temporal-sql-tool ${TEMPORAL_SERVER_VERSION} with go install (first run only, several minutes)"
  GOTOOLCHAIN="${GOTOOLCHAIN_TEMPORAL:-auto}" CGO_ENABLED=0 GOBIN="$tmp/bin" \
    go install -tags disable_grpc_modules \
    "$MODULE/cmd/server@${TEMPORAL_SERVER_VERSION}" "$MODULE/cmd/tools/sql@${TEMPORAL_SERVER_VERSION}" >&2
  module_dir=$(GOTOOLCHAIN="${GOTOOLCHAIN_TEMPORAL:-auto}" go mod download -json "$MODULE@${TEMPORAL_SERVER_VERSION}" |
    sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  if [[ -z "$module_dir" || ! -d "$module_dir/schema/postgresql/v12" ]]; then
    log "the schema files of $MODULE@${TEMPORAL_SERVER_VERSION} were not found"
    exit 1
  fi
  mkdir -p "$CACHE_DIR/schema"
  cp -R "$module_dir/schema/postgresql" "$CACHE_DIR/schema/"
  chmod -R u+w "$CACHE_DIR/schema"
  install -m 0755 "$tmp/bin/sql" "$CACHE_DIR/temporal-sql-tool"
  # Last: its presence marks the cache complete.
  install -m 0755 "$tmp/bin/server" "$CACHE_DIR/temporal-server"
  rm -rf "$tmp"
  log "built in $(($(date +%s) - started)) s into $CACHE_DIR"
}

obtain() {
  if [[ -n "${TEMPORAL_SERVER_DIR:-}" ]]; then
    if complete "$TEMPORAL_SERVER_DIR"; then echo "$TEMPORAL_SERVER_DIR"; return; fi
    log "TEMPORAL_SERVER_DIR=$TEMPORAL_SERVER_DIR lacks temporal-server, temporal-sql-tool or schema/postgresql/v12"
    exit 1
  fi
  if complete "$CACHE_DIR"; then echo "$CACHE_DIR"; return; fi
  mkdir -p "$CACHE_DIR"
  # One build at a time, even when two test runs race on a fresh machine.
  exec 9>"$CACHE_DIR.lock"
  flock 9
  complete "$CACHE_DIR" || build
  echo "$CACHE_DIR"
}

case "${1:-}" in
  path) obtain ;;
  server)
    shift
    dir=$(obtain)
    exec "$dir/temporal-server" "$@"
    ;;
  sql-tool)
    shift
    dir=$(obtain)
    exec "$dir/temporal-sql-tool" "$@"
    ;;
  *) echo "usage: $0 path | server [ARGS...] | sql-tool [ARGS...]" >&2; exit 2 ;;
esac

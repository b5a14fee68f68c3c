#!/usr/bin/env bash
# Obtains the Temporal CLI (pinned) and runs its dev server.
#
#   scripts/temporal.sh path                 print the path of a usable `temporal` binary (obtaining it if needed)
#   scripts/temporal.sh start-dev [ARGS...]  run `temporal server start-dev` in the foreground with the
#                                            project's search attributes; extra ARGS are passed through
#
# The binary is looked up in this order: TEMPORAL_CLI_PATH, `temporal` on PATH, the cache outside the
# repository (so fresh clones and CI reuse one build), a build through the Go module proxy, and, for
# machines with internet access, the official download.
set -euo pipefail

TEMPORAL_CLI_VERSION="${TEMPORAL_CLI_VERSION:-v1.5.1}"
CACHE_DIR="${TEMPORAL_CLI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pre-statement-service/temporal-${TEMPORAL_CLI_VERSION}}"
CACHED_BIN="$CACHE_DIR/temporal"

log() { echo "[temporal] $*" >&2; }

obtain() {
  if [[ -n "${TEMPORAL_CLI_PATH:-}" && -x "${TEMPORAL_CLI_PATH}" ]]; then echo "$TEMPORAL_CLI_PATH"; return; fi
  if command -v temporal >/dev/null 2>&1; then command -v temporal; return; fi
  if [[ -x "$CACHED_BIN" ]]; then echo "$CACHED_BIN"; return; fi
  mkdir -p "$CACHE_DIR"
  # One build at a time, even when `npm start` and `npm test` race on a fresh machine.
  exec 9>"$CACHE_DIR.lock"
  flock 9
  if [[ -x "$CACHED_BIN" ]]; then echo "$CACHED_BIN"; return; fi
  if command -v go >/dev/null 2>&1; then
    log "building temporal CLI ${TEMPORAL_CLI_VERSION} with go install (first run only, a few minutes)"
    if GOBIN="$CACHE_DIR" GOFLAGS=-mod=mod go install "github.com/temporalio/cli/cmd/temporal@${TEMPORAL_CLI_VERSION}" >&2; then
      echo "$CACHED_BIN"; return
    fi
    log "go install failed"
  fi
  log "downloading temporal CLI ${TEMPORAL_CLI_VERSION#v} from temporal.download"
  local os arch tmp
  os=$(uname -s | tr '[:upper:]' '[:lower:]')
  case "$(uname -m)" in x86_64|amd64) arch=amd64 ;; aarch64|arm64) arch=arm64 ;; *) log "unsupported architecture"; exit 1 ;; esac
  tmp=$(mktemp -d)
  curl -fsSL "https://temporal.download/cli/archive/${TEMPORAL_CLI_VERSION}?platform=${os}&arch=${arch}" -o "$tmp/cli.tar.gz"
  tar -xzf "$tmp/cli.tar.gz" -C "$tmp"
  install -m 0755 "$tmp/temporal" "$CACHED_BIN"
  rm -rf "$tmp"
  echo "$CACHED_BIN"
}

# Custom search attributes of docs/contract.md §7.
SEARCH_ATTRIBUTES=(
  --search-attribute OrderId=Keyword
  --search-attribute Account=Keyword
  --search-attribute ExternalId=Keyword
  --search-attribute OrderState=Keyword
  --search-attribute TestMode=Bool
)

case "${1:-}" in
  path) obtain ;;
  start-dev)
    shift
    bin=$(obtain)
    exec "$bin" server start-dev "${SEARCH_ATTRIBUTES[@]}" --log-level warn "$@"
    ;;
  *) echo "usage: $0 path | start-dev [ARGS...]" >&2; exit 2 ;;
esac

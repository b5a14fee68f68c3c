#!/usr/bin/env bash
# Runs a command on Node 24 LTS, the runtime of the image (Dockerfile), obtaining it when this machine
# has another version: the npm registry's per-platform `node-<os>-<arch>` package ships the official
# binary, cached outside the repository like the Temporal binaries.
#
#   scripts/node24.sh path             print the path of a Node 24 binary (obtaining it if needed)
#   scripts/node24.sh run CMD [ARGS]   run CMD with that Node first on PATH
#   scripts/node24.sh test             the unit and integration Jest projects on Node 24
set -euo pipefail

NODE24_VERSION="${NODE24_VERSION:-24.21.0}"
CACHE_DIR="${NODE24_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pre-statement-service/node-v${NODE24_VERSION}}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"

log() { echo "[node24] $*" >&2; }

obtain() {
  if command -v node >/dev/null 2>&1 && [[ "$(node --version)" == "v${NODE24_VERSION}" ]]; then
    command -v node
    return
  fi
  local os arch bin
  os=$(uname -s | tr '[:upper:]' '[:lower:]')
  case "$(uname -m)" in x86_64|amd64) arch=x64 ;; aarch64|arm64) arch=arm64 ;; *) log "unsupported architecture"; exit 1 ;; esac
  bin="$CACHE_DIR/node_modules/node-${os}-${arch}/bin/node"
  if [[ -x "$bin" ]]; then echo "$bin"; return; fi
  mkdir -p "$CACHE_DIR"
  exec 9>"$CACHE_DIR.lock"
  flock 9
  if [[ ! -x "$bin" ]]; then
    log "installing node-${os}-${arch}@${NODE24_VERSION} from the npm registry into $CACHE_DIR"
    npm install --prefix "$CACHE_DIR" --no-save --no-package-lock --no-audit --no-fund \
      "node-${os}-${arch}@${NODE24_VERSION}" >&2
  fi
  echo "$bin"
}

case "${1:-}" in
  path) obtain ;;
  run)
    shift
    bin=$(obtain)
    PATH="$(dirname "$bin"):$PATH" exec "$@"
    ;;
  test)
    shift
    bin=$(obtain)
    cd "$ROOT"
    log "unit and integration tests on $("$bin" --version)"
    PATH="$(dirname "$bin"):$PATH" exec "$bin" node_modules/jest/bin/jest.js --selectProjects unit integration "$@"
    ;;
  *) echo "usage: $0 path | run CMD [ARGS...] | test [JEST ARGS...]" >&2; exit 2 ;;
esac

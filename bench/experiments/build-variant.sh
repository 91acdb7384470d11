#!/usr/bin/env bash
# Builds the five front ends with a federation variant into $2 (default /tmp/shop-variant), two at a time,
# at low priority. Then: STATIC_ROOT=$2 node api/dist/server.js, and npm run bundle -w bench -- --url ...
#   bash bench/experiments/build-variant.sh external-runtime,no-snapshot /tmp/shop-variant
set -euo pipefail
cd "$(dirname "$0")/../.."
variant="${1:-}"
out="${2:-/tmp/shop-variant}"
mkdir -p "$out"
build() { BENCH_APP="$1" BENCH_OUT="$out" BENCH_VARIANT="$variant" nice -n 10 npx webpack --mode production --config bench/experiments/variant.webpack.config.js >"$out/$1.log" 2>&1 && echo "built $1" || { echo "FAILED $1 (see $out/$1.log)"; return 1; }; }
build shell & build mfe-catalog & wait
build mfe-checkout & build mfe-account & wait
build mfe-admin

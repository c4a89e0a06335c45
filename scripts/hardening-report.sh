#!/usr/bin/env bash
# hardening-report.sh runs the hardening tests and the soak with a shared
# figures directory, then writes reports/hardening.md from the figures. Every
# step runs even when one fails; the script fails when any did.
#
# Usage: scripts/hardening-report.sh GO   (make hardening-report)
set -uo pipefail

go=${1:-go}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export ZERO_HARDENING_DIR=$dir
st=0
ZERO_SOAK=1 "$go" test -count=1 -timeout 30m ./cmd/zero || st=1
"$go" test -count=1 -run '^TestMeta' ./internal/session || st=1
ZERO_SOAK=1 "$go" test -count=1 -v -timeout 30m -run '^TestSoak' ./internal/rigs/soak || st=1
ZERO_HARDENING_REPORT=$PWD/reports/hardening.md "$go" test -count=1 -v -run '^TestHardeningReport$' ./internal/rigs/soak || st=1
exit $st

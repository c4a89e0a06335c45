#!/usr/bin/env bash
# check-generated.sh fails when generated/ or docs/reference/ differ from what
# `make generate` (already run) produced: changed, added or removed files.
#
# Usage: scripts/check-generated.sh   (make check-generated)
set -euo pipefail

paths=(generated docs/reference)
if ! git diff --quiet --exit-code -- "${paths[@]}" || [ -n "$(git status --porcelain -- "${paths[@]}")" ]; then
	echo "check-generated: generated/ is stale: 'make generate' changed these files:"
	git status --porcelain -- "${paths[@]}"
	echo "check-generated: run 'make generate' and commit the result"
	exit 1
fi
echo "check-generated: generated/ is up to date"

#!/usr/bin/env bash
# test-js.sh runs the JavaScript checks: ajv over the schemas, bundles and
# documents, tsc over the generated TypeScript types, and stream-client.mjs
# against a live `zero exec` (or, when cmd/zero does not build, against the
# recorded transcripts only). Without node it says so and passes.
#
# Usage: scripts/test-js.sh GO BIN   (make test-js)
set -euo pipefail

go=${1:-go}
bin=${2:-bin}

if ! command -v node >/dev/null 2>&1; then
	echo "test-js: skipped, node is not on PATH"
	exit 0
fi

(
	cd clients/js
	if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
		npm ci --silent --no-audit --no-fund
	fi
	node validate-schemas.mjs
	node check-bundles.mjs
	node check-types.mjs
)

mkdir -p "$bin"
if "$go" build -o "$bin/zero" ./cmd/zero; then
	clients/conformance/check-live.sh "$bin/zero"
else
	echo "test-js: cmd/zero does not build; checking stream-client.mjs on the recorded transcripts only"
	for f in clients/conformance/transcripts/demo.v*.jsonl; do
		node clients/js/stream-client.mjs "$f" >/dev/null
	done
fi

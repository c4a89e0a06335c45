#!/usr/bin/env bash
# record.sh records the stream-json output of Zero's offline demo, once per
# protocol version, as the transcripts of the conformance pack:
#
#	clients/conformance/record.sh ZERO_BINARY OUT_DIR
#
# It runs `zero exec --provider replay` (the built-in demo script, no
# network, no API key) in a scratch workspace holding one README.md, with
# sessions kept in a scratch data directory, and writes OUT_DIR/demo.v1.jsonl
# and OUT_DIR/demo.v2.jsonl. The run and session ids and the working
# directory differ on every run, so they are replaced by fixed values that
# the schema still accepts ("run_demo", "zero_demo", "/workspace"): the
# files change only when the demo or the protocol does. `make transcripts`
# calls it; `make test-js` records again and fails when the result differs
# from the committed transcripts.
set -euo pipefail

if [ $# -ne 2 ]; then
	echo "usage: record.sh ZERO_BINARY OUT_DIR" >&2
	exit 2
fi
zero="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
out="$2"
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/workspace" "$work/data"
printf '# demo\n\nA scratch workspace for the recorded transcripts.\n' >"$work/workspace/README.md"

for v in 1 2; do
	status=0
	env -u OPENAI_API_KEY -u ANTHROPIC_API_KEY -u ZERO_PROVIDER -u ZERO_MODEL \
		XDG_DATA_HOME="$work/data" \
		"$zero" exec --provider replay --output-format stream-json --schema-version "$v" \
		--cwd "$work/workspace" "List the files in this directory." >"$work/raw.jsonl" || status=$?
	if [ "$status" -ne 0 ]; then
		echo "record.sh: zero exec --schema-version $v exited $status" >&2
		exit 1
	fi
	sed -E \
		-e 's/"runId":"[^"]*"/"runId":"run_demo"/g' \
		-e 's/"sessionId":"[^"]*"/"sessionId":"zero_demo"/g' \
		-e 's/"cwd":"[^"]*"/"cwd":"\/workspace"/g' \
		"$work/raw.jsonl" >"$out/demo.v$v.jsonl"
done

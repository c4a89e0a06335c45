#!/usr/bin/env bash
# check-live.sh runs the reference JavaScript client against the real zero
# binary, the way `make test-js` does:
#
#	clients/conformance/check-live.sh ZERO_BINARY
#
#  1. For protocol versions 1 and 2, it pipes
#     `zero exec --provider replay -o stream-json` (the offline demo, in a
#     scratch workspace and data directory) into clients/js/stream-client.mjs,
#     which validates every event against the bundled schema, checks the
#     protocol and prints the answer; both must succeed.
#  2. It runs one that fails before it starts (the openai provider without
#     an API key): the stream must still pass, and its run_end must carry
#     the exit code zero exits with. Then it feeds the client a transcript
#     cut before its run_end, which it must reject.
#  3. It records the transcripts again (record.sh) and fails when they
#     differ from the committed ones in clients/conformance/transcripts:
#     run `make transcripts` after a deliberate change to the demo.
set -euo pipefail

if [ $# -ne 1 ]; then
	echo "usage: check-live.sh ZERO_BINARY" >&2
	exit 2
fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
client="$here/../js/stream-client.mjs"
zero="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/workspace" "$work/data"
printf '# scratch\n' >"$work/workspace/README.md"

for v in 1 2; do
	env -u OPENAI_API_KEY -u ANTHROPIC_API_KEY -u ZERO_PROVIDER -u ZERO_MODEL XDG_DATA_HOME="$work/data" \
		"$zero" exec --provider replay -o stream-json --schema-version "$v" --cwd "$work/workspace" "List the files in this directory." |
		node "$client" >"$work/answer.v$v.txt"
	if ! grep -q "list_directory" "$work/answer.v$v.txt"; then
		echo "check-live: the answer of the version $v run is not the demo's:" >&2
		cat "$work/answer.v$v.txt" >&2
		exit 1
	fi
done

# A run that fails before it starts (here: no API key) must still be a
# valid stream: an error, then run_end with the exit code zero exits with.
status=0
env -u OPENAI_API_KEY -u ANTHROPIC_API_KEY -u ZERO_PROVIDER -u ZERO_MODEL -u OPENAI_BASE_URL XDG_DATA_HOME="$work/data" \
	"$zero" exec --provider openai -o stream-json --cwd "$work/workspace" "hi" >"$work/failed.jsonl" 2>/dev/null || status=$?
node "$client" "$work/failed.jsonl" >/dev/null 2>"$work/failed.err" || {
	cat "$work/failed.err" >&2
	exit 1
}
if ! grep -q "zero exited $status\$" "$work/failed.err" || [ "$status" -eq 0 ]; then
	echo "check-live: the failed run exited $status, its run_end says otherwise:" >&2
	cat "$work/failed.err" >&2
	exit 1
fi

head -n 3 "$here/transcripts/demo.v2.jsonl" >"$work/cut.jsonl"
if node "$client" "$work/cut.jsonl" >/dev/null 2>"$work/cut.err"; then
	echo "check-live: stream-client.mjs accepted a stream without run_end" >&2
	exit 1
fi
grep -q "end of input before run_end" "$work/cut.err"

"$here/record.sh" "$zero" "$work/transcripts"
if ! diff -u "$here/transcripts" "$work/transcripts" >"$work/diff.txt"; then
	echo "check-live: the recorded transcripts are stale; run 'make transcripts' and commit the result:" >&2
	head -n 40 "$work/diff.txt" >&2
	exit 1
fi
echo "check-live: zero exec stream-json v1 and v2 pass stream-client.mjs; transcripts up to date"

#!/usr/bin/env bash
# usage: fuzz-one.sh GO PKG TARGET FUZZTIME
# Runs one fuzz target for FUZZTIME and exits with its status, but for one
# case: Go 1.26's fuzzing coordinator can end a run at the -fuzztime limit
# with "context deadline exceeded" and no failing input (a race between its
# deadline and its workers, golang/go#75804, fixed in Go 1.27). Such a run
# fuzzed for its whole time without finding anything; it is said so, and
# passes. A run that wrote a failing input, or failed any other way, fails.
set -u
go=$1 pkg=$2 target=$3 fuzztime=$4
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$go" test -run '^$' -fuzz "^$target\$" -fuzztime "$fuzztime" "$pkg" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
# fuzzreport holds the one test of such a run's output; when it cannot
# answer (it does not build, say), the run fails as it is.
if [ "$rc" -ne 0 ] && "$go" run ./internal/rigs/codecfuzz/fuzzreport -deadline-race "$target" <"$log" 2>/dev/null; then
	echo "fuzz: $target ended at -fuzztime with the Go toolchain's \"context deadline exceeded\" (golang/go#75804) and no failing input: passed"
	exit 0
fi
exit "$rc"

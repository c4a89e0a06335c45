#!/usr/bin/env bash
# bench-instructions.sh counts the instructions each codec spends per mix of
# protocol events under valgrind's callgrind, which repeats on a busy machine
# where wall-clock timings do not, and prints the ratios.
#
# Usage: scripts/bench-instructions.sh GO BIN   (make bench-instructions)
set -euo pipefail

go=${1:-go}
bin=${2:-bin}
command -v valgrind >/dev/null || { echo "bench-instructions: needs valgrind (apt-get install valgrind)"; exit 1; }

mkdir -p "$bin"
"$go" test -c -o "$bin/codecbench.test" ./internal/codecbench
test_bin=$(cd "$bin" && pwd)/codecbench.test

# count WORKLOAD prints the instructions of 1000 mixes of one workload
# (none is the loop without a codec, subtracted from the others).
count() {
	(cd internal/codecbench && GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 ZERO_LOOP="$1" ZERO_LOOP_N=1000 \
		valgrind --tool=callgrind --callgrind-out-file=/dev/null "$test_bin" -test.run TestLoop 2>&1 |
		sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
}

for w in none gen jx std enc stdenc; do
	echo "$w $(count "$w")"
done | awk '
	{ n[$1] = $2 }
	END {
		b = n["none"]
		for (k in n) if (k != "none") c[k] = (n[k] - b) / 1000
		printf "instructions per mix: generated decode %.0f, jx Skip %.0f, encoding/json decode %.0f, generated encode %.0f, encoding/json encode %.0f\n", c["gen"], c["jx"], c["std"], c["enc"], c["stdenc"]
		printf "decode: %.1fx fewer than encoding/json, %.2fx jx Skip; encode: %.1fx fewer than encoding/json\n", c["std"] / c["gen"], c["gen"] / c["jx"], c["stdenc"] / c["enc"]
	}'

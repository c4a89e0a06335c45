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
"$go" test -c -o "$bin/codecbench.test" ./internal/rigs/codecbench
test_bin=$(cd "$bin" && pwd)/codecbench.test

# count MIX WORKLOAD N prints the instructions of N rounds of one workload
# over one mix. The garbage collector is off, so that when it happens to run
# does not move the counts (this leaves out its cost, which favours the
# baselines that allocate: encoding/json).
count() {
	(cd internal/rigs/codecbench && GOGC=off GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 ZERO_MIX="$1" ZERO_LOOP="$2" ZERO_LOOP_N="$3" \
		valgrind --tool=callgrind --callgrind-out-file=/dev/null "$test_bin" -test.run TestLoop 2>&1 |
		sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
}

# per_round MIX WORKLOAD prints the instructions of one round: the count of
# 12000 rounds less that of 2000, over 10000, so that starting the binary and
# the first rounds' warm-up drop out.
per_round() {
	local lo hi
	lo=$(count "$1" "$2" 2000)
	hi=$(count "$1" "$2" 12000)
	echo $(((hi - lo) / 10000))
}

# ZERO_MIXES chooses the mixes (house, acp, acp-ja, mcp, openai, anthropic; all by
# default). The vendor chunks (openai, anthropic) are only decoded by Zero:
# no encode figures for them.
for mix in ${ZERO_MIXES:-house acp acp-ja mcp openai anthropic}; do
	workloads="gen jx std enc stdenc"
	case $mix in openai | anthropic) workloads="gen jx std" ;; esac
	for w in $workloads; do
		echo "$w $(per_round "$mix" "$w")"
	done | awk -v mix="$mix" '
	{ c[$1] = $2 }
	END {
		printf "mix %s\n", mix
		printf "instructions per mix: generated decode %.0f, jx Skip %.0f, encoding/json decode %.0f", c["gen"], c["jx"], c["std"]
		if ("enc" in c) printf ", generated encode %.0f, encoding/json encode %.0f", c["enc"], c["stdenc"]
		printf "\ndecode: %.1fx fewer than encoding/json, %.2fx jx Skip", c["std"] / c["gen"], c["gen"] / c["jx"]
		if ("enc" in c) printf "; encode: %.1fx fewer than encoding/json", c["stdenc"] / c["enc"]
		printf "\n"
	}'
done

#!/usr/bin/env bash
# compat.sh reports the schema changes between the newest two versions of
# each schema family under schema/, once for consumers and once for
# producers. A family with one version has nothing to compare.
#
# Usage: scripts/compat.sh ZEROGEN   (make compat)
set -euo pipefail

zerogen=${1:?usage: scripts/compat.sh path/to/zerogen}

# newest_two FAMILY prints the two highest version numbers of FAMILY.
newest_two() {
	for d in "$1"/v[0-9]*; do
		[ ! -d "$d" ] || echo "${d##*/v}"
	done | sort -n | tail -2
}

for fam in schema/*/; do
	fam=${fam%/}
	mapfile -t vs < <(newest_two "$fam")
	[ "${#vs[@]}" -eq 2 ] || continue
	for role in consumer producer; do
		# zerogen compat exits 1 when it finds breaking changes: a finding, not a failure.
		"$zerogen" compat "$fam/v${vs[0]}" "$fam/v${vs[1]}" --role "$role" || [ $? -eq 1 ]
		echo
	done
done

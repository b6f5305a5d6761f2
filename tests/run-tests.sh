#!/bin/sh
# run-tests.sh DIR: runs every Check suite program in DIR from the repository
# root, CHECK_JOBS at a time (default: the processors there are), prints
# each suite's result in name order, then the five slowest suites, and ends
# with one "N passed, N failed" line counting the checks of all suites.
# Exits non-zero if any failed.
set -u
dir=${1:-build/tests}
jobs=${CHECK_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
results=$(mktemp -d "${TMPDIR:-/tmp}/mapsheet-check.XXXXXX")
trap 'rm -rf "$results"' EXIT
suites=""
for t in "$dir"/check_*; do
	[ -x "$t" ] || continue
	case "$t" in *.o|*.d) continue ;; esac
	# a suite whose source is gone (renamed) is left over from an older build
	[ -f "tests/$(basename "$t").c" ] || continue
	suites="$suites $t"
done
# each suite's output and exit status into the results folder; the suites
# use folders of their own under build/tests, so they can run side by side
# shellcheck disable=SC2086
printf '%s\n' $suites | xargs -P "$jobs" -I '{}' sh -c \
	'name=$(basename "$1"); t0=$(date +%s%N); "$1" >"$2/$name.out" 2>&1; echo $? >"$2/$name.rc"
	echo "$(( ($(date +%s%N) - t0) / 100000000 )) $name" >"$2/$name.time"' sh '{}' "$results"
passed=0
failed=0
status=0
for t in $suites; do
	name=$(basename "$t")
	out=$(cat "$results/$name.out" 2>/dev/null)
	rc=$(cat "$results/$name.rc" 2>/dev/null || echo 1)
	printf '%s\n' "$out" | grep -v '^Running suite' | sed "s|^|$name: |"
	line=$(printf '%s\n' "$out" | grep -E '^[0-9]+%: Checks: ' | tail -n 1)
	checks=$(printf '%s' "$line" | sed -n 's/.*Checks: \([0-9]*\).*/\1/p')
	fails=$(printf '%s' "$line" | sed -n 's/.*Failures: \([0-9]*\), Errors: \([0-9]*\).*/\1 \2/p')
	if [ -z "$checks" ]; then
		echo "$name: no Check summary (exit $rc)"
		failed=$((failed + 1))
		status=1
		continue
	fi
	set -- $fails
	f=$(( $1 + $2 ))
	passed=$((passed + checks - f))
	failed=$((failed + f))
	[ "$rc" -eq 0 ] || status=1
done
# the slowest suites, in tenths of a second, to keep CI's time in view
slowest=$(cat "$results"/*.time 2>/dev/null | sort -rn | head -n 5 |
	awk '{ printf "%s%s %d.%d s", (NR > 1 ? ", " : ""), $2, $1 / 10, $1 % 10 }')
echo "check: slowest suites: $slowest"
echo "check: $passed passed, $failed failed"
[ "$failed" -eq 0 ] || status=1
exit $status

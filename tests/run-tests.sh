#!/bin/sh
# run-tests.sh: runs every Check suite program in DIR from the repository
# root, prints each suite's result, and ends with one "N passed, N failed"
# line counting the checks of all suites. Exits non-zero if any failed.
set -u
dir=${1:-build/tests}
passed=0
failed=0
status=0
for t in "$dir"/check_*; do
	[ -x "$t" ] || continue
	case "$t" in *.o|*.d) continue ;; esac
	out=$("$t" 2>&1)
	rc=$?
	printf '%s\n' "$out" | grep -v '^Running suite' | sed "s|^|$(basename "$t"): |"
	line=$(printf '%s\n' "$out" | grep -E '^[0-9]+%: Checks: ' | tail -n 1)
	checks=$(printf '%s' "$line" | sed -n 's/.*Checks: \([0-9]*\).*/\1/p')
	fails=$(printf '%s' "$line" | sed -n 's/.*Failures: \([0-9]*\), Errors: \([0-9]*\).*/\1 \2/p')
	if [ -z "$checks" ]; then
		echo "$(basename "$t"): no Check summary (exit $rc)"
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
echo "check: $passed passed, $failed failed"
[ "$failed" -eq 0 ] || status=1
exit $status

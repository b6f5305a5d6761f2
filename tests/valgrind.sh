#!/bin/sh
# valgrind.sh: valgrind memcheck, VALGRIND_JOBS methods at a time (default:
# the processors there are), over the demo runs (every method to every
# format make-demo.sh writes) and a few more (levels with a roll log, an
# impossible request, failing runs); any memory error or leak fails.
set -eu
out=build/valgrind
# Memory errors and definite or indirect leaks fail the run. "Possibly lost"
# blocks are not counted: Pango frees fonts in worker threads that may still
# run at exit, so whether their blocks show as possibly lost depends on
# thread timing (seen in a clean clone, not in the next run); a leak of
# mapsheet's own shows as definite.
vg="valgrind -q --num-callers=40 --leak-check=full --errors-for-leak-kinds=definite,indirect --suppressions=tests/valgrind.supp"
jobs=${VALGRIND_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
# each method's demo runs, then its levels with a roll log and a crowded
# grid, JOBS methods at a time
per_method() {
	method=$1
	MAPSHEET_RUN="$vg --error-exitcode=1" sh tests/make-demo.sh "$out" "$method"
	$vg --error-exitcode=1 ./mapsheet --method "$method" --seed vg --levels 3 --log "$out/$method.log" \
		-o "$out/$method-levels.json"
	$vg --error-exitcode=1 ./mapsheet --method "$method" --seed vg --rooms 200 --size 10x10 --quiet \
		-o "$out/$method-small.txt"
	echo "valgrind: $method levels, log and a crowded grid"
}
if [ "${1:-}" = "--method" ]; then
	per_method "$2"
	exit 0
fi
rm -rf "$out"
mkdir -p "$out"
start=$(date +%s)
./mapsheet --list-methods | cut -d' ' -f1 | xargs -P "$jobs" -I '{}' sh tests/valgrind.sh --method '{}'
# Failing runs end with status 1 or 2; valgrind's own errors give 99.
for args in "--rooms 0" "--frobnicate" "--system nosuch" "--system $out" "-o $out/no/such/x.json" \
	"--log $out/no/such/x.log"; do
	rc=0
	# shellcheck disable=SC2086
	$vg --error-exitcode=99 ./mapsheet --seed vg $args >/dev/null 2>"$out/failing.err" || rc=$?
	if [ "$rc" -eq 99 ] || [ "$rc" -eq 0 ]; then
		cat "$out/failing.err"
		echo "valgrind: FAILED on mapsheet $args (status $rc)"
		exit 1
	fi
done
echo "valgrind: failing runs clean"
echo "valgrind: no errors and no leaks ($(( $(date +%s) - start )) s)"

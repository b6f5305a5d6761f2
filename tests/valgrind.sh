#!/bin/sh
# valgrind.sh: valgrind memcheck over the demo runs (every method to every
# format make-demo.sh writes) and a few more (levels with a roll log, an
# impossible request, failing runs); any memory error or leak fails.
set -eu
out=build/valgrind
rm -rf "$out"
mkdir -p "$out"
# Memory errors and definite or indirect leaks fail the run. "Possibly lost"
# blocks are not counted: Pango frees fonts in worker threads that may still
# run at exit, so whether their blocks show as possibly lost depends on
# thread timing (seen in a clean clone, not in the next run); a leak of
# mapsheet's own shows as definite.
vg="valgrind -q --num-callers=40 --leak-check=full --errors-for-leak-kinds=definite,indirect --suppressions=tests/valgrind.supp"
start=$(date +%s)
MAPSHEET_RUN="$vg --error-exitcode=1" sh tests/make-demo.sh "$out"
for method in $(./mapsheet --list-methods | cut -d' ' -f1); do
	$vg --error-exitcode=1 ./mapsheet --method "$method" --seed vg --levels 3 --log "$out/$method.log" \
		-o "$out/$method-levels.json"
	$vg --error-exitcode=1 ./mapsheet --method "$method" --seed vg --rooms 200 --size 10x10 --quiet \
		-o "$out/$method-small.txt"
	echo "valgrind: $method levels, log and a crowded grid"
done
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

#!/bin/sh
# make-demo.sh: writes example maps of every method (and every sheet format
# and style once they exist) into the folder given (default demo/).
# $MAPSHEET_RUN, if set, prefixes each run (make valgrind sets it).
set -eu
out=${1:-demo}
run=${MAPSHEET_RUN:-}
mkdir -p "$out"
for method in $(./mapsheet --list-methods | cut -d' ' -f1); do
	for ext in txt json; do
		$run ./mapsheet --method "$method" --seed demo --quiet -o "$out/$method.$ext"
	done
	echo "demo: $out/$method.txt $out/$method.json"
done

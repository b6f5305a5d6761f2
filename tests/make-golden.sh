#!/bin/sh
# make-golden.sh: rewrites the golden outputs listed in tests/golden/cases.
set -eu
grep -v '^#' tests/golden/cases | while IFS='|' read -r name args; do
	[ -n "$name" ] || continue
	# shellcheck disable=SC2086
	./mapsheet $args --quiet -o - > "tests/golden/$name.txt"
	echo "golden: tests/golden/$name.txt"
done

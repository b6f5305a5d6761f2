#!/bin/sh
# make-golden.sh: rewrites the golden outputs listed in tests/golden/cases
# (text) and tests/golden/images/cases (pages rasterised in grey at 60 dpi).
set -eu
grep -v '^#' tests/golden/cases | while IFS='|' read -r name args; do
	[ -n "$name" ] || continue
	# shellcheck disable=SC2086
	./mapsheet $args --quiet -o - > "tests/golden/$name.txt"
	echo "golden: tests/golden/$name.txt"
done
# The same PDF path as check_render_golden: the remake line in the footer
# names it.
tmp=build/tests/out/golden
mkdir -p "$tmp"
grep -v '^#' tests/golden/images/cases | while IFS='|' read -r name page args; do
	[ -n "$name" ] || continue
	# shellcheck disable=SC2086
	./mapsheet $args --quiet -o "$tmp/$name.pdf"
	pdftoppm -gray -png -r 60 -f "$page" -l "$page" -singlefile "$tmp/$name.pdf" "$tmp/$name"
	mv "$tmp/$name.png" "tests/golden/images/$name.png"
	echo "golden: tests/golden/images/$name.png"
done

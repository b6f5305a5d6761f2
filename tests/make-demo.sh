#!/bin/sh
# make-demo.sh [FOLDER [METHOD...]]: writes example maps of every method (or
# of the methods named) into FOLDER (default demo/): a text preview and
# JSON, a PDF sheet in every style, an SVG and a PNG sheet, and a players'
# handout.
# $MAPSHEET_RUN, if set, prefixes each run (make valgrind sets it).
set -eu
out=${1:-demo}
[ $# -gt 0 ] && shift
methods=${*:-$(./mapsheet --list-methods | cut -d' ' -f1)}
run=${MAPSHEET_RUN:-}
mkdir -p "$out"
styles=$(./mapsheet --list-styles | cut -d' ' -f1)
for method in $methods; do
	gen() { $run ./mapsheet --method "$method" --seed demo --quiet "$@"; }
	gen -o "$out/$method.txt"
	gen -o "$out/$method.json"
	for style in $styles; do
		gen --style "$style" -o "$out/$method-$style.pdf"
	done
	gen --no-key -o "$out/$method.svg"
	gen --no-key -o "$out/$method.png"
	gen --player -o "$out/$method-player.pdf"
	echo "demo: $out/$method.txt, .json, .svg, .png, -player.pdf and -STYLE.pdf for $(echo $styles | tr '\n' ' ')"
done

#!/bin/sh
# make-demo.sh: writes example maps of every method into the folder given
# (default demo/): a text preview and JSON, a PDF sheet in every style, an
# SVG and a PNG sheet, and a players' handout.
set -eu
out=${1:-demo}
mkdir -p "$out"
styles=$(./mapsheet --list-styles | cut -d' ' -f1)
for method in $(./mapsheet --list-methods | cut -d' ' -f1); do
	run() { ./mapsheet --method "$method" --seed demo --quiet "$@"; }
	run -o "$out/$method.txt"
	run -o "$out/$method.json"
	for style in $styles; do
		run --style "$style" -o "$out/$method-$style.pdf"
	done
	run --no-key -o "$out/$method.svg"
	run --no-key -o "$out/$method.png"
	run --player -o "$out/$method-player.pdf"
	echo "demo: $out/$method.txt, .json, .svg, .png, -player.pdf and -STYLE.pdf for $(echo $styles | tr '\n' ' ')"
done

#!/bin/sh
# make-demo.sh: writes example maps of every method (and every sheet format
# and style once they exist) into the folder given (default demo/).
set -eu
out=${1:-demo}
mkdir -p "$out"
for method in $(./mapsheet --list-methods | cut -d' ' -f1); do
	for ext in txt json; do
		./mapsheet --method "$method" --seed demo --quiet -o "$out/$method.$ext"
	done
	echo "demo: $out/$method.txt $out/$method.json"
done

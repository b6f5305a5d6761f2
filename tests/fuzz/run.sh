#!/bin/sh
# run.sh SECONDS: builds each libFuzzer harness in tests/fuzz/ with clang and
# runs it for SECONDS on a corpus seeded from the shipped templates. Inputs
# that crash are kept in tests/fuzz/crashes/ and make the run fail; check_fuzz
# replays every kept crash input as a regression test.
set -eu
secs=${1:-30}
out=build-fuzz
mkdir -p "$out" tests/fuzz/crashes
CC=${FUZZ_CC:-clang}
flags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -std=c11 -D_POSIX_C_SOURCE=200809L -Isrc -Irender -DMAPSHEET_VERSION=\"fuzz\""
core=$(make --no-print-directory -s core-sources)
seed_corpus() {
	dir=$1; shift
	mkdir -p "$dir"
	for f in "$@"; do [ -f "$f" ] && cp "$f" "$dir/" || true; done
}
seed_corpus "$out/corpus-template" $(find templates -type f 2>/dev/null | head -n 200)
seed_corpus "$out/corpus-tables" $(find templates/tables -name '*.table' 2>/dev/null | head -n 200)
seed_corpus "$out/corpus-tiles" $(find templates/tiles -name '*.tile' 2>/dev/null | head -n 200)
# a harness's own seeds, if any: tests/fuzz/corpus/NAME for fuzz_NAME.c
for dir in tests/fuzz/corpus/*/; do
	name=$(basename "$dir")
	mkdir -p "$out/corpus-$name"
	cp "$dir"* "$out/corpus-$name/" 2>/dev/null || true
done
# build every harness, then run them JOBS at a time (default: the
# processors there are), each into its own log
jobs=${FUZZ_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
# the core compiled once, JOBS files at a time, into one archive
mkdir -p "$out/core"
# shellcheck disable=SC2086,SC2016
printf '%s\n' $core | xargs -P "$jobs" -I '{}' sh -c \
	'f=$1 cc=$2 dest=$3; shift 3; "$cc" "$@" -c -o "$dest/$(basename "$f" .c).o" "$f"' sh '{}' "$CC" "$out/core" $flags
rm -f "$out/core.a"
ar rcs "$out/core.a" "$out"/core/*.o
for harness in tests/fuzz/fuzz_*.c; do
	name=$(basename "$harness" .c)
	mkdir -p "$out/corpus-${name#fuzz_}"
	# shellcheck disable=SC2086
	$CC $flags -o "$out/$name" "$harness" "$out/core.a" $(pkg-config --libs jansson) -lm
done
# shellcheck disable=SC2016
ls tests/fuzz/fuzz_*.c | xargs -n 1 basename | sed 's/\.c$//' | xargs -P "$jobs" -I '{}' sh -c '
	name=$1 out=$2 secs=$3
	echo "fuzz: $name for ${secs}s"
	"$out/$name" -max_total_time="$secs" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix="tests/fuzz/crashes/$name-" "$out/corpus-${name#fuzz_}" >"$out/$name.log" 2>&1
	echo $? >"$out/$name.rc"' sh '{}' "$out" "$secs"
status=0
for harness in tests/fuzz/fuzz_*.c; do
	name=$(basename "$harness" .c)
	if [ "$(cat "$out/$name.rc")" != 0 ]; then
		echo "fuzz: $name FAILED; see $out/$name.log and tests/fuzz/crashes/"
		tail -n 30 "$out/$name.log"
		status=1
	else
		printf '%s: ' "$name"
		grep -E '^(Done|#[0-9]+ *DONE)' "$out/$name.log" | tail -n 1 || echo
	fi
done
exit $status

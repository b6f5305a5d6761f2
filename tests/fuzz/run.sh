#!/bin/sh
# run.sh SECONDS [NAME...]: builds each libFuzzer harness in tests/fuzz/ with
# clang and runs it (or only those named: read_json for fuzz_read_json.c)
# for SECONDS on a corpus seeded from the shipped templates and from
# tests/fuzz/corpus/NAME/, with the dictionary tests/fuzz/NAME.dict when
# there is one. Inputs that crash are kept in tests/fuzz/crashes/ and make
# the run fail; check_fuzz_regress replays every kept crash input as a
# regression test.
set -eu
secs=${1:-30}
[ $# -gt 0 ] && shift
only="$*"
out=build-fuzz
# the harnesses to run: every one, or those named
run=""
for harness in tests/fuzz/fuzz_*.c; do
	name=$(basename "$harness" .c)
	case " ${only:-${name#fuzz_}} " in *" ${name#fuzz_} "*) run="$run $name" ;; esac
done
for name in $only; do
	[ -f "tests/fuzz/fuzz_$name.c" ] || { echo "fuzz: no harness tests/fuzz/fuzz_$name.c" >&2; exit 2; }
done
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
seed_corpus "$out/corpus-site" $(find templates/site -name '*.site' 2>/dev/null | head -n 200)
# a harness's own seeds, if any: tests/fuzz/corpus/NAME for fuzz_NAME.c
for dir in tests/fuzz/corpus/*/; do
	name=$(basename "$dir")
	mkdir -p "$out/corpus-$name"
	cp "$dir"* "$out/corpus-$name/" 2>/dev/null || true
done
# build the harnesses, then run them JOBS at a time (default: the
# processors there are), each into its own log
jobs=${FUZZ_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
# the core compiled once, JOBS files at a time, into one archive
mkdir -p "$out/core"
# shellcheck disable=SC2086,SC2016
printf '%s\n' $core | xargs -P "$jobs" -I '{}' sh -c \
	'f=$1 cc=$2 dest=$3; shift 3; "$cc" "$@" -c -o "$dest/$(basename "$f" .c).o" "$f"' sh '{}' "$CC" "$out/core" $flags
rm -f "$out/core.a"
ar rcs "$out/core.a" "$out"/core/*.o
for name in $run; do
	mkdir -p "$out/corpus-${name#fuzz_}"
	# shellcheck disable=SC2086
	$CC $flags -o "$out/$name" "tests/fuzz/$name.c" "$out/core.a" $(pkg-config --libs jansson) -lm
done
# shellcheck disable=SC2016,SC2086
printf '%s\n' $run | xargs -P "$jobs" -I '{}' sh -c '
	name=$1 out=$2 secs=$3 dict=tests/fuzz/${1#fuzz_}.dict
	echo "fuzz: $name for ${secs}s"
	set --
	[ -f "$dict" ] && set -- -dict="$dict"
	"$out/$name" -max_total_time="$secs" -max_len=4096 -timeout=10 -rss_limit_mb=2048 "$@" \
		-artifact_prefix="tests/fuzz/crashes/$name-" "$out/corpus-${name#fuzz_}" >"$out/$name.log" 2>&1
	echo $? >"$out/$name.rc"' sh '{}' "$out" "$secs"
status=0
for name in $run; do
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

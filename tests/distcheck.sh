#!/bin/sh
# distcheck.sh NAME: proves the release tarball NAME.tar.gz (make distcheck).
# Unpacked into an empty folder it holds no build output, builds, passes
# make check, installs under a temporary PREFIX and again into a DESTDIR
# (and with BINDIR, MANDIR, DOCDIR, COMPLETIONSDIR and DATADIR moved);
# then, with the unpacked tree gone, the installed mapsheet runs from / with
# an empty HOME and finds its templates under PREFIX/share/mapsheet (also
# copied elsewhere, by the folder compiled in), man finds and renders every
# installed page without a warning, bash loads the completion, and make
# uninstall from a fresh unpack leaves no file under the prefix or the
# DESTDIR. Ends with one "distcheck: ..." line; any failure exits non-zero.
set -eu
name=$1
tarball=$PWD/$name.tar.gz
make=${MAKE:-make}
work=$(mktemp -d "${TMPDIR:-/tmp}/mapsheet-distcheck.XXXXXX")
# shellcheck disable=SC2154 # rc is set inside the trap
trap 'rc=$?; chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"
	[ "$rc" -eq 0 ] || echo "distcheck: $name FAILED (exit status $rc)" >&2' EXIT
fail() { echo "distcheck: $*" >&2; exit 1; }
# the tests' Node.js packages are installed by make deps in this tree, not
# in the tarball: the unpacked tree's tests use these
MAPSHEET_NODE_MODULES=${MAPSHEET_NODE_MODULES:-$PWD/tests/node/node_modules}
export MAPSHEET_NODE_MODULES

# the tarball's contents
tar -tzf "$tarball" >"$work/list"
for f in LICENSE NEWS README.md Makefile man/mapsheet.1 man/mapsheet-templates.5 \
	src/main.c templates/styles/classic.style tests/run-tests.sh tests/golden/cases \
	tests/golden/images/cases templates/schema/mapsheet.schema.json; do
	grep -qx "$name/$f" "$work/list" || fail "$f is missing from $name.tar.gz"
done
# the golden images (tests/golden/images/*.png) are sources of the tests,
# and the README's picture of a sheet (man/sheet.png) is documentation
if grep -v -e "^$name/tests/golden/images/[a-z0-9-]*\.png$" -e "^$name/man/sheet\.png$" "$work/list" |
	grep -E -e '\.(o|d|a|so|pdf|png|svg)$' -e "^$name/(build[^/]*|demo)/" -e "^$name/mapsheet$" -e '\.tar\.gz$'; then
	fail "$name.tar.gz holds build output or demo files (above)"
fi
grep -v "^$name/" "$work/list" && fail "$name.tar.gz holds files outside $name/"

# build and test the unpacked tree, then install it twice
mkdir "$work/src" "$work/prefix" "$work/stage"
tar -xzf "$tarball" -C "$work/src"
prefix=$work/prefix
step() {
	(cd "$work/src/$name" && "$@") >"$work/step.log" 2>&1 || {
		grep -v -e ': 100%: Checks' -e '^  [A-Z][A-Z]* ' "$work/step.log" | tail -n 40
		fail "$* failed in the unpacked $name"
	}
}
step "$make"
step "$make" check
grep -E '^check: [0-9]+ passed, 0 failed' "$work/step.log" || fail "make check in $name gave no clean summary"
step "$make" install PREFIX="$prefix"
step "$make" install PREFIX="$prefix" DESTDIR="$work/stage"
# each folder can be moved on its own, and uninstall follows it
custom="BINDIR=/b MANDIR=/m DOCDIR=/d COMPLETIONSDIR=/c"
# shellcheck disable=SC2086
step "$make" install PREFIX="$prefix" DESTDIR="$work/custom" $custom
for f in b/mapsheet m/man1/mapsheet.1 m/man5/mapsheet-templates.5 d/LICENSE c/mapsheet \
	"${prefix#/}/share/mapsheet/styles/classic.style"; do
	[ -f "$work/custom/$f" ] || fail "make install with $custom wrote no /$f"
done
# shellcheck disable=SC2086
step "$make" uninstall PREFIX="$prefix" DESTDIR="$work/custom" $custom
left=$(find "$work/custom" ! -type d)
[ -z "$left" ] || fail "make uninstall with $custom left: $left"
# another DATADIR is compiled in (the tree rebuilds what names it)
moved="DATADIR=$work/data BINDIR=$work/bin2 MANDIR=$work/man2 DOCDIR=$work/doc2 COMPLETIONSDIR=$work/comp2"
# shellcheck disable=SC2086
step "$make" install PREFIX="$prefix" $moved
(cd / && env -i HOME=/nonexistent PATH=/usr/bin:/bin "$work/bin2/mapsheet" --quiet --method tiles \
	--seed distcheck -o "$work/moved.json") || fail "mapsheet installed with $moved did not find its templates"
# shellcheck disable=SC2086
step "$make" uninstall PREFIX="$prefix" $moved
left=$(find "$work/data" "$work/bin2" "$work/man2" "$work/doc2" "$work/comp2" ! -type d 2>/dev/null || true)
[ -z "$left" ] || fail "make uninstall with $moved left: $left"
rm -rf "$work/src"

# the DESTDIR copy mirrors the PREFIX one
(cd "$prefix" && find . | LC_ALL=C sort) >"$work/installed"
(cd "$work/stage$prefix" && find . | LC_ALL=C sort) >"$work/staged"
cmp -s "$work/installed" "$work/staged" || {
	diff "$work/installed" "$work/staged" || true
	fail "the DESTDIR install differs from the PREFIX install"
}
for f in bin/mapsheet share/mapsheet/styles/classic.style share/man/man1/mapsheet.1 \
	share/man/man5/mapsheet-templates.5 share/doc/mapsheet/LICENSE; do
	[ -f "$prefix/$f" ] || fail "make install wrote no $f under PREFIX"
done

# the installed program, run from / with an empty HOME and no tree around it
home=$work/home
out=$work/out
mkdir "$home" "$out" "$work/elsewhere"
run() {
	(cd / && env -i HOME="$home" PATH="$prefix/bin:/usr/bin:/bin" LANG=C.UTF-8 "$@")
}
[ "$(run mapsheet --version)" = "mapsheet ${name#mapsheet-}" ] || fail "mapsheet --version does not say ${name#mapsheet-}"
run mapsheet --quiet --seed distcheck -o "$out/sheet.pdf" || fail "the installed mapsheet could not write a sheet"
pdfinfo "$out/sheet.pdf" | grep -q '^Pages: *[1-9]' || fail "the installed mapsheet wrote no readable PDF"
for method in dice mansion house cards tiles; do
	run mapsheet --quiet --method "$method" --seed distcheck -o "$out/$method.txt" ||
		fail "the installed mapsheet could not make a $method map"
done
[ "$(run mapsheet --list-styles | wc -l)" -eq "$(find "$prefix/share/mapsheet/styles" -name '*.style' | wc -l)" ] ||
	fail "mapsheet --list-styles does not list the installed styles"
[ -z "$(ls -A "$home")" ] || fail "the installed mapsheet wrote into HOME: $(ls -A "$home")"
# a copy of the DESTDIR binary away from any share/ folder finds the
# templates by the folder compiled in: PREFIX's, not the DESTDIR's
cp "$work/stage$prefix/bin/mapsheet" "$work/elsewhere/mapsheet"
(cd / && env -i HOME="$home" PATH=/usr/bin:/bin "$work/elsewhere/mapsheet" --quiet --method tiles \
	--seed distcheck -o "$out/elsewhere.pdf") || fail "a copy of the DESTDIR binary did not find PREFIX/share/mapsheet"

# man finds and renders every installed page
pages=0
find "$prefix/share/man" -type f >"$work/pages"
while IFS= read -r page; do
	warn=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null) || fail "man -l $page failed"
	[ -z "$warn" ] || fail "man -l $page warns: $warn"
	[ "$(MANWIDTH=80 man -l "$page" 2>/dev/null | wc -l)" -gt 20 ] || fail "man -l $page rendered nothing"
	base=${page##*/}
	found=$(man -M "$prefix/share/man" -w "${base##*.}" "${base%.*}") || fail "man does not find ${base%.*} under PREFIX"
	[ "$found" = "$page" ] || fail "man finds $found for ${base%.*}, not $page"
	pages=$((pages + 1))
done <"$work/pages"
[ "$pages" -ge 2 ] || fail "only $pages man pages installed"

# bash loads the completion
comp=$(find "$prefix/share" -path '*completions/mapsheet' -type f)
[ -n "$comp" ] || fail "no bash completion installed"
bash -c ". '$comp' && complete -p mapsheet" >/dev/null || fail "bash cannot load $comp"

# uninstall from a fresh unpack: no file may be left
mkdir "$work/src"
tar -xzf "$tarball" -C "$work/src"
"$make" -C "$work/src/$name" --no-print-directory -s uninstall PREFIX="$prefix" >/dev/null
"$make" -C "$work/src/$name" --no-print-directory -s uninstall PREFIX="$prefix" DESTDIR="$work/stage" >/dev/null
left=$(find "$prefix" "$work/stage" ! -type d)
[ -z "$left" ] || fail "make uninstall left: $left"
echo "distcheck: $name.tar.gz ($(wc -l <"$work/list") files) builds, passes make check," \
	"installs, runs from / and uninstalls; $pages man pages render;" \
	"empty shared folders left: $(find "$prefix" -mindepth 1 -type d -empty | sed "s|^$prefix/||" | LC_ALL=C sort | tr '\n' ' ')"

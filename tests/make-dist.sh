#!/bin/sh
# make-dist.sh NAME: writes NAME.tar.gz (make dist), the release tarball:
# every file git tracks except the CI script (.ci/) and .gitignore, taken
# from the work tree, under NAME/. The same tree gives the same bytes: files
# in name order, owned by root, dated by the last commit (SOURCE_DATE_EPOCH
# when set), gzip without a name or time stamp.
set -eu
name=$1
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	echo "mapsheet: make dist packs the files git tracks; run it in a git checkout" >&2
	exit 2
fi
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}
list=$(mktemp)
trap 'rm -f "$list" "$name.tar.gz.tmp"' EXIT
git ls-files | grep -v -e '^\.ci/' -e '^\.gitignore$' | LC_ALL=C sort >"$list"
while IFS= read -r f; do
	if [ ! -f "$f" ]; then
		echo "mapsheet: make dist: $f is tracked but missing from the work tree (commit its removal or restore it)" >&2
		exit 1
	fi
done <"$list"
tar --create --format=gnu --no-recursion --files-from="$list" \
	--transform="s,^,$name/," --mtime="@$epoch" --owner=0 --group=0 --numeric-owner \
	| gzip -n -9 >"$name.tar.gz.tmp"
mv "$name.tar.gz.tmp" "$name.tar.gz"
echo "dist: $name.tar.gz, $(wc -l <"$list") files, $(wc -c <"$name.tar.gz") bytes"

#!/bin/sh
# install-deps.sh: installs the Debian packages mapsheet needs to build, test
# and run its tools (make deps). Runs apt-get as root, or through sudo.
set -eu
PACKAGES="gcc make pkg-config libcairo2-dev libpango1.0-dev libharfbuzz-dev libhpdf-dev libfontconfig-dev check \
fonts-dejavu-core poppler-utils qpdf python3 python3-jsonschema clang libclang-rt-14-dev valgrind bsdutils zlib1g-dev libjansson-dev libzip-dev man-db bsdextrautils zsh git strace libmicrohttpd-dev chromium"
if [ "$(id -u)" -eq 0 ]; then
	SUDO=""
elif command -v sudo >/dev/null 2>&1; then
	SUDO="sudo"
else
	echo "mapsheet: make deps needs root or sudo to run apt-get" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
# shellcheck disable=SC2086
$SUDO apt-get install -y -q --no-install-recommends $PACKAGES

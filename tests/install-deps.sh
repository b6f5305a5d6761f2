#!/bin/sh
# install-deps.sh: installs the Debian packages mapsheet needs to build, test
# and run its tools (make deps). Runs apt-get as root, or through sudo.
set -eu
PACKAGES="gcc make pkg-config libcairo2-dev libpango1.0-dev libharfbuzz-dev libhpdf-dev libfontconfig-dev check \
fonts-dejavu-core poppler-utils qpdf python3 python3-jsonschema clang libclang-rt-14-dev valgrind bsdutils zlib1g-dev libjansson-dev libzip-dev libleveldb-dev man-db bsdextrautils zsh git strace libmicrohttpd-dev chromium"
if [ "$(id -u)" -eq 0 ]; then
	SUDO=""
elif command -v sudo >/dev/null 2>&1; then
	SUDO="sudo"
else
	echo "mapsheet: make deps needs root or sudo to run apt-get" >&2
	exit 1
fi
# Node.js and npm run Foundry VTT's command-line tool in the tests: Debian's,
# unless a node and an npm are there already (a Node.js of another origin
# brings its own npm, and Debian's npm would not install beside it)
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	PACKAGES="$PACKAGES nodejs npm"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
# shellcheck disable=SC2086
$SUDO apt-get install -y -q --no-install-recommends $PACKAGES
# the tests' Node.js packages, at the versions tests/node/package-lock.json
# pins, into tests/node/node_modules (as the user running make deps)
cd "$(dirname "$0")/node"
npm ci --no-audit --no-fund --loglevel=error

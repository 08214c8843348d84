#!/usr/bin/env bash
# Runs a command with the Firebase Auth Emulator available (project demo-growth, 127.0.0.1:9099):
#   scripts/with-auth-emulator.sh npx vitest run
# Reuses an emulator that already answers (npm start's, another test run's); otherwise starts one for the
# command's lifetime with `firebase emulators:exec`, which stops it afterwards and passes on the exit code.
# The command gets FIREBASE_AUTH_EMULATOR_HOST, which is how the server is told to run on the emulator (it never
# chooses it by itself: docs/decisions/078-auth-emulator-by-name.md).
set -euo pipefail
cd "$(dirname "$0")/.."
export NO_UPDATE_NOTIFIER=1
# Shell copies of server/auth/emulatorDefaults.ts (the port is also firebase.json's); change them together.
host="${FIREBASE_AUTH_EMULATOR_HOST:-127.0.0.1:9099}"
project="${FIREBASE_PROJECT_ID:-demo-growth}"
export FIREBASE_PROJECT_ID="$project"

if node -e "fetch('http://$host/', { signal: AbortSignal.timeout(2000) }).then(() => process.exit(0), () => process.exit(1))"; then
  FIREBASE_AUTH_EMULATOR_HOST="$host" exec "$@"
fi
quoted=$(printf '%q ' "$@")
exec node_modules/.bin/firebase emulators:exec --only auth --project "$project" "$quoted"

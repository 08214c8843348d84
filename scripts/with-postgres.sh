#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL 15 server:
#   scripts/with-postgres.sh npx vitest run --project server
# initdb + start on 127.0.0.1 with a random free port, export TEST_DATABASE_URL (and DATABASE_URL if unset),
# run the command, then stop the server and delete its files, whatever the command's outcome.
# PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user (or `nobody`).
set -euo pipefail

# --optional: where PostgreSQL is not installed, run the command without it (the benchmarks then measure PGlite only).
optional=0
if [ "${1:-}" = "--optional" ]; then
  optional=1
  shift
fi
if [ "$#" -eq 0 ]; then
  echo "usage: $0 [--optional] <command> [args...]" >&2
  exit 64
fi

find_bin() {
  local name=$1 dir
  for dir in "${PG_BIN:-}" /usr/lib/postgresql/*/bin /usr/local/bin; do
    if [ -n "$dir" ] && [ -x "$dir/$name" ]; then echo "$dir/$name"; return 0; fi
  done
  command -v "$name" || { echo "with-postgres: $name not found (apt-get install -y postgresql, or set PG_BIN)" >&2; exit 69; }
}
if [ "$optional" -eq 1 ] && ! (find_bin initdb && find_bin pg_ctl) >/dev/null 2>&1; then
  echo "with-postgres: PostgreSQL is not installed; running without it" >&2
  exec "$@"
fi
INITDB=$(find_bin initdb)
PG_CTL=$(find_bin pg_ctl)

# Run PostgreSQL's tools as an unprivileged user when we are root.
as_pg() { "$@"; }
pg_user=$(id -un)
if [ "$(id -u)" -eq 0 ]; then
  if id postgres >/dev/null 2>&1; then pg_user=postgres; else pg_user=nobody; fi
  as_pg() { runuser -u "$pg_user" -- "$@"; }
fi

workdir=$(mktemp -d "${TMPDIR:-/tmp}/with-postgres.XXXXXX")
chmod 700 "$workdir"
[ "$(id -u)" -eq 0 ] && chown "$pg_user" "$workdir"
datadir="$workdir/data"

cleanup() {
  as_pg "$PG_CTL" -D "$datadir" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$workdir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A port the kernel just handed out and released; the tiny race with other processes is acceptable for tests.
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

as_pg "$INITDB" -D "$datadir" -U postgres --auth=trust --encoding=UTF8 --no-locale >"$workdir/initdb.log" 2>&1 ||
  { cat "$workdir/initdb.log" >&2; exit 70; }

# Durability is pointless for a throwaway server; without fsync the tests run faster.
if ! as_pg "$PG_CTL" -D "$datadir" -l "$workdir/server.log" -w -t 30 \
  -o "-h 127.0.0.1 -p $port -k $workdir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null; then
  cat "$workdir/server.log" >&2
  exit 70
fi

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
export DATABASE_URL="${DATABASE_URL:-$TEST_DATABASE_URL}"
echo "with-postgres: PostgreSQL $("$INITDB" --version | awk '{print $3}') on 127.0.0.1:$port" >&2

set +e
"$@"
status=$?
set -e
exit "$status"

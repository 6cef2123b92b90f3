#!/usr/bin/env bash
# A throwaway PostgreSQL server for tests/sqlx_postgres.rs, from Debian's binaries
# (`apt-get install postgresql`; the newest /usr/lib/postgresql/*/bin, or $POSTGRES_BIN).
#
#   eval "$(scripts/postgres.sh start)"   # start one, export its URL
#   cargo test -p codec-tests --test sqlx_postgres
#   scripts/postgres.sh stop              # stop it and delete its data
#
# `start` makes a data directory under a new temporary directory, initializes it (trust
# authentication, user `postgres`, no durability: fsync off), starts the server on
# 127.0.0.1 at the first free port from 54329 (its Unix socket in the temporary
# directory), waits until it accepts connections, and prints two lines for `eval`:
#   export CODEC_TEST_POSTGRES=postgres://postgres@127.0.0.1:PORT/postgres
#   export CODEC_TEST_POSTGRES_DIR=/tmp/codec-postgres.XXXXXX
# `stop` stops the server of $CODEC_TEST_POSTGRES_DIR (or of the directory given) and
# removes that directory. Messages and the server's log go to stderr. As root (initdb
# refuses to run as root) the server runs as the `postgres` user, which Debian's package
# creates.
set -euo pipefail

die() {
    echo "scripts/postgres.sh: $*" >&2
    exit 1
}

bin_dir() {
    if [ -n "${POSTGRES_BIN:-}" ]; then
        echo "$POSTGRES_BIN"
        return
    fi
    local dir
    dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
    [ -n "$dir" ] && [ -x "$dir/initdb" ] ||
        die "no PostgreSQL binaries in /usr/lib/postgresql/*/bin: apt-get install -y postgresql (or set POSTGRES_BIN)"
    echo "$dir"
}

# Runs a PostgreSQL binary as the server's user.
as_server_user() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

port_in_use() {
    (: >"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

start() {
    local bin tmp port
    bin="$(bin_dir)"
    tmp="$(mktemp -d "${TMPDIR:-/tmp}/codec-postgres.XXXXXX")"
    if [ "$(id -u)" -eq 0 ]; then
        id postgres >/dev/null 2>&1 || die "running as root needs the postgres user (Debian's postgresql package creates it)"
        chown postgres: "$tmp"
    fi
    as_server_user "$bin/initdb" -D "$tmp/data" -U postgres -A trust -E UTF8 --locale=C --no-sync >"$tmp/initdb.log" 2>&1 ||
        { cat "$tmp/initdb.log" >&2; die "initdb failed (the log is above; $tmp is left for a look)"; }
    for port in $(seq 54329 54399); do
        port_in_use "$port" && continue
        if as_server_user "$bin/pg_ctl" start -D "$tmp/data" -l "$tmp/server.log" -w -t 30 -o \
            "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$tmp -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
            >/dev/null; then
            as_server_user "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -t 10 ||
                die "the server on port $port does not accept connections (log: $tmp/server.log)"
            echo "export CODEC_TEST_POSTGRES=postgres://postgres@127.0.0.1:$port/postgres"
            echo "export CODEC_TEST_POSTGRES_DIR=$tmp"
            echo "scripts/postgres.sh: PostgreSQL $("$bin/postgres" --version | grep -o '[0-9][0-9.]*' | head -n 1) on 127.0.0.1:$port, data in $tmp" >&2
            return
        fi
        # Another process took the port between the check and the start: the next one.
        grep -q "could not bind\|Address already in use" "$tmp/server.log" 2>/dev/null ||
            { cat "$tmp/server.log" >&2; die "pg_ctl start failed (the log is above)"; }
    done
    die "no free port in 54329..54399"
}

stop() {
    local dir="${1:-${CODEC_TEST_POSTGRES_DIR:-}}"
    [ -n "$dir" ] || die "stop: no directory (give it, or set CODEC_TEST_POSTGRES_DIR as start prints it)"
    [ -d "$dir/data" ] || die "stop: $dir has no data directory of this script's"
    as_server_user "$(bin_dir)/pg_ctl" stop -D "$dir/data" -m fast -w >/dev/null
    rm -rf "$dir"
}

case "${1:-}" in
start) start ;;
stop) stop "${2:-}" ;;
*) die "usage: eval \"\$(scripts/postgres.sh start)\"; ...; scripts/postgres.sh stop [DIR]" ;;
esac

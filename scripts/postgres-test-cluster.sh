#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests of the PostgreSQL LiveStore (RaceLivePostgres).
#
#   scripts/postgres-test-cluster.sh start       initdb into a new temporary folder, start it on a
#                                                free loopback port, print its URL
#   scripts/postgres-test-cluster.sh url         print the running cluster's URL
#   scripts/postgres-test-cluster.sh stop        stop it and delete its folder
#   scripts/postgres-test-cluster.sh restart [S] stop it as a crash would (immediate mode: no
#                                                checkpoint, connections cut), wait S seconds
#                                                (default 0) and start it again on the same port
#                                                and data (the fault tests)
#   scripts/postgres-test-cluster.sh run CMD…    start, run CMD with RACEKIT_TEST_POSTGRES_URL and
#                                                RACEKIT_REQUIRE_POSTGRES=1 exported, stop even when
#                                                CMD fails (what `make test` does); CMD's exit status
#
# The cluster listens on 127.0.0.1 only (and a unix socket in its own folder), with trust
# authentication for the user `racekit` and a database `racekit`; nothing outside this machine can
# reach it. Its folder lives in /tmp; the repository's .build-postgres/ only remembers where.
# PostgreSQL's server binaries (initdb, pg_ctl) are found on PATH or in /usr/lib/postgresql/*/bin;
# when missing they are installed with apt-get (Debian's `postgresql`) if this runs as root, and
# otherwise the script says what to install and fails. As root the server runs as the `postgres`
# user (PostgreSQL refuses to run as root).
#
# Environment: RACEKIT_PG_STATE (default <repo>/.build-postgres) holds the state of one cluster;
# RACEKIT_PG_SETTINGS adds `-c name=value` server options (e.g. "fsync=off").
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
state="${RACEKIT_PG_STATE:-$repo/.build-postgres}"
user=racekit
database=racekit

die() {
    echo "postgres-test-cluster: $*" >&2
    exit 1
}

# The folder of initdb and pg_ctl; installs PostgreSQL from Debian when it is missing and we are root.
find_bin() {
    local dir
    if command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
        dirname "$(readlink -f "$(command -v initdb)")"
        return
    fi
    for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]] && {
            echo "$dir"
            return
        }
    done
    if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
        echo "postgres-test-cluster: PostgreSQL's server (initdb, pg_ctl) is missing; installing Debian's postgresql" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get install -y -q postgresql >/dev/null 2>&1 ||
            { apt-get update -q >/dev/null && apt-get install -y -q postgresql >/dev/null; } ||
            die "apt-get install postgresql failed"
        find_bin_installed
        return
    fi
    die "PostgreSQL's server programs initdb and pg_ctl are neither on PATH nor in /usr/lib/postgresql/*/bin.
Install them with:  sudo apt-get install -y postgresql   (Debian/Ubuntu)
Without PostgreSQL, \`swift test --disable-xctest\` runs the SQLite suites and skips the PostgreSQL ones."
}

find_bin_installed() {
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r | head -n 1)
    [[ -n "$dir" && -x "$dir/initdb" ]] || die "apt-get installed postgresql, but no /usr/lib/postgresql/*/bin/initdb appeared"
    echo "$dir"
}

# Runs a command as the cluster's owner: ourselves, or `postgres` when we are root.
as_owner() {
    if [[ $(id -u) -eq 0 ]]; then
        id postgres >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin postgres
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

# A port nothing on 127.0.0.1 answers on (pg_ctl start is retried if another process takes it first).
free_port() {
    local port
    for _ in $(seq 1 50); do
        port=$((20000 + RANDOM % 40000))
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "$port"
            return
        fi
    done
    die "found no free port on 127.0.0.1"
}

url() {
    [[ -f "$state/url" ]] || die "no cluster is running for $repo (start one with: $0 start)"
    cat "$state/url"
}

start() {
    if [[ -f "$state/url" ]]; then
        if as_owner "$(cat "$state/bin")/pg_ctl" status -D "$(cat "$state/folder")/data" >/dev/null 2>&1; then
            die "a cluster is already running: $(cat "$state/url") (stop it with: $0 stop)"
        fi
        stop_quietly
    fi
    local bin folder port extra=()
    bin=$(find_bin)
    folder=$(mktemp -d "${TMPDIR:-/tmp}/racekit-postgres.XXXXXX")
    chmod 755 "$folder"
    mkdir -p "$state"
    echo "$bin" >"$state/bin"
    echo "$folder" >"$state/folder"
    [[ $(id -u) -eq 0 ]] && { as_owner true; chown postgres "$folder"; }
    as_owner "$bin/initdb" -D "$folder/data" --username="$user" --auth=trust --encoding=UTF8 --locale=C.UTF-8 \
        >"$folder/initdb.log" 2>&1 || {
        cat "$folder/initdb.log" >&2
        die "initdb failed (log above)"
    }
    for setting in ${RACEKIT_PG_SETTINGS:-}; do extra+=(-c "$setting"); done
    for attempt in 1 2 3 4 5; do
        port=$(free_port)
        # -c options instead of editing postgresql.conf: everything the test cluster differs in is here.
        printf '%q ' -c listen_addresses=127.0.0.1 -c port="$port" -c unix_socket_directories="$folder" \
            -c max_connections=300 -c logging_collector=off "${extra[@]}" >"$state/options"
        if as_owner "$bin/pg_ctl" start -w -t 60 -D "$folder/data" -l "$folder/server.log" \
            -o "$(cat "$state/options")" >/dev/null; then
            echo "postgres://$user@127.0.0.1:$port/$database" >"$state/url"
            # The database the URL names (tests make their own databases beside it).
            as_owner "$bin/createdb" -h "$folder" -p "$port" -U "$user" "$database" || {
                stop_quietly
                die "createdb $database failed"
            }
            url
            return
        fi
        echo "postgres-test-cluster: start on port $port failed (attempt $attempt); the server's log:" >&2
        tail -n 5 "$folder/server.log" >&2 || true
    done
    die "PostgreSQL did not start (log: $folder/server.log)"
}

stop_quietly() {
    [[ -f "$state/folder" ]] || return 0
    local bin folder
    bin=$(cat "$state/bin")
    folder=$(cat "$state/folder")
    if [[ -d "$folder/data" ]]; then
        as_owner "$bin/pg_ctl" stop -D "$folder/data" -m immediate -w >/dev/null 2>&1 || true
    fi
    rm -rf "$folder"
    rm -f "$state/url" "$state/folder" "$state/bin" "$state/options"
}

stop() {
    [[ -f "$state/folder" ]] || {
        echo "postgres-test-cluster: no cluster to stop" >&2
        return 0
    }
    stop_quietly
}

restart() {
    [[ -f "$state/folder" ]] || die "no cluster is running for $repo (start one with: $0 start)"
    local bin folder
    bin=$(cat "$state/bin")
    folder=$(cat "$state/folder")
    as_owner "$bin/pg_ctl" stop -D "$folder/data" -m immediate -w >/dev/null || die "pg_ctl stop failed"
    sleep "${1:-0}"
    as_owner "$bin/pg_ctl" start -w -t 60 -D "$folder/data" -l "$folder/server.log" -o "$(cat "$state/options")" \
        >/dev/null || die "PostgreSQL did not start again (log: $folder/server.log)"
}

run() {
    [[ $# -gt 0 ]] || die "usage: $0 run COMMAND [ARGUMENT…]"
    local cluster_url
    # Started first, the trap set after: a start refused because another run's cluster is up
    # must not stop that cluster on its way out.
    cluster_url=$(start) || exit 1
    trap stop_quietly EXIT
    trap 'exit 130' INT TERM
    echo "postgres-test-cluster: PostgreSQL for the tests at $cluster_url" >&2
    RACEKIT_TEST_POSTGRES_URL="$cluster_url" RACEKIT_REQUIRE_POSTGRES=1 "$@"
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    url) url ;;
    restart) restart "${2:-0}" ;;
    run)
        shift
        run "$@"
        ;;
    *) die "usage: $0 start|stop|restart|url|run COMMAND…" ;;
esac

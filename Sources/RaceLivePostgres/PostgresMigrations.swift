/// The PostgreSQL schema as numbered migrations: the same numbers, tables, columns, keys and
/// meanings as SQLite's (RaceLive's `SQLiteMigrations`), written in PostgreSQL's types. Each
/// runs once, in its own transaction, and is recorded in `schema_migrations`; a released
/// migration is never edited. A new SQLite migration gets its twin here with the same version,
/// appended to ``all`` (the contract suite checks that both stores reach the same version).
enum PostgresMigrations {
    /// Version and statements, in order.
    static let all: [(version: Int, statements: [String])] = [
        (
            1,
            [
                """
                CREATE TABLE races (
                    id TEXT PRIMARY KEY,
                    race_file TEXT NOT NULL,
                    created_at DOUBLE PRECISION NOT NULL
                )
                """,
                // join_order counts joins across all races (an identity column), not within one as
                // in SQLite: concurrent joins on several instances could both count the same
                // COUNT(*). Ordering one race's participants by it gives the same joining order.
                """
                CREATE TABLE participants (
                    race_id TEXT NOT NULL REFERENCES races(id),
                    id TEXT NOT NULL,
                    display_name TEXT NOT NULL,
                    joined_at DOUBLE PRECISION NOT NULL,
                    join_order BIGINT GENERATED ALWAYS AS IDENTITY,
                    PRIMARY KEY (race_id, id)
                )
                """,
                """
                CREATE TABLE credentials (
                    hash TEXT PRIMARY KEY,
                    race_id TEXT NOT NULL REFERENCES races(id),
                    role TEXT NOT NULL,
                    participant TEXT
                )
                """,
                """
                CREATE TABLE join_codes (
                    hash TEXT PRIMARY KEY,
                    race_id TEXT NOT NULL REFERENCES races(id),
                    maximum_uses BIGINT,
                    uses BIGINT NOT NULL DEFAULT 0,
                    expires_at DOUBLE PRECISION
                )
                """,
                // The primary key's B-tree on (race_id, seq) is the index a race's log is read
                // through, in sequence order, without touching other races' rows.
                """
                CREATE TABLE log_entries (
                    race_id TEXT NOT NULL REFERENCES races(id),
                    seq BIGINT NOT NULL,
                    recorded_at DOUBLE PRECISION NOT NULL,
                    kind TEXT NOT NULL,
                    participant TEXT,
                    time DOUBLE PRECISION NOT NULL,
                    latitude DOUBLE PRECISION,
                    longitude DOUBLE PRECISION,
                    accuracy DOUBLE PRECISION,
                    altitude DOUBLE PRECISION,
                    speed DOUBLE PRECISION,
                    bearing DOUBLE PRECISION,
                    battery DOUBLE PRECISION,
                    stop TEXT,
                    text TEXT,
                    round BIGINT,
                    PRIMARY KEY (race_id, seq)
                )
                """,
            ]
        ),
        // Share links and public races: a credential may expire (viewer links), and the
        // organiser may open a race to anyone.
        (
            2,
            [
                "ALTER TABLE credentials ADD COLUMN expires_at DOUBLE PRECISION",
                "ALTER TABLE races ADD COLUMN is_public BOOLEAN NOT NULL DEFAULT FALSE",
            ]
        ),
        // Listing a race's share links (to revoke one) reads its credentials by race and role
        // instead of scanning every race's.
        (
            3,
            ["CREATE INDEX credentials_by_race_role ON credentials (race_id, role)"]
        ),
        // Several instances on one database: every append, and every replaced race file, is
        // announced on the channel `racekit_log` (PostgresLiveStore.logAnnouncements). One
        // notification per statement and race, carrying only the last sequence number and the
        // race id (NOTIFY payloads are limited to 8 000 bytes); the listener reads the entries
        // from the log.
        (
            4,
            [
                """
                CREATE FUNCTION racekit_announce_log() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    PERFORM pg_notify('racekit_log', max(seq)::text || ' ' || race_id) FROM added GROUP BY race_id;
                    RETURN NULL;
                END
                $$
                """,
                """
                CREATE TRIGGER log_entries_announce AFTER INSERT ON log_entries
                REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION racekit_announce_log()
                """,
                """
                CREATE FUNCTION racekit_announce_race_file() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    PERFORM pg_notify('racekit_log', 'file ' || NEW.id);
                    RETURN NULL;
                END
                $$
                """,
                """
                CREATE TRIGGER races_announce_file AFTER UPDATE OF race_file ON races
                FOR EACH ROW WHEN (OLD.race_file IS DISTINCT FROM NEW.race_file)
                EXECUTE FUNCTION racekit_announce_race_file()
                """,
            ]
        ),
        // A turn (PostgresLiveStore.appendInTurn) holds a race's log still: it takes the race's
        // log lock exclusively, and every row inserted into the race's log takes it shared
        // first, so an append waits while a turn is under way. In a trigger, not in the append,
        // because a COPY alone is one round trip and a transaction around it is four (the
        // native ingest lost about a third of its rate that way). The key is
        // (PostgresLiveStore.logLockClass, hashtext(race_id)).
        (
            5,
            [
                """
                CREATE FUNCTION racekit_wait_for_turn() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    PERFORM pg_advisory_xact_lock_shared(1919614977, hashtext(NEW.race_id));
                    RETURN NEW;
                END
                $$
                """,
                """
                CREATE TRIGGER log_entries_wait_for_turn BEFORE INSERT ON log_entries
                FOR EACH ROW EXECUTE FUNCTION racekit_wait_for_turn()
                """,
            ]
        ),
        // SQLite's migration 6 stores a participant's consecutive fixes as one row; COPY
        // already makes a row per fix cheap here, so the twin changes nothing.
        (6, []),
    ]
}

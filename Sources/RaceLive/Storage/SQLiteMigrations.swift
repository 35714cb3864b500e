/// The SQLite schema as numbered migrations. Each runs once, in its own transaction, and is
/// recorded in `schema_migrations`; a released migration is never edited, only followed by a
/// new one (the PostgreSQL store keeps the same numbers for the same changes).
enum SQLiteMigrations {
    /// Version and statements, in order.
    static let all: [(version: Int, statements: [String])] = [
        (
            1,
            [
                """
                CREATE TABLE races (
                    id TEXT PRIMARY KEY,
                    race_file TEXT NOT NULL,
                    created_at REAL NOT NULL
                )
                """,
                """
                CREATE TABLE participants (
                    race_id TEXT NOT NULL REFERENCES races(id),
                    id TEXT NOT NULL,
                    display_name TEXT NOT NULL,
                    joined_at REAL NOT NULL,
                    join_order INTEGER NOT NULL,
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
                    maximum_uses INTEGER,
                    uses INTEGER NOT NULL DEFAULT 0,
                    expires_at REAL
                )
                """,
                // One table for every kind of entry, so a batch is one statement and a race's log
                // is read in sequence order from the primary key without touching other races.
                """
                CREATE TABLE log_entries (
                    race_id TEXT NOT NULL REFERENCES races(id),
                    seq INTEGER NOT NULL,
                    recorded_at REAL NOT NULL,
                    kind TEXT NOT NULL,
                    participant TEXT,
                    time REAL NOT NULL,
                    latitude REAL,
                    longitude REAL,
                    accuracy REAL,
                    altitude REAL,
                    speed REAL,
                    bearing REAL,
                    battery REAL,
                    stop TEXT,
                    text TEXT,
                    round INTEGER,
                    PRIMARY KEY (race_id, seq)
                ) WITHOUT ROWID
                """,
            ]
        ),
        // Share links and public races: a credential may expire (viewer links), and the
        // organiser may open a race to anyone.
        (
            2,
            [
                "ALTER TABLE credentials ADD COLUMN expires_at REAL",
                "ALTER TABLE races ADD COLUMN is_public INTEGER NOT NULL DEFAULT 0",
            ]
        ),
        // Listing a race's share links (to revoke one) reads its credentials by race and role
        // instead of scanning every race's.
        (
            3,
            ["CREATE INDEX credentials_by_race_role ON credentials (race_id, role)"]
        ),
        // PostgreSQL's migration 4 announces appends to the other server instances on one
        // database; an SQLite file has one instance, so its twin changes nothing (the versions
        // stay equal).
        (4, []),
        // PostgreSQL's migration 5 makes appends wait for another instance's turn; SQLite's
        // single writer already does.
        (5, []),
        // A participant's consecutive fixes as one row with the fixes packed in a blob
        // (LogFixRun): a row per fix cost SQLite about 7 000 instructions. Fixes stored before
        // stay in log_entries and are read from there.
        (
            6,
            [
                """
                CREATE TABLE log_fix_runs (
                    race_id TEXT NOT NULL REFERENCES races(id),
                    first_seq INTEGER NOT NULL,
                    last_seq INTEGER NOT NULL,
                    recorded_at REAL NOT NULL,
                    participant TEXT NOT NULL,
                    fixes BLOB NOT NULL,
                    PRIMARY KEY (race_id, first_seq)
                ) WITHOUT ROWID
                """
            ]
        ),
    ]
}

/// A race as stored: its id and its race file (`racekit.race/1` JSON text, validated before
/// it was stored).
public struct StoredRace: Hashable, Sendable {
    /// The server's id of the race (unique).
    public var id: String
    /// The race file's text.
    public var raceFile: String
    /// When it was created, seconds since 1970.
    public var createdAt: Double
    /// Whether anyone may join and see the ranking (else invitations only).
    public var isPublic: Bool

    /// Creates a record.
    public init(id: String, raceFile: String, createdAt: Double, isPublic: Bool = false) {
        self.id = id
        self.raceFile = raceFile
        self.createdAt = createdAt
        self.isPublic = isPublic
    }
}

/// A participant who joined a race: the id the log uses, the display name, and the order of
/// joining (the engine's participant order).
public struct StoredParticipant: Hashable, Sendable {
    /// The race.
    public var raceID: String
    /// The participant's id within the race (a listed `Participant.id`, or one made at joining).
    public var id: String
    /// The name shown in standings.
    public var displayName: String
    /// When they joined, seconds since 1970.
    public var joinedAt: Double

    /// Creates a record.
    public init(raceID: String, id: String, displayName: String, joinedAt: Double) {
        self.raceID = raceID
        self.id = id
        self.displayName = displayName
        self.joinedAt = joinedAt
    }
}

/// Who a credential speaks for.
public enum CredentialRole: String, Hashable, Sendable, CaseIterable {
    /// The race's organiser: edits, starts and ends it, makes join codes.
    case organiser
    /// A participant (API calls: batch ingest, own state).
    case participant
    /// A participant's tracker device (the OsmAnd `id`, the OwnTracks password).
    case device
    /// A spectator's share link: reads the race (standings, events, positions, the live page), nothing else.
    case viewer
}

/// A credential as stored: only the SHA-256 hash of the secret (hex), never the secret.
public struct StoredCredential: Hashable, Sendable {
    /// Lower-case hex SHA-256 of the secret.
    public var hash: String
    /// The one race it allows.
    public var raceID: String
    /// The one role it allows.
    public var role: CredentialRole
    /// The participant it belongs to (participant and device roles).
    public var participant: String?
    /// After this time (seconds since 1970) it no longer works (share links); `nil` for never.
    public var expiresAt: Double?

    /// Creates a record.
    public init(
        hash: String, raceID: String, role: CredentialRole, participant: String? = nil, expiresAt: Double? = nil
    ) {
        self.hash = hash
        self.raceID = raceID
        self.role = role
        self.participant = participant
        self.expiresAt = expiresAt
    }
}

/// A join code as stored: its hash, its race, how often it may still be used and until when.
public struct StoredJoinCode: Hashable, Sendable {
    /// Lower-case hex SHA-256 of the normalised code.
    public var hash: String
    /// The race it joins.
    public var raceID: String
    /// How many joins it allows (1 for a single-use code); `nil` for no limit.
    public var maximumUses: Int?
    /// Joins so far.
    public var uses: Int
    /// After this time (seconds since 1970) it no longer works; `nil` for never.
    public var expiresAt: Double?

    /// Creates a record.
    public init(hash: String, raceID: String, maximumUses: Int?, uses: Int = 0, expiresAt: Double?) {
        self.hash = hash
        self.raceID = raceID
        self.maximumUses = maximumUses
        self.uses = uses
        self.expiresAt = expiresAt
    }
}

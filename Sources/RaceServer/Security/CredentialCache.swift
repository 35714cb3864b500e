import RaceLive
import Synchronization

/// The credentials requests carry, kept in memory once read from the store: a tracker sends a
/// fix every second or so, and reading its device key from the database for each fix was one
/// more trip to the store's threads per request.
///
/// Only credentials that can never change are kept: organiser, participant and device tokens,
/// which neither expire nor are deleted. Share links (the viewer role) expire and can be revoked
/// through any instance, so they are read from the store every time, and so is a token the store
/// does not know (nothing is remembered of it, so a credential another instance stores next is
/// found). Holding at most ``capacity`` credentials, the cache starts over when full.
final class CredentialCache: Sendable {
    /// The store credentials are read from.
    let store: any LiveStore
    /// The most credentials held at once.
    let capacity: Int
    private let held = Mutex<[String: StoredCredential]>([:])

    /// A cache in front of `store`, holding at most `capacity` credentials.
    init(store: any LiveStore, capacity: Int = 100_000) {
        self.store = store
        self.capacity = capacity
    }

    /// The credential whose hash is `hash`, if any: from memory when it was read before and
    /// cannot have changed since, otherwise from the store.
    func credential(hash: String) async throws -> StoredCredential? {
        if let credential = held.withLock({ $0[hash] }) { return credential }
        guard let credential = try await store.credential(hash: hash) else { return nil }
        if Self.neverChanges(credential) {
            held.withLock { held in
                if held.count >= capacity { held.removeAll(keepingCapacity: true) }
                held[hash] = credential
            }
        }
        return credential
    }

    /// How many credentials are held (tests).
    var count: Int { held.withLock { $0.count } }

    /// Whether `credential` stays as it is for as long as the store holds it.
    static func neverChanges(_ credential: StoredCredential) -> Bool {
        credential.role != .viewer && credential.expiresAt == nil
    }
}

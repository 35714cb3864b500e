/// The public name of a share link, for listing and revoking it: 16 hex digits derived from the
/// stored hash of the link's token, never from the token itself, so the organiser's list holds
/// nothing that reads the race.
///
/// A second, domain-separated hash rather than a prefix of the stored one: the id is shown and
/// typed, and need not reveal any part of the key the credentials are looked up by.
public enum ShareLinkID {
    /// Hex digits in an id (64 bits: ids of one race's links do not collide in practice).
    static let length = 16

    /// The id of the share link whose token hashes to `credentialHash` (``SecretToken/hash(_:)``).
    public static func of(credentialHash: String) -> String {
        String(SecretToken.hash("share-link:" + credentialHash).prefix(length))
    }
}

import Foundation

/// Turns the saved part of one schema version into the next version's: version `from` to
/// `from + 1`, as JSON. A ``PersistenceMiddleware`` runs the migrations a file needs in order,
/// from its version to the app's.
///
/// ```swift
/// struct ItemV1: Codable { var name: String }
/// let renameToTitle = PersistenceMigration(from: 1, decoding: [ItemV1].self) { old in
///     old.enumerated().map { Todo(id: $0.offset, title: $0.element.name) }
/// }
/// ```
public struct PersistenceMigration: Sendable {
    /// The version this migration reads; it writes version `from + 1`.
    public let from: Int
    /// Turns the part's JSON at version `from` into its JSON at `from + 1`.
    public let migrate: @Sendable (Data) throws -> Data

    /// A migration of the part's JSON from version `from` to `from + 1`.
    public init(from version: Int, migrate: @escaping @Sendable (Data) throws -> Data) {
        from = version
        self.migrate = migrate
    }

    /// A migration that decodes the old version's type and encodes what `transform` makes of it.
    public init<Old: Decodable & Sendable, New: Encodable & Sendable>(
        from version: Int,
        decoding old: Old.Type,
        transform: @escaping @Sendable (Old) throws -> New
    ) {
        self.init(from: version) { data in
            try JSONEncoder().encode(transform(JSONDecoder().decode(Old.self, from: data)))
        }
    }
}

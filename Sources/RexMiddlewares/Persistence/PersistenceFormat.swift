import Foundation

/// How the part is written: JSON, `{"version": 2, "data": …}`, the schema version beside the
/// data, so that a newer app can migrate it and an older one can leave it alone.
struct PersistenceFormat<Part: Codable & Sendable>: Sendable {
    /// The app's schema version.
    let version: Int
    let migrations: [PersistenceMigration]

    /// What reading saved data gave.
    enum Reading {
        case part(Part)
        case newer(found: Int)
        case unreadable(String)
    }

    private struct Envelope: Codable {
        let version: Int
        let data: Part
    }

    private struct VersionOnly: Decodable {
        let version: Int
    }

    /// The part, written with the app's version.
    func encode(_ part: Part) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(Envelope(version: version, data: part))
    }

    /// The part saved in `data`, migrated to the app's version.
    func decode(_ data: Data) -> Reading {
        let found: Int
        do {
            found = try JSONDecoder().decode(VersionOnly.self, from: data).version
        } catch {
            // No version beside the data: written before the middleware, as version 0, when a
            // migration from 0 says what it holds.
            guard migrations.contains(where: { $0.from == 0 }) else { return .unreadable(Self.reason(error)) }
            return migrated(data, from: 0)
        }
        if found > version { return .newer(found: found) }
        do {
            if found == version { return .part(try JSONDecoder().decode(Envelope.self, from: data).data) }
            return migrated(try partJSON(in: data), from: found)
        } catch {
            return .unreadable(Self.reason(error))
        }
    }

    /// The part's JSON at version `found`, migrated to the app's version and decoded.
    private func migrated(_ data: Data, from found: Int) -> Reading {
        do {
            var json = data
            for step in found..<version {
                guard let migration = migrations.first(where: { $0.from == step }) else {
                    return .unreadable("no migration from version \(step) to \(step + 1)")
                }
                json = try migration.migrate(json)
            }
            return .part(try JSONDecoder().decode(Part.self, from: json))
        } catch {
            return .unreadable(Self.reason(error))
        }
    }

    /// The JSON of the `data` field, as it is.
    private func partJSON(in data: Data) throws -> Data {
        guard let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any],
            let part = object["data"]
        else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "No \"data\" field beside the version"))
        }
        return try JSONSerialization.data(withJSONObject: part, options: [.fragmentsAllowed])
    }

    /// A decoding error's path and message: `data.items.3.title: Expected to decode String…`.
    static func reason(_ error: any Error) -> String {
        let context: DecodingError.Context
        switch error as? DecodingError {
        case .typeMismatch(_, let found), .valueNotFound(_, let found), .dataCorrupted(let found): context = found
        case .keyNotFound(let key, let found):
            context = DecodingError.Context(codingPath: found.codingPath + [key], debugDescription: found.debugDescription)
        default: return String(describing: error)
        }
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        let underlying = (context.underlyingError as NSError?).map { " (\($0.localizedDescription))" } ?? ""
        return (path.isEmpty ? "" : "\(path): ") + context.debugDescription + underlying
    }
}

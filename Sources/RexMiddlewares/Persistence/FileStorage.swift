#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// A storage in one file, written atomically: the new data goes to a temporary file in the same
/// folder, is flushed to the disk, and is renamed over the old file, and the folder is flushed
/// too. A crash at any moment leaves the old file or the new one, whole, never a mix.
public struct FileStorage: PersistenceStorage {
    /// The file.
    public let url: URL

    /// A storage in the file at `url`; its folder is made when the first save needs it.
    public init(url: URL) {
        self.url = url
    }

    /// The file's contents; `nil` when there is no file (or its folder is not a folder).
    public func read() throws -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }

    /// Writes `data` to a new temporary file beside the file, and flushes it to the disk.
    public func stage(_ data: Data) throws -> StagedData {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        return StagedData(location: temporary.path)
    }

    /// Renames the staged file over the file, then flushes the folder, so that the rename
    /// itself is on the disk.
    public func commit(_ staged: StagedData) throws {
        guard rename(staged.location, url.path) == 0 else {
            let code = errno
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        let folder = open(url.deletingLastPathComponent().path, O_RDONLY)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// Removes the staged file.
    public func discard(_ staged: StagedData) {
        try? FileManager.default.removeItem(atPath: staged.location)
    }

    /// Renames the file to `<name>.unreadable-<date>-<random>` in its folder, and returns that path.
    public func setAside() throws -> String {
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "-")
        let aside = url.deletingLastPathComponent()
            .appendingPathComponent("\(url.lastPathComponent).unreadable-\(stamp)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.moveItem(at: url, to: aside)
        return aside.path
    }
}

extension PersistenceStorage where Self == FileStorage {
    /// A storage in the file at `url`, written atomically.
    public static func file(_ url: URL) -> FileStorage {
        FileStorage(url: url)
    }
}

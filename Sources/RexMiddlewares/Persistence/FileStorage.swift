#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// A storage in one file, written atomically: the new data goes to a temporary file in the same
/// folder (`.<name>.<UUID>.tmp`), is flushed to the disk, and is renamed over the old file, and
/// the folder is flushed too. A crash at any moment leaves the old file or the new one, whole,
/// never a mix.
///
/// - **Folders.** The file's folder, and the folders above it, are made when the first save
///   needs them.
/// - **Leftovers.** A process killed during a save leaves its temporary file behind; ``read()``,
///   which the middleware calls at launch, removes them (see ``read()``).
/// - **Errors** are ``FileStorageError``s: the cause and the path, as a person can act on them.
///
/// One process writes the file at a time: a second process saving to the same file at once
/// could find its temporary file removed by the first one's launch, and its save failing.
public struct FileStorage: PersistenceStorage {
    /// The file.
    public let url: URL
    /// Whether this storage has removed the leftovers of earlier runs: at its first read only,
    /// so that a read between ``stage(_:)`` and ``commit(_:)`` keeps what was staged.
    let sweep = LeftoverSweep()

    /// A storage in the file at `url`; its folder is made when the first save needs it.
    public init(url: URL) {
        self.url = url
    }

    /// The file's contents; `nil` when there is no file (or a file is where its folder should be).
    ///
    /// The first read of a storage (the middleware's, at launch) first removes what saves of
    /// earlier runs, cut short, left beside the file: its temporary files, and the `.dat.nosync…`
    /// files of Foundation's atomic writes (which earlier versions made) that have not changed for
    /// a minute, so that a write under way elsewhere in the app keeps its own.
    ///
    /// - Throws: ``FileStorageError``; `isADirectory` when a directory is where the file should be.
    /// - Complexity: O(*n*) in the number of files in the folder, plus the file's size.
    public func read() throws -> Data? {
        if sweep.isFirst() {
            removeLeftovers()
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return nil }
        guard !isDirectory.boolValue else { throw FileStorageError(POSIXError(.EISDIR), path: url.path) }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw FileStorageError(error, path: url.path)
        }
    }

    /// Writes `data` to a new temporary file beside the file, and flushes it to the disk; makes
    /// the folder first if it is missing.
    ///
    /// - Throws: ``FileStorageError``.
    /// - Complexity: O(*n*) in the size of `data`.
    public func stage(_ data: Data) throws -> StagedData {
        try makeFolder()
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        // `open` rather than `FileManager.createFile`, whose own atomic write would leave a
        // `.dat.nosync…` file of its own if the process died in it.
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileStorageError(POSIXError(Self.lastError), path: url.path) }
        do {
            defer { close(descriptor) }
            do {
                try data.withUnsafeBytes { try writeAll($0, to: descriptor) }
            } catch {
                throw FileStorageError(error, path: url.path)
            }
            guard fsync(descriptor) == 0 else { throw FileStorageError(POSIXError(Self.lastError), path: url.path) }
        } catch {
            unlink(temporary.path)
            throw error
        }
        return StagedData(location: temporary.path)
    }

    /// Renames the staged file over the file, then flushes the folder, so that the rename
    /// itself is on the disk.
    ///
    /// - Throws: ``FileStorageError``; `isADirectory` when a directory is where the file should be.
    public func commit(_ staged: StagedData) throws {
        guard rename(staged.location, url.path) == 0 else {
            throw FileStorageError(POSIXError(Self.lastError), path: url.path)
        }
        let folder = open(url.deletingLastPathComponent().path, O_RDONLY)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// Removes the staged file.
    public func discard(_ staged: StagedData) {
        unlink(staged.location)
    }

    /// Renames the file (or the directory in its place) to `<name>.unreadable-<date>-<random>` in
    /// its folder, and returns that path.
    ///
    /// - Throws: ``FileStorageError``.
    public func setAside() throws -> String {
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "-")
        let aside = url.deletingLastPathComponent()
            .appendingPathComponent("\(url.lastPathComponent).unreadable-\(stamp)-\(UUID().uuidString.prefix(8))")
        guard rename(url.path, aside.path) == 0 else {
            throw FileStorageError(POSIXError(Self.lastError), path: url.path)
        }
        return aside.path
    }

    static var lastError: POSIXErrorCode {
        POSIXErrorCode(rawValue: errno) ?? .EIO
    }
}

extension PersistenceStorage where Self == FileStorage {
    /// A storage in the file at `url`, written atomically.
    public static func file(_ url: URL) -> FileStorage {
        FileStorage(url: url)
    }
}

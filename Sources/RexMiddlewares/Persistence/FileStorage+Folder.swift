#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import RexCore

/// Whether a ``FileStorage`` has swept its folder yet: true once, for its first read.
final class LeftoverSweep: @unchecked Sendable {  // `done` is guarded by `lock`
    private let lock = Lock()
    private var done = false

    /// Whether this is the first call.
    func isFirst() -> Bool {
        lock.withLock {
            defer { done = true }
            return !done
        }
    }
}

extension FileStorage {
    /// Makes the file's folder if it is missing; a file in the way is reported at its own path.
    func makeFolder() throws {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            var ancestor = folder
            var isDirectory: ObjCBool = false
            while ancestor.path != "/", !FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
                ancestor.deleteLastPathComponent()
            }
            if ancestor.path != "/", !isDirectory.boolValue {
                throw FileStorageError(POSIXError(.ENOTDIR), path: ancestor.path)
            }
            throw FileStorageError(error, path: folder.path)
        }
    }

    /// Removes the temporary files of saves that were cut short, beside the file.
    ///
    /// - Complexity: O(*n*) in the number of files in the folder.
    func removeLeftovers() {
        let folder = url.deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where isLeftover(name, in: folder) {
            unlink(folder.appendingPathComponent(name).path)
        }
    }

    /// Whether `name` is this file's temporary file (`.<name>.<UUID>.tmp`), or a Foundation atomic
    /// write's file (`.dat.nosync…`) unchanged for a minute.
    private func isLeftover(_ name: String, in folder: URL) -> Bool {
        let prefix = ".\(url.lastPathComponent)."
        if name.hasPrefix(prefix), name.hasSuffix(".tmp") {
            return UUID(uuidString: String(name.dropFirst(prefix.count).dropLast(".tmp".count))) != nil
        }
        guard name.hasPrefix(".dat.nosync"),
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let modified = attributes[.modificationDate] as? Date
        else { return false }
        return Date().timeIntervalSince(modified) > 60
    }
}

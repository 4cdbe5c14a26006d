import Foundation
import RexMiddlewares
import Testing

@Suite("FileStorage: what a crash or a bad folder leaves")
struct FileStorageFolderTests {
    func makeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rex-storage-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("The first read (the next launch) removes the temporary files that saves cut short left beside the file, and nothing else")
    func leftoversAreRemoved() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = FileStorage(url: folder.appendingPathComponent("todos.json"))
        try storage.commit(storage.stage(Data("saved".utf8)))
        let leftovers = [".todos.json.\(UUID().uuidString).tmp", ".todos.json.\(UUID().uuidString).tmp", ".dat.nosync3f2a.Xb81cQ"]
        // A Foundation atomic write's file under way (just written) is someone else's.
        let others = [".other.json.\(UUID().uuidString).tmp", "notes.txt", ".todos.json.backup", ".dat.nosync77c1.Q2xa0"]
        for name in leftovers + others {
            try Data("half a save".utf8).write(to: folder.appendingPathComponent(name))
        }
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -120)],
            ofItemAtPath: folder.appendingPathComponent(".dat.nosync3f2a.Xb81cQ").path
        )
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".dat.nosync-a-folder"), withIntermediateDirectories: false)
        let nextLaunch = FileStorage(url: folder.appendingPathComponent("todos.json"))
        #expect(try nextLaunch.read() == Data("saved".utf8))
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(left == Set(others + ["todos.json", ".dat.nosync-a-folder"]))
    }

    @Test("A save writes no file beside the file but its own temporary one")
    func stagesOneFile() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = FileStorage(url: folder.appendingPathComponent("todos.json"))
        let staged = try storage.stage(Data("one".utf8))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names == [URL(fileURLWithPath: staged.location).lastPathComponent])
        #expect(names.first?.hasPrefix(".todos.json.") == true && names.first?.hasSuffix(".tmp") == true)
    }

    @Test("A directory where the file should be is reported as such, with its path")
    func directoryInPlace() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("todos.json")
        try FileManager.default.createDirectory(at: file.appendingPathComponent("inside"), withIntermediateDirectories: true)
        let storage = FileStorage(url: file)
        #expect(throws: FileStorageError.self) { try storage.read() }
        do {
            _ = try storage.read()
        } catch let error as FileStorageError {
            #expect(error.cause == .isADirectory)
            #expect("\(error)" == "is a directory: \(file.path)")
        }
        let staged = try storage.stage(Data("new".utf8))
        defer { storage.discard(staged) }
        do {
            try storage.commit(staged)
            Issue.record("a commit over a directory went through")
        } catch let error as FileStorageError {
            #expect("\(error)" == "is a directory: \(file.path)")
            #expect((error.underlying as? POSIXError)?.code == .EISDIR)
        }
    }

    @Test("A file where the folder should be is reported as such, with the file's path")
    func fileForFolder() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("blocker")
        try Data("a file".utf8).write(to: blocker)
        let storage = FileStorage(url: blocker.appendingPathComponent("todos.json"))
        #expect(throws: FileStorageError.self) { try storage.stage(Data("new".utf8)) }
        do {
            _ = try storage.stage(Data("new".utf8))
        } catch {
            #expect("\(error)" == "not a folder: \(blocker.path)")
        }
    }

    @Test("Each cause a person can act on reads as such, and keeps the error underneath", arguments: [
        (POSIXError(.EACCES) as any Error, "permission denied: /data/todos.json", FileStorageError.Cause.permissionDenied),
        (POSIXError(.EPERM), "permission denied: /data/todos.json", .permissionDenied),
        (CocoaError(.fileWriteNoPermission), "permission denied: /data/todos.json", .permissionDenied),
        (CocoaError(.fileReadNoPermission), "permission denied: /data/todos.json", .permissionDenied),
        (POSIXError(.ENOSPC), "disk full: /data/todos.json", .diskFull),
        (CocoaError(.fileWriteOutOfSpace), "disk full: /data/todos.json", .diskFull),
        (POSIXError(.EDQUOT), "disk quota exceeded: /data/todos.json", .diskFull),
        (POSIXError(.EROFS), "read-only file system: /data/todos.json", .readOnly),
        (POSIXError(.EISDIR), "is a directory: /data/todos.json", .isADirectory),
        (
            NSError(domain: NSCocoaErrorDomain, code: 512, userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EACCES))]),
            "permission denied: /data/todos.json", .permissionDenied
        ),
    ])
    func causes(underlying: any Error, description: String, cause: FileStorageError.Cause) {
        let error = FileStorageError(underlying, path: "/data/todos.json")
        #expect(error.description == description)
        #expect(error.cause == cause)
        #expect((error.underlying as NSError) == (underlying as NSError))
    }

    @Test("Another cause says what the system said, without the error's dump")
    func otherCause() {
        let error = FileStorageError(POSIXError(.EIO), path: "/data/todos.json")
        #expect(error.cause == .other)
        #expect(error.description.hasSuffix(": /data/todos.json"))
        #expect(!error.description.contains("Error Domain"))
    }
}

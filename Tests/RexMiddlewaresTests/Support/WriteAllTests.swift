import Foundation
import Testing

@testable import RexMiddlewares

@Suite("writeAll: every byte to a file, or the system's error")
struct WriteAllTests {
    func withTemporaryFile(_ body: (_ path: String, _ descriptor: Int32) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rex-write-all-\(UUID())").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0)
        defer {
            close(descriptor)
            unlink(path)
        }
        try body(path, descriptor)
    }

    @Test("A megabyte reaches the file whole and in order, after what was written before it")
    func everyByteIsWritten() throws {
        try withTemporaryFile { path, descriptor in
            let first = Array("head\n".utf8)
            let second = (0..<1_048_576).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            try first.withUnsafeBytes { try writeAll($0, to: descriptor) }
            try second.withUnsafeBytes { try writeAll($0, to: descriptor) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(first + second))
        }
    }

    @Test("Nothing to write writes nothing")
    func nothingIsWritten() throws {
        try withTemporaryFile { path, descriptor in
            try [UInt8]().withUnsafeBytes { try writeAll($0, to: descriptor) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
        }
    }

    @Test("A descriptor that cannot be written throws the system's error")
    func failureThrows() throws {
        let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(throws: POSIXError(.EBADF)) {
            try Array("lost".utf8).withUnsafeBytes { try writeAll($0, to: descriptor) }
        }
    }
}

import Foundation

/// Why a ``FileStorage`` could not read or write its file, as a person can act on it: its
/// description is the cause and the path (`permission denied: /Users/ada/todos.json`,
/// `disk full: …`, `is a directory: …`), and ``underlying`` keeps the system's error for code.
public struct FileStorageError: Error, CustomStringConvertible {
    /// The causes a person can act on; ``other`` for the rest.
    public enum Cause: Sendable, Equatable {
        /// The file or its folder may not be read or written by this process (`EACCES`, `EPERM`).
        case permissionDenied
        /// A directory is where the file should be (`EISDIR`).
        case isADirectory
        /// A file is where a folder of the path should be (`ENOTDIR`, or a file in the way of
        /// making the folder).
        case notAFolder
        /// The disk, or the user's quota on it, is full (`ENOSPC`, `EDQUOT`).
        case diskFull
        /// The file system is mounted read-only (`EROFS`).
        case readOnly
        /// Any other failure: the description gives the system's own words.
        case other
    }

    /// What went wrong.
    public let cause: Cause
    /// The path it went wrong at: the storage's file, or the folder of the path in the way.
    public let path: String
    /// The error the system gave.
    public let underlying: any Error

    /// The error `underlying` met at `path`, with its cause read from the POSIX code it carries
    /// (directly, or as a Cocoa error's underlying error).
    public init(_ underlying: any Error, path: String) {
        self.underlying = underlying
        self.path = path
        cause = Self.cause(of: underlying)
    }

    /// The cause and the path: `permission denied: /Users/ada/todos.json`.
    public var description: String {
        "\(Self.words(for: cause, code: Self.posixCode(of: underlying), underlying: underlying)): \(path)"
    }

    private static func cause(of error: any Error) -> Cause {
        if let code = posixCode(of: error) {
            switch code {
            case EACCES, EPERM: return .permissionDenied
            case EISDIR: return .isADirectory
            case ENOTDIR: return .notAFolder
            case ENOSPC, EDQUOT: return .diskFull
            case EROFS: return .readOnly
            default: break
            }
        }
        let error = error as NSError
        guard error.domain == NSCocoaErrorDomain else { return .other }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileReadNoPermission, .fileWriteNoPermission: return .permissionDenied
        case .fileWriteOutOfSpace: return .diskFull
        case .fileWriteVolumeReadOnly: return .readOnly
        default: return .other
        }
    }

    /// The POSIX code `error` carries, itself or as the underlying error of a Cocoa error.
    private static func posixCode(of error: any Error) -> Int32? {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(underlying.code)
        }
        return nil
    }

    private static func words(for cause: Cause, code: Int32?, underlying: any Error) -> String {
        switch cause {
        case .permissionDenied: return "permission denied"
        case .isADirectory: return "is a directory"
        case .notAFolder: return "not a folder"
        case .diskFull: return code == EDQUOT ? "disk quota exceeded" : "disk full"
        case .readOnly: return "read-only file system"
        case .other:
            // The system's words for the code (`Input/output error`), not the error's dump.
            if let code { return String(cString: strerror(code)) }
            return (underlying as NSError).localizedDescription
        }
    }
}

import Foundation

/// Writes all of `bytes` to the open file `descriptor`, in as many `write` calls as it takes: a
/// write may take fewer bytes than it is given, and one that a signal interrupts is made again.
///
/// - Throws: The `POSIXError` of the `write` that failed.
/// - Complexity: O(*n*) in the number of bytes.
func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws {
    var written = 0
    while written < bytes.count {
        let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        written += count
    }
}

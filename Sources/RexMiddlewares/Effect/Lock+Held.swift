import RexCore

extension Lock {
    /// Stops a debug build when no thread holds the lock: how a function that must be called
    /// with the lock held checks that it is. Release builds check nothing.
    ///
    /// A mutex does not say which thread holds it, only whether one does (trying to take a lock
    /// that is not recursive fails while any thread holds it, this one included): a caller that
    /// forgot the lock is caught whenever no other thread happens to hold it, as in a test.
    @inline(__always)
    func assertHeld(_ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
        #if DEBUG
        if tryLock() {
            unlock()
            assertionFailure(message(), file: file, line: line)
        }
        #endif
    }
}

extension Lock {
    /// Stops a debug build when no thread holds the lock: how code that must run with the lock
    /// held (reading or writing a field it guards) checks that it does. Release builds check
    /// nothing.
    ///
    /// A mutex does not say which thread holds it, only whether one does (trying to take a lock
    /// that is not recursive fails while any thread holds it, this one included): a caller that
    /// forgot the lock is caught whenever no other thread happens to hold it, as in a test. For a
    /// lock that is not recursive (a recursive one is free to the thread that holds it).
    @inlinable
    package func assertHeld(_ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
        #if DEBUG
        if tryLock() {
            unlock()
            assertionFailure(message(), file: file, line: line)
        }
        #endif
    }
}

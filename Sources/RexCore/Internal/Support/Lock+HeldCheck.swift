extension Lock {
    /// Stops a debug build when the lock is free: call it where a field the lock guards is read
    /// or written, to check that the lock is held there. For a lock that is not recursive (a
    /// recursive one is free to the thread that holds it); nothing in release builds.
    @inlinable
    func checkHeld(_ guarded: StaticString) {
        #if DEBUG
        if tryLock() {
            unlock()
            assertionFailure("\(guarded) read or written without its lock")
        }
        #endif
    }
}

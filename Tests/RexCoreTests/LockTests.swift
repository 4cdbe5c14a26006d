@testable import RexCore
import Testing

/// White-box tests of the one lock primitive: each path of taking and releasing it, and the
/// debug builds' checks.
@Suite("The lock")
struct LockTests {
    @Test("A plain lock is taken once: tryLock fails while it is held, by this thread or any, and succeeds once released")
    func plain() {
        let lock = Lock()
        #expect(lock.tryLock())
        #expect(!lock.tryLock())
        lock.unlock()
        lock.withLock {
            #expect(!lock.tryLock())
        }
        #expect(lock.tryLock())
        lock.unlock()
    }

    @Test("A recursive lock is taken again by the thread that holds it, and released as many times")
    func recursive() {
        let lock = Lock(recursive: true)
        lock.lock()
        #expect(lock.tryLock())
        lock.unlock()
        lock.unlock()
        #expect(lock.tryLock())
        lock.unlock()
    }

    @Test("A spinning lock locks as a plain one does")
    func spinning() {
        let lock = Lock(spinning: true)
        lock.withLock {
            #expect(!lock.tryLock())
        }
        #expect(lock.tryLock())
        lock.unlock()
    }

    @Test("assertHeld passes while the lock is held, and leaves it held")
    func assertHeldWhileHeld() {
        let lock = Lock()
        lock.withLock {
            lock.assertHeld("not reached")
            #expect(!lock.tryLock())
        }
    }

    #if DEBUG
    @Test("In a debug build, assertHeld on a free lock stops the program")
    func assertHeldOnAFreeLock() async {
        await #expect(processExitsWith: .failure) {
            Lock().assertHeld("free")
        }
    }

    @Test("In a debug build, taking again a lock with a reentry message that the thread holds stops the program")
    func reentry() async {
        await #expect(processExitsWith: .failure) {
            let lock = Lock(reentryMessage: "taken twice")
            lock.lock()
            lock.lock()
        }
    }
    #endif
}

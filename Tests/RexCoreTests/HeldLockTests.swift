@testable import RexCore
import Testing

/// White-box tests of the state lock's token: it holds the lock from `lockFields()` to
/// `unlock()`, and reaches the fields the lock guards.
@Suite("The state lock's token")
struct HeldLockTests {
    @Test("The lock is held while the token lives, and free once it is given back")
    func holdsUntilUnlocked() {
        let core = StoreCore<Int, Int>(state: 7)
        let held = core.lockFields()
        let freeWhileHeld = core.lock.tryLock()
        let state = held.fields.pointee.state
        held.unlock()
        let freeAfter = core.lock.tryLock()
        if freeAfter { core.lock.unlock() }
        #expect(!freeWhileHeld)
        #expect(state == 7)
        #expect(freeAfter)
    }

    @Test("Through the token, a change reaches the core's fields")
    func reachesTheFields() {
        let core = StoreCore<Int, Int>(state: 1)
        let held = core.lockFields()
        held.fields.pointee.state += 41
        held.unlock()
        #expect(core.state == 42)
    }
}

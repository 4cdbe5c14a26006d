import RexCore
@testable import RexMiddlewares
import Testing

/// White-box tests of `SupervisedRun`'s two flags: kept until let go, running until it ends,
/// in either order; letting go checks, in this debug build, that the lock is held.
@Suite("A supervised run")
struct SupervisedRunTests {
    @Test("A new run is kept and running; once ended it still passes actions, until it is let go")
    func endsThenLetGo() {
        let lock = Lock()
        let run = SupervisedRun(lock: lock, description: "key")
        #expect(run.isRunningKept && run.passesActions)
        run.end()
        #expect(!run.isRunningKept && run.passesActions)
        lock.withLock { run.letGoLocked() }
        #expect(!run.isRunningKept && !run.passesActions)
        #expect(lock.withLock { !run.isKeptLocked })
    }

    @Test("A run let go passes nothing more while its work winds down, and stays let go once it ends")
    func letGoThenEnds() {
        let lock = Lock()
        let run = SupervisedRun(lock: lock, description: "key")
        lock.withLock { run.letGoLocked() }
        #expect(!run.isRunningKept && !run.passesActions)
        run.end()
        #expect(!run.isRunningKept && !run.passesActions)
        // Let go twice (the whole set let go after a restart): no change.
        lock.withLock { run.letGoLocked() }
        #expect(!run.passesActions && run.description == "key")
    }
}

@testable import RexCore
import Testing

@Suite("The turn flag")
struct TurnFlagTests {
    @Test("It is claimed once, with or without the lock, until released")
    func claimedOnceUntilReleased() {
        let flag = TurnFlag()
        // Each step's result, in order (a flag cannot be copied into `#expect`'s expansion).
        var steps: [Bool] = []
        steps.append(flag.isSet)
        steps.append(flag.claim(exclusive: false))
        steps.append(flag.isSet)
        steps.append(flag.claim(exclusive: false))
        steps.append(flag.claim(exclusive: true))
        steps.append(flag.claimWithoutLock())
        flag.release()
        steps.append(flag.isSet)
        steps.append(flag.claim(exclusive: true))
        steps.append(flag.claim(exclusive: true))
        flag.release()
        steps.append(flag.claimWithoutLock())
        steps.append(flag.claimWithoutLock())
        steps.append(flag.claim(exclusive: false))
        flag.release()
        steps.append(flag.isSet)
        #expect(steps == [false, true, true, false, false, false, false, true, false, true, false, false, false])
    }

    @Test("Released without the lock only while nothing is noted waiting")
    func releasedWithoutLockUnlessWaiting() {
        let flag = TurnFlag()
        var steps: [Bool] = []
        steps.append(flag.noteWaiting())  // clear: nothing to note
        steps.append(flag.claimWithoutLock())
        steps.append(flag.releaseWithoutLock())  // nothing noted: released
        steps.append(flag.isSet)
        steps.append(flag.claim(exclusive: true))
        steps.append(flag.noteWaiting())
        steps.append(flag.noteWaiting())  // noted already
        steps.append(flag.releaseWithoutLock())  // noted: the turn's thread must look
        steps.append(flag.isSet)
        flag.noteQueueEmptied()
        steps.append(flag.releaseWithoutLock())
        steps.append(flag.noteWaitingOrClaim(exclusive: false))  // clear: claimed, with the queue noted
        steps.append(flag.isSet)
        steps.append(flag.releaseWithoutLock())
        flag.release()
        steps.append(flag.isSet)
        #expect(steps == [false, true, true, false, true, true, true, false, true, true, false, true, false, false])
    }

    @Test("A note and a release without the lock, at once from two threads: exactly one succeeds")
    func noteOrReleaseNeverBoth() async {
        let shared = Shared()
        for _ in 0..<500 {
            let claimed = shared.flag.claimWithoutLock()
            #expect(claimed)
            let (noted, released) = await withTaskGroup(of: (Bool, Bool).self) { group in
                group.addTask { (shared.flag.noteWaiting(), false) }
                group.addTask { (false, shared.flag.releaseWithoutLock()) }
                return await group.reduce((false, false)) { ($0.0 || $1.0, $0.1 || $1.1) }
            }
            #expect(noted != released, "noted \(noted), released \(released)")
            // Noted: the turn's thread would take the lock and find the queue; here, release it.
            shared.flag.release()
        }
    }

    /// A flag shared by tasks (a flag itself cannot be copied into them).
    final class Shared: Sendable {
        let flag = TurnFlag()
    }

    @Test("Claimed without the lock by many threads at once, it goes to exactly one")
    func oneClaimantAmongMany() async {
        let shared = Shared()
        for _ in 0..<200 {
            let claims = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<8 {
                    group.addTask { shared.flag.claimWithoutLock() }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(claims == 1)
            shared.flag.release()
        }
    }
}

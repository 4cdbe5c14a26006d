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

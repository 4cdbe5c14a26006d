@testable import RexCore
import Testing

@Suite("The turn flag")
struct TurnFlagTests {
    @Test("It is claimed once, with or without the lock, until released")
    func claimedOnceUntilReleased() {
        let flag = TurnFlag()
        defer { flag.deallocate() }
        #expect(!flag.isSet)
        #expect(flag.claim(exclusive: false))
        #expect(flag.isSet)
        #expect(!flag.claim(exclusive: false))
        #expect(!flag.claim(exclusive: true))
        #expect(!flag.claimWithoutLock())
        flag.release()
        #expect(!flag.isSet)
        #expect(flag.claim(exclusive: true))
        #expect(!flag.claim(exclusive: true))
        flag.release()
        if TurnFlag.claimsWithoutLock {
            #expect(flag.claimWithoutLock())
            #expect(!flag.claimWithoutLock())
            #expect(!flag.claim(exclusive: false))
            flag.release()
        } else {
            // On Apple systems, the flag is only claimed under the store's lock.
            #expect(!flag.claimWithoutLock())
        }
        #expect(!flag.isSet)
    }
}

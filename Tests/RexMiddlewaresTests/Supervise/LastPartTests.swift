@testable import RexMiddlewares
import Testing

/// White-box tests of `LastPart`: the first part, an unchanged one, a changed one, and a start
/// over (`value` cleared, as a new lifetime does), with the invariant checked after each step.
@Suite("A supervisor's last part")
struct LastPartTests {
    struct State {
        var part: [Int]
        var other = 0
    }

    @Test("The first part is a change; the same part again is not; another one is; after a start over the same one is again")
    func replacing() {
        let last = LastPart<State, [Int]> { $0.part }
        #expect(last.value == nil)
        let steps: [(State, changed: Bool)] = [
            (State(part: [1]), true),
            (State(part: [1], other: 1), false),
            (State(part: [1, 2]), true),
            (State(part: []), true),
        ]
        for (state, changed) in steps {
            let before = last.value
            let result = last.replace(from: state)
            last.checkInvariant(before: before, changed: result, from: state)
            #expect(result == changed)
            #expect(last.value == state.part)
        }
        last.value = nil
        let state = State(part: [])
        let result = last.replace(from: state)
        last.checkInvariant(before: nil, changed: result, from: state)
        #expect(result)
    }
}

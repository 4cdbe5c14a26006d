import Foundation
import RexCore
@testable import RexMiddlewares
import RexTestSupport
import Testing

/// White-box tests of `KeyedEffectSupervision`'s check after each turn, driven directly (no
/// store): before the getter is kept, an unchanged part, keys that appear, change and go, a new
/// lifetime, an effect with nothing to run, a run let go whose effect still sends, and the
/// supervision let go; the whole invariant (getter, registry, set, lock) checked after each
/// step in this debug build. Effects report their start and cancellation to an `EventLog`, and
/// the test awaits those events, never time.
@Suite("A supervision's check after each turn")
struct KeyedEffectSupervisionTests {
    struct State: Sendable {
        var items: [Int: String] = [:]
        var other = 0
    }

    /// The store's state, as its getter reads it.
    final class Current: @unchecked Sendable {  // `state` is guarded by `lock`
        private let lock = NSLock()
        private var stored = State()
        var state: State {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    typealias Supervision = KeyedEffectSupervision<State, Int, Void, [Int: String], Int, String>

    /// A supervision of an effect per item, each reporting its start and its cancellation to
    /// `events`, then sending its key; `derivations` counts how often the set is derived.
    static func supervision(events: EventLog, derivations: RexTestSupport.Recorder<Int>, nothingFor: Int? = nil) -> Supervision {
        let last = LastPart<State, [Int: String]> { $0.items }
        return Supervision(
            dependencies: (),
            last: last,
            partChanged: { last.replace(from: $0) },
            keys: { items in
                derivations.record(items.count)
                return items
            },
            effect: { key, value in
                if key == nothingFor { return .doNothing }
                return .run { context in
                    events.record("start \(key) \(value)")
                    _ = try? await Task.sleep(for: .seconds(3_600))
                    // Sent once cancelled: reaches the store only while the run is kept.
                    context.send(key)
                    events.record("cancel \(key) \(value)")
                }
            }
        )
    }

    /// A supervision of `supervision(events:derivations:)` whose getter reads `current`, with
    /// what it records and sends.
    struct Fixture {
        let events = EventLog()
        let derivations = RexTestSupport.Recorder<Int>()
        let sent = RexTestSupport.Recorder<Int>()
        let current = Current()
        let supervision: Supervision

        init() {
            supervision = KeyedEffectSupervisionTests.supervision(events: events, derivations: derivations)
            supervision.attachIfNeeded { [current] in current.state }
        }
    }

    /// The store's observer of `supervision`, as `EffectSupervisor` makes it: whether the
    /// committed state changed the part, with the check it asks the store to run then.
    struct Observer {
        let supervision: Supervision
        let committed = LastPart<State, [Int: String]> { $0.items }

        /// Shows the observer a committed state; returns whether it asked for a check.
        func noteCommitted(_ state: State) -> Bool {
            !supervision.observeCommit { committed.replace(from: state) }.isPure
        }
    }

    /// Lets every run go and waits for the effects to end, checking the invariant, and that
    /// nothing the let-go runs sent reached `sent`.
    static func letGo(_ supervision: Supervision, sent: RexTestSupport.Recorder<Int>) async {
        supervision.letAllGo()
        supervision.checkInvariants()
        await supervision.registry.waitUntilIdle()
        #expect(sent.values.isEmpty)
    }

    /// Runs the check after a turn, then checks the whole invariant.
    static func afterTurn(_ supervision: Supervision, output: AnyActionHandler<Int>) {
        supervision.afterTurn(output: output)
        supervision.checkInvariants()
    }

    @Test("Before a getter is kept, a check does nothing")
    func beforeTheFirstTurn() {
        let derivations = RexTestSupport.Recorder<Int>()
        let supervision = Self.supervision(events: EventLog(), derivations: derivations)
        Self.afterTurn(supervision, output: RexTestSupport.Recorder<Int>().output)
        #expect(derivations.values.isEmpty && supervision.keptEffectKeys.isEmpty && supervision.registry.count == 0)
    }

    @Test("Keys that appear start, an unchanged part changes nothing, a changed value restarts, a key that goes is cancelled")
    func reconciling() async throws {
        try await withDeadline {
            let fixture = Fixture()
            let (events, derivations, sent, current, supervision) = (fixture.events, fixture.derivations, fixture.sent, fixture.current, fixture.supervision)
            current.state.items = [1: "a", 2: "b"]
            Self.afterTurn(supervision, output: sent.output)
            #expect(Set(await events.next(2)) == ["start 1 a", "start 2 b"])
            #expect(supervision.keptEffectKeys == ["1", "2"])

            current.state.other = 1
            Self.afterTurn(supervision, output: sent.output)
            #expect(derivations.values == [2])

            current.state.items = [1: "A", 2: "b", 3: "c"]
            Self.afterTurn(supervision, output: sent.output)
            #expect(Set(await events.next(3)) == ["cancel 1 a", "start 1 A", "start 3 c"])
            #expect(supervision.keptEffectKeys == ["1", "2", "3"])

            current.state.items = [1: "A"]
            Self.afterTurn(supervision, output: sent.output)
            #expect(Set(await events.next(2)) == ["cancel 2 b", "cancel 3 c"])
            #expect(supervision.keptEffectKeys == ["1"])
            // What the let-go runs sent once cancelled was dropped.
            #expect(sent.values.isEmpty)

            supervision.letAllGo()
            supervision.checkInvariants()
            #expect(await events.next(1) == ["cancel 1 A"])
            await supervision.registry.waitUntilIdle()
            supervision.checkInvariants()
            #expect(supervision.keptEffectKeys.isEmpty && supervision.registry.count == 0 && sent.values.isEmpty)
        }
    }

    @Test("The store's observer: while no observed commit has changed the part since a check reconciled, checks read nothing; a commit that changes it, or a check with a lifetime, reads")
    func observedCommits() async throws {
        try await withDeadline {
            let fixture = Fixture()
            let (events, derivations, sent, current, supervision) = (fixture.events, fixture.derivations, fixture.sent, fixture.current, fixture.supervision)
            let observer = Observer(supervision: supervision)
            // The first commit counts as a change, and its check reconciles.
            current.state.items = [1: "a"]
            #expect(observer.noteCommitted(current.state))
            #expect(supervision.committedChanges.loadRelaxed() == 1)
            Self.afterTurn(supervision, output: sent.output)
            #expect(await events.next(1) == ["start 1 a"] && derivations.values == [1])
            #expect(supervision.reconciledChanges.loadRelaxed() == 1)
            // A commit that leaves the part alone counts nothing, and the checks after it read
            // nothing. (The getter now answers with a part the observer did not see, which only
            // a check that reads would derive from.)
            current.state.other = 1
            #expect(!observer.noteCommitted(current.state))
            #expect(supervision.committedChanges.loadRelaxed() == 1)
            current.state.items = [1: "a", 2: "b"]
            Self.afterTurn(supervision, output: sent.output)
            Self.afterTurn(supervision, output: sent.output)
            #expect(derivations.values == [1] && supervision.keptEffectKeys == ["1"])
            // A commit that changes the part: the check reads and reconciles.
            current.state.items = [2: "b"]
            #expect(observer.noteCommitted(current.state))
            #expect(supervision.committedChanges.loadRelaxed() == 2)
            Self.afterTurn(supervision, output: sent.output)
            #expect(Set(await events.next(2)) == ["cancel 1 a", "start 2 b"])
            #expect(supervision.keptEffectKeys == ["2"] && derivations.values == [1, 1])
            // A check for a part with a lifetime (a lifted supervisor, never observed in a
            // store) reads the state whatever the counts say.
            Self.afterTurn(supervision, output: AnyActionHandler(lifetime: StateLifetime()) { sent.record($0.action) })
            #expect(Set(await events.next(2)) == ["cancel 2 b", "start 2 b"])
            await Self.letGo(supervision, sent: sent)
        }
    }

    @Test("A check that read an older count than one already applied does not step the set back to its older state")
    func olderCheckDoesNotStepBack() async throws {
        try await withDeadline {
            let events = EventLog()
            let derivations = RexTestSupport.Recorder<Int>()
            let sent = RexTestSupport.Recorder<Int>()
            let current = Current()
            let supervision = Self.supervision(events: events, derivations: derivations)
            let observer = Observer(supervision: supervision)
            // The getter of the slow check: while it reads, another turn commits a change and
            // its check reconciles; then it answers with the state it read before.
            let interleaved = Current()
            let reads = RexTestSupport.Recorder<Int>()
            supervision.attachIfNeeded {
                let state = current.state
                reads.record(reads.values.count)
                if reads.values.count == 2 {
                    interleaved.state = state
                    current.state.items = [2: "b"]
                    _ = observer.noteCommitted(current.state)
                    supervision.afterTurn(output: sent.output)
                }
                return state
            }
            current.state.items = [1: "a"]
            #expect(observer.noteCommitted(current.state))
            Self.afterTurn(supervision, output: sent.output)
            #expect(await events.next(1) == ["start 1 a"])
            // The second check reads count 2, after a commit that changed the part...
            current.state.items = [1: "A"]
            #expect(observer.noteCommitted(current.state))
            // ... reads [1: "A"]; meanwhile the third check reconciles [2: "b"] with count 3.
            Self.afterTurn(supervision, output: sent.output)
            #expect(interleaved.state.items == [1: "A"] && supervision.reconciledChanges.loadRelaxed() == 3)
            #expect(Set(await events.next(2)) == ["cancel 1 a", "start 2 b"])
            // The older check applied nothing: the set is the newer state's.
            #expect(supervision.keptEffectKeys == ["2"] && derivations.values == [1, 1])
            await Self.letGo(supervision, sent: sent)
        }
    }

    @Test("A new lifetime starts the set over: what ran is cancelled, and the part's keys start again")
    func newLifetime() async throws {
        try await withDeadline {
            let events = EventLog()
            let current = Current()
            let sent = RexTestSupport.Recorder<Int>()
            let supervision = Self.supervision(events: events, derivations: RexTestSupport.Recorder<Int>())
            supervision.attachIfNeeded { current.state }
            current.state.items = [1: "a"]
            let first = StateLifetime()
            Self.afterTurn(supervision, output: AnyActionHandler(lifetime: first) { sent.record($0.action) })
            #expect(await events.next(1) == ["start 1 a"])
            let second = StateLifetime()
            Self.afterTurn(supervision, output: AnyActionHandler(lifetime: second) { sent.record($0.action) })
            #expect(Set(await events.next(2)) == ["cancel 1 a", "start 1 a"])
            #expect(supervision.keptEffectKeys == ["1"])
            // The same lifetime, the same part: nothing.
            Self.afterTurn(supervision, output: AnyActionHandler(lifetime: second) { sent.record($0.action) })
            second.end()
            #expect(await events.next(1) == ["cancel 1 a"])
            await Self.letGo(supervision, sent: sent)
        }
    }

    @Test("A key whose effect has nothing to run is in the set, with its run ended at once")
    func nothingToRun() async {
        let current = Current()
        let supervision = Self.supervision(events: EventLog(), derivations: RexTestSupport.Recorder<Int>(), nothingFor: 1)
        supervision.attachIfNeeded { current.state }
        current.state.items = [1: "a"]
        Self.afterTurn(supervision, output: RexTestSupport.Recorder<Int>().output)
        #expect(supervision.keptEffectKeys.isEmpty && supervision.registry.count == 0)
        supervision.letAllGo()
        supervision.checkInvariants()
    }
}

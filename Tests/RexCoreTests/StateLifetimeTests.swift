import RexCore
import RexTestSupport
import Testing

@Suite("State lifetime")
struct StateLifetimeTests {
    @Test("Ending a lifetime calls each registered observer once; ending it again calls nothing")
    func endsOnce() {
        let lifetime = StateLifetime()
        let calls = Recorder<String>()
        lifetime.onEnd { calls.record("a") }
        lifetime.onEnd { calls.record("b") }
        #expect(!lifetime.hasEnded)
        lifetime.end()
        lifetime.end()
        #expect(lifetime.hasEnded)
        #expect(calls.values.sorted() == ["a", "b"])
    }

    @Test("An observer registered after the end is called at once; a cancelled observation is never called")
    func lateAndCancelled() {
        let lifetime = StateLifetime()
        let calls = Recorder<String>()
        lifetime.onEnd { calls.record("cancelled") }.cancel()
        lifetime.end()
        lifetime.onEnd { calls.record("late") }
        #expect(calls.values == ["late"])
    }

    @Test("A lifetime within another ends with it")
    func nested() {
        let parent = StateLifetime()
        let child = StateLifetime(within: parent)
        let grandchild = StateLifetime(within: child)
        let calls = Recorder<String>()
        child.onEnd { calls.record("child") }
        grandchild.onEnd { calls.record("grandchild") }
        parent.end()
        #expect(child.hasEnded && grandchild.hasEnded)
        #expect(calls.values.sorted() == ["child", "grandchild"])
    }

    @Test("A lifetime made within an ended one has ended")
    func withinEnded() {
        let parent = StateLifetime()
        parent.end()
        #expect(StateLifetime(within: parent).hasEnded)
    }

    @Test("An output with an ended lifetime, through contramap and IO.map, keeps the lifetime")
    func outputKeepsLifetime() {
        let lifetime = StateLifetime()
        let received = Recorder<Int>()
        let output = AnyActionHandler<Int>(lifetime: lifetime) { received.record($0.action) }
        let mapped: AnyActionHandler<String> = output.contramap { $0.count }
        #expect(mapped.lifetime === lifetime)
        let io = IO<String> { inner in #expect(inner.lifetime === lifetime) }.map { $0.count }
        io.run(output)
        mapped.dispatch(DispatchedAction("abc", dispatcher: .here()))
        #expect(received.values == [3])
    }

    @Test("A lifetime with a presence check has ended as soon as its part is absent, before anyone ends it, and so has one nested in it")
    func presence() {
        let present = Recorder<Bool>()
        present.record(true)
        let lifetime = StateLifetime(isPresent: { present.values.last! })
        let nested = StateLifetime(within: lifetime)
        let calls = Recorder<String>()
        lifetime.onEnd { calls.record("ended") }
        #expect(!lifetime.hasEnded && !nested.hasEnded)
        present.record(false)
        #expect(lifetime.hasEnded && nested.hasEnded)
        #expect(calls.values.isEmpty)
        lifetime.end()
        #expect(calls.values == ["ended"])
    }
}

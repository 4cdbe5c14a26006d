import Dispatch
@testable import RexCore
import Testing

/// `describing(_:)` against `String(describing:)` itself, for every kind of value an action or a
/// state is made of: the text must be the same, whatever path makes it.
@Suite("describing: the standard library's text, made faster")
struct ValueDescriptionTests {
    enum Direction { case up, down }
    indirect enum Tree { case leaf(Int), node(Tree, Tree) }
    enum Action {
        case tap
        case add(amount: Int)
        case move(Direction, by: Double)
        case rename(String)
        case child(ChildAction)
        case maybe(Int?)
        case list([Int])
        case shape(any Shape)
        case tree(Tree)
        case wrapped(Wrapper<Direction>)
    }
    enum ChildAction { case edit(Item), clear }
    struct Item { var id: Int; var title: String; var done: Bool; var tags: [String]; var note: String? }
    struct Wrapper<Value> { var value: Value; var count = 2 }
    protocol Shape {}
    struct Square: Shape { var side = 3 }
    final class Reference { var count = 1 }
    struct Holder { var reference = Reference(); weak var weakReference: Reference?; var shape: any Shape = Square(); var anything: Any = 5 }
    struct Own: CustomStringConvertible { var description: String { "own text" } }
    struct OwnDebug: CustomDebugStringConvertible { var debugDescription: String { "own debug text" } }
    struct Both: CustomStringConvertible, CustomDebugStringConvertible {
        var description: String { "plain" }
        var debugDescription: String { "debug" }
    }
    struct Streamed: TextOutputStreamable { func write<Target: TextOutputStream>(to target: inout Target) { target.write("streamed") } }
    struct Custom: CustomReflectable { var customMirror: Mirror { Mirror(self, children: ["shown": 1]) } }
    struct Empty {}
    /// Takes no room, and neither do its fields.
    struct OnlyEmpty { var first = Empty(); var second = Wrapper(value: Empty()) }
    /// Custom mirrors that reflect as an enum (a review's find: their label was taken for a case).
    enum Relabelled: CustomReflectable {
        case a(Int), b
        var customMirror: Mirror { Mirror(self, children: ["renamed": 1], displayStyle: .enum) }
    }
    struct StructAsEnum: CustomReflectable {
        var value = 5
        var customMirror: Mirror { Mirror(self, children: ["x": value], displayStyle: .enum) }
    }
    struct Nested { var own = Own(); var debug = OwnDebug(); var both = Both(); var streamed = Streamed(); var custom = Custom(); var empty = Empty(); var pair = (1, "two"); var labeled = (x: 1, y: 2) }

    static var values: [Any] { [
        5, -2.5, true, "text", "quote \" and \\ and é", Character("c"), UInt8(7), Int?.some(3) as Any, Int?.none as Any,
        Direction.up, Action.tap, Action.add(amount: 5), Action.move(.down, by: 1.5), Action.rename("new \"name\""), Action.rename("café 🙂 日本"),
        Action.child(.edit(Item(id: 1, title: "Milk", done: false, tags: ["a", "b"], note: nil))),
        Action.child(.edit(Item(id: 2, title: "", done: true, tags: [], note: "n"))), Action.child(.clear),
        Action.maybe(nil), Action.maybe(4), Action.list([1, 2]), Action.shape(Square()),
        Action.tree(.node(.leaf(1), .node(.leaf(2), .leaf(3)))), Action.wrapped(Wrapper(value: .down)),
        Item(id: 3, title: "t", done: false, tags: ["x"], note: "y"), Wrapper(value: Item(id: 4, title: "w", done: true, tags: [], note: nil)),
        Holder(), Nested(), Own(), OwnDebug(), Both(), Streamed(), Custom(), Empty(), OnlyEmpty(), Wrapper(value: OnlyEmpty()), (1, "two"), [Direction.up: [Item?.none]],
        Relabelled.a(1), Relabelled.b, StructAsEnum(), Wrapper(value: Relabelled.b),
        Reference(), [Action.tap, .add(amount: 1)], Set([Direction.down]), Optional(Optional(Direction.up)) as Any,
    ] }

    @Test("Every kind of value is described as String(describing:) describes it, the first time and after")
    func sameTextAsTheStandardLibrary() {
        for value in Self.values {
            #expect(describing(value) == String(describing: value))
            #expect(describing(value) == String(describing: value), "described again, from what was kept")
        }
    }

    /// What is kept per type is kept behind a lock: threads that meet new types at once (run
    /// under the thread sanitizer in CI) each get the standard library's text.
    @Test("Values described on several threads at once, each meeting new types")
    func describedOnSeveralThreads() {
        let mismatches = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for value in Self.values.shuffled() where describing(value) != String(describing: value) {
                mismatches.add()
            }
        }
        #expect(mismatches.total == 0)
    }

    /// Counts from several threads.
    final class Counter: @unchecked Sendable {  // `count` is guarded by `lock`
        private let lock = Lock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var total: Int { lock.withLock { count } }
    }
}

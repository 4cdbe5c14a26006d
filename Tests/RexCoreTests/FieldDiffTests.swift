@testable import RexCore
import Testing

/// The lines of a field diff for each kind of part a state holds, whichever way the diff finds
/// them (a struct's layout, an identified array's leaves, `Mirror`).
@Suite("diffFields: one line per changed field")
struct FieldDiffTests {
    protocol Shape {}
    struct Square: Shape { var side = 1 }
    enum Choice { case one(Int), two }
    final class Reference { var count = 1 }
    struct Row: Identifiable { let id: Int; var done = false }
    struct Nested { var title = "a"; var flags: [Bool] = [false] }

    struct State {
        var count = 1
        var nested = Nested()
        var choice = Choice.one(1)
        var maybe: Int? = nil
        var rows = IdentifiedArray(uniqueElements: (0..<40).map { Row(id: $0) })
        var shape: any Shape = Square()
        var reference = Reference()
        var table: [String: Int] = ["a": 1]
    }

    static let cases: [(change: @Sendable (inout State) -> Void, lines: [String])] = [
        ({ $0.count = 2 }, [".count: 1 → 2"]),
        ({ $0.nested.title = "b" }, [".nested.title: a → b"]),
        ({ $0.nested.flags.append(true) }, [".nested.flags[1]: (none) → true"]),
        ({ $0.choice = .one(2) }, [".choice.one: 1 → 2"]),
        ({ $0.choice = .two }, [".choice: one(1) → two"]),
        ({ $0.maybe = 3 }, [".maybe: nil → Optional(3)"]),
        ({ $0.rows[id: 33]?.done = true }, [".rows[33].done: false → true"]),
        ({ $0.rows.remove(id: 39) }, [".rows[39]: Row(id: 39, done: false) → (none)"]),
        ({ $0.shape = Square(side: 2) }, [".shape.side: 1 → 2"]),
        ({ $0.table["b"] = 2 }, [".table[b]: (none) → 2"]),
        ({ $0.count = 5; $0.table["a"] = 0 }, [".count: 1 → 5", ".table[a]: 1 → 0"]),
        ({ _ in }, []),
    ]

    @Test("Each kind of change gives its line, and nothing else", arguments: cases.indices)
    func changeGivesItsLine(_ index: Int) {
        let before = State()
        var kept = before
        kept.rows[id: 0]?.done = false  // a kept copy: the rows are in chunks from here
        var after = kept
        Self.cases[index].change(&after)
        #expect(diffFields(kept, after, hiding: []) == Self.cases[index].lines)
    }

    @Test("A hidden path is left out")
    func hiddenPathIsLeftOut() {
        var after = State()
        after.count = 2
        after.nested.title = "b"
        #expect(diffFields(State(), after, hiding: [".nested"]) == [".count: 1 → 2"])
    }

    /// Converts to text and back, but its text says nothing of its fields: not a value written
    /// whole (a review's find: its changes went unseen).
    struct Labelled: LosslessStringConvertible, CustomReflectable {
        var a = 1, b = 2
        init() {}
        init?(_ description: String) { nil }
        var description: String { "Labelled" }
        var customMirror: Mirror { Mirror(self, children: ["a": a, "b": b]) }
    }

    struct WithLabelled { var labelled = Labelled() }

    @Test("A type of its own that converts to text is still walked by its mirror")
    func ownLosslessTypeIsWalked() {
        var after = WithLabelled()
        after.labelled.a = 7
        #expect(diffFields(WithLabelled(), after, hiding: []) == [".labelled.a: 1 → 7"])
    }
}


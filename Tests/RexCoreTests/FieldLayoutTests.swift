@testable import RexCore
import Testing

/// `FieldLayout` against the compiler's own offsets (`MemoryLayout.offset(of:)`), for structs
/// with every kind of field, and the structs it must refuse.
@Suite("FieldLayout: where a struct's fields lie")
struct FieldLayoutTests {
    final class Reference {}

    protocol Shape {}
    protocol ClassShape: AnyObject {}
    final class Circle: ClassShape {}
    struct Square: Shape { var side = 1 }
    struct Box: Shape { var a = 1, b = 2, c = 3, d = 4, e: Int32 = 5 }  // 36 bytes: kept in a box

    struct Pair {
        var first: UInt16 = 4
        var second: Int32 = 5
    }

    struct Item: Identifiable {
        let id: Int
        var flag = false
    }

    struct Mixed {
        var flag = false
        var count = 1
        var small: UInt8 = 2
        var ratio = 0.5
        var name = "name"
        var reference = Reference()
        var maybe: Int? = 3
        var pair = Pair()
        var list = [1, 2]
        var identified = IdentifiedArray(uniqueElements: [Item(id: 1)])
        var nothing: Void = ()
        var last: UInt8 = 9
    }

    @Test("A struct's fields are found at the compiler's offsets, and their ranges cover its bytes")
    func mixedStructIsLaidOut() throws {
        let layout = try #require(FieldLayout(of: Mixed()))
        #expect(layout.labels == ["flag", "count", "small", "ratio", "name", "reference", "maybe", "pair", "list", "identified", "nothing", "last"])
        // (The compiler gives the empty field, `nothing`, offset 0; its range is empty.)
        let offsets: [PartialKeyPath<Mixed>] = [\.flag, \.count, \.small, \.ratio, \.name, \.reference, \.maybe, \.pair, \.list, \.identified, \.last]
        #expect(layout.ranges.filter { !$0.isEmpty }.map(\.lowerBound) == offsets.map { MemoryLayout<Mixed>.offset(of: $0) })
        #expect(layout.ranges.last?.upperBound == MemoryLayout<Mixed>.size)
    }

    @Test("The fields whose bytes differ are found, each alone")
    func changedFieldsAreFound() throws {
        let before = Mixed()
        let layout = try #require(FieldLayout(of: before))
        let changes: [(Int, (inout Mixed) -> Void)] = [
            (0, { $0.flag = true }), (1, { $0.count = 2 }), (2, { $0.small = 3 }), (3, { $0.ratio = 1 }),
            (4, { $0.name = "other" }), (5, { $0.reference = Reference() }), (6, { $0.maybe = nil }),
            (7, { $0.pair.second = 6 }), (8, { $0.list.append(3) }), (9, { $0.identified[id: 1]?.flag = true }),
            (11, { $0.last = 10 }),
        ]
        for (field, change) in changes {
            var after = before
            change(&after)
            #expect(layout.fieldsThatDiffer(before, after) == [field], "changing \(layout.labels[field])")
        }
        #expect(layout.fieldsThatDiffer(before, before).isEmpty)
    }

    struct WithExistential {
        var shape: any Shape = Square()
        var count = 1
    }

    struct WithBoxedExistential {
        var shape: any Shape = Box()
        var count = 1
    }

    struct WithAny {
        var count = 1
        var anything: Any = 2
    }

    struct WithClassExistential {
        var shape: any ClassShape = Circle()
        var vector = SIMD4<Float>(1, 2, 3, 4)
    }

    /// Each existential field's range is the whole existential, not the value inside it, so a
    /// change of what it holds, or of its type, is seen.
    @Test("An existential field's range is the whole existential")
    func existentialFields() throws {
        let plain = try #require(FieldLayout(of: WithExistential()))
        #expect(plain.ranges == [0..<MemoryLayout<WithExistential>.offset(of: \.count)!, MemoryLayout<WithExistential>.offset(of: \.count)!..<MemoryLayout<WithExistential>.size])
        let boxed = try #require(FieldLayout(of: WithBoxedExistential()))
        #expect(boxed.ranges.map(\.lowerBound) == [0, MemoryLayout<WithBoxedExistential>.offset(of: \.count)!])
        let any = try #require(FieldLayout(of: WithAny()))
        #expect(any.ranges == [0..<8, 8..<MemoryLayout<WithAny>.size])
        var otherType = WithAny()
        otherType.anything = UInt(2)
        #expect(any.fieldsThatDiffer(WithAny(), otherType) == [1])
        let classBound = try #require(FieldLayout(of: WithClassExistential()))
        #expect(classBound.ranges.map(\.lowerBound) == [0, MemoryLayout<WithClassExistential>.offset(of: \.vector)!])
        var changed = WithClassExistential()
        changed.shape = Circle()
        #expect(classBound.fieldsThatDiffer(WithClassExistential(), changed) == [0])
    }

    struct Reflected: CustomReflectable {
        var count = 1
        var customMirror: Mirror { Mirror(self, children: ["count": count]) }
    }

    enum Choice { case one(Int), two }

    @Test("What is not a plain struct has no layout: a custom mirror, an enum, a class, a tuple")
    func onlyPlainStructs() {
        #expect(FieldLayout(of: Reflected()) == nil)
        #expect(FieldLayout(of: Choice.one(1)) == nil)
        #expect(FieldLayout(of: Reference()) == nil)
        #expect(FieldLayout(of: (1, "two")) == nil)
        #expect(FieldLayout(of: 5) == nil)
    }

    struct Thin {
        var small: UInt8 = 1
        var type: Int.Type = Int.self
        var vector = SIMD4<Float>(1, 2, 3, 4)
    }

    /// A stored `Int.Type` takes no room, but its `Mirror` child is a metatype of eight bytes,
    /// which the padding before a 16-byte-aligned field hid from the end's check (a review's
    /// find: the field was read from padding, and describing the struct crashed).
    @Test("A field of a metatype gives no layout")
    func metatypeFieldGivesNoLayout() {
        #expect(FieldLayout(of: Thin()) == nil)
        #expect(describing(Thin()) == String(describing: Thin()))
        var changed = Thin()
        changed.vector.x = 5
        #expect(diffFields(Thin(), changed, hiding: []) == [".vector: SIMD4<Float>(1.0, 2.0, 3.0, 4.0) → SIMD4<Float>(5.0, 2.0, 3.0, 4.0)"])
    }

    final class Shown: ClassShape, CustomReflectable {
        var customMirror: Mirror { Mirror(self, children: ["name": "shown"], displayStyle: .struct) }
    }

    struct Unowned {
        unowned var shape: any ClassShape
        var count = 2
    }

    /// An `unowned` field of a class-bound existential, whose object reflects as a struct (a
    /// review's find): read at its offset, it was taken for a strong reference.
    @Test("A field that holds an existential or a class is read through Mirror, whatever its object's mirror says")
    func existentialFieldIsNotReadAtItsOffset() throws {
        let object = Shown()
        let layout = try #require(FieldLayout(of: Unowned(shape: object)))
        #expect(!layout.isReadAtOffset[0])
        #expect(layout.isReadAtOffset[1])
        #expect(try #require(FieldLayout(of: WithExistential())).isReadAtOffset[0] == false)
        withExtendedLifetime(object) {}
    }
}


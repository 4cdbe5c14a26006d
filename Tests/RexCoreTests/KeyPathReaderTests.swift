import Foundation
@testable import RexCore
import Testing

/// Roots of every kind a key path reader meets: stored paths read from memory, the rest applied.
enum KeyPathReaderDomain {
    final class Token: Sendable {}

    struct Inner: Sendable {
        var flag = false
        var names = ["a", "b"]
        var token = Token()
    }

    struct Root: Sendable {
        var count = 1
        var inner = Inner()
        var title = "root"
        var doubled: Int { count * 2 }
    }

    final class Holder: Sendable {
        let inner = Inner()
    }

    struct RootWithClass: Sendable {
        var count = 3
        let holder = Holder()
    }

    /// Larger than a reader reads from memory.
    struct LargeRoot: Sendable {
        var padding = [Int](repeating: 0, count: 1)
        var bytes: (SIMD64<UInt8>, SIMD64<UInt8>, SIMD64<UInt8>, SIMD64<UInt8>) = (.zero, .zero, .zero, .zero)
        var more: (SIMD64<UInt64>, SIMD64<UInt64>, SIMD64<UInt64>, SIMD64<UInt64>, SIMD64<UInt64>, SIMD64<UInt64>, SIMD64<UInt64>, SIMD64<UInt64>, SIMD64<UInt64>) =
            (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)
        var title = "large"
    }
}

@Suite("Key path readers")
struct KeyPathReaderTests {
    typealias Domain = KeyPathReaderDomain

    @Test("A path of stored properties is read from the root's memory, nested or not, and gives the value")
    func storedPaths() {
        var root = Domain.Root()
        root.inner.names.append("c")
        root.title = "changed"
        let names = KeyPathReader(\Domain.Root.inner.names)
        let title = KeyPathReader(\Domain.Root.title)
        let flag = KeyPathReader(\Domain.Root.inner.flag)
        #expect(names.offset != nil && title.offset != nil && flag.offset != nil)
        #expect(names(root) == ["a", "b", "c"])
        #expect(title(root) == "changed")
        #expect(flag(root) == false)
    }

    @Test("A value read from memory is a copy that holds its own references: dropping it leaves the root's alone")
    func copiesHoldTheirReferences() {
        var root = Domain.Root()
        let token = KeyPathReader(\Domain.Root.inner.token)
        #expect(token.offset != nil)
        for _ in 0..<1_000 {
            let read = token(root)
            #expect(read === root.inner.token)
            #expect(!isKnownUniquelyReferenced(&root.inner.token))
        }
        #expect(isKnownUniquelyReferenced(&root.inner.token))
    }

    @Test("A value lent by withValue is the value read, from memory or through the path, and lending it retains nothing for good")
    func lentValues() {
        var root = Domain.Root()
        root.inner.names.append("lent")
        let names = KeyPathReader(\Domain.Root.inner.names)
        let token = KeyPathReader(\Domain.Root.inner.token)
        let doubled = KeyPathReader(\Domain.Root.doubled)
        #expect(names.offset != nil && doubled.offset == nil)
        #expect(names.withValue(in: &root) { $0.last } == "lent")
        #expect(doubled.withValue(in: &root) { $0 + 0 } == 2)
        let expected = root.inner.token
        for _ in 0..<1_000 {
            #expect(token.withValue(in: &root) { $0 === expected })
        }
        _ = consume expected
        #expect(isKnownUniquelyReferenced(&root.inner.token))
    }

    @Test("A computed property, a class on the way, a class root and a large root are read through the path")
    func appliedPaths() {
        let computed = KeyPathReader(\Domain.Root.doubled)
        let throughClass = KeyPathReader(\Domain.RootWithClass.holder.inner.names)
        let classRoot = KeyPathReader(\Domain.Holder.inner.names)
        let large = KeyPathReader(\Domain.LargeRoot.title)
        #expect(computed.offset == nil && throughClass.offset == nil && classRoot.offset == nil && large.offset == nil)
        #expect(computed.appliesPath && throughClass.appliesPath && classRoot.appliesPath && large.appliesPath)
        #expect(MemoryLayout<Domain.LargeRoot>.size > KeyPathReader<Domain.LargeRoot, String>.largeRootSize)
        var root = Domain.Root()
        root.count = 21
        #expect(computed(root) == 42)
        #expect(throughClass(Domain.RootWithClass()) == ["a", "b"])
        #expect(classRoot(Domain.Holder()) == ["a", "b"])
        var largeRoot = Domain.LargeRoot()
        largeRoot.title = "read"
        #expect(large(largeRoot) == "read")
    }

    @Test("A reader's offset names its value's bytes inside the root, aligned for it: the root itself, a padded field, a nested one; a path with no offset has nothing to check")
    func offsetsAreInsideTheRoot() {
        struct Padded { var flag: UInt8 = 1; var count: Int64 = 2; var small: UInt16 = 3 }
        let whole = KeyPathReader(\Padded.self)
        let count = KeyPathReader(\Padded.count)
        let small = KeyPathReader(\Padded.small)
        let nested = KeyPathReader(\Domain.Root.inner.flag)
        let computed = KeyPathReader(\Domain.Root.doubled)
        whole.checkInvariants()
        count.checkInvariants()
        small.checkInvariants()
        nested.checkInvariants()
        computed.checkInvariants()
        #expect(whole.offset == 0 && count.offset == 8 && small.offset == 16 && computed.offset == nil)
        var padded = Padded()
        #expect(count(padded) == 2 && small(padded) == 3 && whole(padded).flag == 1)
        #expect(count.withValue(in: &padded) { $0 } == 2)
    }

    @Test("Identified arrays read ids without applying a key path: a stored id by its offset, Identifiable's by its requirement, however the array was made")
    func identifiedArraysReadIDsDirectly() throws {
        struct Tag: Sendable { var name: String; var uses: Int }
        let tags = IdentifiedArray(uniqueElements: [Tag(name: "swift", uses: 1)], id: \Tag.name)
        #expect(tags.id.offset != nil)
        let literal: IdentifiedArrayOf<Row> = [Row(id: 1, title: "a"), Row(id: 2, title: "b")]
        let decoded = try JSONDecoder().decode(IdentifiedArrayOf<Row>.self, from: JSONEncoder().encode(literal))
        var sorted = literal
        sorted.sort { $0.id > $1.id }
        var emptied = literal
        emptied.removeAll()
        for (name, rows) in [("literal", literal), ("decoded", decoded), ("sorted", sorted), ("emptied", emptied), ("made empty", IdentifiedArrayOf<Row>())] {
            #expect(rows.id.offset == nil && !rows.id.appliesPath, "\(name)")
        }
        #expect(decoded.id(Row(id: 9, title: "i")) == 9)
    }
}

@testable import RexCore
import Testing

@Suite("The cache of values per type")
struct TypeKeyedCacheTests {
    /// `count` distinct types: `Int`, `Int?`, `Int??`, and so on.
    static func distinctTypes(_ count: Int) -> [Any.Type] {
        func collect<T>(_: T.Type, _ left: Int, into types: inout [Any.Type]) {
            types.append(T.self)
            if left > 1 { collect(Optional<T>.self, left - 1, into: &types) }
        }
        var types: [Any.Type] = []
        collect(Int.self, count, into: &types)
        return types
    }

    @Test("Each type's entry is made once and found again, past the table's first size")
    func madeOnceAndFound() {
        let cache = TypeKeyedCache<Int>()
        let types = Self.distinctTypes(300)  // past 32, 64 and 128 types: the table grows thrice
        var made = 0
        let first = types.map { type in
            cache.value(for: type) {
                made += 1
                return made
            }
        }
        let again = types.map { type in
            cache.value(for: type) {
                Issue.record("\(type) made again")
                return -1
            }
        }
        #expect(made == 300)
        #expect(first == Array(1...300))
        #expect(again == first)
    }
}

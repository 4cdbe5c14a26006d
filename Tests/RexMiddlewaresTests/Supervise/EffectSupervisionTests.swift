import RexCore
@testable import RexMiddlewares
import Testing

/// White-box tests of `EffectSupervision`, the abstract base: its getter is the first turn's,
/// its whole check covers the getter and the registry, and the class used as is stops.
@Suite("A supervision's base")
struct EffectSupervisionTests {
    @Test("The getter kept is the first turn's; the base's check covers it and the registry")
    func keepsTheFirstGetter() throws {
        let supervision = EffectSupervision<Int, Int>()
        #expect(supervision.getState.getter == nil)
        supervision.checkInvariants()
        supervision.attachIfNeeded { 1 }
        supervision.attachIfNeeded { 2 }
        supervision.checkInvariants()
        let getter = try #require(supervision.getState.getter)
        #expect(getter() == 1 && supervision.registry.count == 0)
    }

    @Test("The base class is abstract: used as is, it stops")
    func abstractBase() async {
        await #expect(processExitsWith: .failure) {
            EffectSupervision<Int, Int>().afterTurn(output: AnyActionHandler { _ in })
        }
    }
}

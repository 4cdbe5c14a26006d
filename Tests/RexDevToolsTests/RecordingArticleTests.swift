import Foundation
import RexCore
import RexDevTools
import Testing

@Suite("The Recording, replay and time travel article")
struct RecordingArticleTests {
    @Test("Its recorded cart is saved to a session file, which replays through its reducer")
    func example() throws {
        let (store, recorder) = makeRecordedCart()
        store.dispatch(.add("Tea"))
        store.dispatch(.applyCoupon("SPRING"))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rex-cart-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try saveSession(of: recorder, to: url)
        let session = try RecordedSession<CartAction, CartState>(jsonData: Data(contentsOf: url))
        #expect(session.steps.map(\.action) == [.add("Tea"), .applyCoupon("SPRING")])
        try replayTheReport(at: url)
        let noCoupons = Reducer<CartAction, CartState>.reduce { action, state in
            if case .add(let item) = action { state.items.append(item) }
        }
        #expect(session.replay(through: noCoupons)?.differences == [#".coupon: Optional("SPRING") → nil"#])
    }

    @Test("Its travelling cart goes back a step and returns to live")
    func travel() {
        let (store, travel) = makeTravellingCart()
        store.dispatch(.add("Tea"))
        store.dispatch(.applyCoupon("SPRING"))
        travel.stepBack(in: store)
        #expect(store.state == CartState(items: ["Tea"], coupon: nil))
        travel.returnToLive(in: store)
        #expect(store.state == CartState(items: ["Tea"], coupon: "SPRING"))
    }
}

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

    @Test("Its recorder with a replay budget records the cart's steps and their states, and says what it keeps")
    func replayBudget() {
        let recorder = makeCartRecorder(replayBudget: .milliseconds(5))
        let store = ReduxStoreBase(initialState: CartState(), reducer: cartReducer, middleware: recorder.middleware)
        store.dispatch(.add("Tea"))
        store.dispatch(.add("Milk"))
        store.dispatch(.applyCoupon("SPRING"))
        #expect(recorder.steps.map(\.state) == [
            CartState(items: ["Tea"], coupon: nil),
            CartState(items: ["Tea", "Milk"], coupon: nil),
            CartState(items: ["Tea", "Milk"], coupon: "SPRING"),
        ])
        #expect(recorder.replayBudget == .milliseconds(5))
        #expect(recorder.snapshotInterval == 2_000)
    }
}

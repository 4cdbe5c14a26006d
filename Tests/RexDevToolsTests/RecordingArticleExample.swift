import Foundation
import RexCore
import RexDevTools
import RexTesting

// The code of the "Recording, replay and time travel" article, as it shows it; RecordingArticleTests runs it.

struct CartState: Codable, Equatable, Sendable {
    var items: [String] = []
    var coupon: String?
}

enum CartAction: Codable, Equatable, Sendable {
    case add(String)
    case applyCoupon(String)
}

let cartReducer = Reducer<CartAction, CartState>.reduce { action, state in
    switch action {
    case .add(let item): state.items.append(item)
    case .applyCoupon(let code): state.coupon = code
    }
}

func makeRecordedCart() -> (ReduxStoreBase<CartAction, CartState>, Recorder<CartAction, CartState>) {
    let recorder = Recorder(capacity: 500, reducer: cartReducer)
    let store = ReduxStoreBase(initialState: CartState(), reducer: cartReducer, middleware: recorder.middleware)
    return (store, recorder)
}

func makeCartRecorder(replayBudget: Duration) -> Recorder<CartAction, CartState> {
    Recorder(capacity: 500, reducer: cartReducer, replayBudget: replayBudget)
}

func saveSession(of recorder: Recorder<CartAction, CartState>, to url: URL) throws {
    guard let session = recorder.session(appName: "Shop", appVersion: "2.3") else { return }
    try session.jsonData().write(to: url)
}

func replayTheReport(at url: URL) throws {
    try expectReplay(ofSessionAt: url, actionType: CartAction.self, reducer: cartReducer)
}

func makeTravellingCart() -> (ReduxStoreBase<CartAction, CartState>, TimeTravel<CartAction, CartState>) {
    let recorder = Recorder(reducer: cartReducer)
    let travel = TimeTravel(recorder: recorder)
    let store = ReduxStoreBase(
        initialState: CartState(),
        reducer: travel.reducer(cartReducer),
        middleware: travel.middleware(recorder.middleware)
    )
    return (store, travel)
}

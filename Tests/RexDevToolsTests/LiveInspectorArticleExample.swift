import Foundation
import RexCore
import RexDevTools

// The code of the article "Recording, replay and time travel", section "The live inspector",
// compiled as it is shown (Tests/RexCoreTests/DocumentationCodeTests.swift checks it is here).
// Not run: it would reach for a server on this machine.

func makeInspectedCart(token: String) -> (ReduxStoreBase<CartAction, CartState>, LiveInspector<CartAction, CartState>) {
    let recorder = Recorder(reducer: cartReducer)
    let travel = TimeTravel(recorder: recorder)
    let inspector = LiveInspector(travel: travel, token: token)
    let store = ReduxStoreBase(
        initialState: CartState(),
        reducer: travel.reducer(cartReducer),
        middleware: travel.middleware(inspector.middleware)
    )
    inspector.start(in: store)
    return (store, inspector)
}

func connectInOneLine() -> ReduxStoreBase<CartAction, CartState> {
    let inspectedCart = ReduxStoreBase(initialState: CartState(), reducer: cartReducer, liveInspectorToken: "0f3c9a1e")
    return inspectedCart
}

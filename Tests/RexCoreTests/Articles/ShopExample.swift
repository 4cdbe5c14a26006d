// The code of the DocC articles on lifting, middlewares, dependency injection and projections,
// compiled here and exercised by ShopExampleTests; DocumentationCodeTests checks that the
// articles quote it as it is.
import RexCore

// MARK: Features as trees

enum CartAction: Sendable, Equatable {
    case add(String)
    case removeAll
}

struct CartState: Sendable, Equatable {
    var items: [String] = []
}

enum ShopAction: Sendable, Equatable {
    case cart(CartAction)
    case checkout(CheckoutAction)

    var cart: CartAction? {
        if case .cart(let action) = self { return action }
        return nil
    }

    var checkout: CheckoutAction? {
        if case .checkout(let action) = self { return action }
        return nil
    }
}

enum CheckoutAction: Sendable, Equatable {
    case pay
    case paid(total: Int)
}

struct ShopState: Sendable, Equatable {
    var cart = CartState()
    var lastTotal: Int?
}

// MARK: Reducers and lifting

let cartReducer = Reducer<CartAction, CartState>.reduce { action, state in
    switch action {
    case .add(let item): state.items.append(item)
    case .removeAll: state.items.removeAll()
    }
}

let checkoutReducer = Reducer<CheckoutAction, ShopState>.reduce { action, state in
    if case .paid(let total) = action { state.lastTotal = total }
}

let shopReducer =
    cartReducer.lift(action: \ShopAction.cart, state: \ShopState.cart)
    <> checkoutReducer.lift(action: \ShopAction.checkout)

// MARK: A middleware, its IO, and its dependencies

/// What checking out needs from outside.
struct PriceList: Sendable {
    let price: @Sendable (String) -> Int
}

/// On `pay`, totals the cart with the injected price list, then empties the cart.
struct CheckoutMiddleware: MiddlewareProtocol {
    let prices: PriceList

    func handle(action: CheckoutAction, from dispatcher: ActionSource, state: @escaping GetState<CartState>) -> IO<ShopAction> {
        guard action == .pay else { return .pure() }
        let items = state().items  // the state before the reducer
        return IO { output in
            let total = items.map(prices.price).reduce(0, +)
            output.dispatch(.checkout(.paid(total: total)))
            output.dispatch(.cart(.removeAll))
        }
    }
}

let checkoutReader = MiddlewareReader { (prices: PriceList) in
    CheckoutMiddleware(prices: prices)
        .lift(inputAction: \ShopAction.checkout, state: \ShopState.cart)
}

func makeShopStore(prices: PriceList) -> ReduxStoreBase<ShopAction, ShopState> {
    ReduxStoreBase(
        initialState: ShopState(),
        reducer: shopReducer,
        middleware: checkoutReader.inject(prices)
    )
}

// MARK: A connector: the view's state and actions, and how they map to the app's

struct CartView {
    struct State: Equatable, Sendable {
        let title: String
        let canPay: Bool
    }

    enum Action: Sendable {
        case tappedAdd(String)
        case tappedPay
    }
}

/// Maps the app's state to the cart view's, and the view's actions to the app's. A plain value,
/// tested on its own, with no store.
struct CartConnector: Connector {
    func connect(state: ShopState) -> CartView.State {
        let count = state.cart.items.count
        return CartView.State(title: count == 0 ? "Your cart is empty" : "\(count) in your cart", canPay: count > 0)
    }

    func connect(action: CartView.Action) -> ShopAction {
        switch action {
        case .tappedAdd(let item): .cart(.add(item))
        case .tappedPay: .checkout(.pay)
        }
    }
}

func makeCartView(store: some StoreType<ShopAction, ShopState>) -> StoreProjection<CartView.Action, CartView.State> {
    store.connect(using: CartConnector())
}

import RexCore
import RexTestSupport
import Testing

@Suite("The articles' shop example")
struct ShopExampleTests {
    let prices = PriceList(price: { item in item == "tea" ? 3 : 5 })

    @Test("Lifted reducers change their own parts; the checkout middleware totals with its injected prices")
    func checkout() async {
        let store = makeShopStore(prices: prices)
        store.dispatch(.cart(.add("tea")))
        store.dispatch(.cart(.add("cake")))
        store.dispatch(.checkout(.pay))
        #expect(store.state == ShopState(cart: CartState(items: []), lastTotal: 8))
    }

    @Test("The connector maps states and actions on its own")
    func connector() {
        let connector = CartConnector()
        #expect(connector.connect(state: ShopState()) == CartView.State(title: "Your cart is empty", canPay: false))
        #expect(connector.connect(state: ShopState(cart: CartState(items: ["tea"]))) == CartView.State(title: "1 in your cart", canPay: true))
        #expect(connector.connect(action: .tappedPay) == .checkout(.pay))
    }

    @Test("A projection built from the connector drives the view")
    func projectionFromConnector() {
        let store = makeShopStore(prices: prices)
        let cartView = makeCartView(store: store)
        let titles = Recorder<String>()
        let subscription = cartView.subscribe { titles.record($0.title) }
        cartView.dispatch(.tappedAdd("tea"))
        cartView.dispatch(.tappedPay)
        subscription.cancel()
        #expect(titles.values == ["Your cart is empty", "1 in your cart", "Your cart is empty"])
        #expect(store.state.lastTotal == 3)
    }
}

import RexCore
import RexMiddlewares
import RexTesting

/// Why a detail could not load.
struct LoadError: Error, Sendable, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}

/// A detail's actions; not `Equatable` (one carries an error), so received by case path.
enum DetailAction: Sendable {
    case loaded([String])
    case failed(any Error)

    var loaded: [String]? {
        if case .loaded(let items) = self { items } else { nil }
    }

    var failed: (any Error)? {
        if case .failed(let error) = self { error } else { nil }
    }
}

/// A catalog whose detail of one item opens and closes.
enum CatalogAction: Sendable {
    case open(Int)
    case close
    case detail(DetailAction)

    var detail: DetailAction? {
        if case .detail(let action) = self { action } else { nil }
    }
}

struct DetailState: Equatable, Sendable {
    var id: Int
    var items: [String] = []
    var error: String?
}

struct CatalogState: Equatable, Sendable {
    var detail: DetailState?
}

let catalogReducer = Reducer<CatalogAction, CatalogState>.reduce { action, state in
    switch action {
    case .open(let id): state.detail = DetailState(id: id)
    case .close: state.detail = nil
    case .detail(.loaded(let items)): state.detail?.items = items
    case .detail(.failed(let error)): state.detail?.error = "\(error)"
    }
}

/// While a detail is open, loads its items (a second on the clock), then keeps it fresh: it
/// waits on the clock until the detail closes. Item 0 fails to load.
func detailLoader(clock: TestClock) -> EffectSupervisor<CatalogAction, CatalogAction, CatalogState, TestClock> {
    EffectMiddleware<CatalogAction, CatalogAction, CatalogState, TestClock>.supervise(\.detail?.id) { id in
        .run { context in
            do {
                try await context.dependencies.sleep(for: .seconds(1))
                context.send(id == 0 ? .detail(.failed(LoadError(reason: "no item 0"))) : .detail(.loaded(["item \(id)"])))
                try await context.dependencies.sleep(for: .seconds(3_600))
            } catch {
                // Closed: the supervisor cancelled the effect.
            }
        }
    }
    .inject(clock)
}

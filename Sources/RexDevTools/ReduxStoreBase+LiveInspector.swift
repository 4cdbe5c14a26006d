import Foundation
import RexCore

extension ReduxStoreBase where Action: Codable, State: Codable {
    /// Creates a store that streams its turns to the live inspector: the app's store, connected
    /// in one line.
    ///
    /// ```swift
    /// let store = ReduxStoreBase(initialState: CartState(), reducer: cartReducer, middleware: cartMiddleware, liveInspectorToken: token)
    /// ```
    ///
    /// It makes what ``LiveInspector`` needs and composes it around the app's reducer and
    /// middleware: a ``Recorder`` of the last 1,000 turns given `reducer` (its middleware ahead
    /// of `middleware`), a ``TimeTravel`` through it, and a ``LiveInspector`` sending to
    /// `liveInspectorServer` with `liveInspectorToken`, started on the new store. The inspector
    /// runs as long as the process: its tasks keep it and the store alive. To stop it, to read
    /// the recorder, or to travel from code, make the three yourself (see ``LiveInspector``).
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - reducer: The app's reducer: pure, as the recorder remakes states with it.
    ///   - middleware: The app's middleware.
    ///   - liveInspectorToken: The token the live inspector's server printed.
    ///   - liveInspectorServer: The server's address (this machine, port 7420, by default).
    ///   - emitsValue: When subscribers are notified.
    ///   - queue: The queue turns run on (see the store's own initializer).
    // Inlinable, as the store's own initializer is: the app's middleware, erased here, runs
    // specialized for the app's types.
    @inlinable
    public convenience init<Middleware: MiddlewareProtocol>(
        initialState: State,
        reducer: Reducer<Action, State>,
        middleware: Middleware,
        liveInspectorToken: String,
        liveInspectorServer: URL = URLSessionLiveInspectorTransport.defaultServer,
        emitsValue: ShouldEmitValue<State> = .always,
        queue: DispatchQueue? = nil
    ) where Middleware.InputActionType == Action, Middleware.OutputActionType == Action, Middleware.StateType == State {
        let travel = TimeTravel(recorder: Recorder(reducer: reducer))
        let inspector = LiveInspector(travel: travel, token: liveInspectorToken, server: liveInspectorServer)
        self.init(
            initialState: initialState,
            reducer: travel.reducer(reducer),
            middleware: travel.middleware(inspector.middleware <> middleware),
            emitsValue: emitsValue,
            queue: queue
        )
        inspector.start(in: self)
    }

    /// Creates a store without middleware that streams its turns to the live inspector: the
    /// initializer above, given no middleware.
    @inlinable
    public convenience init(
        initialState: State,
        reducer: Reducer<Action, State>,
        liveInspectorToken: String,
        liveInspectorServer: URL = URLSessionLiveInspectorTransport.defaultServer,
        emitsValue: ShouldEmitValue<State> = .always,
        queue: DispatchQueue? = nil
    ) {
        self.init(
            initialState: initialState,
            reducer: reducer,
            middleware: IdentityMiddleware<Action, Action, State>(),
            liveInspectorToken: liveInspectorToken,
            liveInspectorServer: liveInspectorServer,
            emitsValue: emitsValue,
            queue: queue
        )
    }
}

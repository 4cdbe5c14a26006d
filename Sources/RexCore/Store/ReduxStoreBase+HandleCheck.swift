#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// Dispatching from inside `handle(action:from:state:)` cannot be made safe (the action would
// reach the reducer before the one being handled, out of the order the middleware saw). Debug
// builds of the library catch it; release builds compile these checks away.
extension ReduxStoreBase {
    @usableFromInline
    func beginHandling(_ action: Action, from source: ActionSource) {
        #if DEBUG
        let held = core.lockFields()
        held.fields.pointee.handlingThread = pthread_self()
        held.fields.pointee.handlingAction = DispatchedAction(action, dispatcher: source)
        held.unlock()
        #endif
    }

    @usableFromInline
    func endHandling() {
        #if DEBUG
        let held = core.lockFields()
        held.fields.pointee.handlingThread = nil
        held.fields.pointee.handlingAction = nil
        held.unlock()
        #endif
    }

    /// Stops, as the check of one action below does, when the action queued last comes from a
    /// middleware's `handle` on the thread running the turn. Call after an arrival that queued.
    @inlinable
    func checkNotInsideHandleLocked(_ held: borrowing HeldLock<Action, State>) {
        #if DEBUG
        if let last = held.fields.pointee.turn.queue.items.last {
            checkNotInsideHandleLocked(last.dispatchedAction, held)
        }
        #endif
    }

    /// Stops with a message naming both actions when `dispatchedAction` comes from a middleware's
    /// `handle` on the thread running the turn.
    @usableFromInline
    func checkNotInsideHandleLocked(_ dispatchedAction: DispatchedAction<Action>, _ held: borrowing HeldLock<Action, State>) {
        #if DEBUG
        guard let thread = held.fields.pointee.handlingThread, pthread_equal(thread, pthread_self()) != 0,
            let handled = held.fields.pointee.handlingAction
        else { return }
        // Let go before the stop, as before the token (which a borrowing function cannot give
        // back): nothing runs after the stop but its message.
        pthread_mutex_unlock(held.mutex)
        preconditionFailure(
            """
            Rex: \(dispatchedAction.action) was dispatched from \(dispatchedAction.dispatcher) inside a \
            middleware's handle(action:from:state:) for \(handled.action) from \(handled.dispatcher). \
            handle must not dispatch: return an IO that dispatches instead.
            """
        )
        #endif
    }
}

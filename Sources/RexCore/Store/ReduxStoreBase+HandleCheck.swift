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
        core.lock.withLock {
            core.fields.pointee.handlingThread = pthread_self()
            core.fields.pointee.handlingAction = DispatchedAction(action, dispatcher: source)
        }
        #endif
    }

    @usableFromInline
    func endHandling() {
        #if DEBUG
        core.lock.withLock {
            core.fields.pointee.handlingThread = nil
            core.fields.pointee.handlingAction = nil
        }
        #endif
    }

    /// Stops, as the check of one action below does, when the action queued last comes from a
    /// middleware's `handle` on the thread running the turn. Call in a section under the state lock, after an arrival that queued.
    @inlinable
    func checkNotInsideHandleLocked(_ fields: UnsafeMutablePointer<StoreCore<Action, State>.Fields>) {
        #if DEBUG
        if let last = fields.pointee.turn.queue.items.last {
            checkNotInsideHandleLocked(last.dispatchedAction)
        }
        #endif
    }

    /// Stops with a message naming both actions when `dispatchedAction` comes from a middleware's
    /// `handle` on the thread running the turn. Call with the state lock held.
    @usableFromInline
    func checkNotInsideHandleLocked(_ dispatchedAction: DispatchedAction<Action>) {
        #if DEBUG
        guard let thread = core.fields.pointee.handlingThread, pthread_equal(thread, pthread_self()) != 0,
            let handled = core.fields.pointee.handlingAction
        else { return }
        core.lock.unlock()
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

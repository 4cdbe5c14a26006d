/// The lifetime of a feature's state in a larger state: from when the feature's part appeared
/// (a detail opened, a row added, a case entered) until the store's state no longer has it.
///
/// A middleware lifted into a part that comes and goes
/// (`liftOptional(inputAction:outputAction:state:)`, `liftToCollection` by
/// id or by key) runs its ``IO`` with an output whose ``AnyActionHandler/lifetime`` is the
/// lifetime of its part. Once the part goes, the lifted middleware ends the lifetime (in the
/// ``IO`` phase of the turn whose reducer removed it), which calls what was registered with
/// ``onEnd(_:)``: an `EffectMiddleware` cancels the part's effects there, and a plain middleware
/// may stop what it started. ``hasEnded`` tells the part gone from then on, and already from the
/// moment the reducer removed it: an `EffectMiddleware`'s effects ask it before each action they
/// send, and send nothing once it is true.
///
/// ```swift
/// return IO { output in
///     let itemID = state().itemID
///     presence.enter(itemID)
///     output.lifetime?.onEnd { presence.leave(itemID) }
/// }
/// ```
///
/// A lifetime nested in another (a row's effects in a detail that closes) ends with it.
public final class StateLifetime: @unchecked Sendable {  // `isOver`, `observers`, `nextKey` and `parentObservation` are guarded by `lock`
    private let lock = Lock()
    private var isOver = false
    /// The lifetime this one is nested in.
    private let parent: StateLifetime?
    /// Whether the part is in the store's live state; `nil` when only `end()` tells.
    private let isPresent: (@Sendable () -> Bool)?
    private var observers: [UInt64: @Sendable () -> Void] = [:]
    private var nextKey: UInt64 = 0
    /// Ends this lifetime with its parent's, while both last.
    private var parentObservation: Observation?

    /// Creates a lifetime that lasts until ``end()`` is called, or until `parent` ends.
    ///
    /// - Parameters:
    ///   - parent: The lifetime this one is nested in: it ends with it.
    ///   - isPresent: Reads whether the part is in the store's live state (it reads the state,
    ///     so ask ``hasEnded`` outside a reducer); `nil` when only ``end()`` ends it.
    public init(within parent: StateLifetime? = nil, isPresent: (@Sendable () -> Bool)? = nil) {
        self.parent = parent
        self.isPresent = isPresent
        guard let parent else { return }
        // `[weak self]`: the parent must not keep an ended child's lifetime (and what it holds)
        // alive for as long as the parent lasts.
        let observation = parent.onEnd { [weak self] in self?.end() }
        lock.withLock { parentObservation = observation }
    }

    /// Whether the state this lifetime follows has gone: the lifetime was ended, or the part (or
    /// a part it is nested in) is absent from the store's live state now.
    ///
    /// Reads the store's state when the lifetime was made with `isPresent`: ask it outside a
    /// reducer.
    public var hasEnded: Bool {
        wasEnded || isPresent?() == false || parent?.hasEnded == true
    }

    /// Whether the part is in the store's live state by the check the lifetime was made with;
    /// `true` when it was made without one.
    @usableFromInline
    var partIsPresent: Bool {
        isPresent?() ?? true
    }

    /// Whether ``end()`` was called (or the parent ended), without reading the store's state.
    @usableFromInline
    var wasEnded: Bool {
        lock.withLock { isOver }
    }

    /// Calls `body` once, when the lifetime ends; at once, on this thread, if it has ended.
    ///
    /// `body` runs on the thread that ends the lifetime, outside any lock: it may dispatch (the
    /// action waits for its turn) and may register with other lifetimes.
    ///
    /// - Returns: What stops the call: ``Observation/cancel()`` it when the work `body` would
    ///   stop has ended on its own, so that a long-lived state does not keep it.
    @discardableResult
    public func onEnd(_ body: @escaping @Sendable () -> Void) -> Observation {
        let key: UInt64? = lock.withLock {
            guard !isOver else { return nil }
            defer { nextKey += 1 }
            observers[nextKey] = body
            return nextKey
        }
        guard let key else {
            body()
            return Observation(lifetime: nil, key: 0)
        }
        return Observation(lifetime: self, key: key)
    }

    /// Ends the lifetime: calls what was registered, once; later calls do nothing.
    public func end() {
        let (ending, parentObservation): ([@Sendable () -> Void], Observation?) = lock.withLock {
            guard !isOver else { return ([], nil) }
            isOver = true
            defer {
                observers = [:]
                self.parentObservation = nil
            }
            return (Array(observers.values), self.parentObservation)
        }
        parentObservation?.cancel()
        for body in ending {
            body()
        }
    }

    /// Forgets the observer registered under `key`.
    fileprivate func removeObserver(_ key: UInt64) {
        _ = lock.withLock { observers.removeValue(forKey: key) }
    }

    /// A registration made with ``StateLifetime/onEnd(_:)``.
    public struct Observation: Sendable {
        fileprivate let lifetime: StateLifetime?
        fileprivate let key: UInt64

        /// Stops the registered call from being made; nothing once it was made.
        public func cancel() {
            lifetime?.removeObserver(key)
        }
    }
}

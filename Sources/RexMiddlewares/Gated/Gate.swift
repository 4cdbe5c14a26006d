import RexCore

/// The position of a gate switched by actions, shared by every copy of its middleware.
///
/// Each closing starts a new epoch, so that an output kept from an earlier opening stays shut
/// even after the gate opens again.
final class Gate: @unchecked Sendable {  // `isOn` and `epoch` are guarded by `lock`
    private let lock = Lock()
    private var on: Bool
    private var epoch: UInt64 = 0

    init(_ state: GateState) {
        on = state == .on
    }

    var isOn: Bool {
        lock.withLock { on }
    }

    var currentEpoch: UInt64 {
        lock.withLock { epoch }
    }

    /// The current epoch if the gate is open, `nil` if it is closed.
    var openEpoch: UInt64? {
        lock.withLock { on ? epoch : nil }
    }

    /// Whether the gate is open and has not closed since `openedEpoch`.
    func isOpen(since openedEpoch: UInt64) -> Bool {
        lock.withLock { on && epoch == openedEpoch }
    }

    func apply(_ command: GateAction) {
        lock.withLock {
            let newOn: Bool
            switch command {
            case .turnOn: newOn = true
            case .turnOff: newOn = false
            case .toggle: newOn = !on
            }
            if on && !newOn {
                epoch += 1
            }
            on = newOn
        }
    }
}

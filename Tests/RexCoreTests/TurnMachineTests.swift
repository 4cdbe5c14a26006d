@testable import RexCore
import Testing

/// Each transition of the store's turn machine, one at a time, with no lock and no thread: what
/// it tells the caller to do, and what it queues.
@Suite("The turn machine's transitions")
struct TurnMachineTests {
    typealias Item = ActionQueue<Int>.Item
    typealias Arrival = TurnMachine<Int, Int>.Arrival

    /// A machine and its turn flag, as a store's core holds them, with the transitions spelled
    /// for the tests.
    final class Turn {
        var machine = TurnMachine<Int, Int>()
        let flag = TurnFlag()
        /// How many queued forms of arriving actions the machine asked for.
        var made = 0

        func item(_ value: Int, notifies: Bool = true) -> Item {
            made += 1
            return Item(DispatchedAction(value, dispatcher: .here()), completion: nil, notifies: notifies)
        }

        func arrive(_ value: Int, runsHere: Bool = true, onlyReduces: Bool = false, exclusive: Bool = false) -> Arrival {
            machine.arrive({ item(value) }, runsHere: runsHere, onlyReduces: onlyReduces, exclusive: exclusive, flag: flag)
        }

        func arrive(batch values: [Int], runsHere: Bool = true, exclusive: Bool = false) -> Arrival {
            machine.arrive(
                batch: { values.indices.map { item(values[$0], notifies: $0 == values.count - 1) } },
                runsHere: runsHere,
                exclusive: exclusive,
                flag: flag
            )
        }

        func claimWithoutLock() -> Bool { flag.claimWithoutLock() }
        /// The turn's thread, at the end of a turn that let the lock go: whether the store went
        /// idle without the lock.
        func releaseWithoutLock() -> Bool { flag.releaseWithoutLock() }
        var isRunning: Bool { flag.isSet }
        var queued: Int { machine.queue.count }

        /// The actions handed over, one `next` after another, until the store goes idle, with
        /// whether each notifies.
        func drain() -> [Int] {
            var taken: [Int] = []
            while let item = machine.next(flag: flag) {
                taken.append(item.notifies ? item.dispatchedAction.action : -item.dispatchedAction.action)
            }
            return taken
        }
    }

    @Test("Idle, an action that is only the reducer is reduced where it arrives, and the store stays idle", arguments: [true, false])
    func reduceAtOnce(exclusive: Bool) {
        let turn = Turn()
        #expect(turn.arrive(1, onlyReduces: true, exclusive: exclusive) == .reduceAtOnce)
        #expect(!turn.isRunning && turn.queued == 0 && turn.made == 0)
    }

    @Test("Idle, an action that is more than the reducer takes the turn and runs here, unqueued", arguments: [true, false])
    func run(exclusive: Bool) {
        let turn = Turn()
        #expect(turn.arrive(1, exclusive: exclusive) == .run)
        #expect(turn.isRunning && turn.queued == 0 && turn.made == 0)
        #expect(turn.drain() == [])
        #expect(!turn.isRunning)
    }

    @Test("Idle, on a store whose turns run on its own queue, an action is queued and a drain scheduled, even one that is only the reducer", arguments: [true, false])
    func scheduleDrain(onlyReduces: Bool) {
        let turn = Turn()
        #expect(turn.arrive(1, runsHere: false, onlyReduces: onlyReduces) == .scheduleDrain)
        #expect(turn.isRunning && turn.queued == 1)
        #expect(turn.drain() == [1])
        #expect(!turn.isRunning)
    }

    @Test("Running, actions wait in the queue, even ones that are only the reducer, and the turn's thread gets them in order")
    func waitWhileRunning() {
        let turn = Turn()
        #expect(turn.arrive(0) == .run)
        let arrivals = [turn.arrive(1, onlyReduces: true), turn.arrive(2, runsHere: false), turn.arrive(3, exclusive: true)]
        #expect(arrivals == [.wait, .wait, .wait])
        #expect(turn.isRunning && turn.queued == 3)
        #expect(turn.drain() == [1, 2, 3])
        #expect(!turn.isRunning && turn.queued == 0)
    }

    @Test("Taken without the lock, the turn is the claimant's: an arrival waits, and the claimant gets it at its turn's end")
    func claimedWithoutLock() {
        let turn = Turn()
        #expect(turn.claimWithoutLock())
        #expect(!turn.claimWithoutLock())
        #expect(turn.arrive(1) == .wait)
        #expect(turn.drain() == [1])
        #expect(turn.claimWithoutLock())
    }

    @Test("The turn's end with nothing queued makes the store idle, so that the next arrival takes the turn again")
    func idleAfterTurn() {
        let turn = Turn()
        #expect(turn.arrive(1) == .run)
        #expect(turn.machine.next(flag: turn.flag) == nil)
        #expect(!turn.isRunning)
        #expect(turn.arrive(2) == .run)
    }

    @Test("A turn with nothing queued since it began ends without the lock; one with an arrival behind it must look at the queue", arguments: [true, false])
    func endWithoutLock(exclusive: Bool) {
        let turn = Turn()
        #expect(turn.arrive(0, exclusive: exclusive) == .run)
        #expect(turn.releaseWithoutLock())
        #expect(!turn.isRunning)
        #expect(turn.arrive(1, exclusive: exclusive) == .run)
        #expect(turn.arrive(2, onlyReduces: true, exclusive: exclusive) == .wait)
        #expect(!turn.releaseWithoutLock(), "the arrival is noted: the turn's end takes the lock")
        #expect(turn.isRunning)
        // Under the lock, the turn's thread takes the action; the turn it starts may end
        // without the lock again, unless another action arrives first.
        #expect(turn.machine.next(flag: turn.flag)?.dispatchedAction.action == 2)
        #expect(turn.arrive(3) == .wait)
        #expect(!turn.releaseWithoutLock())
        #expect(turn.machine.next(flag: turn.flag)?.dispatchedAction.action == 3)
        #expect(turn.releaseWithoutLock())
        #expect(!turn.isRunning && turn.queued == 0)
    }

    @Test("Two queued actions keep the mark until the last is taken")
    func markKeptWhileQueued() {
        let turn = Turn()
        #expect(turn.arrive(0) == .run)
        #expect(turn.arrive(1) == .wait && turn.arrive(2) == .wait)
        #expect(turn.machine.next(flag: turn.flag)?.dispatchedAction.action == 1)
        #expect(!turn.releaseWithoutLock(), "action 2 still waits")
        #expect(turn.drain() == [2])
        #expect(!turn.isRunning)
    }

    @Test("An action queued behind a turn that then ended without the lock: the arriving thread takes the turn and runs the queue", arguments: [true, false], [true, false])
    func arrivalAfterTurnEndedWithoutLock(runsHere: Bool, exclusive: Bool) {
        let turn = Turn()
        // The flag as an arrival finds it between its look and its note: set, then cleared by
        // the turn's end without the lock. `waitBehindTurn` is the arrival's step after the look.
        #expect(turn.arrive(0, exclusive: exclusive) == .run)
        #expect(turn.releaseWithoutLock())
        #expect(turn.machine.waitBehindTurn(turn.item(1), runsHere: runsHere, exclusive: exclusive, flag: turn.flag) == (runsHere ? .drain : .scheduleDrain))
        #expect(turn.isRunning && turn.queued == 1)
        #expect(!turn.releaseWithoutLock(), "the queued action is noted in the flag")
        #expect(turn.drain() == [1])
        #expect(!turn.isRunning)
    }

    @Test("A batch arriving as the turn under way ends without the lock is queued whole, with the turn this thread's", arguments: [true, false])
    func batchAfterTurnEndedWithoutLock(runsHere: Bool) {
        let turn = Turn()
        // Claimed without the lock, so that the batch's claim fails; then that turn ends before
        // the batch notes its actions.
        #expect(turn.claimWithoutLock())
        let arrival = turn.machine.arrive(
            batch: {
                #expect(turn.releaseWithoutLock(), "the turn under way ends while the batch is being queued")
                return [1, 2].indices.map { turn.item([1, 2][$0], notifies: $0 == 1) }
            },
            runsHere: runsHere,
            exclusive: false,
            flag: turn.flag
        )
        #expect(arrival == (runsHere ? .drain : .scheduleDrain))
        #expect(turn.isRunning && turn.queued == 2)
        #expect(!turn.releaseWithoutLock(), "the queued batch is noted in the flag")
        #expect(turn.drain() == [-1, 2])
        #expect(!turn.isRunning)
    }

    @Test("Idle, a batch runs here and queues nothing; what its turns dispatch waits behind it")
    func batchRunsHere() {
        let turn = Turn()
        #expect(turn.arrive(batch: [1, 2, 3]) == .run)
        #expect(turn.isRunning && turn.queued == 0 && turn.made == 0)
        #expect(turn.arrive(4, onlyReduces: true) == .wait)
        #expect(turn.drain() == [4])
    }

    @Test("A batch arriving while running, or for the store's own queue, is queued whole, the last the only one that notifies", arguments: [true, false])
    func batchQueued(running: Bool) {
        let turn = Turn()
        if running {
            #expect(turn.arrive(0) == .run)
        }
        #expect(turn.arrive(batch: [1, 2, 3], runsHere: running) == (running ? .wait : .scheduleDrain))
        #expect(turn.isRunning && turn.queued == 3)
        #expect(turn.drain() == [-1, -2, 3])
    }
}

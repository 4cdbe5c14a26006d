#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import Workloads

// Runs one workload for a number of actions, so that `valgrind --tool=callgrind` can count the
// instructions it takes. Differencing two run lengths cancels start-up.
//
//     rex-instructions W1 100000
//
// W8s is W8 with the reducer most apps write first, `state.items[id: id]?.done.toggle()`,
// rather than a lift. W8L and W9L are W8 with 1,000,000 items and W9 with 100,000 rows: for cachegrind's cache
// simulation, which counts the cache misses per action that the large sizes add
// (`valgrind --tool=cachegrind --cache-sim=yes`, two run lengths, `cg_diff`). W9Lo is W9L with
// the rows toggled in the list's order.
//
// W13 (10,000 items) and W13s (100 items) are an app's turn with every module; W13n and W13ns the
// same without the logger, W13nr (and W13nrs, 100 items) without the logger and the recorder,
// W13nb1 and W13nsb1 without the logger, their recorder's replay budget 1 ms rather than its
// default 5 ms (timed as plain runs as well: what a kept state costs the next turns is mostly
// memory traffic, which instructions do not show). Their persistence
// middleware saves after an hour of quiet, and once when the run ends (`finish`), and their logger
// keeps every entry, so that each count holds one save and every entry, however slowly valgrind
// runs them.
//
// W6 runs in a task on the global executor, away from the main thread, which waits for it. A
// `just` effect's task starts and ends inside the turn that asks for it, so W6 runs on one thread
// and callgrind counts it like the others. (Effects whose tasks ran on other threads made valgrind
// stop with a segmentation fault.)

// A second thread, idle for the whole run, as every app has: in a process of one thread, glibc's
// mutexes take a path without atomic operations (its `__libc_single_threaded`), which made plain
// timed runs of W2 and W2r, alone on their thread, look faster beside W2l, whose inspector's tasks
// start threads: 25 to 35 ns of the 30 to 60 by which W2l seemed slower than W2r.
// A thread of its own, not one of Dispatch's global queues, whose workers the workloads' tasks use.
let idle = DispatchSemaphore(value: 0)
Thread { idle.wait() }.start()

let arguments = CommandLine.arguments
guard arguments.count == 3, let actions = Int(arguments[2]), actions >= 0 else {
    print("usage: rex-instructions W1|W2|W2p|W2r|W2re|W2l|W2ls|W2s|W3|W4|W6|W8|W8L|W8s|W9|W9L|W9Lo|W10|W11|W13|W13s|W13n|W13nr|W13nrs|W13ns|W13nb1|W13nsb1|W14|W14s|W14r|W14rs|W15|W15L|W15u|W15uL ACTIONS")
    exit(2)
}
switch arguments[1] {
case "W1": CounterWorkload().run(actions: actions)
case "W2": ComposedWorkload().run(actions: actions)
case "W2p": ComposedWorkload(persisting: true).run(actions: actions)
case "W2r": ComposedWorkload(recording: .withReducer).run(actions: actions)
case "W2re": ComposedWorkload(recording: .everyState).run(actions: actions)
// The turn's share of streaming: the sending task's is a few batches per latency, paced by the clock,
// not by turns (under valgrind, slower when the machine is busy), so it waits here for an hour.
case "W2l": ComposedWorkload(streaming: true, latency: .seconds(3_600)).run(actions: actions)
// W2l with the inspector's usual latency (0.1 s): its sending task reads and encodes the steps on
// another thread as the turns run. For plain timed runs (`time-workloads.sh`), not for valgrind.
case "W2ls": ComposedWorkload(streaming: true).run(actions: actions)
// W2 with a state-driven set of 10,000 keys that no action changes. Its 10,000 effects start
// (and then sleep) on the global executor's threads, in the setup, before the counted actions.
case "W2s": ComposedWorkload(supervising: 10_000, effectsEnd: true).run(actions: actions)
case "W3": FanOutWorkload().run(actions: actions)
case "W4": BigStateWorkload(items: 100_000).run(actions: actions)
case "W8": ByIDWorkload(items: 100_000).run(actions: actions)
case "W8L": ByIDWorkload(items: 1_000_000).run(actions: actions)
case "W8s": ByIDWorkload(items: 100_000, bySubscript: true).run(actions: actions)
case "W9": RowProjectionsWorkload(rows: 10_000).run(actions: actions)
case "W9L": RowProjectionsWorkload(rows: 100_000).run(actions: actions)
case "W9Lo": RowProjectionsWorkload(rows: 100_000, order: .listOrder).run(actions: actions)
case "W10": BatchesWorkload().run(actions: actions)
case "W13", "W13s", "W13n", "W13ns", "W13nr", "W13nrs", "W13nb1", "W13nsb1":
    let (items, modules): (Int, AppTurnWorkload.Modules) = switch arguments[1] {
    case "W13": (10_000, .all)
    case "W13s": (100, .all)
    case "W13n", "W13nb1": (10_000, [.persistence, .recorder, .rows])
    case "W13ns", "W13nsb1": (100, [.persistence, .recorder, .rows])
    case "W13nrs": (100, [.persistence, .rows])
    default: (10_000, [.persistence, .rows])
    }
    let budget: Duration? = arguments[1].hasSuffix("b1") ? .milliseconds(1) : nil
    let app = AppTurnWorkload(items: items, modules: modules, saveDebounce: .seconds(3_600), logBacklog: 1 << 30, replayBudget: budget)
    app.run(actions: actions)
    let saved = DispatchSemaphore(value: 0)
    Task.detached {
        await app.finish()
        saved.signal()
    }
    saved.wait()
case "W14": LifetimesWorkload(rows: 10_000).run(actions: actions)
case "W14s": LifetimesWorkload(rows: 100).run(actions: actions)
case "W14r": LifetimesWorkload(rows: 10_000).replaceLastRow(cycles: actions, waitingForEffects: true)
case "W14rs": LifetimesWorkload(rows: 100).replaceLastRow(cycles: actions, waitingForEffects: true)
case "W15": HistoryWorkload(items: 10_000).run(actions: actions)
case "W15L": HistoryWorkload(items: 100_000).run(actions: actions)
case "W15u": UndoWorkload(items: 10_000).run(actions: actions)
case "W15uL": UndoWorkload(items: 100_000).run(actions: actions)
case "W11":
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else {
        print("W11 needs InlineArray (macOS 26 and its peers)")
        exit(2)
    }
    LargeInlineStateWorkload().run(actions: actions)
case "W6":
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        await EffectsWorkload().run(effects: actions)
        done.signal()
    }
    done.wait()
default:
    print("unknown workload \(arguments[1]); expected W1, W2, W2p, W2r, W2re, W2l, W2ls, W2s, W3, W4, W6, W8, W8L, W8s, W9, W9L, W9Lo, W10, W11, W13, W13s, W13n, W13nr, W13nrs, W13ns, W13nb1, W13nsb1, W14, W14s, W14r, W14rs, W15, W15L, W15u or W15uL")
    exit(2)
}

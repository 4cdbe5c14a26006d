import Benchmark
import Workloads

// The workloads of WORKLOADS.md, each beside its hand-written limit. Each benchmark iteration
// runs a batch of actions on a store that lives across iterations; the figures are scaled to
// one action (`scalingFactor`), and every batch checks its own result.

let benchmarks: @Sendable () -> Void = {
    let perAction: [BenchmarkMetric] = [.wallClock, .mallocCountTotal, .instructions]
    func configuration(_ scale: BenchmarkScalingFactor, metrics: [BenchmarkMetric] = perAction) -> Benchmark.Configuration {
        .init(metrics: metrics, scalingFactor: scale, maxDuration: .seconds(3), maxIterations: 1_000)
    }

    let counter = CounterWorkload()
    Benchmark("W1 counter", configuration: configuration(.mega)) { benchmark in
        counter.run(actions: benchmark.scaledIterations.count)
    }
    let counterActions = [CounterWorkload.Action](repeating: .increment, count: 1_000_000)
    Benchmark("W1 counter, hand-written", configuration: configuration(.mega)) { benchmark in
        blackHole(CounterWorkload.handWritten(actions: counterActions))
    }

    let composed = ComposedWorkload()
    Benchmark("W2 composed", configuration: configuration(.mega)) { benchmark in
        composed.run(actions: benchmark.scaledIterations.count)
    }
    let persisting = ComposedWorkload(persisting: true)
    Benchmark("W2 composed, persistence attached", configuration: configuration(.mega)) { benchmark in
        persisting.run(actions: benchmark.scaledIterations.count)
    }
    let recording = ComposedWorkload(recording: .withReducer)
    Benchmark("W2 composed, recorder attached", configuration: configuration(.mega)) { benchmark in
        recording.run(actions: benchmark.scaledIterations.count)
    }
    let recordingEveryState = ComposedWorkload(recording: .everyState)
    Benchmark("W2 composed, recorder keeping every state", configuration: configuration(.mega)) { benchmark in
        recordingEveryState.run(actions: benchmark.scaledIterations.count)
    }
    let streaming = ComposedWorkload(streaming: true)
    Benchmark("W2 composed, streaming to the live inspector", configuration: configuration(.mega)) { benchmark in
        streaming.run(actions: benchmark.scaledIterations.count)
    }
    // The same with the sending task waiting an hour before it sends: the turn's share of
    // streaming alone, without the reading and encoding the sending task does on another thread.
    let streamingIdle = ComposedWorkload(streaming: true, latency: .seconds(3_600))
    Benchmark("W2 composed, streaming to the live inspector, sending task idle", configuration: configuration(.mega)) { benchmark in
        streamingIdle.run(actions: benchmark.scaledIterations.count)
    }
    let supervising = ComposedWorkload(supervising: 10_000)
    Benchmark("W2 composed, state-driven set of 10,000 keys, nothing changed", configuration: configuration(.mega)) { benchmark in
        supervising.run(actions: benchmark.scaledIterations.count)
    }
    Benchmark("W2 composed, hand-written", configuration: configuration(.mega)) { benchmark in
        blackHole(ComposedWorkload.handWritten(actions: benchmark.scaledIterations.count))
    }

    let fanOut = FanOutWorkload()
    Benchmark("W3 fan-out", configuration: configuration(.kilo)) { benchmark in
        fanOut.run(actions: benchmark.scaledIterations.count)
    }
    Benchmark("W3 fan-out, hand-written", configuration: configuration(.kilo)) { benchmark in
        blackHole(FanOutWorkload.handWritten(actions: benchmark.scaledIterations.count))
    }

    /// A benchmark of a workload made just before it runs and dropped after it (see `Prepared`).
    func preparedBenchmark<Workload>(
        _ name: String,
        _ make: @escaping @Sendable () -> Workload,
        run: @escaping @Sendable (Workload, Int) -> Void
    ) {
        let prepared = Prepared(make)
        Benchmark(name, configuration: configuration(.kilo), closure: { benchmark in
            run(prepared.workload, benchmark.scaledIterations.count)
        }, setup: prepared.make, teardown: prepared.drop)
    }

    for itemCount in [100_000, 1_000_000] {
        preparedBenchmark("W4 big state, \(itemCount) items", { BigStateWorkload(items: itemCount) }) { $0.run(actions: $1) }
        var items = BigStateWorkload.items(itemCount)
        Benchmark("W4 big state, \(itemCount) items, hand-written", configuration: configuration(.kilo)) { benchmark in
            BigStateWorkload.handWritten(items: &items, actions: benchmark.scaledIterations.count)
            blackHole(items.count)
        }
    }

    // W8 and W9 with their ids in the list's order, then scattered (the names without an order).
    let orders: [(ByIDWorkload.IDOrder, String)] = [(.listOrder, " in list order"), (.scattered, "")]
    for itemCount in [100_000, 1_000_000] {
        for (order, named) in orders {
            preparedBenchmark("W8 by id, \(itemCount) items\(named)", { ByIDWorkload(items: itemCount, order: order) }) { $0.run(actions: $1) }
            preparedBenchmark("W8 by id, \(itemCount) items\(named), hand-written", { ByIDWorkload.HandWritten(items: itemCount, order: order) }) {
                $0.run(actions: $1)
            }
        }
        preparedBenchmark("W8 by id, \(itemCount) items, reducer through subscript(id:)", { ByIDWorkload(items: itemCount, bySubscript: true) }) {
            $0.run(actions: $1)
        }
    }

    for rowCount in [10_000, 100_000] {
        for (order, named) in orders {
            preparedBenchmark("W9 row projections, \(rowCount) rows\(named)", { RowProjectionsWorkload(rows: rowCount, order: order) }) {
                $0.run(actions: $1)
            }
            preparedBenchmark("W9 row projections, \(rowCount) rows\(named), hand-written", { RowProjectionsWorkload.HandWritten(rows: rowCount, order: order) }) {
                $0.run(actions: $1)
            }
        }
    }

    // W13: an app's turn with every module, at 100 and 10,000 items; then, at both sizes, the
    // store without one module at a time, and with none (what each module costs).
    for itemCount in [100, 10_000] {
        preparedBenchmark("W13 app turn, \(itemCount) items", { AppTurnWorkload(items: itemCount) }) { $0.run(actions: $1) }
    }
    let w13Variants: [(String, AppTurnWorkload.Modules)] = [
        ("no logger", [.persistence, .recorder, .rows]),
        ("no logger, no recorder", [.persistence, .rows]),
        ("no logger, no persistence", [.recorder, .rows]),
        ("no logger, no row projections", [.persistence, .recorder]),
        ("no module", []),
    ]
    for (named, modules) in w13Variants {
        for itemCount in [100, 10_000] {
            preparedBenchmark("W13 app turn, \(itemCount) items, \(named)", { AppTurnWorkload(items: itemCount, modules: modules) }) { $0.run(actions: $1) }
        }
    }
    // W13 without the logger, its recorder given the budget it had before 5 ms was the default:
    // what a smaller budget costs the turns of a large list.
    for itemCount in [100, 10_000] {
        preparedBenchmark("W13 app turn, \(itemCount) items, no logger, recorder budget 1 ms", {
            AppTurnWorkload(items: itemCount, modules: [.persistence, .recorder, .rows], replayBudget: .milliseconds(1))
        }) { $0.run(actions: $1) }
    }

    // W14: rows each with an effect that lives as long as the row; edits, then a row replaced
    // (removed, its effect cancelled; added back, its effect started again: three actions).
    for rowCount in [100, 10_000] {
        preparedBenchmark("W14 lifetimes, \(rowCount) rows with an effect each, an edit", { LifetimesWorkload(rows: rowCount) }) { $0.run(actions: $1) }
        preparedBenchmark("W14 lifetimes, \(rowCount) rows with an effect each, a row replaced", { LifetimesWorkload(rows: rowCount) }) {
            $0.replaceLastRow(cycles: $1, waitingForEffects: false)
        }
    }

    // W15: a state kept after every turn, in a ring of 1,000; then the same stores keeping none.
    for itemCount in [100, 10_000, 100_000] {
        preparedBenchmark("W15 history, \(itemCount) items, a state kept per turn", { HistoryWorkload(items: itemCount) }) { $0.run(actions: $1) }
    }
    for itemCount in [10_000, 100_000] {
        preparedBenchmark("W15 history, \(itemCount) items, no state kept", { HistoryWorkload(items: itemCount, keeping: false) }) { $0.run(actions: $1) }
    }
    // W15u: undo over the same list, a step per action (at most 1,000 kept).
    for itemCount in [100, 10_000, 100_000] {
        preparedBenchmark("W15u undo, \(itemCount) items, a step per action", { UndoWorkload(items: itemCount) }) { $0.run(actions: $1) }
    }

    preparedBenchmark("W12 persisted part of 10,000 items: the turn that changes it", { PersistLargePartWorkload() }) {
        $0.changeOnly(actions: $1)
    }
    let saves = Prepared { PersistLargePartWorkload() }
    Benchmark("W12 persisted part of 10,000 items: the save, off the turn", configuration: configuration(.one, metrics: [.wallClock]), closure: { _ in
        await saves.workload.save()
    }, setup: saves.make, teardown: {
        let reported = saves.workload.reportedMicroseconds
        print("W12: saves of 10,000 items as the middleware reported them: median \(Int(reported.median)) µs, maximum \(Int(reported.maximum)) µs")
        try await saves.drop()
    })

    let batches = BatchesWorkload()
    Benchmark("W10 batches of 100, 100 projections", configuration: configuration(.kilo)) { benchmark in
        batches.run(actions: benchmark.scaledIterations.count)
    }

    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        let largeInline = LargeInlineStateWorkload()
        Benchmark("W11 large inline state, 512 KiB stack", configuration: configuration(.mega)) { benchmark in
            largeInline.run(actions: benchmark.scaledIterations.count)
        }
    }

    let contention = ContentionWorkload()
    Benchmark("W5 contention, 4 producers", configuration: configuration(.mega, metrics: [.wallClock, .mallocCountTotal])) { benchmark in
        await contention.run(actions: benchmark.scaledIterations.count)
    }

    let effects = EffectsWorkload()
    Benchmark("W6 effects", configuration: configuration(.kilo, metrics: [.wallClock, .mallocCountTotal])) { benchmark in
        await effects.run(effects: benchmark.scaledIterations.count)
    }

    let memory: [BenchmarkMetric] = [.peakMemoryResident]
    // W15's memory: 10,000 items and 2,000 toggles, with the last 1,000 states kept and without.
    Benchmark("W15 memory, 10,000 items, 1,000 states kept", configuration: .init(metrics: memory, maxIterations: 3)) { _ in
        let history = HistoryWorkload(items: 10_000)
        history.run(actions: 2_000)
        blackHole(history.keptCount)
    }
    Benchmark("W15 memory, 10,000 items, no state kept", configuration: .init(metrics: memory, maxIterations: 3)) { _ in
        let history = HistoryWorkload(items: 10_000, keeping: false)
        history.run(actions: 2_000)
        blackHole(history.keptCount)
    }
    Benchmark("W7 memory, W2 for 1,000 actions", configuration: .init(metrics: memory, maxIterations: 3)) { _ in
        MemoryWorkload.run(actions: 1_000)
    }
    Benchmark("W7 memory, W2 for 1,000,000 actions", configuration: .init(metrics: memory, maxIterations: 3)) { _ in
        MemoryWorkload.run(actions: 1_000_000)
    }
    Benchmark("W7 memory, W2 with a recorder of 1,000 steps, for 1,000 actions", configuration: .init(metrics: memory, maxIterations: 3)) { _ in
        MemoryWorkload.runRecorded(actions: 1_000)
    }
    Benchmark("W7 memory, W2 with a recorder of 1,000 steps, for 1,000,000 actions", configuration: .init(metrics: memory, maxIterations: 3)) { _ in
        MemoryWorkload.runRecorded(actions: 1_000_000)
    }
}

/// A workload of many elements, made just before its benchmark runs and dropped after it, so
/// that the process holds one such workload at a time: made all at once, the workloads of a
/// million elements filled the memory in which the others were then measured (W8 ran 136 ns
/// per action in the harness, against 45 ns alone in a process).
final class Prepared<Workload>: @unchecked Sendable {  // `made` is set in setup, read by the iterations, cleared in teardown: one after the other, on the harness's thread
    private let makeWorkload: @Sendable () -> Workload
    private var made: Workload?

    init(_ make: @escaping @Sendable () -> Workload) {
        makeWorkload = make
    }

    var workload: Workload { made! }

    /// The setup hook: makes the workload.
    var make: Benchmark.BenchmarkSetupHook {
        { self.made = self.makeWorkload() }
    }

    /// The teardown hook: drops it.
    var drop: Benchmark.BenchmarkTeardownHook {
        { self.made = nil }
    }
}

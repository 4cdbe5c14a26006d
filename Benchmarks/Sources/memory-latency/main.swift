import Dispatch

// Times one load that waits for the one before it, in tables of 1 to 64 MiB: where the time of a
// lookup in a large list comes from. Each table is a random cycle through its entries (each entry
// names the next one to read), so the processor can neither guess nor start the next load early;
// a table that fits in the cache the process gets answers in a few nanoseconds, one that does not
// in the time of the memory.
//
//     swift run -c release memory-latency

/// A random cycle through `count` entries: each entry holds the index of the next.
func randomCycle(count: Int) -> [Int32] {
    var order = Array(0..<count)
    order.shuffle()
    var next = [Int32](repeating: 0, count: count)
    for (step, entry) in order.enumerated() {
        next[entry] = Int32(order[(step + 1) % count])
    }
    return next
}

let loads = 4_000_000
for mebibytes in [1, 2, 4, 6, 8, 16, 32, 64] {
    let cycle = randomCycle(count: mebibytes << 20 / MemoryLayout<Int32>.stride)
    var entry = 0
    let start = DispatchTime.now().uptimeNanoseconds
    cycle.withUnsafeBufferPointer { cycle in
        for _ in 0..<loads {
            entry = Int(cycle[entry])
        }
    }
    let nanoseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(loads)
    // The entry reached is printed so that the loop is not optimized away.
    print("\(mebibytes) MiB: \(Int(nanoseconds)) ns per load (entry \(entry))")
}

// swift-tools-version: 6.1
// The benchmarks of Rex: their own package, so that users of the library never resolve the
// benchmark harness. Run with `swift package --disable-sandbox benchmark` from this folder.
import PackageDescription

// A path dependency is known by its folder's name, which is whatever the clone was called.
let rexPackage = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "Rex"

let package = Package(
    name: "RexBenchmarks",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The workloads of ../../shared/bench/WORKLOADS.md, each with its hand-written limit and
        // a check of its result; shared by the benchmarks and the instruction counter.
        .target(
            name: "Workloads",
            dependencies: [
                .product(name: "RexCore", package: rexPackage),
                .product(name: "RexMiddlewares", package: rexPackage),
                .product(name: "RexDevTools", package: rexPackage),
            ]
        ),
        .executableTarget(
            name: "StoreBenchmarks",
            dependencies: ["Workloads", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/StoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Runs one workload a given number of times, for `valgrind --tool=callgrind`.
        .executableTarget(name: "rex-instructions", dependencies: ["Workloads"]),
        // Times a load in tables of 1 to 64 MiB: the size at which lookups start to wait for memory.
        .executableTarget(name: "memory-latency"),
    ],
    swiftLanguageModes: [.v6]
)

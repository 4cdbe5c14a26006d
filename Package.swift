// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Rex",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "RexCore", targets: ["RexCore"]),
        .library(name: "RexMiddlewares", targets: ["RexMiddlewares"]),
        .library(name: "RexDevTools", targets: ["RexDevTools"]),
        .library(name: "RexTesting", targets: ["RexTesting"]),
    ],
    targets: [
        // The atomic operations of every platform, inline (C, for the compiler's builtins).
        .target(name: "RexAtomics"),
        .target(name: "RexCore", dependencies: ["RexAtomics"]),
        .target(name: "RexMiddlewares", dependencies: ["RexCore"]),
        // Recording, replay and time travel; RexCore only, so that an app can ship it in debug builds.
        .target(name: "RexDevTools", dependencies: ["RexCore", "RexTicks", "RexAtomics"]),
        // The processor's tick counter, read inline (C, for the instruction): what a recorded turn's
        // times cost.
        .target(name: "RexTicks"),
        .target(name: "RexTesting", dependencies: ["RexCore", "RexMiddlewares", "RexDevTools"]),
        // The demo: a to-do list in the terminal, built the way the docs teach. Not a product.
        .target(name: "TodoDemo", dependencies: ["RexCore", "RexMiddlewares", "RexDevTools"]),
        // The inspector page of a session file: `swift run rex-inspect session.json -o session.html`.
        .executableTarget(name: "rex-inspect", dependencies: ["RexDevTools"]),
        .executableTarget(name: "rex-demo", dependencies: ["TodoDemo"]),
        // A program that logs and returns at once, run by the logger's tests as a child process.
        .executableTarget(
            name: "LoggerExitFixture",
            dependencies: ["RexCore", "RexMiddlewares"],
            path: "Tests/Fixtures/LoggerExitFixture"
        ),
        .executableTarget(
            name: "PersistenceCrashFixture",
            dependencies: ["RexCore", "RexMiddlewares"],
            path: "Tests/Fixtures/PersistenceCrashFixture"
        ),
        // What the test targets share; not a product.
        .target(name: "RexTestSupport", dependencies: ["RexCore"], path: "Tests/RexTestSupport"),
        .testTarget(name: "RexCoreTests", dependencies: ["RexCore", "RexTestSupport"]),
        .testTarget(name: "RexDevToolsTests", dependencies: ["RexCore", "RexDevTools", "RexMiddlewares", "RexTesting", "RexTestSupport", "rex-inspect"]),
        .testTarget(
            name: "RexMiddlewaresTests",
            dependencies: ["RexCore", "RexMiddlewares", "RexTesting", "RexTestSupport", "LoggerExitFixture", "PersistenceCrashFixture"]
        ),
        .testTarget(name: "RexTestingTests", dependencies: ["RexCore", "RexMiddlewares", "RexDevTools", "RexTesting", "RexTestSupport", "TodoDemo"]),
        .testTarget(name: "TodoDemoTests", dependencies: ["TodoDemo", "rex-demo", "RexCore", "RexTesting", "RexTestSupport"]),
        // SwiftRex 0.8's spellings, compiled in Swift 5 mode as a migrating app compiles first,
        // with the setting the migration article recommends: without it, Swift 5 mode warns that
        // an enum case passed as `outputAction: AppAction.counter` is not `@Sendable` (SE-0418).
        .testTarget(
            name: "SwiftRexMigrationTests",
            dependencies: ["RexCore", "RexMiddlewares", "RexTesting", "RexTestSupport"],
            swiftSettings: [.swiftLanguageMode(.v5), .enableUpcomingFeature("InferSendableFromCaptures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.1
// The live inspector's server: its own package, so that an app that uses Rex never resolves a
// server framework. Run it with `swift run --package-path Tools/LiveInspector rex-live-inspector`.
import PackageDescription

// A path dependency is known by its folder's name, which is whatever the clone was called.
let rexPackage = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? "Rex"

let package = Package(
    name: "RexLiveInspector",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    ],
    targets: [
        .target(
            name: "LiveInspectorServer",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "RexDevTools", package: rexPackage),
            ]
        ),
        .executableTarget(name: "rex-live-inspector", dependencies: ["LiveInspectorServer"]),
        // An app that streams to the server: what the end-to-end check runs.
        .executableTarget(
            name: "live-inspector-sample-app",
            dependencies: [.product(name: "RexCore", package: rexPackage), .product(name: "RexDevTools", package: rexPackage)]
        ),
        .testTarget(
            name: "LiveInspectorServerTests",
            dependencies: [
                "LiveInspectorServer",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "RexCore", package: rexPackage),
                .product(name: "RexDevTools", package: rexPackage),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

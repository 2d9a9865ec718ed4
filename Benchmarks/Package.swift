// swift-tools-version:6.0
import PackageDescription

// Dev-only: measures the library against hand-written baselines. Not a dependency of the library.
let package = Package(
    name: "ReactiveBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Reactive", path: ".."),
        // The peer, measured in the same run (from the machine's local package copies).
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        // The second peer, Swift concurrency's: AsyncStream with swift-async-algorithms.
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
    ],
    targets: [
        .target(name: "MallocCounter"),
        .executableTarget(
            name: "ReactiveBenchmarks",
            dependencies: [.product(name: "Reactive", package: "Reactive"), .product(name: "ReactiveKVO", package: "Reactive"), .product(name: "OpenCombine", package: "OpenCombine"), .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"), "MallocCounter"],
            swiftSettings: [.unsafeFlags(["-Ounchecked", "-wmo"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.2
import PackageDescription

// The library depends on no packages: only the toolchain's Synchronization, Dispatch and Foundation.
let package = Package(
    name: "Reactive",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .library(name: "Reactive", targets: ["Reactive"]),
        .library(name: "ReactiveTest", targets: ["ReactiveTest"]),
        .library(name: "ReactiveBlocking", targets: ["ReactiveBlocking"]),
        .library(name: "ReactiveKVO", targets: ["ReactiveKVO"]),
        .executable(name: "TickerService", targets: ["TickerService"]),
        .executable(name: "DownloadProgress", targets: ["DownloadProgress"]),
        .executable(name: "KVOTour", targets: ["KVOTour"]),
        .executable(name: "SearchAsYouType", targets: ["SearchAsYouType"]),
    ],
    targets: [
        .target(name: "Reactive"),
        .target(name: "ReactiveTest", dependencies: ["Reactive"]),
        .target(name: "ReactiveBlocking", dependencies: ["Reactive"]),
        .target(name: "ReactiveKVO", dependencies: ["Reactive"]),
        .executableTarget(name: "TickerService", dependencies: ["Reactive"], path: "Examples/TickerService"),
        .executableTarget(name: "DownloadProgress", dependencies: ["Reactive", "ReactiveKVO"], path: "Examples/DownloadProgress"),
        .executableTarget(name: "KVOTour", dependencies: ["Reactive", "ReactiveKVO"], path: "Examples/KVOTour"),
        .executableTarget(name: "SearchAsYouType", dependencies: ["Reactive"], path: "Examples/SearchAsYouType"),
        // Helpers the two test targets share (threads, bounded waits); in no product.
        .target(name: "TestSupport", path: "Tests/Support"),
        .testTarget(name: "ReactiveTests", dependencies: ["Reactive", "ReactiveTest", "ReactiveBlocking", "TestSupport"]),
        .testTarget(name: "ReactiveKVOTests", dependencies: ["ReactiveKVO", "Reactive", "ReactiveTest", "TestSupport"]),
        // App code as users write it in Swift 6 language mode: it must compile with no warning
        // and run as its author meant (see the "Swift 6 and strict concurrency" article).
        .testTarget(name: "Swift6AppCorpus", dependencies: ["Reactive", "ReactiveKVO"], path: "Tests/Swift6AppCorpus",
                    swiftSettings: [.treatAllWarnings(as: .error)]),
    ],
    swiftLanguageModes: [.v6]
)

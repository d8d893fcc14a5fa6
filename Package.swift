// swift-tools-version: 6.1
import PackageDescription

/// Settings every Understudy target shares: Swift 6 mode (the tools default), plus
/// upcoming features that make a leaked dependency show up as a `public import`.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Understudy",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "MicroHTTP", targets: ["MicroHTTP"]),
        .library(name: "StubKit", targets: ["StubKit"]),
        .library(name: "StubServer", targets: ["StubServer"]),
        .executable(name: "understudy-bench", targets: ["understudy-bench"]),
    ],
    targets: [
        // The C library, found by pkg-config. Only MicroHTTP imports it.
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        // libmicrohttpd as Swift values: daemon lifetime, callbacks, suspend/resume.
        .target(name: "MicroHTTP", dependencies: ["CMicroHTTPD"], swiftSettings: strictSettings),
        // Pure values: stubs, patterns, recipes, recorded requests. No I/O, no C.
        .target(name: "StubKit", swiftSettings: strictSettings),
        // Serves [Stub] on MicroHTTP: routing, journal, unmatched-request reports.
        .target(name: "StubServer", dependencies: ["MicroHTTP", "StubKit"], swiftSettings: strictSettings),
        // Benchmark and self-check programs driven by scripts/bench and the tests.
        .executableTarget(
            name: "understudy-bench",
            dependencies: ["StubServer", "StubKit", "MicroHTTP"],
            swiftSettings: strictSettings
        ),

        // Helpers shared by the test targets: a raw socket, a URLSession client, built products.
        .target(name: "UnderstudyTestSupport", path: "Tests/Support"),
        .testTarget(
            name: "MicroHTTPTests",
            dependencies: ["MicroHTTP", "UnderstudyTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "StubKitTests", dependencies: ["StubKit"], swiftSettings: strictSettings),
        .testTarget(
            name: "StubServerTests",
            dependencies: ["StubServer", "StubKit", "MicroHTTP", "UnderstudyTestSupport", "understudy-bench"],
            swiftSettings: strictSettings
        ),
    ]
)

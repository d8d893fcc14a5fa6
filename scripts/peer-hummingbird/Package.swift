// swift-tools-version:6.1
// The benchmark's peer: the fixed route served by a minimal Hummingbird
// program, the server a user would otherwise hand-roll for tests. Kept in its
// own package so the main build and CI never compile Hummingbird; only
// scripts/bench builds it (in release, once; the build is cached here).
import PackageDescription

let package = Package(
    name: "peer-hummingbird",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .executableTarget(
            name: "peer-hummingbird",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/PeerHummingbird",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)

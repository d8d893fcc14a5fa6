// swift-tools-version: 6.1
// A WebSocket client written with hummingbird-project/swift-websocket
// (WSClient, on SwiftNIO): an independent Swift implementation the tests run
// against Understudy's WebSocket stubs. Its own package, so Understudy's
// graph never takes on SwiftNIO; `scripts/websocket-swift-client` builds and
// runs it (the CI's one NIO build).
import PackageDescription

let package = Package(
    name: "SwiftWebSocketClient",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .executableTarget(
            name: "ws-conversation",
            dependencies: [
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)

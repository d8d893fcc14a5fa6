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
        .library(name: "StubKit", targets: ["StubKit"]),
        .library(name: "StubServer", targets: ["StubServer"]),
        .library(name: "StubTLS", targets: ["StubTLS"]),
        .library(name: "MarvelModels", targets: ["MarvelModels"]),
        .library(name: "MarvelStubs", targets: ["MarvelStubs"]),
        .library(name: "MarvelFake", targets: ["MarvelFake"]),
        .library(name: "MarvelClient", targets: ["MarvelClient"]),
        .library(name: "StubTesting", targets: ["StubTesting"]),
        .library(name: "StubSpec", targets: ["StubSpec"]),
        .library(name: "StubRecording", targets: ["StubRecording"]),
        .library(name: "WireMockFormat", targets: ["WireMockFormat"]),
        .library(name: "PactFormat", targets: ["PactFormat"]),
        .library(name: "OpenAPIStubs", targets: ["OpenAPIStubs"]),
        .library(name: "StubAdmin", targets: ["StubAdmin"]),
        .library(name: "StubRemote", targets: ["StubRemote"]),
        .library(name: "StubAssertions", targets: ["StubAssertions"]),
        .library(name: "StubInProcess", targets: ["StubInProcess"]),
        .executable(name: "understudy", targets: ["understudy"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Spec files: YAML (and JSON, read as YAML) with line and column marks.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // OpenAPI documents' structure (3.0 read and converted to 3.1); `traits: []` leaves out external loading.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0", traits: []),
        // The command line's request log.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `swift package generate-documentation --target StubKit` (built only when run;
        // scripts/docs converts the catalogs without it, from the test build's modules).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The C library, found by pkg-config. Only MicroHTTP imports it.
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        // zlib, found by pkg-config, for the gzip and deflate content codings. Only HTTPCoding imports it.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // GnuTLS, found by pkg-config (libmicrohttpd's own TLS library, so no new
        // package to install), for the verifier's client side and for throwaway
        // certificates. Only WireClient and StubTLS import it.
        .systemLibrary(name: "CGnuTLS", pkgConfig: "gnutls", providers: [.apt(["libgnutls28-dev"]), .brew(["gnutls"])]),
        // An HTTP/1.1 client that sends a request exactly as given (a GET with a
        // body, a query as written, headers in order and case), over TCP or TLS:
        // what `verify --pact` speaks, since URLSession refuses such requests. Not a product.
        .target(name: "WireClient", dependencies: ["CGnuTLS", "Locking", "HTTPWire"], swiftSettings: strictSettings),
        // The pthread-mutex box every layer shares (Thread Sanitizer understands
        // it), so the engine's state needs no transport module. Not a product.
        .target(name: "Locking", swiftSettings: strictSettings),
        // The values both sides of a transport share: a response, a streamed
        // body, a content coding's name and codec. No socket, no C. Not a product.
        .target(name: "HTTPWire", dependencies: ["Locking"], swiftSettings: strictSettings),
        // gzip and deflate by zlib (`ContentCodec.zlib`), for the transports that link C. Not a product.
        .target(name: "HTTPCoding", dependencies: ["CZlib", "HTTPWire"], swiftSettings: strictSettings),
        // libmicrohttpd as Swift values: daemon lifetime, callbacks, suspend/resume.
        .target(name: "MicroHTTP", dependencies: ["CMicroHTTPD", "HTTPWire", "HTTPCoding", "Locking"], swiftSettings: strictSettings),
        // Pure values: stubs, patterns, recipes, recorded requests. No I/O, no C, no Marvel.
        .target(name: "StubKit", dependencies: ["Locking", "HTTPWire"], swiftSettings: strictSettings),
        // The engine: what to answer a request (matching, guards, recipes,
        // scenarios, `times`, delays as timers, faults as values), the journal
        // and near-miss reports, with no socket and no libmicrohttpd. Every
        // transport feeds it. Not a product.
        .target(name: "StubEngine", dependencies: ["HTTPWire", "LegacyDigests", "Locking", "StubKit"], swiftSettings: strictSettings),
        // Serves [Stub] to URLSession in this process through URLProtocol: the
        // in-process transport in front of the engine. Links no C (iOS unit tests).
        .target(name: "StubInProcess", dependencies: ["StubEngine", "HTTPWire", "Locking", "StubKit"], swiftSettings: strictSettings),
        // Serves [Stub] on MicroHTTP: the libmicrohttpd transport in front of the engine.
        .target(name: "StubServer", dependencies: ["StubEngine", "StubInProcess", "MicroHTTP", "HTTPCoding", "Locking", "StubKit", "StubTLS", "WireClient"], swiftSettings: strictSettings),
        // Throwaway certificate authorities and the certificates they issue, as PEM.
        // Made by GnuTLS, which the server links anyway: swift-certificates and
        // swift-crypto (BoringSSL) cost each build about 85 s on two cores.
        .target(name: "StubTLS", dependencies: ["CGnuTLS"], swiftSettings: strictSettings),
        // MD5 and SHA-1 for the protocols that still name them (Marvel's request
        // hash, the fake's ETags). No C, nothing else. Not a product.
        .target(name: "LegacyDigests", swiftSettings: strictSettings),
        // WireMock mappings (mappings/*.json + __files/) <-> StubKit values.
        .target(name: "WireMockFormat", dependencies: ["StubKit", "DocumentReader"], swiftSettings: strictSettings),
        // Pact files (V2-V4) <-> StubKit values: interactions as patterns, rules as shapes.
        .target(name: "PactFormat", dependencies: ["StubKit", "DocumentReader"], swiftSettings: strictSettings),
        // OpenAPI documents: read as written (Yams node tree with marks), schemas validated by our own walker.
        .target(
            name: "OpenAPIStubs",
            dependencies: [
                "StubKit", "DocumentReader", "Locking", .product(name: "Yams", package: "Yams"),
                .product(name: "OpenAPIKit", package: "OpenAPIKit"), .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
            ],
            swiftSettings: strictSettings
        ),
        // Spec files (YAML/JSON) <-> StubKit values; fixtures read relative to the spec.
        // One reader for located YAML and JSON documents: nodes with line, column,
        // key path and JSON pointer, typed reads that collect problems, and the
        // one place a YAML syntax error is located. Not a product.
        .target(
            name: "DocumentReader",
            dependencies: ["StubKit", "Locking", .product(name: "Yams", package: "Yams")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StubSpec",
            dependencies: ["StubKit", "DocumentReader", .product(name: "Yams", package: "Yams")],
            swiftSettings: strictSettings
        ),
        // Recording: the proxying recorder on a server, the session recorder
        // that turns exchanges into stubs, recording rules and the secret scan.
        .target(
            name: "StubRecording",
            dependencies: ["StubServer", "StubSpec", "StubKit"],
            swiftSettings: strictSettings
        ),
        // Codable values for the Marvel Comics API: envelopes, errors, the six entities.
        .target(name: "MarvelModels", swiftSettings: strictSettings),
        // A typed client for the Marvel API; never imports a Stub module.
        .target(
            name: "MarvelClient",
            dependencies: ["MarvelModels", "LegacyDigests"],
            swiftSettings: strictSettings
        ),
        // Marvel's pieces as a plug-in of the core: paged envelopes (a named
        // recipe), signing (a named auth rule), error bodies, attribution.
        .target(
            name: "MarvelStubs",
            dependencies: ["StubKit", "LegacyDigests"],
            swiftSettings: strictSettings
        ),
        // The whole Marvel Comics API declared with the DSL, over crafted data.
        .target(
            name: "MarvelFake",
            dependencies: ["StubKit", "StubServer", "MarvelStubs", "MarvelModels", "Locking"],
            swiftSettings: strictSettings
        ),
        // A server in another process, driven through its admin API: Foundation
        // and StubKit only, so an iOS UI test target can link it.
        .target(name: "StubRemote", dependencies: ["StubSpec", "StubKit", "Locking"], swiftSettings: strictSettings),
        // The companion test library, the only code that imports a test framework, in
        // two modules, side by side in Sources/StubTesting (the only folder whose code may
        // import Testing or XCTest). StubAssertions: the assertions
        // over a journal, for local and remote servers alike, linking no server, so a
        // UI test target can use it. StubTesting: the Swift Testing trait, the XCTest
        // scope, the assertions on a local server, pact recording, contract checks.
        .target(
            name: "StubAssertions", dependencies: ["StubKit", "StubEngine", "StubInProcess", "StubRemote"],
            path: "Sources/StubTesting/StubAssertions", swiftSettings: strictSettings
        ),
        .target(
            name: "StubTesting", dependencies: ["StubServer", "StubKit", "StubAssertions", "PactFormat", "StubRecording"],
            path: "Sources/StubTesting/StubTesting", swiftSettings: strictSettings
        ),
        // The /__admin routes beside the stubs: WireMock's admin API, and ours.
        .target(
            name: "StubAdmin",
            dependencies: ["StubServer", "StubKit", "StubSpec", "StubRecording", "WireMockFormat"],
            swiftSettings: strictSettings
        ),
        // What the command line does, as a library: serving, ready lines, shutdown on signals.
        .target(
            name: "UnderstudyCLI",
            dependencies: ["StubServer", "StubKit", "StubSpec", "StubRecording", "WireMockFormat", "PactFormat", "OpenAPIStubs", "StubAdmin", "StubRemote", "MarvelFake", "WireClient", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        // The `understudy` command: argument parsing and exit codes only.
        // One allocator setting for the command-line server (see MallocTuning.swift).
        .target(name: "CAllocatorTuning"),
        .executableTarget(
            name: "understudy",
            dependencies: [
                "UnderstudyCLI", "StubSpec", "StubRecording", "StubServer", "StubKit", "PactFormat", "MarvelFake", "CAllocatorTuning", "WireClient",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // libFuzzer's entry point when scripts/fuzz links libFuzzer
        // (-sanitize=fuzzer); otherwise a weak stand-in that replays corpus
        // files once, so the normal build replays the corpus as regression tests.
        .target(name: "CFuzzerDriver"),
        // The fuzz targets (spec loader, matcher, HTTP path), run by scripts/fuzz.
        .executableTarget(
            name: "understudy-fuzz",
            dependencies: ["CFuzzerDriver", "DocumentReader", .product(name: "Yams", package: "Yams"), "WireClient", "StubSpec", "StubRecording", "MarvelStubs", "WireMockFormat", "PactFormat", "OpenAPIStubs", "StubAdmin", "StubServer", "StubEngine", "HTTPWire", "StubKit", "MicroHTTP"],
            swiftSettings: strictSettings
        ),
        // A UI-test stand-in that links only the remote client and the assertions;
        // StubRemoteTests checks it carries no libmicrohttpd and drives a real server.
        .executableTarget(
            name: "understudy-remote-probe",
            dependencies: ["StubRemote", "StubAssertions", "StubKit"],
            swiftSettings: strictSettings
        ),
        // A stand-in for an in-process test target: it links only the engine and the
        // assertions, answers requests with no socket and checks them; StubServerTests
        // checks it carries no libmicrohttpd.
        .executableTarget(
            name: "understudy-engine-probe",
            dependencies: ["StubEngine", "HTTPWire", "StubInProcess", "StubAssertions", "StubKit"],
            swiftSettings: strictSettings
        ),
        // Benchmark and self-check programs driven by scripts/bench and the tests.
        .executableTarget(
            name: "understudy-bench",
            dependencies: ["StubServer", "StubAdmin", "StubKit", "StubTLS", "MicroHTTP", "MarvelFake", "MarvelModels"],
            swiftSettings: strictSettings
        ),

        // Helpers shared by the test targets: a raw socket, a URLSession client, built products.
        .target(name: "UnderstudyTestSupport", dependencies: ["StubKit", "UnderstudyProcessAudit"], path: "Tests/Support"),
        // What the test process holds at exit that it did not at start (on with UNDERSTUDY_PROCESS_AUDIT).
        .target(name: "UnderstudyProcessAudit", path: "Tests/ProcessAudit"),
        .testTarget(
            name: "MicroHTTPTests",
            dependencies: ["MicroHTTP", "StubTLS", "UnderstudyTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "WireClientTests", dependencies: ["WireClient", "StubServer", "StubKit", "UnderstudyTestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "StubKitTests", dependencies: ["StubKit", "UnderstudyTestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "LegacyDigestsTests", dependencies: ["LegacyDigests", "UnderstudyTestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "StubRecordingTests", dependencies: ["StubRecording", "StubKit", "MarvelStubs"], swiftSettings: strictSettings),
        .testTarget(
            name: "StubInProcessTests",
            dependencies: ["StubInProcess", "StubAssertions", "StubServer", "StubTesting", "StubKit", "MarvelFake", "WireMockFormat", "OpenAPIStubs", "PactFormat",
                           "UnderstudyTestSupport", "understudy-engine-probe"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "StubEngineTests", dependencies: ["StubEngine", "HTTPWire", "HTTPCoding", "StubKit", "Locking"], swiftSettings: strictSettings),
        .testTarget(name: "DocumentReaderTests", dependencies: ["DocumentReader", "StubKit", .product(name: "Yams", package: "Yams")],
                    swiftSettings: strictSettings),
        .testTarget(name: "MarvelModelsTests", dependencies: ["MarvelModels", "StubKit", "UnderstudyTestSupport"], swiftSettings: strictSettings),
        .testTarget(
            name: "MarvelClientTests",
            dependencies: ["MarvelClient", "MarvelModels", "MarvelFake", "StubServer", "StubKit", "UnderstudyTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "UnderstudyCLITests",
            dependencies: ["understudy", "UnderstudyTestSupport", "MarvelClient", "MarvelModels", "MarvelStubs", "StubSpec", "StubServer", "StubKit"],
            exclude: ["python"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "MarvelFakeTests",
            dependencies: ["MarvelFake", "MarvelModels", "StubServer", "StubKit", "MicroHTTP", "HTTPCoding", "UnderstudyTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StubSpecTests",
            dependencies: ["StubSpec", "StubServer", "StubKit", "MarvelStubs", "UnderstudyTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StubAdminTests",
            dependencies: ["StubAdmin", "StubServer", "StubKit", "WireMockFormat", "StubTesting", "StubRemote", "UnderstudyTestSupport"],
            exclude: ["python"],
            swiftSettings: strictSettings
        ),
        // The remote client against `understudy serve` in another process, and
        // the probe that proves the remote side links no libmicrohttpd.
        .testTarget(
            name: "StubRemoteTests",
            dependencies: ["StubRemote", "StubAssertions", "StubKit", "UnderstudyTestSupport", "understudy", "understudy-remote-probe"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "OpenAPIStubsTests",
            dependencies: ["OpenAPIStubs", "StubKit", "UnderstudyTestSupport", .product(name: "Yams", package: "Yams"),
                           .product(name: "OpenAPIKit", package: "OpenAPIKit"), .product(name: "OpenAPIKit30", package: "OpenAPIKit")],
            exclude: ["python"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PactFormatTests",
            dependencies: ["PactFormat", "StubKit"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WireMockFormatTests",
            dependencies: ["WireMockFormat", "StubServer", "StubKit", "MarvelStubs", "UnderstudyTestSupport"],
            exclude: ["Corpus"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StubTestingTests",
            dependencies: ["StubTesting", "StubServer", "StubKit", "StubRecording", "MarvelStubs", "OpenAPIStubs", "UnderstudyTestSupport"],
            // Recordings/ holds the archives recording tests play back: read from disk, not built.
            exclude: ["Recordings"],
            swiftSettings: strictSettings
        ),
        // The Marvel contract suite: MarvelClient against MarvelFake, written as examples to read.
        .testTarget(
            name: "MarvelContractTests",
            dependencies: ["StubTesting", "MarvelClient", "MarvelModels", "MarvelFake", "StubServer", "StubKit", "OpenAPIStubs", "UnderstudyTestSupport", "understudy"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StubServerTests",
            dependencies: ["StubServer", "StubEngine", "StubKit", "StubTLS", "MicroHTTP", "HTTPCoding", "WireClient", "UnderstudyTestSupport", "understudy-bench"],
            exclude: ["python"],
            swiftSettings: strictSettings
        ),
    ]
)

// `scripts/test --sanitize` names the suites it runs in UNDERSTUDY_TEST_TARGETS
// (comma-separated): the package then holds only those test targets and what
// they depend on, so a sanitizer build compiles no module its suites do not
// load. Unset, as for every user, the package is whole.
if let names = Context.environment["UNDERSTUDY_TEST_TARGETS"] {
    let wanted = names.split(separator: ",").map(String.init)
    let targets = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
    var kept = Set<String>()
    var queue = wanted.filter { targets[$0]?.type == .test }
    while let name = queue.popLast() {
        guard kept.insert(name).inserted, let target = targets[name] else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): queue.append(name)
            default: break
            }
        }
    }
    package.targets.removeAll { !kept.contains($0.name) }
    package.products.removeAll { product in
        let names = (product as? Product.Library)?.targets ?? (product as? Product.Executable)?.targets ?? []
        return names.contains { !kept.contains($0) }
    }
}

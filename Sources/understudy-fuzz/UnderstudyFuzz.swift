// understudy-fuzz: the fuzz targets behind scripts/fuzz.
//
//   understudy-fuzz TARGET [libFuzzer flags] [corpus folders or files]
//
// TARGET is spec-yaml, spec-json, json, json-nodes, yaml-parts, wiremock, pact, xml, openapi, admin, matcher, http, recording, template, multipart, http-response, event-stream, websocket-frames, resource or har. Built by scripts/fuzz with
// -sanitize=fuzzer,address, libFuzzer runs the target; in the normal build a
// stand-in replays the named corpus files once (see CFuzzerDriver).
import CFuzzerDriver
import Foundation

/// The harness the driver calls; set once, before the driver starts.
nonisolated(unsafe) private var selectedTarget: FuzzTarget?

/// One fuzz target: what it feeds the bytes to.
enum FuzzTarget: String, CaseIterable {
    case specYAML = "spec-yaml"
    case specJSON = "spec-json"
    case json
    case jsonNodes = "json-nodes"
    case yamlParts = "yaml-parts"
    case wiremock
    case pact
    case xml
    case openapi
    case admin
    case matcher
    case http
    case recording
    case template
    case multipart
    case httpResponse = "http-response"
    case eventStream = "event-stream"
    case webSocketFrames = "websocket-frames"
    case resource
    case har

    func run(_ bytes: [UInt8]) {
        switch self {
        case .specYAML: SpecFuzz.run(bytes, name: "fuzz.yaml")
        case .specJSON: SpecFuzz.run(bytes, name: "fuzz.json")
        case .json: JSONFuzz.run(bytes)
        case .jsonNodes: JSONNodesFuzz.run(bytes)
        case .yamlParts: YAMLPartsFuzz.run(bytes)
        case .wiremock: WireMockFuzz.run(bytes)
        case .pact: PactFuzz.run(bytes)
        case .xml: XMLFuzz.run(bytes)
        case .openapi: OpenAPIFuzz.run(bytes)
        case .admin: AdminFuzz.run(bytes)
        case .matcher: MatcherFuzz.run(bytes)
        case .http: HTTPFuzz.run(bytes)
        case .recording: RecordingFuzz.run(bytes)
        case .template: TemplateFuzz.run(bytes)
        case .multipart: MultipartFuzz.run(bytes)
        case .httpResponse: HTTPResponseFuzz.run(bytes)
        case .eventStream: EventStreamFuzz.run(bytes)
        case .webSocketFrames: WebSocketFrameFuzz.run(bytes)
        case .resource: ResourceFuzz.run(bytes)
        case .har: HARFuzz.run(bytes)
        }
    }
}

/// libFuzzer's entry point (it also needs the symbol when it drives the run).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selectedTarget?.run(bytes)
    return 0
}

@main
enum UnderstudyFuzz {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: " | ")
            FileHandle.standardError.write(Data("usage: understudy-fuzz \(names) [libFuzzer flags] [corpus...]\n".utf8))
            exit(2)
        }
        selectedTarget = target
        // The driver sees the program name and everything after the target.
        let passed = [arguments[0]] + arguments.dropFirst(2)
        var argc = Int32(passed.count)
        let vector = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: passed.count + 1)
        for (index, argument) in passed.enumerated() { vector[index] = strdup(argument) }
        vector[passed.count] = nil
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = vector
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
    }
}

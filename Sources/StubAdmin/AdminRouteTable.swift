import StubKit

/// Every admin route on one page: a method, a path under the prefix (`*` is
/// any one segment) and what answers it. The first route that fits a request
/// answers it; a handler may decline (`nil`) to let a later one try. Each
/// area's handlers live in its own file (`AdminMappingRoutes`, …).
extension AdminAPI {
    package static let routes: [AdminEndpoint] = [
        // Our own, for what WireMock's shapes cannot say (AdminStubRoutes).
        AdminEndpoint("GET", "journal") { api, call in api.journal(call.request) },
        AdminEndpoint("GET", "requests/wait", later: { api, call in await api.wait(call.request) }),
        AdminEndpoint("GET", "stubs") { api, _ in api.listStubs() },
        AdminEndpoint("POST", "stubs") { api, call in try api.addStubs(call) },
        AdminEndpoint("DELETE", "stubs") { api, _ in try api.removeAllStubs() },
        AdminEndpoint("PUT", "stubs/*") { api, call in try api.replaceStub(call) },
        AdminEndpoint("DELETE", "stubs/*") { api, call in api.removeStub(call) },
        AdminEndpoint(nil, "stubs/*") { api, call in api.unknownStub(call) },
        // WireMock's mappings (AdminMappingRoutes).
        AdminEndpoint("GET", "mappings") { api, call in api.listMappings(call.request) },
        AdminEndpoint("POST", "mappings") { api, call in try api.addMapping(call) },
        AdminEndpoint("DELETE", "mappings") { api, _ in try api.removeAllMappings() },
        AdminEndpoint("POST", "mappings/reset") { api, _ in try api.resetMappings() },
        AdminEndpoint("POST", "mappings/save") { api, _ in try api.save() },
        AdminEndpoint("POST", "mappings/import") { api, call in try api.importMappings(call.request.body) },
        AdminEndpoint("POST", "mappings/find-by-metadata") { api, call in try api.mappingsByMetadata(call, remove: false) },
        AdminEndpoint("POST", "mappings/remove-by-metadata") { api, call in try api.mappingsByMetadata(call, remove: true) },
        AdminEndpoint("GET", "mappings/*") { api, call in api.mapping(call) },
        AdminEndpoint("PUT", "mappings/*") { api, call in try api.replaceMapping(call) },
        AdminEndpoint("DELETE", "mappings/*") { api, call in api.removeMapping(call) },
        // WireMock's journal and near misses (AdminRequestRoutes).
        AdminEndpoint("GET", "requests") { api, call in api.serveEvents(call.request) },
        AdminEndpoint("DELETE", "requests") { api, _ in api.resetRequests() },
        AdminEndpoint("POST", "requests/reset") { api, _ in api.resetRequests() },
        AdminEndpoint("GET", "requests/unmatched") { api, _ in api.unmatchedRequests() },
        AdminEndpoint("GET", "requests/unmatched/near-misses") { api, _ in api.unmatchedNearMisses() },
        AdminEndpoint("GET", "requests/unmatched/reports") { api, _ in try api.unmatchedReports() },
        AdminEndpoint("POST", "requests/count") { api, call in try api.countRequests(call) },
        AdminEndpoint("POST", "requests/find") { api, call in try api.findRequests(call) },
        AdminEndpoint("POST", "requests/remove") { api, call in try api.removeRequests(call) },
        AdminEndpoint("GET", "requests/*") { api, call in api.journalEntry(call) },
        AdminEndpoint("DELETE", "requests/*") { api, call in api.journalEntry(call) },
        AdminEndpoint("POST", "near-misses/request") { api, call in api.nearMissesOfRequest(call) },
        AdminEndpoint("POST", "near-misses/request-pattern") { api, call in try api.nearMissesOfPattern(call) },
        // Scenarios, settings, reset, shutdown, health, version (AdminStateRoutes).
        AdminEndpoint("GET", "scenarios") { api, _ in api.listScenarios() },
        AdminEndpoint("POST", "scenarios/reset") { api, _ in api.resetScenarios() },
        AdminEndpoint("PUT", "scenarios/*/state") { api, call in api.setScenarioState(call) },
        AdminEndpoint("GET", "settings") { api, _ in api.currentSettings() },
        AdminEndpoint("POST", "settings") { api, call in api.changeSettings(call.request.body) },
        AdminEndpoint("PUT", "settings") { api, call in api.changeSettings(call.request.body) },
        AdminEndpoint("POST", "reset") { api, _ in api.resetAll() },
        // Stateful resources (AdminResourceRoutes).
        AdminEndpoint("GET", "held/take", now: { api, call in api.takeHeldAtOnce(call.request) }, later: { api, call in await api.takeHeld(call.request) }),
        AdminEndpoint("POST", "held/*/respond") { api, call in api.answerHeld(call, failing: false) },
        AdminEndpoint("POST", "held/*/fail") { api, call in api.answerHeld(call, failing: true) },
        AdminEndpoint("GET", "held/*/cancelled", now: { api, call in api.heldCancelledAtOnce(call) }, later: { api, call in await api.heldCancelled(call) }),
        AdminEndpoint("GET", "resources") { api, call in api.listResources(call) },
        AdminEndpoint("PUT", "resources") { api, call in api.seedResource(call) },
        AdminEndpoint("POST", "resources/reset") { api, call in api.resetResources(call) },
        AdminEndpoint("POST", "shutdown") { api, _ in api.shutdown() },
        AdminEndpoint("GET", "health") { api, _ in api.health() },
        AdminEndpoint("GET", "version") { api, _ in api.versionAnswer() },
        // WireMock's recorder (AdminRecordingRoutes).
        AdminEndpoint("GET", "recordings/status") { api, _ in api.recordingStatus() },
        AdminEndpoint("POST", "recordings/start") { api, call in api.startRecording(call) },
        AdminEndpoint("POST", "recordings/stop") { api, _ in api.stopRecording() },
        AdminEndpoint("POST", "recordings/snapshot") { api, call in api.snapshotRecording(call) },
        // The live request log (AdminUIRoutes).
        AdminEndpoint("GET", "ui") { _, _ in AdminAPI.logPage() },
        AdminEndpoint("GET", "ui/log", now: { api, _ in AdminAnswer.json(api.logSnapshot()) },
                      later: { api, call in await api.logPoll(call.request) }),
        AdminEndpoint("POST", "ui/reset") { api, _ in api.resetLog() },
    ]
}

/// One admin route: which requests it takes and what answers them.
package struct AdminEndpoint: Sendable {
    /// The method, or `nil` for any.
    package let method: String?
    /// The path under the prefix; `*` is any one segment.
    package let path: String
    /// The path's segments, split once for every request that tries the route.
    let segments: [String]
    /// The answer given at once (`nil` from it: not this route after all).
    let now: (@Sendable (AdminAPI, AdminCall) throws -> StubResponse?)?
    /// The answer a long poll gives later, from a task, holding no server thread.
    let later: (@Sendable (AdminAPI, AdminCall) async -> StubResponse)?

    init(_ method: String?, _ path: String, _ now: @escaping @Sendable (AdminAPI, AdminCall) throws -> StubResponse?) {
        self.init(method, path, now: now, later: nil)
    }

    init(_ method: String?, _ path: String, now: (@Sendable (AdminAPI, AdminCall) throws -> StubResponse?)? = nil,
         later: (@Sendable (AdminAPI, AdminCall) async -> StubResponse)?) {
        self.method = method
        self.path = path
        self.segments = path.split(separator: "/").map(String.init)
        self.now = now
        self.later = later
    }
}

/// An admin request, with the path segments after the prefix.
struct AdminCall: Sendable {
    /// The request as it came.
    let request: RecordedRequest
    /// The method and the segments after the prefix.
    let route: AdminRoute

    /// The `index`th segment after the prefix.
    func part(_ index: Int) -> String { route.parts[index] }
}

/// An admin request's method and the path segments after the prefix.
struct AdminRoute: Sendable {
    var method: String
    var parts: [String]

    /// Whether the route is the endpoint's method (`nil`: any) and path
    /// (`*` is any one segment), compared segment by segment.
    func `is`(_ endpoint: AdminEndpoint) -> Bool {
        if let method = endpoint.method, self.method != method { return false }
        guard endpoint.segments.count == parts.count else { return false }
        for (wanted, part) in zip(endpoint.segments, parts) where wanted != "*" && wanted != part { return false }
        return true
    }
}

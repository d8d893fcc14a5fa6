package import Foundation
import StubKit
import StubRemote
import StubSpec

/// `understudy admin URL …`: one admin call on a running server, for scripts.
/// Each call returns its output and exit code: 0 done, 1 the check it makes
/// failed (a wait timed out, a count differed), 2 bad input or an unreachable server.
package struct AdminRun: Sendable {
    /// What a call printed and how it ended.
    package struct Outcome: Sendable {
        /// Lines for standard output.
        package var output: [String] = []
        /// Lines for standard error.
        package var errors: [String] = []
        /// 0, 1 or 2.
        package var exitCode: Int32 = 0
    }

    let server: RemoteStubServer

    /// Calls the server at `url`, sending `token` when given.
    package init(url: URL, token: String?) {
        server = RemoteStubServer(url: url, token: token)
    }

    /// Loads spec files (or WireMock mappings) here, fixtures included, and
    /// adds their stubs to the server.
    package func addStubs(paths: [String]) async -> Outcome {
        let loading = SpecLoading(paths: paths)
        guard loading.problems.isEmpty else { return Outcome(errors: loading.problems.map(\.description), exitCode: 2) }
        return await call {
            let ids = try await server.add(loading.stubs)
            return ["added \(ids.count) stub\(ids.count == 1 ? "" : "s"): " + ids.map(\.rawValue).joined(separator: ", ")]
        }
    }

    /// The server's stubs in the spec-file schema.
    package func listStubs() async -> Outcome {
        await call { [String(decoding: try await server.send("GET", "/stubs", expecting: 200), as: UTF8.self)] }
    }

    /// Removes the stub `id`.
    package func removeStub(_ id: String) async -> Outcome {
        await call {
            try await server.remove(StubID(id))
            return ["removed \(id)"]
        }
    }

    /// Puts the server back as it started.
    package func reset() async -> Outcome {
        await call {
            try await server.reset()
            return ["reset"]
        }
    }

    /// The journal, a line per request (secrets masked), or only the
    /// unmatched ones with their near-miss reports; as JSON when `json`.
    package func requests(unmatchedOnly: Bool, json: Bool) async -> Outcome {
        await call {
            let journal = try await server.journal()
            let entries = unmatchedOnly ? journal.unmatched : journal.entries
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                return [String(decoding: try encoder.encode(entries), as: UTF8.self)]
            }
            guard !entries.isEmpty else { return [unmatchedOnly ? "no unmatched requests" : "no requests"] }
            return entries.map { entry in
                let shown = "#\(entry.sequence) \(entry.request.method) \(journal.redaction.target(entry.request.target))"
                let status = entry.status.map { " → \($0)" } ?? " → no response"
                if entry.isUnmatched { return shown + status + " (no stub matched)" + (unmatchedOnly ? "\n" + (entry.report ?? "") : "") }
                let stub = entry.stubID.map { " (stub \($0)" + (entry.declared.map { ", declared at \($0))" } ?? ")") } ?? ""
                return shown + status + stub
            }
        }
    }

    /// How many received requests match `pattern`; exit 1 when `expected`
    /// is given and the count differs.
    package func count(_ pattern: String, expected: Int?) async -> Outcome {
        let wanted: RequestPattern
        switch Self.pattern(pattern) {
        case .success(let parsed): wanted = parsed
        case .failure(let error): return Outcome(errors: [error.message], exitCode: 2)
        }
        var outcome = await call {
            let journal = try await server.journal()
            return ["\(journal.entries.filter { wanted.match($0.request) != nil }.count)"]
        }
        if outcome.exitCode == 0, let expected, outcome.output.first != "\(expected)" {
            outcome.errors.append("expected \(expected) requests matching \(wanted), received \(outcome.output.first ?? "?")")
            outcome.exitCode = 1
        }
        return outcome
    }

    /// Waits for the next request matching `pattern`; exit 1 with what
    /// arrived instead when none comes within `timeout`.
    package func wait(_ pattern: String, timeout: Duration) async -> Outcome {
        let wanted: RequestPattern
        switch Self.pattern(pattern) {
        case .success(let parsed): wanted = parsed
        case .failure(let error): return Outcome(errors: [error.message], exitCode: 2)
        }
        do {
            let request = try await server.next(matching: wanted, timeout: timeout)
            return Outcome(output: ["\(request.method) \(Redaction.secrets.target(request.target))"])
        } catch let timedOut as RemoteWaitTimeout {
            return Outcome(errors: [timedOut.report], exitCode: 1)
        } catch {
            return Outcome(errors: ["\(error)"], exitCode: 2)
        }
    }

    /// `GET /path` (a literal path or template; `*` for any method), or a
    /// spec `request:` block such as `{method: GET, path: /x, query: {q: a}}`.
    static func pattern(_ text: String) -> Result<RequestPattern, AdminPatternError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if !trimmed.hasPrefix("{") {
            let parts = trimmed.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, parts[1].hasPrefix("/") else {
                return .failure(AdminPatternError(message: "a pattern is \"METHOD /path\" or a spec request block such as '{method: GET, path: /x}', not \"\(text)\""))
            }
            let method = parts[0] == "*" ? nil : HTTPMethod(rawValue: parts[0].uppercased())
            let path = PathPattern.parse(parts[1])
            if let problem = path.problem { return .failure(AdminPatternError(message: problem)) }
            return .success(RequestPattern(method: method, path: path))
        }
        do {
            return .success(try StubSpec.requestPattern(trimmed, name: "PATTERN"))
        } catch {
            return .failure(AdminPatternError(message: "\(error)"))
        }
    }

    /// `record start|stop|status`: WireMock's recorder routes. A stop prints
    /// what was recorded (a server started by `understudy record` also
    /// writes its spec then) and exits 1 when the secret scan found something.
    package func record(_ action: String, target: String? = nil) async -> Outcome {
        switch action {
        case "start":
            guard let target else { return Outcome(errors: ["record start needs --target URL"], exitCode: 2) }
            let body = JSONValue.object(["targetBaseUrl": .string(target)]).description
            return await call {
                _ = try await server.send("POST", "/recordings/start", body: Data(body.utf8), expecting: 200)
                return ["recording \(target)"]
            }
        case "status":
            return await call {
                let data = try await server.send("GET", "/recordings/status", expecting: 200)
                guard case .object(let fields)? = JSONValue(data: data), case .string(let status)? = fields["status"] else { return ["unknown"] }
                return [status]
            }
        case "stop":
            var found: [String] = []
            var outcome = await call {
                let data = try await server.send("POST", "/recordings/stop", expecting: 200)
                guard case .object(let fields)? = JSONValue(data: data), case .object(let ours)? = fields["understudy"] else {
                    return ["stopped"]
                }
                if case .array(let findings)? = ours["secretsFound"] { found = findings.compactMap { if case .string(let text) = $0 { text } else { nil } } }
                let requests = ours["requests"].map(\.description) ?? "0"
                let stubs = fields["mappings"].map { if case .array(let items) = $0 { items.count } else { 0 } } ?? 0
                return ["stopped: \(requests) requests recorded as \(stubs) stubs"]
            }
            if !found.isEmpty {
                outcome.errors += ["the secret scan found values seen where credentials go; nothing was written:"] + found.map { "  " + $0 }
                outcome.exitCode = 1
            }
            return outcome
        default:
            return Outcome(errors: ["record takes start, stop or status, not \(action)"], exitCode: 2)
        }
    }

    /// Runs one admin call; a refusal or an unreachable server is exit 2.
    private func call(_ body: () async throws -> [String]) async -> Outcome {
        do {
            return Outcome(output: try await body())
        } catch {
            return Outcome(errors: ["\(error)"], exitCode: 2)
        }
    }
}

/// A pattern given on the command line that cannot be read.
package struct AdminPatternError: Error, Sendable, CustomStringConvertible {
    /// What is wrong with it.
    package var message: String
    /// The message.
    package var description: String { message }
}

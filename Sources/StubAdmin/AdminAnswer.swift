import Foundation
import StubKit

/// Admin answers: JSON bodies, and errors in WireMock's shape
/// (`{"errors": [{"code", "source": {"pointer"}, "title", "detail"}]}`).
enum AdminAnswer {
    static func json(_ value: JSONValue, status: Int = 200) -> StubResponse {
        StubResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(value.description.utf8))
    }

    static func ok() -> StubResponse { json(.object([:])) }

    static func error(_ status: Int, _ title: String, pointer: String? = nil, detail: String? = nil) -> StubResponse {
        var error: [String: JSONValue] = ["code": .number(Double(status)), "title": .string(title)]
        if let pointer { error["source"] = .object(["pointer": .string(pointer)]) }
        if let detail { error["detail"] = .string(detail) }
        return json(.object(["errors": .array([.object(error)])]), status: status)
    }

    /// 422 with one error per problem, each with its JSON pointer and located message.
    static func invalid(_ error: StubValidationError) -> StubResponse {
        let errors = error.problems.map { problem -> JSONValue in
            .object([
                "code": .number(10), "source": .object(["pointer": .string(problem.subject)]),
                "title": .string("Error parsing JSON"), "detail": .string(problem.description),
            ])
        }
        return json(.object(["errors": .array(errors)]), status: 422)
    }

    static func notFound(_ what: String) -> StubResponse { error(404, what) }
}

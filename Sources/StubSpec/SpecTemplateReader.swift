import DocumentReader
import Foundation
import StubKit

/// `template:` and `templateJSON:` responses: WireMock's response templating
/// in the spec format. Header values are templates too; a template that does
/// not parse is refused at its key, naming the place inside the template.
///
/// ```yaml
/// - request: { method: POST, path: /users }
///   response:
///     status: 201
///     headers: { Location: "/users/{{jsonPath request.body '$.id'}}" }
///     templateJSON: { id: "{{jsonPath request.body '$.id'}}", at: "{{now}}" }
/// ```
extension SpecStubReader {
    mutating func templated(_ fields: DocumentMembers, status: Int, headers: HTTPHeaders) -> ResponseRecipe? {
        let problemsBefore = reading.problems.count
        var response = TemplatedResponse(status: status)
        var headerPairs = headers.pairs
        if let node = fields["template"], let text = reading.string(node), let body = template(text, at: node) {
            response.body = .text(body)
            if !headerPairs.contains(where: { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }) {
                headerPairs.insert(("Content-Type", "text/plain; charset=utf-8"), at: 0)
            }
        } else if let node = fields["templateJSON"], let value = reading.json(node), let body = template(value.description, at: node) {
            response.body = .json(body)
            if !headerPairs.contains(where: { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }) {
                headerPairs.insert(("Content-Type", "application/json"), at: 0)
            }
        }
        let headerNode = fields["headers"]
        for (name, value) in headerPairs {
            if let parsed = template(value, at: headerNode?.descendant(at: "/" + LocatedJSON.escape(name)) ?? fields["template"] ?? fields["templateJSON"]!) {
                response.headers.append((name, parsed))
            }
        }
        guard reading.problems.count == problemsBefore else { return nil }
        return .template(response)
    }

    private mutating func template(_ text: String, at node: DocumentNode) -> ResponseTemplate? {
        do {
            return try ResponseTemplate(text)
        } catch {
            reading.fail(node, "the template does not parse: \(error)")
            return nil
        }
    }
}

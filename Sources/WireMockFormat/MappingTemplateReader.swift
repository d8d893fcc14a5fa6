import DocumentReader
import Foundation
import StubKit

/// A mapping's response as a template, as WireMock's `response-template`
/// transformer renders it: header values, `body`, `jsonBody` and
/// `bodyFileName` (name and contents) are templates; `status`,
/// `statusMessage` and `base64Body` are not. A template that does not parse
/// is refused here, at its place, with its line and column inside it.
extension MappingReader {
    /// Whether the response is rendered: every one under `--global-response-templating`,
    /// those whose `transformers` list `response-template` otherwise (unknown names are ignored, as WireMock does).
    mutating func isTemplated(_ fields: DocumentMembers) -> Bool {
        var listed = false
        if let transformers = fields["transformers"] {
            if let names = transformers.elements {
                listed = names.compactMap { string($0) }.contains("response-template")
            } else {
                fail(transformers, "expected a list of transformer names, got \(shown(transformers))")
            }
        }
        if let parameters = fields["transformerParameters"], case .object = parameters.value {} else if let parameters = fields["transformerParameters"] {
            fail(parameters, "expected an object, got \(shown(parameters))")
        }
        switch templating {
        case .off: return false
        case .local: return listed
        case .global: return true
        }
    }

    /// The templated response; `nil` when no part holds a tag (it is then
    /// served as a fixed response) or when a part is wrong (recorded).
    mutating func templatedResponse(_ fields: DocumentMembers, in node: DocumentNode, status: Int, reason: String?) -> TemplatedResponse? {
        let problemsBefore = problems.count
        var response = TemplatedResponse(status: status, reason: reason, parameters: fields["transformerParameters"]?.value ?? .object([:]))
        if let node = fields["headers"] {
            for (name, value) in headers(node).pairs {
                if let template = template(value, at: node.at(name)) { response.headers.append((name, template)) }
            }
        }
        let given = node.memberOrder.filter(Self.bodyKeys.contains)
        if given.count > 1 { fail(node.at(given[1]), "a response takes one body; it also has \"\(given[0])\"") }
        var literalFile = true
        if let key = given.first, let value = fields[key] {
            switch key {
            case "body": response.body = string(value).flatMap { template($0, at: value) }.map { .text($0) } ?? .none
            case "jsonBody": response.body = template(value.value.description, at: value).map { .json($0) } ?? .none
            case "base64Body":
                guard let text = string(value), let data = Data(base64Encoded: text) else {
                    fail(value, "expected base64")
                    return nil
                }
                response.body = .bytes(data)
            default:
                guard let name = string(value), let nameTemplate = template(name, at: value) else { return nil }
                guard let bodyFolder else {
                    fail(value, "bodyFileName \"\(name)\" needs a __files folder")
                    return nil
                }
                literalFile = false
                let raw = response.parameters.objectMember("disableBodyFileTemplating") == .bool(true)
                response.body = .file(name: nameTemplate, folder: bodyFolder, renderContents: !raw)
            }
        }
        guard problems.count == problemsBefore else { return nil }
        let literal = response.headers.allSatisfy(\.value.isLiteral) && literalFile && {
            switch response.body {
            case .text(let template), .json(let template): return template.isLiteral
            default: return true
            }
        }()
        return literal ? nil : response
    }

    /// `text` parsed as a template; a mistake is recorded at `node`, naming the place inside it.
    private mutating func template(_ text: String, at node: DocumentNode) -> ResponseTemplate? {
        do {
            return try ResponseTemplate(text)
        } catch {
            fail(node, "the template does not parse: \(error)")
            return nil
        }
    }
}

extension JSONValue {
    /// The member `name` of an object, or `nil`.
    fileprivate func objectMember(_ name: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[name]
    }
}

public import Foundation

/// A Handlebars template as WireMock 2.35.1 renders it: parsed once when the
/// stub is made (a mistake is refused there, with its line and column inside
/// the template), rendered for each request.
///
/// ```swift
/// let template = try ResponseTemplate(#"{"id": "{{request.path.[1]}}", "at": "{{now}}"}"#)
/// ```
public struct ResponseTemplate: Sendable, Hashable, CustomStringConvertible {
    /// The template as written.
    public let source: String
    let nodes: [TemplateNode]
    /// Whether the source holds any tag (text without one renders as itself).
    public var isLiteral: Bool { nodes.allSatisfy { if case .text = $0 { true } else { false } } }

    /// Parses `source`.
    ///
    /// - Throws: ``TemplateSyntaxError`` with the line and column inside the
    ///   template: a block not closed, a close that does not match, an empty
    ///   tag, a doubled quote in a literal.
    public init(_ source: String) throws(TemplateSyntaxError) {
        self.source = source
        self.nodes = try TemplateParser.parse(source)
    }

    /// This template rendered for `request`: `parameters` are WireMock's
    /// `transformerParameters`, `scheme` and `serverPort` what the server
    /// listens with (for `request.baseUrl` when the request has no `Host`).
    ///
    /// - Throws: ``TemplateRenderError`` where WireMock answers `500`: an
    ///   unknown helper, `jsonPath` of an empty body, a bad time zone, …
    public func render(for request: RecordedRequest, parameters: JSONValue = .object([:]),
                       environment: inout TemplateEnvironment, scheme: String = "http", serverPort: Int = 80) throws(TemplateRenderError) -> String {
        if nodes.isEmpty { return "" }
        if case .text(let text) = nodes[0], nodes.count == 1 { return text }
        let model = TemplateValue.map([
            ("request", RequestTemplateModel.value(of: request, scheme: scheme, serverPort: serverPort)),
            ("parameters", TemplateValue(jsonMember: parameters)),
        ])
        var renderer = TemplateRenderer(model: model, environment: environment)
        defer { environment = renderer.environment }
        return try renderer.render(nodes)
    }

    /// The template as written.
    public var description: String { source }
}

/// A response whose parts are templates, as WireMock's `response-template`
/// transformer renders them: header values and the body (text, JSON whose
/// rendering must be JSON again, or a body file whose name and contents are
/// both templates). The status and status message are not templates, as in
/// WireMock; nor is a base64 body.
public struct TemplatedResponse: Sendable, Hashable {
    /// A templated body.
    public enum Body: Sendable, Hashable {
        /// No body.
        case none
        /// Text.
        case text(ResponseTemplate)
        /// A JSON body written compactly as the template; the rendering must
        /// parse as JSON again, or the answer is a `500` (WireMock's `jsonBody`).
        case json(ResponseTemplate)
        /// Bytes, sent as they are (WireMock's `base64Body` is not rendered).
        case bytes(Data)
        /// A file under `folder` whose name is a template, read for each
        /// answer; its contents are rendered too unless `renderContents` is false
        /// (`disableBodyFileTemplating`).
        case file(name: ResponseTemplate, folder: URL, renderContents: Bool)
    }

    /// The status code.
    public var status: Int
    /// A status message sent as it is (not a template).
    public var reason: String?
    /// Header lines in order; each value a template.
    public var headers: [(name: String, value: ResponseTemplate)]
    /// The body.
    public var body: Body
    /// WireMock's `transformerParameters`, seen by templates as `parameters`.
    public var parameters: JSONValue
    /// A proxy whose base URL and added headers are templates: the answer
    /// is the upstream's (WireMock renders `proxyBaseUrl` and
    /// `additionalProxyRequestHeaders`); status, headers and body are then unused.
    public var proxy: TemplatedProxy?

    /// A templated response.
    public init(status: Int = 200, reason: String? = nil, headers: [(name: String, value: ResponseTemplate)] = [],
                body: Body = .none, parameters: JSONValue = .object([:]), proxy: TemplatedProxy? = nil) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
        self.parameters = parameters
        self.proxy = proxy
    }

    /// The response for `request`.
    ///
    /// - Throws: ``TemplateRenderError`` where WireMock answers `500`.
    public func response(for request: RecordedRequest, environment: inout TemplateEnvironment,
                         scheme: String = "http", serverPort: Int = 80) throws(TemplateRenderError) -> StubResponse {
        guard proxy == nil else { throw TemplateRenderError("a templated proxy answers with the upstream's response; render its target instead") }
        func render(_ template: ResponseTemplate) throws(TemplateRenderError) -> String {
            try template.render(for: request, parameters: parameters, environment: &environment, scheme: scheme, serverPort: serverPort)
        }
        var response = StubResponse(status: status)
        response.reason = reason
        for (name, value) in headers { response.headers.add(name, try render(value)) }
        switch body {
        case .none: break
        case .text(let template): response.body = Data(try render(template).utf8)
        case .bytes(let data): response.body = data
        case .json(let template):
            let text = try render(template)
            guard JSONValue(json: text) != nil else {
                throw TemplateRenderError("com.fasterxml.jackson.databind.JsonMappingException: the rendered jsonBody is not JSON: \(text.prefix(80))")
            }
            response.body = Data(text.utf8)
        case .file(let name, let folder, let renderContents):
            let path = try render(name)
            let data: Data
            do { data = try FixtureFile.read(path, in: folder) } catch {
                throw TemplateRenderError("java.io.FileNotFoundException: \("\(error)".replacingOccurrences(of: "fixture", with: "bodyFileName"))")
            }
            response.body = renderContents ? Data(try render(try Self.template(of: data, named: path)).utf8) : data
        }
        return response
    }

    /// A body file's text as a template; a file that does not parse fails the answer.
    private static func template(of data: Data, named name: String) throws(TemplateRenderError) -> ResponseTemplate {
        do { return try ResponseTemplate(String(decoding: data, as: UTF8.self)) } catch {
            throw TemplateRenderError("bodyFileName \(name): \(error)")
        }
    }

    /// Equal when status, message, headers, body and parameters are.
    public static func == (lhs: TemplatedResponse, rhs: TemplatedResponse) -> Bool {
        lhs.status == rhs.status && lhs.reason == rhs.reason && lhs.body == rhs.body && lhs.parameters == rhs.parameters && lhs.proxy == rhs.proxy
            && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }

    /// Hashes status, headers and body.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(status)
        hasher.combine(body)
        for (name, value) in headers {
            hasher.combine(name)
            hasher.combine(value)
        }
    }
}

/// Where a templated proxy forwards: `proxyBaseUrl` and the values of
/// `additionalProxyRequestHeaders` are rendered for each request.
public struct TemplatedProxy: Sendable, Hashable {
    /// The upstream's base URL, a template.
    public var base: ResponseTemplate
    /// A leading path part taken off the request's path (not a template).
    public var removingPrefix: String?
    /// Headers set on the forwarded request; each value a template.
    public var addingHeaders: [(name: String, value: ResponseTemplate)]
    /// Headers not forwarded.
    public var removingHeaders: [String]

    /// A templated proxy.
    public init(base: ResponseTemplate, removingPrefix: String? = nil, addingHeaders: [(name: String, value: ResponseTemplate)] = [],
                removingHeaders: [String] = []) {
        self.base = base
        self.removingPrefix = removingPrefix
        self.addingHeaders = addingHeaders
        self.removingHeaders = removingHeaders
    }

    /// The proxy target for `request`.
    ///
    /// - Throws: ``TemplateRenderError`` when a template fails or the base
    ///   renders to something that is not an `http` or `https` URL.
    public func target(for request: RecordedRequest, parameters: JSONValue, environment: inout TemplateEnvironment,
                       scheme: String = "http", serverPort: Int = 80) throws(TemplateRenderError) -> ProxyTarget {
        func render(_ template: ResponseTemplate) throws(TemplateRenderError) -> String {
            try template.render(for: request, parameters: parameters, environment: &environment, scheme: scheme, serverPort: serverPort)
        }
        let text = try render(base)
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw TemplateRenderError("proxyBaseUrl rendered to \"\(text)\", which is not an http or https URL")
        }
        var headers = HTTPHeaders()
        for (name, value) in addingHeaders { headers.add(name, try render(value)) }
        return ProxyTarget(base: url, removingPrefix: removingPrefix, addingHeaders: headers, removingHeaders: removingHeaders)
    }

    /// Equal when every part is.
    public static func == (lhs: TemplatedProxy, rhs: TemplatedProxy) -> Bool {
        lhs.base == rhs.base && lhs.removingPrefix == rhs.removingPrefix && lhs.removingHeaders == rhs.removingHeaders
            && lhs.addingHeaders.map(\.name) == rhs.addingHeaders.map(\.name) && lhs.addingHeaders.map(\.value) == rhs.addingHeaders.map(\.value)
    }

    /// Hashes the base.
    public func hash(into hasher: inout Hasher) { hasher.combine(base) }
}

public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Whether a client holds keys: ``WithKeys`` or ``WithoutKeys``. A client without
/// keys cannot compile a call to a ``Signed`` request.
public protocol ClientAccess: Sendable {}
/// A client with Marvel keys: it sends ``Signed`` and ``Unsigned`` requests.
public enum WithKeys: ClientAccess {}
/// A client without keys: it sends only ``Unsigned`` requests.
public enum WithoutKeys: ClientAccess {}

/// A Marvel API client over `URLSession`.
///
/// ```swift
/// let client = MarvelAPIClient(baseURL: url, credentials: .serverSide(publicKey: "…", privateKey: "…"))
/// let page = try await client.send(Marvel.characters.list(.init(nameStartsWith: "Spi")))
/// for try await character in client.all(Marvel.comics.list()) { … }
/// ```
public actor MarvelAPIClient<Access: ClientAccess> {
    /// Where `/v1/public/…` paths are resolved (`https://gateway.marvel.com`).
    public nonisolated let baseURL: URL
    /// The signer, for clients with keys.
    public nonisolated let signer: MarvelSigner?
    /// The hooks.
    public nonisolated let delegate: any MarvelClientDelegate
    /// Whether to remember `ETag`s and answer a 304 with the remembered value.
    public nonisolated let cachesByETag: Bool
    private let session: URLSession
    private var etags: [String: (etag: String, data: Data)] = [:]

    init(baseURL: URL, signer: MarvelSigner?, delegate: any MarvelClientDelegate, cachesByETag: Bool, session: URLSession?) {
        self.baseURL = baseURL
        self.signer = signer
        self.delegate = delegate
        self.cachesByETag = cachesByETag
        self.session = session ?? URLSession(configuration: Self.defaultConfiguration())
    }

    private static func defaultConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }

    /// Sends a request that needs no keys.
    public func send<Response>(_ request: Request<Response, Unsigned>) async throws -> Response {
        try await perform(request, signed: false)
    }

    /// How many ETag entries are remembered.
    public var cachedETagCount: Int { etags.count }

    /// Forgets every remembered ETag.
    public func clearETagCache() { etags.removeAll() }

    func perform<Response, Scope>(_ request: Request<Response, Scope>, signed: Bool) async throws -> Response {
        var urlRequest = try makeURLRequest(request)
        let cacheKey = urlRequest.url?.absoluteString ?? request.path
        if cachesByETag, let cached = etags[cacheKey] {
            urlRequest.setValue(cached.etag, forHTTPHeaderField: "If-None-Match")
        }
        if signed { signer?.sign(&urlRequest) }
        try await delegate.willSend(&urlRequest)
        var attempts = 0
        while true {
            attempts += 1
            do {
                let (data, http) = try await load(urlRequest)
                try delegate.validate(http, data: data)
                var body = data
                if http.statusCode == 304 {
                    guard let cached = etags[cacheKey] else { throw MarvelError.notModifiedWithoutCache(url: cacheKey) }
                    body = cached.data
                } else if cachesByETag, let etag = http.value(forHTTPHeaderField: "ETag") {
                    etags[cacheKey] = (etag, data)
                }
                return try await Self.decode(request, body)
            } catch {
                guard try await delegate.shouldRetry(urlRequest, error: error, attempts: attempts) else { throw error }
                if signed { signer?.sign(&urlRequest) }
            }
        }
    }

    /// Decodes off the actor, so a large page does not hold up other calls.
    private nonisolated static func decode<Response, Scope>(_ request: Request<Response, Scope>, _ body: Data) async throws -> Response {
        do {
            return try request.decode(body, JSONDecoder())
        } catch let error as MarvelError {
            throw error
        } catch {
            throw MarvelError.decoding(error, as: Response.self)
        }
    }

    private func load(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw MarvelError.transport("\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "?"): \(error.localizedDescription)")
        }
        guard let http = response as? HTTPURLResponse else { throw MarvelError.transport("not an HTTP response") }
        return (data, http)
    }

    /// The URL request for `request` before signing: base URL + path, percent-encoded
    /// query, `Accept: application/json`.
    public nonisolated func makeURLRequest<Response, Scope>(_ request: Request<Response, Scope>) throws -> URLRequest {
        let absolute = request.path.hasPrefix("http://") || request.path.hasPrefix("https://")
        guard var components = URLComponents(string: absolute ? request.path : baseURL.absoluteString + request.path) else {
            throw MarvelError.invalidURL(request.path)
        }
        if !request.query.isEmpty {
            components.queryItems = (components.queryItems ?? []) + request.query.map { URLQueryItem(name: $0.name, value: $0.value) }
            components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        }
        guard let url = components.url else { throw MarvelError.invalidURL(request.path) }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        return urlRequest
    }
}

extension MarvelAPIClient where Access == WithKeys {
    /// A client with keys: it signs every ``Signed`` request.
    public init(
        baseURL: URL = URL(string: "https://gateway.marvel.com")!,
        credentials: MarvelCredentials,
        timestamp: @escaping @Sendable () -> String = MarvelSigner.unixMilliseconds,
        delegate: any MarvelClientDelegate = DefaultMarvelClientDelegate(),
        cachesByETag: Bool = false,
        session: URLSession? = nil
    ) {
        self.init(baseURL: baseURL, signer: MarvelSigner(credentials, timestamp: timestamp), delegate: delegate,
                  cachesByETag: cachesByETag, session: session)
    }

    /// Sends a signed request.
    public func send<Response>(_ request: Request<Response, Signed>) async throws -> Response {
        try await perform(request, signed: true)
    }

    /// Every result of a list, page after page (`offset += limit`), fetched as you iterate.
    public nonisolated func all<Entity>(_ request: Request<MarvelPage<Entity>, Signed>) -> MarvelResultSequence<Entity> {
        MarvelResultSequence(client: self, request: request)
    }
}

extension MarvelAPIClient where Access == WithoutKeys {
    /// A client without keys: only ``Unsigned`` requests compile.
    public init(
        baseURL: URL = URL(string: "https://gateway.marvel.com")!,
        delegate: any MarvelClientDelegate = DefaultMarvelClientDelegate(),
        session: URLSession? = nil
    ) {
        self.init(baseURL: baseURL, signer: nil, delegate: delegate, cachesByETag: false, session: session)
    }
}

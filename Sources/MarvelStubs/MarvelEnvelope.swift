public import StubKit
public import Foundation
import LegacyDigests

/// Marvel-style success envelopes, paged from the request as the API pages.
///
/// `limit` (1…100, default 20) and `offset` (≥ 0, default 0) come from the query;
/// a bad value gets the API's exact 409. The body is
/// `{"code":200,"status":"Ok","copyright":…,"attributionText":…,"attributionHTML":…,
/// "etag":…,"data":{"offset","limit","total","count","results"}}`; `etag` is a SHA-1
/// over the `data` object's paging fields and the SHA-1 of each result on the
/// page (so it changes whenever the page's content does, without hashing the
/// page), and is also the `ETag` header. A request whose
/// `If-None-Match` names that tag gets `304` with an empty body.
extension StubResponse {
    /// One page of `results` for `request`.
    public static func marvel(
        _ results: MarvelResults,
        for request: RecordedRequest,
        attribution: MarvelAttribution = .current
    ) -> StubResponse {
        marvel(total: results.count, page: { Array(results.results[$0]) }, for: request, attribution: attribution)
    }

    /// One page of `total` results for `request`, where `page` gives only
    /// the results in the range asked for: for a catalog that encodes each
    /// result when a page first holds it (the Marvel fake).
    package static func marvel(
        total: Int,
        page: (Range<Int>) -> [EncodedMarvelResult],
        for request: RecordedRequest,
        attribution: MarvelAttribution = .current
    ) -> StubResponse {
        let query = request.query
        let paging: MarvelPaging
        switch MarvelPaging.read(query) {
        case .success(let read): paging = read
        case .failure(let failure): return .marvelError(failure)
        }
        let start = min(paging.offset, total)
        let end = min(start + paging.limit, total)
        return marvelPage(page(start..<end), total: total, paging: paging, ifNoneMatch: request.headers.values(for: "If-None-Match"),
                          callback: query.last { $0.name == "callback" }?.value, attribution: attribution)
    }

    /// One page of `results`, encoded with the default encoder, for `request`.
    public static func marvel<Value: Encodable>(
        results: [Value],
        for request: RecordedRequest,
        attribution: MarvelAttribution = .current
    ) throws -> StubResponse {
        marvel(try MarvelResults(results), for: request, attribution: attribution)
    }

    /// The page `paging` selects from `results`, or `304` when `ifNoneMatch` names its tag.
    /// A JavaScript identifier in `callback` wraps the body as JSONP.
    static func marvelPage(
        _ results: MarvelResults,
        paging: MarvelPaging,
        ifNoneMatch: [String],
        callback: String?,
        attribution: MarvelAttribution
    ) -> StubResponse {
        let start = min(paging.offset, results.count)
        let end = min(start + paging.limit, results.count)
        return marvelPage(results.results[start..<end], total: results.count, paging: paging, ifNoneMatch: ifNoneMatch,
                          callback: callback, attribution: attribution)
    }

    /// The envelope of `page`, results of `total`, or `304` when `ifNoneMatch` names its tag.
    private static func marvelPage(
        _ page: some Collection<EncodedMarvelResult>,
        total: Int,
        paging: MarvelPaging,
        ifNoneMatch: [String],
        callback: String?,
        attribution: MarvelAttribution
    ) -> StubResponse {
        let head = Data(#"{"offset":\#(paging.offset),"limit":\#(paging.limit),"total":\#(total),"count":\#(page.count),"results":["#.utf8)
        var hash = SHA1()
        hash.update(head)
        for result in page { hash.update(result.digest) }
        let etag = hash.finalize().hexString

        if ifNoneMatch.contains(where: { EntityTag.list($0).contains { $0 == etag || $0 == "*" } }) {
            return StubResponse(status: 304, headers: ["ETag": etag, "Access-Control-Allow-Origin": "*"])
        }
        let prefix = Data("{\(attribution.jsonFields),\"etag\":\"\(etag)\",\"data\":".utf8)
        var body = Data()
        body.reserveCapacity(prefix.count + head.count + page.reduce(0) { $0 + $1.json.count + 1 } + 3)
        body.append(prefix)
        body.append(head)
        for (offset, result) in page.enumerated() {
            if offset > 0 { body.append(UInt8(ascii: ",")) }
            body.append(result.json)
        }
        body.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "}")])
        var contentType = "application/json; charset=utf-8"
        if let callback, isJavaScriptIdentifier(callback) {
            body = Data("\(callback)(".utf8) + body + Data(");".utf8)
            contentType = "application/javascript; charset=utf-8"
        }
        return StubResponse(
            status: 200,
            headers: ["Content-Type": contentType, "ETag": etag, "Access-Control-Allow-Origin": "*"],
            body: body)
    }
}

/// Whether `name` is safe to use as a JSONP callback (letters, digits, `_`, `$`, `.`).
private func isJavaScriptIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, !("0"..."9").contains(first), name.count <= 128 else { return false }
    return name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_$.".unicodeScalars.contains($0) }
}

extension ResponseRecipe {
    /// Pages `results` from each request's `limit` and `offset`, in a Marvel envelope
    /// with `etag` and `ETag`, and answers `If-None-Match` with `304`. The results are
    /// encoded once, here; a value that fails to encode stops the server from starting.
    public static func marvel<Value: Encodable>(
        results: [Value],
        attribution: MarvelAttribution = .current,
        encoder: JSONEncoder? = nil
    ) -> ResponseRecipe {
        do {
            return .named(.marvelPage(try MarvelResults(results, encoder: encoder), attribution: attribution))
        } catch {
            return .invalid("Marvel results of type \(Value.self) failed to encode: \(error)")
        }
    }
}

extension NamedRecipe {
    /// Pages `results` from each request's `limit` and `offset` in a Marvel
    /// envelope (see ``StubResponse/marvel(_:for:attribution:)``), written in
    /// a spec file as `marvel: { results: [ … ], attribution: { … } }`.
    public static func marvelPage(_ results: MarvelResults, attribution: MarvelAttribution = .current) -> NamedRecipe {
        NamedRecipe(WrittenForm(keyword: "marvel") {
            var envelope: [String: JSONValue] = ["results": .array(results.results.map { JSONValue(data: $0.json) ?? .null })]
            if attribution != .current {
                envelope["attribution"] = ["copyright": .string(attribution.copyright),
                                           "attributionText": .string(attribution.attributionText),
                                           "attributionHTML": .string(attribution.attributionHTML)]
            }
            return .object(envelope)
        }) { matched in
            .marvel(results, for: matched.request, attribution: attribution)
        }
    }
}

extension ResponseRecipe {
    /// The paged Marvel envelope over results already encoded.
    @available(*, deprecated, message: "write .named(.marvelPage(results, attribution: attribution)), or .marvel(results:) with values")
    public static func marvelPage(_ results: MarvelResults, attribution: MarvelAttribution) -> ResponseRecipe {
        .named(.marvelPage(results, attribution: attribution))
    }
}

extension MatchedRequest {
    /// One page of `results` for this request, in a Marvel envelope.
    public func marvel<Value: Encodable>(results: [Value], attribution: MarvelAttribution = .current) throws -> StubResponse {
        try .marvel(results: results, for: request, attribution: attribution)
    }
}

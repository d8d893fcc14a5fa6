import Foundation
import StubKit
import MarvelModels

/// The fake's stubs: 39 signed GET routes (HEAD answers as GET without the
/// body), CORS preflights, a 405 for other verbs on each (with `Allow: GET,
/// HEAD`, as RFC 9110 asks), and a 404 for every other path. Every answer
/// carries `Access-Control-Allow-Origin: *` and is gzip- or deflate-compressed
/// when the client accepts it, as the API does.
struct MarvelRoutes {
    /// What a browser may do cross-origin: read any answer of the GET routes.
    static let cors = CORSPolicy(allowedMethods: ["GET", "HEAD", "OPTIONS"], exposedHeaders: ["ETag"])

    /// A page is a function of its normalised query (less the signature),
    /// `If-None-Match`, and the day (`dateDescriptor`): built once, sent
    /// again without copying; the signature and the budget (guards) are
    /// still checked per request.
    static let pages = AnswerReuse(ignoringQuery: ["ts", "apikey", "hash"], varyingOn: ["If-None-Match"], dependsOnDay: true)

    let catalog: MarvelCatalog
    let configuration: MarvelFake.Configuration
    let budget: CallBudget

    var stubs: [Stub] {
        let budget = budget
        // Declared inside the signed group, so it runs after the signature check.
        let spend = AuthRule("Marvel call budget") { _ in budget.spend() ? nil : AuthRule.Refusal("the call budget is spent", response: .marvelError(.rateLimited)) }
        let routes = Stubs {
            Route(.options, "/v1/public/{rest*}").matching("a CORS preflight") { Self.cors.isPreflight($0) }
                .respond { Self.cors.preflightResponse(for: $0.request) }.id(StubID("marvel.preflight"))
            Group("/v1/public", guard: .marvel(keys: configuration.keys)) {
                for kind in ResourceKind.allCases {
                    // Filter rules are worked out once here, not per request.
                    let rules = kind.filters
                    Get("/\(kind)").guarded(by: spend).respond { list(kind, rules, $0) }.id(StubID("marvel.\(kind).list"))
                        .reusingAnswers(Self.pages)
                    Get("/\(kind)/{id:int}").guarded(by: spend).respond { single(kind, $0) }.id(StubID("marvel.\(kind).get"))
                        .reusingAnswers(Self.pages)
                    for sub in kind.subCollections {
                        let subRules = sub.filters(under: kind)
                        Get("/\(kind)/{id:int}/\(sub)").guarded(by: spend).respond { subCollection(sub, of: kind, subRules, $0) }
                            .id(StubID("marvel.\(kind).\(sub)")).reusingAnswers(Self.pages)
                    }
                }
            }
            Group("/v1/public") {
                for kind in ResourceKind.allCases {
                    for path in ["/\(kind)", "/\(kind)/{id:int}"] + kind.subCollections.map({ "/\(kind)/{id:int}/\($0)" }) {
                        Route(path).respond { .marvelError(.methodNotAllowed($0.request.method)).header("Allow", "GET, HEAD") }
                            .priority(-1).id(StubID("marvel.405.\(path)"))
                    }
                }
            }
            // `(?s)`: a path with a line break in it (`%0D`) is a path too.
            Route(matching: TextPattern("(?s).*"))
                .respond { .marvelError(.routeNotFound($0.request.target)) }
                .priority(-2).id(StubID("marvel.404"))
        }
        return routes.map { $0.compression(.compressed) }
    }

    /// `/v1/public/{kind}`
    private func list(_ kind: ResourceKind, _ rules: [String: FilterRule], _ request: MatchedRequest) -> StubResponse {
        answer(kind, request, rules: rules, isList: true) { _ in catalog.records[kind]! }
    }

    /// `/v1/public/{kind}/{id}`
    private func single(_ kind: ResourceKind, _ request: MatchedRequest) -> StubResponse {
        answer(kind, request, rules: [:], isList: false) { id in catalog.record(kind, id: id).map { [$0] } }
    }

    /// `/v1/public/{parent}/{id}/{kind}`
    private func subCollection(
        _ kind: ResourceKind, of parent: ResourceKind, _ rules: [String: FilterRule], _ request: MatchedRequest
    ) -> StubResponse {
        answer(kind, request, rules: rules, isList: true, notFound: parent) { id in
            guard let owner = catalog.record(parent, id: id) else { return nil }
            let linked = owner.links[kind] ?? []
            return catalog.records[kind]!.filter { linked.contains($0.id) }
        }
    }

    /// Validates the query, finds the records (`nil`: the id in the path is unknown),
    /// filters, orders and pages them.
    private func answer(
        _ kind: ResourceKind, _ request: MatchedRequest, rules: [String: FilterRule], isList: Bool,
        notFound: ResourceKind? = nil, records: (Int) -> [CatalogRecord]?
    ) -> StubResponse {
        let query = ListQuery(rules: rules, orderings: kind.orderings, isList: isList)
        let plan: ListQuery.Plan
        switch query.plan(request.request.query, now: Date()) {
        case .success(let value): plan = value
        case .failure(let failure): return .marvelError(failure)
        }
        guard let found = records(request.capture("id", as: Int.self) ?? 0) else {
            return .marvelError(.notFound((notFound ?? kind).notFoundNoun))
        }
        // Only the page's records are encoded (each once, when a page first holds it).
        let kept = plan.apply(to: found)
        return .marvel(total: kept.count, page: { kept[$0].map(\.result) }, for: request.request, attribution: configuration.attribution)
    }
}

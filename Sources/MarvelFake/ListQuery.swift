import Foundation
import StubKit

/// A list request's parameters, validated in the API's order, then applied to records.
///
/// The order of checks: unknown parameters, blank values, `limit` and `offset`,
/// `orderBy`, id lists, then other filter values, each with the API's exact 409.
struct ListQuery {
    /// The rules for each filter the route accepts.
    let rules: [String: FilterRule]
    /// The `orderBy` values the route accepts.
    let orderings: Set<String>
    /// Whether the route is a list (takes `limit`, `offset`, `orderBy` and filters).
    let isList: Bool

    /// Parameters every route takes: signing, and JSONP.
    static let alwaysAllowed: Set<String> = ["apikey", "ts", "hash", "callback"]

    /// The narrowing a valid query asks for.
    struct Plan {
        var predicates: [(CatalogRecord) -> Bool] = []
        var ordering: [(key: String, descending: Bool)] = []
    }

    /// The plan for `query`, or the failure the API answers.
    func plan(_ query: [QueryItem], now: Date) -> Result<Plan, MarvelFailure> {
        for item in query where !allows(item.name) { return .failure(.unknownParameter(item.name)) }
        for item in query where (rules[item.name].map { !$0.isIDList } ?? (item.name == "orderBy")) {
            if (item.value ?? "").isEmpty { return .failure(.blankParameter(item.name)) }
        }
        var plan = Plan()
        guard isList else { return .success(plan) }
        if case .failure(let failure) = MarvelPaging.read(query) { return .failure(failure) }
        if let orderBy = first("orderBy", in: query) {
            for token in orderBy.split(separator: ",", omittingEmptySubsequences: false) {
                let descending = token.hasPrefix("-")
                let key = String(descending ? token.dropFirst() : token)
                guard orderings.contains(key) else { return .failure(.invalidOrdering(String(token))) }
                plan.ordering.append((key, descending))
            }
        }
        let filters = query.compactMap { item in rules[item.name].map { (item.name, item.value ?? "", $0) } }
        for (name, value, rule) in filters where rule.isIDList {
            switch readIDs(value, filter: name) {
            case .failure(let failure): return .failure(failure)
            case .success(let ids): plan.predicates.append(rule.predicate(ids: ids))
            }
        }
        for (name, value, rule) in filters where !rule.isIDList {
            guard let predicate = rule.predicate(value: value, now: now) else { return .failure(.invalidParameter(name)) }
            plan.predicates.append(predicate)
        }
        return .success(plan)
    }

    private func allows(_ name: String) -> Bool {
        Self.alwaysAllowed.contains(name) || (isList && (["limit", "offset", "orderBy"].contains(name) || rules[name] != nil))
    }

    private func first(_ name: String, in query: [QueryItem]) -> String? {
        query.first { $0.name == name }.map { $0.value ?? "" }
    }

    private func readIDs(_ value: String, filter: String) -> Result<[Int], MarvelFailure> {
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        if parts.count > 10 { return .failure(.tooManyIDs(filter: filter)) }
        let ids = parts.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !ids.isEmpty, ids.count == parts.count, ids.allSatisfy({ $0 > 0 }) else {
            return .failure(.invalidIDFilter(filter: filter))
        }
        return .success(ids)
    }
}

extension ListQuery.Plan {
    /// The records that pass every filter, in the requested order (then by id).
    func apply(to records: [CatalogRecord]) -> [CatalogRecord] {
        // No filter and no order: the records as they are, shared, not copied.
        if predicates.isEmpty && ordering.isEmpty { return records }
        var kept = records.filter { record in predicates.allSatisfy { $0(record) } }
        if !ordering.isEmpty {
            kept.sort { left, right in
                for (key, descending) in ordering {
                    let a = left.sortValue(key), b = right.sortValue(key)
                    if a != b { return descending ? b < a : a < b }
                }
                return left.id < right.id
            }
        }
        return kept
    }
}

extension FilterRule {
    /// The predicate for an id list.
    func predicate(ids: [Int]) -> (CatalogRecord) -> Bool {
        guard case .ids(let kind, let all) = self else { return { _ in true } }
        let wanted = Set(ids)
        return { record in
            let linked = record.links[kind] ?? []
            return all ? wanted.isSubset(of: linked) : !wanted.isDisjoint(with: linked)
        }
    }

    /// The predicate for a non-list filter value, or `nil` when the value can't be read.
    func predicate(value: String, now: Date) -> ((CatalogRecord) -> Bool)? {
        switch self {
        case .exact(let field):
            let wanted = value.lowercased()
            return { $0.text[field]?.lowercased() == wanted }
        case .prefix(let field):
            let wanted = value.lowercased()
            return { $0.text[field]?.lowercased().hasPrefix(wanted) ?? false }
        case .integer(let field):
            guard let number = Int(value) else { return nil }
            return { $0.numbers[field] == Double(number) }
        case .since(let field):
            guard let since = FilterDate.parse(value) else { return nil }
            return { ($0.dates[field] ?? -.infinity) >= since }
        case .choice(let values, let field):
            let wanted = value.lowercased()
            guard values.contains(wanted) else { return nil }
            return { $0.tags[field]?.contains(wanted) ?? false }
        case .flag(let flag, let excluding):
            guard value.lowercased() == "true" else { return nil }
            return { $0.flags.contains(flag) != excluding }
        case .dateRange(let field):
            let parts = value.split(separator: ",")
            guard parts.count == 2, let from = FilterDate.parse(String(parts[0])),
                  let to = FilterDate.parse(String(parts[1])), from <= to else { return nil }
            return { record in record.dates[field].map { $0 >= from && $0 < to + 86_400 } ?? false }
        case .dateDescriptor(let field):
            guard let range = FilterDate.range(value, now: now) else { return nil }
            return { record in record.dates[field].map(range.contains) ?? false }
        case .ids:
            return nil
        }
    }
}

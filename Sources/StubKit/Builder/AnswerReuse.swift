import Foundation

/// A promise that a stub's computed answer depends only on the request's
/// method, path, query (less the names ignored) and the headers named: a
/// server may then build each distinct answer once and send the same bytes
/// to every request with the same key, instead of running the stub's
/// closure again. The Marvel fake's pages are made this way: paging,
/// filtering and the envelope run once per normalised query, while the
/// signature (a guard) is still checked on every request.
package struct AnswerReuse: Sendable, Hashable {
    /// Query names that do not change the answer (`ts`, `apikey`, `hash`).
    package var ignoredQueryNames: Set<String>
    /// Request headers the answer depends on (`If-None-Match`).
    package var headers: [String]
    /// Whether the answer also depends on today's date (UTC): Marvel's
    /// `dateDescriptor=thisWeek` does. Then answers are reused within a day.
    package var dependsOnDay: Bool

    package init(ignoringQuery ignored: Set<String> = [], varyingOn headers: [String] = [], dependsOnDay: Bool = false) {
        self.ignoredQueryNames = ignored
        self.headers = headers
        self.dependsOnDay = dependsOnDay
    }

    /// The key of `request`'s answer: method, path, the query as sent less
    /// the ignored items (by their name as sent; nothing is decoded or
    /// reordered, so two keys alike are two queries alike), and the named
    /// headers' values. Parts are separated by bytes a request cannot carry.
    package func key(for request: RecordedRequest) -> String {
        var key = request.method + "\u{0}" + request.path + "\u{0}"
        if var raw = request.rawQuery {
            if ignoredQueryNames.isEmpty {
                // Every item as sent, each followed by `&`.
                key += raw + "&"
            } else {
                raw.withUTF8 { bytes in
                    var start = 0
                    while true {
                        let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
                        let item = UnsafeBufferPointer(rebasing: bytes[start..<end])
                        let name = UnsafeBufferPointer(rebasing: item[..<(item.firstIndex(of: UInt8(ascii: "=")) ?? item.count)])
                        if !ignoredQueryNames.contains(String(decoding: name, as: UTF8.self)) {
                            key += String(decoding: item, as: UTF8.self) + "&"
                        }
                        if end == bytes.count { break }
                        start = end + 1
                    }
                }
            }
        }
        for name in headers {
            key += "\u{2}" + request.headers.values(for: name).joined(separator: "\u{1}")
        }
        if dependsOnDay { key += "\u{3}\(Int((Date().timeIntervalSince1970 / 86_400).rounded(.down)))" }
        return key
    }
}

extension Stub {
    /// Promises that this stub's answer depends only on what `reuse` names,
    /// so a server may build each distinct answer once (see ``AnswerReuse``).
    package func reusingAnswers(_ reuse: AnswerReuse) -> Stub {
        var stub = self
        stub.answerReuse = reuse
        return stub
    }
}

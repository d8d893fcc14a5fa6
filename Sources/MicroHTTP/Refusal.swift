extension HTTPResponse {
    /// A refusal the daemon sends itself, before any handler: JSON
    /// `{"error":…,"message":…}` plus `fields` (each value raw JSON), with
    /// `Connection: close`, so a client that sent something unreadable
    /// starts afresh.
    static func refusal(_ status: Int, _ error: String, _ message: String, fields: [(String, String)] = []) -> HTTPResponse {
        var json = #"{"error":\#(quoted(error))"#
        for (name, value) in fields { json += #","\#(name)":\#(value)"# }
        json += #","message":\#(quoted(message))}"# + "\n"
        return HTTPResponse(status: status, headers: [("Content-Type", "application/json"), ("Connection", "close")],
                            body: Array(json.utf8))
    }

    /// `text` as a JSON string literal. (StubKit has its own; MicroHTTP sits
    /// below StubKit and imports no Foundation, so it keeps this one.)
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

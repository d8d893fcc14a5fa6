public import StubKit
/// A Marvel API error response, with the exact status and body the real API sends.
///
/// The API answers in two shapes (see `StubResponse.marvelError(_:)`):
/// gateway errors `{"code":"MissingParameter","message":"…"}` and validation
/// errors `{"code":409,"status":"…"}`. The named cases below carry the texts
/// recorded from the live API; the few marked *synthetic* have no recorded text.
public struct MarvelFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status.
    public var status: Int
    /// The JSON body.
    public var body: String

    /// A validation-shaped error: `{"code":<status>,"status":"<text>"}`.
    public static func api(_ status: Int, _ text: String) -> MarvelFailure {
        MarvelFailure(status: status, body: #"{"code":\#(status),"status":\#(CompactJSON.quoted(text))}"#)
    }

    /// A gateway-shaped error: `{"code":"<code>","message":"<message>"}`.
    public static func gateway(_ status: Int, code: String, message: String) -> MarvelFailure {
        MarvelFailure(status: status, body: #"{"code":\#(CompactJSON.quoted(code)),"message":\#(CompactJSON.quoted(message))}"#)
    }

    /// `409 {"code":"MissingParameter","message":"You must provide a user key."}`
    public static let missingAPIKey = gateway(409, code: "MissingParameter", message: "You must provide a user key.")
    /// `409 {"code":"MissingParameter","message":"You must provide a hash."}`
    public static let missingHash = gateway(409, code: "MissingParameter", message: "You must provide a hash.")
    /// `409 {"code":"MissingParameter","message":"You must provide a timestamp."}`
    public static let missingTimestamp = gateway(409, code: "MissingParameter", message: "You must provide a timestamp.")
    /// `401 {"code":"InvalidCredentials","message":"The passed API key is invalid."}`
    public static let invalidAPIKey = gateway(401, code: "InvalidCredentials", message: "The passed API key is invalid.")
    /// `401 {"code":"InvalidCredentials","message":"That hash, timestamp and key combination is invalid."}`
    public static let invalidSignature = gateway(
        401, code: "InvalidCredentials", message: "That hash, timestamp and key combination is invalid.")
    /// `429 {"code":"RequestThrottled","message":"You have exceeded your rate limit.  Please try again later."}`
    /// (two spaces, as recorded).
    public static let rateLimited = gateway(
        429, code: "RequestThrottled", message: "You have exceeded your rate limit.  Please try again later.")

    /// `401 {"code":"InvalidReferer","message":…}`: a client-side key used from a referer that is not allowed.
    public static func invalidReferer(_ message: String) -> MarvelFailure {
        gateway(401, code: "InvalidReferer", message: message)
    }

    /// `403 {"code":"Forbidden","message":…}`: the key may not call this endpoint.
    public static func forbidden(_ message: String) -> MarvelFailure { gateway(403, code: "Forbidden", message: message) }

    /// `405 {"code":"MethodNotAllowed","message":"POST is not allowed"}`
    public static func methodNotAllowed(_ method: String) -> MarvelFailure {
        gateway(405, code: "MethodNotAllowed", message: "\(method) is not allowed")
    }

    /// `404 {"code":"ResourceNotFound","message":"/v1/public/… does not exist"}`, for a
    /// route that does not exist; `target` is the request's path and query as sent.
    public static func routeNotFound(_ target: String) -> MarvelFailure {
        gateway(404, code: "ResourceNotFound", message: "\(target) does not exist")
    }

    /// `404 {"code":404,"status":"We couldn't find that character"}`, for an unknown id.
    /// The API names comics `comic_issue`.
    public static func notFound(_ noun: String) -> MarvelFailure { api(404, "We couldn't find that \(noun)") }

    /// `409 {"code":409,"status":"You may not request more than 100 items."}`
    public static let limitTooLarge = api(409, "You may not request more than 100 items.")
    /// `409 {"code":409,"status":"You must pass an integer limit greater than 0."}`
    public static let limitInvalid = api(409, "You must pass an integer limit greater than 0.")
    /// `409` for a negative or non-integer `offset`. *Synthetic*: no recorded text.
    public static let offsetInvalid = api(409, "You must pass an integer offset greater than or equal to 0.")

    /// `409 {"code":409,"status":"We don't recognize the parameter Thor"}`
    public static func unknownParameter(_ name: String) -> MarvelFailure {
        api(409, "We don't recognize the parameter \(name)")
    }

    /// `409 {"code":409,"status":"name cannot be blank if it is set"}`
    public static func blankParameter(_ name: String) -> MarvelFailure { api(409, "\(name) cannot be blank if it is set") }

    /// `409 {"code":409,"status":"goofiness is not a valid ordering parameter."}`
    public static func invalidOrdering(_ value: String) -> MarvelFailure {
        api(409, "\(value) is not a valid ordering parameter.")
    }

    /// `409 {"code":409,"status":"You may not submit more than 10 issue ids."}` for a list
    /// filter (`comics`, `series`, …) with more than ten ids.
    public static func tooManyIDs(filter: String) -> MarvelFailure {
        api(409, "You may not submit more than 10 \(idNoun(filter)) ids.")
    }

    /// `409 {"code":409,"status":"You must pass at least one valid issue id if you set the issue filter."}`
    /// for a list filter with an empty or non-numeric id. The `series` filter says "valid series",
    /// without "id", as recorded.
    public static func invalidIDFilter(filter: String) -> MarvelFailure {
        let noun = idNoun(filter)
        let what = filter == "series" ? noun : "\(noun) id"
        return api(409, "You must pass at least one valid \(what) if you set the \(noun) filter.")
    }

    /// `409` for a filter value the API can't read (a date, an enumerated value).
    /// *Synthetic*: the API documents only "Invalid value passed to filter."
    public static func invalidParameter(_ name: String) -> MarvelFailure {
        api(409, "Invalid value passed to filter \(name).")
    }

    /// The noun the API uses for an id list filter: `comics` → `issue`, `characters` → `character`.
    static func idNoun(_ filter: String) -> String {
        switch filter {
        case "comics": "issue"
        case "series": "series"
        case "characters": "character"
        case "creators": "creator"
        case "events": "event"
        case "stories": "story"
        default: filter
        }
    }

    /// `409 {"code":409,"status":"…"}`
    public var description: String { "\(status) \(body)" }
}

extension StubResponse {
    /// A Marvel error response: the failure's status and body, `Content-Type:
    /// application/json` and `Access-Control-Allow-Origin: *`, which the API
    /// sends on every answer so browser clients can read its errors too.
    public static func marvelError(_ failure: MarvelFailure) -> StubResponse {
        .json(failure.body, status: failure.status).header("Access-Control-Allow-Origin", "*")
    }

    /// A validation-shaped Marvel error: `{"code":<status>,"status":"<text>"}`, e.g.
    /// `.marvelError(404, "We couldn't find that character")`.
    public static func marvelError(_ status: Int, _ text: String) -> StubResponse {
        marvelError(.api(status, text))
    }

    /// A gateway-shaped Marvel error: `{"code":"<code>","message":"<message>"}`, e.g.
    /// `.marvelError(401, code: "InvalidCredentials", message: "The passed API key is invalid.")`.
    public static func marvelError(_ status: Int, code: String, message: String) -> StubResponse {
        marvelError(.gateway(status, code: code, message: message))
    }
}

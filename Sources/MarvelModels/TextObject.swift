/// A comic's descriptive text: `{"type": "issue_solicit_text", "language": "en-us", "text": "…"}`.
/// The text may carry HTML such as `\r<br>`.
public struct TextObject: Codable, Sendable, Hashable {
    /// `issue_solicit_text`, `issue_preview_text`, …
    public var type: String
    /// An IETF language tag, e.g. `en-us`.
    public var language: String
    /// The text.
    public var text: String

    /// Creates a text object.
    public init(type: String, language: String = "en-us", text: String) {
        self.type = type
        self.language = language
        self.text = text
    }
}

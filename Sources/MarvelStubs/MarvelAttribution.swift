import StubKit
import Foundation

/// The copyright and attribution fields of a Marvel envelope. The API writes the
/// current year: `"© 2026 MARVEL"`.
public struct MarvelAttribution: Sendable, Hashable {
    /// `"© 2026 MARVEL"`
    public let copyright: String
    /// `"Data provided by Marvel. © 2026 MARVEL"`
    public let attributionText: String
    /// `"<a href=\"http://marvel.com\">Data provided by Marvel. © 2026 MARVEL</a>"`
    public let attributionHTML: String
    /// The envelope's leading fields as JSON, up to and excluding `etag`; built once,
    /// not per response.
    let jsonFields: String

    /// Creates attribution fields with any texts.
    public init(copyright: String, attributionText: String, attributionHTML: String) {
        self.copyright = copyright
        self.attributionText = attributionText
        self.attributionHTML = attributionHTML
        jsonFields = #""code":200,"status":"Ok","copyright":\#(CompactJSON.quoted(copyright)),"#
            + #""attributionText":\#(CompactJSON.quoted(attributionText)),"#
            + #""attributionHTML":\#(CompactJSON.quoted(attributionHTML))"#
    }

    /// The API's texts for a given year.
    public static func year(_ year: Int) -> MarvelAttribution {
        let copyright = "© \(year) MARVEL"
        return MarvelAttribution(
            copyright: copyright,
            attributionText: "Data provided by Marvel. \(copyright)",
            attributionHTML: "<a href=\"http://marvel.com\">Data provided by Marvel. \(copyright)</a>")
    }

    /// The API's texts for the current year (UTC).
    public static var current: MarvelAttribution {
        year(Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).year ?? 2026)
    }
}

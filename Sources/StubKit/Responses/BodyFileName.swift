import Foundation

/// Names for bodies by media type.
package enum BodyFileName {
    /// `png`, `html`, `json`, `txt`, `bin`… from the media type: the name a body file gets
    /// (a recording's fixtures, a WireMock export's `__files/`).
    package static func fileExtension(_ contentType: String, text: Bool) -> String {
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let known = ["image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp", "application/pdf": "pdf",
                     "text/html": "html", "text/css": "css", "text/csv": "csv", "application/xml": "xml", "text/xml": "xml",
                     "application/javascript": "js", "text/javascript": "js"]
        if let ext = known[type] { return ext }
        if JSONText.isJSONMediaType(type) { return "json" }
        if type.hasSuffix("+xml") { return "xml" }
        return text ? "txt" : "bin"
    }
}

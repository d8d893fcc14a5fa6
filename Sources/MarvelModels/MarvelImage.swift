public import Foundation

/// An image: a path without extension plus the extension, e.g.
/// `{"path": "http://i.annihil.us/u/prod/marvel/i/mg/c/e0/535fecbbb9784", "extension": "jpg"}`.
public struct MarvelImage: Codable, Sendable, Hashable {
    /// The URL without the extension (the API gives `http` URLs).
    public var path: String
    /// The file extension, without the dot (JSON key `extension`).
    public var fileExtension: String

    /// Creates an image.
    public init(path: String, fileExtension: String) {
        self.path = path
        self.fileExtension = fileExtension
    }

    /// The image Marvel serves when there is none.
    public static let notAvailable = MarvelImage(
        path: "http://i.annihil.us/u/prod/marvel/i/mg/b/40/image_not_available", fileExtension: "jpg")

    /// Whether this is Marvel's "image not available" placeholder.
    public var isPlaceholder: Bool { path.hasSuffix("/image_not_available") }

    /// The full-size image: `path.extension`.
    public var url: URL? { URL(string: "\(path).\(fileExtension)") }

    /// A size variant: `path/portrait_xlarge.extension`.
    public func url(_ variant: Variant) -> URL? { URL(string: "\(path)/\(variant.rawValue).\(fileExtension)") }

    /// The size variants Marvel serves for every image.
    public enum Variant: String, Sendable, CaseIterable {
        /// 50×75
        case portraitSmall = "portrait_small"
        /// 100×150
        case portraitMedium = "portrait_medium"
        /// 150×225
        case portraitXLarge = "portrait_xlarge"
        /// 168×252
        case portraitFantastic = "portrait_fantastic"
        /// 300×450
        case portraitUncanny = "portrait_uncanny"
        /// 216×324
        case portraitIncredible = "portrait_incredible"
        /// 65×45
        case standardSmall = "standard_small"
        /// 100×100
        case standardMedium = "standard_medium"
        /// 140×140
        case standardLarge = "standard_large"
        /// 200×200
        case standardXLarge = "standard_xlarge"
        /// 250×250
        case standardFantastic = "standard_fantastic"
        /// 180×180
        case standardAmazing = "standard_amazing"
        /// 120×90
        case landscapeSmall = "landscape_small"
        /// 175×130
        case landscapeMedium = "landscape_medium"
        /// 190×140
        case landscapeLarge = "landscape_large"
        /// 270×200
        case landscapeXLarge = "landscape_xlarge"
        /// 250×156
        case landscapeAmazing = "landscape_amazing"
        /// 464×261
        case landscapeIncredible = "landscape_incredible"
        /// Full size, for detail pages.
        case detail
    }

    private enum CodingKeys: String, CodingKey {
        case path
        case fileExtension = "extension"
    }
}

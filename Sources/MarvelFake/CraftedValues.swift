import Foundation
import MarvelModels

/// Small deterministic helpers for the crafted data: dates, images, URLs, names.
enum CraftedValues {
    static let gateway = "http://gateway.marvel.com/v1/public"

    /// `http://gateway.marvel.com/v1/public/{kind}/{id}`
    static func uri(_ kind: ResourceKind, _ id: Int) -> String { "\(gateway)/\(kind)/\(id)" }

    /// A `modified` stamp spread over 2010–2023, with both sentinels sprinkled in.
    static func modified(_ kind: ResourceKind, _ index: Int) -> MarvelDate {
        let salt = ResourceKind.allCases.firstIndex(of: kind)! * 31
        let n = index + salt
        if n % 19 == 7 { return .unknown }
        if n % 23 == 11 { return .epoch }
        let seconds = 1_262_304_000 + (n * 7_919 % 5_000) * 86_400 + (n * 3_607 % 86_400)
        return MarvelDate(Date(timeIntervalSince1970: TimeInterval(seconds)), utcOffsetSeconds: (n % 2 == 0 ? -4 : -5) * 3600)
    }

    /// A midnight in US Eastern time, `days` after 1960-01-01.
    static func day(_ days: Int) -> MarvelDate {
        MarvelDate(Date(timeIntervalSince1970: TimeInterval(-315_619_200 + days * 86_400 + 5 * 3600)))
    }

    /// An image path under Marvel's image host, unique per entity.
    static func image(_ kind: ResourceKind, _ index: Int) -> MarvelImage {
        var value = UInt64(index + 1) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(kind.rawValue.utf8.count) << 56
        value ^= value >> 29
        let hex = String(value, radix: 16)
        let padded = String(repeating: "0", count: max(0, 16 - hex.count)) + hex
        let a = padded.prefix(1), b = padded.dropFirst(1).prefix(2), name = padded.dropFirst(3).prefix(13)
        return MarvelImage(path: "http://i.annihil.us/u/prod/marvel/i/mg/\(a)/\(b)/\(name)", fileExtension: index % 4 == 3 ? "png" : "jpg")
    }

    /// A marvel.com page, carrying the API's tracking parameters.
    static func link(_ type: String, _ path: String, publicKey: String) -> MarvelLink {
        MarvelLink(type: type, url: "http://marvel.com/\(path)?utm_campaign=apiRef&utm_source=\(publicKey)")
    }

    /// `Astral Falcon` → `astral_falcon`
    static func slug(_ name: String) -> String {
        String(name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// The character name at `index`.
    static func characterName(_ index: Int) -> String {
        let nouns = CraftedNames.characterNouns
        return "\(CraftedNames.characterAdjectives[index / nouns.count]) \(nouns[index % nouns.count])"
    }
}

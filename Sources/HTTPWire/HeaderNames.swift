extension String {
    /// ASCII case-insensitive equality, the rule for HTTP header names.
    package func caseInsensitiveEquals(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        // Native strings compare their contiguous bytes; a bridged one walks its views.
        if let equal = utf8.withContiguousStorageIfAvailable({ mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in mine.caseInsensitiveEquals(theirs) }
        }), let equal {
            return equal
        }
        return zip(utf8, other.utf8).allSatisfy(Self.sameIgnoringASCIICase)
    }

    /// Whether two bytes are equal, an ASCII letter's case aside.
    @inline(__always)
    static func sameIgnoringASCIICase(_ a: UInt8, _ b: UInt8) -> Bool {
        a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A)
    }
}

extension Substring {
    /// This text without the spaces and tabs HTTP allows at the ends of a
    /// field value or a list entry (RFC 9110's optional whitespace).
    package var trimmingOptionalWhitespace: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// ASCII case-insensitive equality of two byte runs of the same length.
    package func caseInsensitiveEquals(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        for index in 0..<count where !String.sameIgnoringASCIICase(self[index], other[index]) { return false }
        return true
    }
}

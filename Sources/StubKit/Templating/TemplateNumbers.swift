/// How a template's numbers become counts and integers without trapping or
/// running away: a number is an `Int` clamped to `Int`'s range (NaN is 0),
/// and a size (a padding, a random string's length, a format's width) is at
/// most ``maximumSize``. A template comes from a stub file or an admin call;
/// `{{range 0 1e30}}` must be an error, not a crash or a gigabyte.
enum TemplateNumbers {
    /// The most characters or items one helper makes.
    static let maximumSize = 1 << 20

    /// `value` as an `Int`, clamped to its range; `fallback` when there is none.
    static func integer(_ value: Double?, default fallback: Int = 0) -> Int {
        guard let value else { return fallback }
        if value.isNaN { return 0 }
        if value >= 0x1p63 { return .max }
        if value < -0x1p63 { return .min }
        return Int(value)
    }

    /// `value` as a size: at least 0, at most ``maximumSize``.
    static func size(_ value: Double?, default fallback: Int) -> Int {
        min(max(0, integer(value, default: fallback)), maximumSize)
    }

    /// `a op b` on integers, or `nil` when it overflows (the caller answers a decimal).
    static func exact(_ a: Int, _ b: Int, _ operation: (Int, Int) -> (partialValue: Int, overflow: Bool)) -> Int? {
        let (value, overflow) = operation(a, b)
        return overflow ? nil : value
    }
}

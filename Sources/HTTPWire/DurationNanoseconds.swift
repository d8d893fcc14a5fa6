extension Duration {
    /// The duration in whole nanoseconds (what timers and deadlines take),
    /// saturating at `Int64`'s bounds instead of trapping.
    package var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (sum, carried) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        return carried ? (seconds < 0 ? .min : .max) : sum
    }
}

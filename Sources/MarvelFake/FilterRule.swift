/// How a list route reads one filter parameter and narrows the results with it.
enum FilterRule: Sendable {
    /// Equal to a text field, ignoring case.
    case exact(String)
    /// A text field starts with the value, ignoring case.
    case prefix(String)
    /// Equal to a numeric field.
    case integer(String)
    /// Comma-separated ids (at most 10) of related resources: linked to any of them,
    /// or to all of them when `all`.
    case ids(ResourceKind, all: Bool)
    /// A date field on or after the value.
    case since(String)
    /// One of the listed values (ignoring case), matched against a field's set of tags.
    case choice([String], field: String)
    /// Only `true` is accepted; keeps records whose flag is not set (`excluding`) or set.
    case flag(String, excluding: Bool)
    /// `lastWeek`, `thisWeek`, `nextWeek` or `thisMonth`, around now, on a date field.
    case dateDescriptor(String)
    /// Two comma-separated dates, inclusive, on a date field.
    case dateRange(String)

    /// Whether an empty value is reported as an invalid id list rather than as blank.
    var isIDList: Bool {
        if case .ids = self { return true }
        return false
    }
}

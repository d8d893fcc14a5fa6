/// The values of the comic `format` filter (and the series `contains` filter).
public enum ComicFormat: String, Sendable, Encodable, CaseIterable {
    /// `comic`
    case comic
    /// `magazine`
    case magazine
    /// `trade paperback`
    case tradePaperback = "trade paperback"
    /// `hardcover`
    case hardcover
    /// `digest`
    case digest
    /// `graphic novel`
    case graphicNovel = "graphic novel"
    /// `digital comic`
    case digitalComic = "digital comic"
    /// `infinite comic`
    case infiniteComic = "infinite comic"
}

/// The values of the comic `formatType` filter.
public enum ComicFormatType: String, Sendable, Encodable, CaseIterable {
    /// Single issues.
    case comic
    /// Collections (trade paperbacks, hardcovers).
    case collection
}

/// The values of the comic `dateDescriptor` filter.
public enum DateDescriptor: String, Sendable, Encodable, CaseIterable {
    /// Last week.
    case lastWeek
    /// This week.
    case thisWeek
    /// Next week.
    case nextWeek
    /// This month.
    case thisMonth
}

/// The values of the series `seriesType` filter.
public enum SeriesType: String, Sendable, Encodable, CaseIterable {
    /// `collection`
    case collection
    /// `one shot`
    case oneShot = "one shot"
    /// `limited`
    case limited
    /// `ongoing`
    case ongoing
}

/// A bounded list of related resources, as every entity carries them:
/// `{"available": 2948, "returned": 20, "collectionURI": "http://…/comics", "items": […]}`.
///
/// `returned` is at most 20 even when `available` is far larger; fetch
/// `collectionURI` (a sub-collection route) for the rest.
public struct ResourceList<Item: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    /// How many related resources exist.
    public var available: Int
    /// How many are in ``items`` (at most 20).
    public var returned: Int
    /// The sub-collection route that lists them all.
    public var collectionURI: String
    /// The first related resources.
    public var items: [Item]

    /// Creates a list; `returned` defaults to the number of items.
    public init(available: Int, returned: Int? = nil, collectionURI: String, items: [Item]) {
        self.available = available
        self.returned = returned ?? items.count
        self.collectionURI = collectionURI
        self.items = items
    }
}

/// A reference to another resource: `{"resourceURI": "http://…/comics/21366", "name": "Avengers (1998) #1"}`.
public struct ResourceSummary: Codable, Sendable, Hashable {
    /// The resource's API address (the API gives `http` URLs).
    public var resourceURI: String
    /// Its name or title.
    public var name: String

    /// Creates a summary.
    public init(resourceURI: String, name: String) {
        self.resourceURI = resourceURI
        self.name = name
    }

    /// The numeric id at the end of ``resourceURI``, if there is one.
    public var id: Int? { trailingID(of: resourceURI) }
}

/// A reference to a story, with the story's type (`cover`, `interiorStory`, `pinup`, `""`, …).
public struct StorySummary: Codable, Sendable, Hashable {
    /// The story's API address.
    public var resourceURI: String
    /// Its title.
    public var name: String
    /// The kind of story; free text, possibly empty.
    public var type: String

    /// Creates a story summary.
    public init(resourceURI: String, name: String, type: String) {
        self.resourceURI = resourceURI
        self.name = name
        self.type = type
    }

    /// The numeric id at the end of ``resourceURI``, if there is one.
    public var id: Int? { trailingID(of: resourceURI) }
}

/// A reference to a creator, with their role (free text: `writer`, `penciller (cover)`, `Colorist`, …).
public struct CreatorSummary: Codable, Sendable, Hashable {
    /// The creator's API address.
    public var resourceURI: String
    /// Their full name.
    public var name: String
    /// Their role on the work; free text in mixed case.
    public var role: String

    /// Creates a creator summary.
    public init(resourceURI: String, name: String, role: String) {
        self.resourceURI = resourceURI
        self.name = name
        self.role = role
    }

    /// The numeric id at the end of ``resourceURI``, if there is one.
    public var id: Int? { trailingID(of: resourceURI) }
}

/// The number after the last `/` of a resource URI: `…/comics/21366` → 21366.
func trailingID(of resourceURI: String) -> Int? {
    resourceURI.split(separator: "/").last.flatMap { Int($0) }
}

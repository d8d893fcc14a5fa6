/// The word lists the fake's data is made from: written for Understudy, in the
/// shapes of Marvel's data, naming nobody real.
enum CraftedNames {
    /// Combined with ``characterNouns`` into 160 character names.
    static let characterAdjectives = [
        "Astral", "Crimson", "Iron", "Silent", "Night", "Star", "Thunder", "Quantum",
        "Shadow", "Storm", "Arctic", "Solar", "Neon", "Granite", "Velvet", "Ember",
    ]
    /// See ``characterAdjectives``.
    static let characterNouns = [
        "Falcon", "Warden", "Lynx", "Comet", "Sentinel", "Vixen", "Golem", "Wraith", "Tempest", "Harbinger",
    ]
    /// Creators' first names.
    static let firstNames = [
        "Ada", "Bruno", "Carmen", "Dmitri", "Elena", "Farid", "Greta", "Hideo",
        "Ines", "Jonas", "Kemi", "Luca", "Mara", "Nils", "Odile", "Pavel",
    ]
    /// Creators' last names.
    static let lastNames = [
        "Abernathy", "Bellweather", "Castellano", "Drummond", "Eriksen", "Fairbanks", "Galloway", "Holloway",
        "Ibarra", "Jovanovic", "Kowalczyk", "Lindqvist", "Marchetti", "Northcott", "Oyelaran", "Pemberton",
        "Quintero", "Rasmussen", "Sandoval", "Thorvaldsen", "Uchida", "Vasquez", "Whitlock", "Xenakis",
        "Yamamoto", "Zielinski", "Ashdown", "Brightwater", "Coldfield", "Dunmore", "Everly", "Fenwick",
        "Greaves", "Hartigan", "Ilves", "Jarrow", "Kingsley", "Lockhart", "Mulgrew", "Nakagawa",
        "Okonkwo", "Pritchard", "Quayle", "Redgrave", "Stroud", "Tallis", "Underhill", "Voss",
    ]
    /// Event titles.
    static let eventTitles = [
        "Shattered Meridian", "The Long Eclipse", "Iron Tide", "Night of a Thousand Doors",
        "Quantum Fault", "Crimson Accord", "The Silent Siege", "Starfall Protocol",
        "Storm Over Granite", "The Ember Crown", "Neon Uprising", "Arctic Requiem",
    ]
    /// Creator roles, as free text in the API's mixed case.
    static let writerRoles = ["writer", "writer", "Writer"]
    /// See ``writerRoles``.
    static let artistRoles = ["penciller", "penciler", "penciller (cover)", "inker"]
    /// See ``writerRoles``.
    static let colourRoles = ["colorist", "Colorist", "letterer", "editor"]
    /// Series ratings as the API writes them.
    static let ratings = ["T+", "RATED T+", "MARVEL PSR", "", "ALL AGES", "Parental Advisory"]
    /// Series types; the API also sends `""`.
    static let seriesTypes = ["ongoing", "limited", "collection", "one shot", ""]
}

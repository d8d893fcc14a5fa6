/// A test's server could not start: the stubs cannot work or the address is taken.
public struct ServerStartFailure: Error, CustomStringConvertible {
    /// Where the server was declared.
    public var location: CodeLocation
    /// What went wrong, with the stub's or the address's own words.
    public var reason: String

    /// `file:line:column: the stub server could not start: …`.
    public var description: String { "\(location): the stub server could not start: \(reason)" }
}

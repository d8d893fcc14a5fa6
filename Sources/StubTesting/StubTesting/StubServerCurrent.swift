public import StubServer

extension StubServer {
    /// The server of the test running on this task: set by the `.stubServer`
    /// trait and by `withStubServer`, `nil` elsewhere. Each test, and each case
    /// of a parameterized test, sees its own.
    ///
    /// ```swift
    /// let server = try #require(StubServer.current)
    /// ```
    @TaskLocal public static var current: StubServer?
}

// `import StubTesting` is all a test file needs: the DSL and the server come with it.
@_exported public import StubKit
@_exported public import StubServer
@_exported public import StubAssertions
@_exported public import PactFormat

/// The journal assertions (`expectReceived`, `expectInOrder`, `expectSigned`,
/// …) on a server in this process, on either transport.
extension StubServer: JournalHolding {}

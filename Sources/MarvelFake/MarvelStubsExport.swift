// The Marvel plug-in's recipes and rules (`.marvel(results:)`,
// `AuthRule.marvel(publicKey:privateKey:)`, `.marvelError`) come with the
// fake, as they did when they lived in StubKit.
@_exported public import MarvelStubs

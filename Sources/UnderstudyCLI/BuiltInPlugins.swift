import MarvelFake
import StubKit

/// The plug-ins the command line reads spec keywords from without being
/// told: Marvel's (`marvel:`, `marvelError:`, `guard: { marvel: … }`,
/// a contract's `sign: marvel`).
package enum BuiltInPlugins {
    /// Registers them; idempotent.
    package static func register() {
        StubPlugins.register(.marvel)
    }
}

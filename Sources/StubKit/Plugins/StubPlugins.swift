import Locking

/// The plug-ins spec files and the admin API read keywords from.
///
/// ```swift
/// StubPlugins.register(.marvel)   // MarvelStubs; the command line registers it itself
/// ```
///
/// Register before reading a spec that uses a plug-in's keywords; a keyword
/// no registered plug-in knows is reported like any unknown key, with the
/// keywords that are known. A test that reads keywords of its own hands its
/// plug-in to the read instead (`StubSpec.parse(…, plugins:)`), leaving the
/// process's list as it is.
public enum StubPlugins {
    private static let registered = Locked(PluginList())

    /// Adds `plugin`, replacing one registered before under the same name.
    public static func register(_ plugin: StubPlugin) {
        registered.withLock { $0.register(plugin) }
    }

    /// The plug-ins registered, in registration order.
    public static var all: [StubPlugin] { registered.withLock { $0.plugins } }

    /// The response keyword `keyword`, when a registered plug-in has it.
    public static func recipe(_ keyword: String) -> StubPlugin.Recipe? { registered.withLock { $0.recipe(keyword) } }

    /// The guard keyword `keyword`, when a registered plug-in has it.
    public static func guardKind(_ keyword: String) -> StubPlugin.Guard? { registered.withLock { $0.guardKind(keyword) } }

    /// The resource envelope named `name`, when a registered plug-in has it.
    public static func envelope(_ name: String) -> ResourceEnvelope? { registered.withLock { $0.envelope(name) } }

    /// Every response keyword registered.
    public static var recipeKeywords: [String] { all.flatMap { $0.recipes.map(\.keyword) } }

    /// Every guard keyword registered.
    public static var guardKeywords: [String] { all.flatMap { $0.guards.map(\.keyword) } }
}

/// A list of plug-ins, one per name: what ``StubPlugins`` holds for the process.
package struct PluginList: Sendable {
    /// The plug-ins, in registration order.
    package private(set) var plugins: [StubPlugin] = []

    /// An empty list.
    package init() {}

    /// Adds `plugin`, replacing one of the same name.
    package mutating func register(_ plugin: StubPlugin) {
        plugins.removeAll { $0.name == plugin.name }
        plugins.append(plugin)
    }

    /// The first response keyword `keyword`.
    package func recipe(_ keyword: String) -> StubPlugin.Recipe? {
        plugins.lazy.flatMap(\.recipes).first { $0.keyword == keyword }
    }

    /// The first resource envelope named `name`.
    package func envelope(_ name: String) -> ResourceEnvelope? {
        plugins.lazy.flatMap(\.envelopes).first { $0.name == name }
    }

    /// The first guard keyword `keyword`.
    package func guardKind(_ keyword: String) -> StubPlugin.Guard? {
        plugins.lazy.flatMap(\.guards).first { $0.keyword == keyword }
    }
}

import Locking

/// The plug-ins spec files and the admin API read keywords from.
///
/// ```swift
/// StubPlugins.register(.marvel)   // MarvelStubs; the command line registers it itself
/// ```
///
/// Register before reading a spec that uses a plug-in's keywords; a keyword
/// no registered plug-in knows is reported like any unknown key, with the
/// keywords that are known.
public enum StubPlugins {
    private static let registered = Locked<[StubPlugin]>([])

    /// Adds `plugin`, replacing one registered before under the same name.
    public static func register(_ plugin: StubPlugin) {
        registered.withLock { plugins in
            plugins.removeAll { $0.name == plugin.name }
            plugins.append(plugin)
        }
    }

    /// The plug-ins registered, in registration order.
    public static var all: [StubPlugin] { registered.withLock { $0 } }

    /// The response keyword `keyword`, when a registered plug-in has it.
    public static func recipe(_ keyword: String) -> StubPlugin.Recipe? {
        all.lazy.flatMap(\.recipes).first { $0.keyword == keyword }
    }

    /// The guard keyword `keyword`, when a registered plug-in has it.
    public static func guardKind(_ keyword: String) -> StubPlugin.Guard? {
        all.lazy.flatMap(\.guards).first { $0.keyword == keyword }
    }

    /// Every response keyword registered.
    public static var recipeKeywords: [String] { all.flatMap { $0.recipes.map(\.keyword) } }

    /// Every guard keyword registered.
    public static var guardKeywords: [String] { all.flatMap { $0.guards.map(\.keyword) } }
}

import ArgumentParser
import Foundation
import WireMockFormat

/// WireMock's templating flags, as `serve` and `lint` take them.
struct TemplatingOptions: ParsableArguments {
    @Flag(name: .customLong("global-response-templating"),
          help: "Render every WireMock mapping's response as a Handlebars template, as WireMock's flag does.")
    var global = false

    @Flag(name: .customLong("local-response-templating"),
          help: "Render the WireMock mappings whose transformers list response-template (the default; WireMock's flag, accepted).")
    var local = false

    @Option(name: .customLong("permitted-system-keys"), parsing: .singleValue,
            help: "Environment variables a template's systemValue may read, as comma-separated case-insensitive regexes (WireMock's flag; default wiremock.*).")
    var permittedSystemKeys: [String] = []

    /// The `systemValue` keys, split and defaulted.
    var systemKeys: [String] {
        let keys = permittedSystemKeys.flatMap { $0.split(separator: ",").map(String.init) }
        return keys.isEmpty ? ["wiremock.*"] : keys
    }

    /// A key that is not a regular expression is refused before anything is served.
    /// The default is not compiled here: the first regular expression costs ICU's
    /// one-time set-up (over a millisecond), which a start without one need not pay.
    func validate() throws {
        guard !permittedSystemKeys.isEmpty else { return }
        for key in systemKeys where (try? NSRegularExpression(pattern: key)) == nil {
            throw ValidationError("--permitted-system-keys: \"\(key)\" is not a regular expression")
        }
    }

    /// Which WireMock responses are templates.
    var templating: WireMockTemplating { global ? .global : .local }
}

import Foundation
import StubAdmin
package import StubServer
import StubKit
package import StubRecording
package import WireMockFormat

/// The admin API as `understudy serve` offers it: on by default, loopback
/// callers only; with a token, any caller that sends it; on an address other
/// machines can reach and without a token, off, and said so.
package enum AdminMounting {
    /// What happened, for the command to print.
    package struct Outcome: Sendable {
        /// Whether the routes are served.
        package var mounted: Bool
        /// A line for standard error, when there is something to say.
        package var note: String?
    }

    /// Mounts the admin API on `server` unless `enabled` is false or the bind
    /// is exposed without `token`. `paths` are what `serve` was given: the
    /// first WireMock root among them is where `mappings/save` writes.
    package static func mount(
        on server: StubServer, enabled: Bool, token: String?, paths: [String], templating: WireMockTemplating = .local,
        recorder: Recorder? = nil, onRecordingStop: (@Sendable (Recording) -> Void)? = nil,
        onShutdown: @escaping @Sendable () -> Void
    ) -> Outcome {
        guard enabled else { return Outcome(mounted: false, note: nil) }
        if token == nil, !ExposureWarning.isLoopback(server.host) {
            return Outcome(mounted: false, note: "understudy: the admin API is off: \(server.host) is reachable from other machines; "
                           + "pass --admin-token TOKEN to offer it to callers who send that bearer token")
        }
        let root = paths.map { URL(fileURLWithPath: $0) }.first(where: WireMockMappings.isRoot)
        var options = AdminOptions(token: token, root: root, onShutdown: onShutdown)
        options.templating = templating
        options.recorder = recorder
        options.onRecordingStop = onRecordingStop
        AdminAPI.mount(on: server, options: options)
        return Outcome(mounted: true, note: nil)
    }
}

public import Foundation
import StubKit
import StubServer
public import StubRecording
public import WireMockFormat

/// How a server's admin API is offered.
public struct AdminOptions: Sendable {
    /// The path prefix of every admin route.
    public var prefix: String
    /// When set, every caller must send `Authorization: Bearer <token>`;
    /// when `nil`, only loopback callers are answered (others get 403).
    public var token: String?
    /// The WireMock root being served, if any: `mappings/save` writes there,
    /// and posted mappings read `bodyFileName` from its `__files/`.
    public var root: URL?
    /// Which posted mappings are response templates (WireMock's
    /// `--global-response-templating`; by default those that ask).
    public var templating = WireMockTemplating.local
    /// The largest admin request body accepted (bigger ones get 413).
    public var maximumBodyBytes: Int
    /// Called after `POST /shutdown` has been answered.
    public var onShutdown: (@Sendable () -> Void)?
    /// The recorder `/recordings/…` drive (`understudy record` passes its
    /// own); a new one for the server when `nil`.
    public var recorder: Recorder?
    /// Called with the recording when `POST /recordings/stop` stops one,
    /// before the answer is sent (`understudy record` writes its files here).
    public var onRecordingStop: (@Sendable (Recording) -> Void)?

    /// Creates options; by default `/__admin`, loopback callers only.
    public init(prefix: String = "/__admin", token: String? = nil, root: URL? = nil,
                maximumBodyBytes: Int = 10 << 20, onShutdown: (@Sendable () -> Void)? = nil) {
        self.prefix = prefix
        self.token = token
        self.root = root
        self.maximumBodyBytes = maximumBodyBytes
        self.onShutdown = onShutdown
    }
}

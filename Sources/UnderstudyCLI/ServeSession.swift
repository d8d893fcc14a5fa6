package import Foundation
package import StubServer
import StubKit

/// A running `understudy serve`: the server, its ready line, and a clean stop on
/// SIGINT or SIGTERM.
package final class ServeSession {
    /// The server being served.
    package let server: StubServer
    /// Where the throwaway authority's certificate was written (`--tls`).
    package let certificateAuthority: URL?
    /// The live request-log page, when the admin API is mounted.
    package var userInterface: URL?

    /// Starts serving and installs the signal handlers; `onStop` runs once, after
    /// the server has stopped, with the signal's number. A signal sent at any
    /// time after this returns is handled (see ``StopSignals``).
    package init(server: StubServer, certificateAuthority: URL? = nil, onStop: @escaping @Sendable (Int32) -> Void) {
        self.server = server
        self.certificateAuthority = certificateAuthority
        StopSignals.install { number in
            server.stop()
            onStop(number)
        }
    }

    /// `understudy: serving <what> at http://127.0.0.1:PORT`, and the CA
    /// file to trust under `--tls`.
    package func readyLine(serving what: String) -> String {
        "understudy: serving \(what) at \(server.baseURL.absoluteString)"
            + (certificateAuthority.map { " (trust the CA in \($0.path))" } ?? "")
            + (userInterface.map { "; requests live at \($0.absoluteString)" } ?? "")
    }

    /// The ready line for machines, exactly `{"url":"http://127.0.0.1:PORT","port":PORT}`,
    /// then `"ui":"URL"` when the request-log page is served and
    /// `"caCertificate":"PATH"` under `--tls`.
    package var readyJSON: String {
        let page = userInterface.map { #","ui":\#(JSONValue.string($0.absoluteString).description)"# } ?? ""
        let authority = certificateAuthority.map { #","caCertificate":\#(JSONValue.string($0.path).description)"# } ?? ""
        return #"{"url":"\#(server.baseURL.absoluteString)","port":\#(server.port)\#(page)\#(authority)}"#
    }
}

/// Writes a line to standard output at once (no buffering), so that a script
/// waiting for the ready line sees it even when output is a pipe.
package func emitLine(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

internal import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What libmicrohttpd says when it gives up, said so that the reader of a
/// crashed test run can find the cause.
///
/// libmicrohttpd ends the process (`MHD_PANIC`, then `abort()`) when its own
/// state can no longer be trusted. Understudy's daemon never stops with a
/// connection suspended, so in practice the one way there is a descriptor
/// closed under it: code elsewhere in the same process that closes a
/// descriptor number twice, the second time after the number was reused for
/// a socket the daemon accepted. The daemon then finds its socket gone
/// (`daemon.c:3831: Failed to remove FD from epoll set`, or `daemon.c:2927:
/// Close socket failed` in 0.9.75). That is not recoverable (the daemon might
/// close somebody else's descriptor next), so the process still ends, but
/// with a message that names the likely cause instead of libmicrohttpd's line
/// alone.
enum PanicReport {
    /// Installs the report, once per process, before the first daemon starts.
    static let installed: Void = {
        MHD_set_panic_func({ _, file, line, reason in
            let site = file.map { String(cString: $0) } ?? "libmicrohttpd"
            var why = reason.map { String(cString: $0) } ?? "no reason given"
            while why.last == "\n" { why.removeLast() }
            writeToStandardError("Fatal error in GNU libmicrohttpd \(site):\(line): \(why)\n" + PanicReport.explanation(for: why))
            abort()
        }, nil)
    }()

    /// The likely cause of `reason`, for the reader of the crash.
    static func explanation(for reason: String) -> String {
        if reason.contains("remove FD from epoll") || reason.contains("Close socket failed") {
            return """
                Understudy: a socket this HTTP server accepted was closed by other code in this process. \
                The usual cause is a descriptor closed twice (close(fd) called again after the number \
                was already closed and reused): look for a double close in the code that runs beside \
                the server, such as a test helper's error path followed by its deinit.

                """
        }
        if reason.contains("suspended connections") {
            return "Understudy: a server stopped while a request was still suspended; please report this with the test that did it.\n"
        }
        return ""
    }
}


/// Writes all of `text` to descriptor 2, unbuffered (the process is about to abort).
private func writeToStandardError(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        guard written > 0 else { return }
        offset += written
    }
}

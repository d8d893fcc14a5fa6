import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Tests that hold both ends of many connections at once (a server's side and
/// the client's) take turns, and the process's descriptor limit is raised for
/// them first.
///
/// Two such tests running side by side in the one test process can exhaust
/// the descriptors between them; libmicrohttpd then stops accepting until one
/// of its own connections closes, which a test holding all of them open never
/// does, and the test hangs instead of failing for its own reason.
public enum ManyConnections {
    /// Descriptors left for everything else the test process does meanwhile.
    static let headroom = 2048

    /// Runs `body` once no other `ManyConnections` body runs, with room for
    /// `connections` connections whose both ends live in this process.
    public static func hold<T>(_ connections: Int, _ body: () async throws -> T) async throws -> T {
        await turn.acquire()
        do {
            try allowDescriptors(needed: 2 * connections + 256, wanted: 2 * connections + headroom)
            let result = try await body()
            await turn.release()
            return result
        } catch {
            await turn.release()
            throw error
        }
    }

    private static let turn = Turnstile()

    /// Raises the soft descriptor limit towards `wanted` (as far as the hard
    /// limit allows), or says why `needed` cannot be had.
    static func allowDescriptors(needed: Int, wanted: Int) throws {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        guard limit.rlim_cur < rlim_t(wanted) else { return }
        guard limit.rlim_max >= rlim_t(needed) else {
            throw RawSocketError.system(
                "setrlimit: this test needs \(needed) descriptors and the hard limit is \(limit.rlim_max) (raise it with ulimit -Hn)",
                EMFILE)
        }
        limit.rlim_cur = min(limit.rlim_max, rlim_t(wanted))
        guard setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else {
            throw RawSocketError.system("setrlimit(\(limit.rlim_cur))", errno)
        }
    }
}

/// A first-come, first-served async lock.
private actor Turnstile {
    private var held = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        guard held else {
            held = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        guard !waiting.isEmpty else {
            held = false
            return
        }
        waiting.removeFirst().resume()
    }
}

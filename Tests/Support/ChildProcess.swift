import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn`, its standard output and error
/// on pipes.
///
/// Not `Foundation.Process`: in Swift 6.3.1 its `run()` copies a whole
/// 256-byte `d_name` out of each `/proc/self/fd` entry, reading past glibc's
/// buffer (AddressSanitizer reports it, and it can crash; fixed upstream in
/// swift-corelibs-foundation #5472). Tests that spawn many children must not
/// depend on it.
///
/// Everything that waits for the child (a line, its end, its exit) is
/// `async` and waits on a thread of its own (``OffPool``): a child is slow
/// to start on a loaded machine, and a test must not hold one of the
/// cooperative pool's few threads meanwhile. The pipes are close-on-exec.
public final class ChildProcess: Sendable {
    /// The child's process id.
    public let pid: pid_t
    private let output: Int32
    private let errors: Int32
    /// What was read but not yet returned, and how the child ended; one
    /// waiter at a time (the lock is held across the blocking read, on the
    /// waiter's own thread).
    private let state = Mutex(State())
    /// Set once `waitpid` has returned the child's status (its id is free from then on).
    private let reaped = Atomic<Bool>(false)

    private struct State {
        var pendingOutput: [UInt8] = []
        var status: Int32?
        var outputEnded = false
    }

    /// Whether standard output has closed (``readLine()`` then returns "").
    public var outputEnded: Bool { state.withLock { $0.outputEnded } }

    /// Starts `executable` with `arguments` in `directory` (the current one
    /// when nil), with the default signal dispositions and an empty signal
    /// mask; `environment` adds to (or replaces in) this process's environment.
    public init(_ executable: URL, _ arguments: [String], directory: URL? = nil, environment: [String: String] = [:]) throws {
        var outputPipe: [Int32] = [-1, -1], errorPipe: [Int32] = [-1, -1]
        guard Self.closeOnExecPipe(&outputPipe) else { throw ChildProcessError.system("pipe2", errno) }
        guard Self.closeOnExecPipe(&errorPipe) else {
            let code = errno
            outputPipe.forEach { close($0) }
            throw ChildProcessError.system("pipe2", code)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        for fd in outputPipe + errorPipe { posix_spawn_file_actions_addclose(&actions, fd) }
        // Nothing else of this process: a client socket a child held open
        // (libcurl's are not close-on-exec) would hide its closing from the
        // server, and a test waiting for a client to hang up would wait on.
        if let addClosefrom = Self.addClosefrom { _ = addClosefrom(&actions, 3) }
        if let directory {
            guard let addChdir = Self.addChdir else {
                (outputPipe + errorPipe).forEach { close($0) }
                throw ChildProcessError.system("posix_spawn_file_actions_addchdir_np", ENOSYS)
            }
            _ = addChdir(&actions, directory.path)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var merged = ProcessInfo.processInfo.environment
        for (name, value) in environment { merged[name] = value }
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable.path, &actions, &attributes, argv, envp)
        close(outputPipe[1])
        close(errorPipe[1])
        guard result == 0 else {
            close(outputPipe[0])
            close(errorPipe[0])
            throw ChildProcessError.system("posix_spawn \(executable.path)", result)
        }
        pid = child
        output = outputPipe[0]
        errors = errorPipe[0]
    }

    deinit {
        // A child still running is killed; SIGKILL ends it at once, so
        // reaping it here does not wait.
        let status = state.withLock { $0.status }
        if status == nil {
            Glibc.kill(pid, SIGKILL)
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        }
        close(output)
        close(errors)
    }

    /// The next line of standard output, without its newline ("" at the end).
    public func readLine() async -> String {
        await OffPool.run { self.blockingReadLine() }
    }

    /// Reads lines of standard output until one holds a match for the
    /// regular expression `pattern`, and returns the matched text; nil when
    /// the output ends first.
    public func readLine(matching pattern: String) async -> String? {
        while true {
            let line = await readLine()
            if let range = line.range(of: pattern, options: .regularExpression) { return String(line[range]) }
            if line.isEmpty, outputEnded { return nil }
        }
    }

    /// Standard error read until `enough` says so or the child closes it.
    public func readErrors(until enough: @escaping @Sendable (String) -> Bool) async -> String {
        await OffPool.run {
            var text: [UInt8] = []
            while !enough(String(decoding: text, as: UTF8.self)) {
                let chunk = Self.read(self.errors)
                if chunk.isEmpty { break }
                text += chunk
            }
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// Everything left on standard output and standard error, read together
    /// (so a child filling one pipe cannot stall), up to the child closing both.
    public func readToEnd() async -> (output: String, errors: String) {
        await OffPool.run { self.blockingReadToEnd() }
    }

    /// Sends SIGTERM (unless the child has been waited for already).
    public func terminate() {
        guard !reaped.load(ordering: .acquiring) else { return }
        Glibc.kill(pid, SIGTERM)
    }

    /// Sends SIGKILL and returns at once (the child is reaped when it is
    /// waited for, or when this object goes). For a `defer` that must end the
    /// child on every path and cannot wait. Does nothing once the child has
    /// been waited for: its process id may belong to another process by then.
    public func kill() {
        guard !reaped.load(ordering: .acquiring) else { return }
        Glibc.kill(pid, SIGKILL)
    }

    /// Waits for the child to end; its exit status, or 128 + the signal that ended it.
    @discardableResult
    public func waitForExit() async -> Int32 {
        await OffPool.run { self.blockingWaitForExit() }
    }

    /// Reads both pipes to their end, then waits for the exit: the child's
    /// whole remaining output and its status.
    public func finish() async -> (status: Int32, output: String, errors: String) {
        await OffPool.run {
            let (output, errors) = self.blockingReadToEnd()
            return (self.blockingWaitForExit(), output, errors)
        }
    }

    /// Sends SIGTERM and waits for the child to end, reading what it still writes.
    @discardableResult
    public func stop() async -> (status: Int32, output: String, errors: String) {
        terminate()
        return await finish()
    }

    private func blockingReadLine() -> String {
        state.withLock { state in
            while !state.pendingOutput.contains(UInt8(ascii: "\n")) {
                let chunk = Self.read(output)
                if chunk.isEmpty {
                    state.outputEnded = true
                    break
                }
                state.pendingOutput += chunk
            }
            let end = state.pendingOutput.firstIndex(of: UInt8(ascii: "\n")) ?? state.pendingOutput.endIndex
            let line = String(decoding: state.pendingOutput[..<end], as: UTF8.self)
            state.pendingOutput.removeSubrange(..<min(end + 1, state.pendingOutput.count))
            return line
        }
    }

    private func blockingReadToEnd() -> (output: String, errors: String) {
        state.withLock { state in
            var out = state.pendingOutput, err: [UInt8] = []
            state.pendingOutput = []
            var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
            var open = 2
            while open > 0 {
                guard poll(&fds, nfds_t(fds.count), -1) > 0 else { if errno == EINTR { continue } else { break } }
                for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                    let chunk = Self.read(fds[index].fd)
                    if chunk.isEmpty { fds[index].fd = -1; open -= 1 } else if index == 0 { out += chunk } else { err += chunk }
                }
            }
            state.outputEnded = true
            return (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
        }
    }

    private func blockingWaitForExit() -> Int32 {
        state.withLock { state in
            if let status = state.status { return status }
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
            reaped.store(true, ordering: .releasing)
            let signal = raw & 0x7F
            let ended = signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
            state.status = ended
            return ended
        }
    }

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), which
    /// Swift's Glibc module does not import; looked up at run time.
    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private static let addChdir: AddChdir? = dlsym(nil, "posix_spawn_file_actions_addchdir_np").map { unsafeBitCast($0, to: AddChdir.self) }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), looked up at run time.
    private typealias AddClosefrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addClosefrom: AddClosefrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: AddClosefrom.self) }

    /// glibc's `pipe2`, which Swift's Glibc module does not import; looked up at run time.
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    private static let pipe2: Pipe2? = dlsym(nil, "pipe2").map { unsafeBitCast($0, to: Pipe2.self) }

    /// A pipe whose ends close on exec, made atomically with `pipe2`, so a
    /// child another test thread spawns at the same moment cannot inherit them
    /// (an inherited write end would keep this child's output open after it exits).
    private static func closeOnExecPipe(_ fds: inout [Int32]) -> Bool {
        if let pipe2 { return fds.withUnsafeMutableBufferPointer { pipe2($0.baseAddress!, O_CLOEXEC) } == 0 }
        guard pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    private static func read(_ fd: Int32) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            return count > 0 ? Array(buffer[..<count]) : []
        }
    }
}

/// A system call that failed while starting or talking to a child.
public enum ChildProcessError: Error, CustomStringConvertible {
    case system(String, Int32)
    public var description: String {
        if case .system(let call, let code) = self { return "\(call): \(String(cString: strerror(code)))" }
        return "child process error"
    }
}

extension ChildProcess {
    /// Runs `executable` with `arguments` to the end, waiting on a thread of
    /// its own: its status, standard output and standard error.
    public static func finished(_ executable: URL, _ arguments: [String], directory: URL? = nil, environment: [String: String] = [:]) async throws
        -> (status: Int32, output: String, errors: String) {
        try await ChildProcess(executable, arguments, directory: directory, environment: environment).finish()
    }
}

// understudy-bench: the programs scripts/bench and the leak test run.
//
//   understudy-bench serve --stubs N --body FILE
//       Serves N stubs; GET /fixed answers FILE as JSON. Prints
//       "READY <url> pid=<pid>" and runs until SIGINT or SIGTERM.
//   understudy-bench start-stop --cycles N [--stubs N] [--only prepared]
//       Starts and stops a server N times in-process and prints one JSON line
//       with the median and p90 microseconds per cycle and the process's open
//       file descriptors and threads before and after.
//   understudy-bench soak [--journal N] [--arrival-timeout S]
//       Serves the soak's mixed traffic on 127.0.0.1 and answers `status` and
//       `stop` on standard input with JSON lines (see SoakServer).
//   understudy-bench idle
//       Links what the server links and serves nothing: the memory floor.
//   understudy-bench suite --reference URL [--tests N]
//       One test's cost with a server per test (start, 20 stubs, 3 URLSession
//       calls, a count, stop) and the floor (the 3 calls to a running server).
//   understudy-bench admin-suite --ours PORT --wiremock PORT [--tests N] [--warmup N] [--import yes] [--distinct yes]
//       One test's cost through WireMock's admin API (reset, 20 mappings, 3
//       calls, a count) against two running servers, one keep-alive
//       connection each, the same driver for both.
//   understudy-bench admin-calls [--tests N] [--warmup N] [--import yes] [--distinct yes]
//       The same test against a server in this process with the admin API
//       mounted: the server's side of it, one process to profile.
//   understudy-bench prepare [--times N] [--stubs N]
//       Declares and prepares a test's stubs (a StubSet) N times: what a
//       server per test pays before it listens, one process to profile.
//   understudy-bench churn [--seconds S] [--threads T] [--cycles N]
//       Starts and stops daemons from T threads, each stopped with connections
//       of every kind open (keep-alive, suspended, half-sent, streaming, TLS);
//       prints one JSON line of counts; exit 1 on a lost answer or growth.
//   understudy-bench foreign-close
//       Closes the daemon's end of a connection from outside, as a double
//       close() elsewhere would: libmicrohttpd aborts, and says why.
//   understudy-bench decode-comics [--iterations N]
//       Decodes a 100-comic Marvel page N times into DataWrapper<Comic> and, as
//       the reference, parses it with JSONSerialization; prints one JSON line.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "serve":
        try BenchServe(arguments: Options(Array(arguments.dropFirst()))).run()
    case "start-stop":
        try StartStopCycles(arguments: Options(Array(arguments.dropFirst()))).run()
    case "soak":
        try SoakServer(arguments: Options(Array(arguments.dropFirst()))).run()
    case "idle":
        IdleProcess().run()
    case "suite":
        try SuiteCost(arguments: Options(Array(arguments.dropFirst()))).run()
    case "admin-suite":
        try AdminSuiteCost(arguments: Options(Array(arguments.dropFirst()))).run()
    case "admin-calls":
        try AdminCalls(arguments: Options(Array(arguments.dropFirst()))).run()
    case "prepare":
        try PrepareStubs(arguments: Options(Array(arguments.dropFirst()))).run()
    case "churn":
        try DaemonChurn(arguments: Options(Array(arguments.dropFirst()))).run()
    case "foreign-close":
        try ForeignClose().run()
    case "decode-comics":
        try DecodeComics(arguments: Options(Array(arguments.dropFirst()))).run()
    default:
        FileHandle.standardError.write(Data("usage: understudy-bench serve --stubs N --body FILE | start-stop --cycles N [--stubs N] [--only prepared] | soak [--journal N] | idle | suite --reference URL [--tests N] | admin-suite --ours PORT --wiremock PORT | prepare [--times N] [--stubs N] | churn [--seconds S] [--threads T] | decode-comics [--iterations N]\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("understudy-bench: \(error)\n".utf8))
    exit(2)
}

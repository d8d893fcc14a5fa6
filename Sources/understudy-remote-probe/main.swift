// A stand-in for an iOS UI test target on Linux: it links only StubRemote
// and StubAssertions (no server, no libmicrohttpd), adds a stub to a server
// running in another process, calls it as an app would, and checks the call
// with the same assertions a test uses. StubRemoteTests runs it and reads
// its dynamic libraries. Exit 0 when every step passed, 1 when one failed, 2 on bad arguments.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubAssertions
import StubKit
import StubRemote

let arguments = CommandLine.arguments.dropFirst()
guard let base = arguments.first.flatMap(URL.init(string:)) else {
    FileHandle.standardError.write(Data("usage: understudy-remote-probe SERVER_URL\n".utf8))
    exit(2)
}
let server = RemoteStubServer(url: base)
do {
    try await server.add {
        Get("/probe/greeting").query("name", "Ada").respond(.json(#"{"greeting":"hello, Ada"}"#))
    }
    let (data, response) = try await URLSession.shared.data(from: server.url("/probe/greeting?name=Ada"))
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    let received = await server.expectReceived(Get("/probe/greeting").query("name", "Ada"), .once)
    let body = String(decoding: data, as: UTF8.self)
    print("status \(status), body \(body), received \(received)")
    exit(status == 200 && body.contains("hello, Ada") && received ? 0 : 1)
} catch {
    print("error: \(error)")
    exit(1)
}

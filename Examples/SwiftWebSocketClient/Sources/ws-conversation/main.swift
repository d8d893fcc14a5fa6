// ws-conversation URL: runs the conversation of Understudy's WebSocket
// client tests with WSClient and prints one JSON line per event:
// the subprotocol, each message received, and the server's close.
import Foundation
import Logging
import WSClient

func say(_ fields: [String: Any]) {
    let data = try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}

let url = CommandLine.arguments[1]
var logger = Logger(label: "ws-conversation")
logger.logLevel = .warning
let closed = try await WebSocketClient.connect(
    url: url, configuration: .init(maxFrameSize: 1 << 16, additionalHeaders: [.secWebSocketProtocol: "chat.v2, chat.v1"]),
    logger: logger
) { inbound, outbound, context in
    var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
    func next() async throws -> WebSocketMessage? { try await messages.next() }
    func show(_ message: WebSocketMessage?) {
        switch message {
        case .text(let text)?: say(["received": text])
        case .binary(var buffer)?: say(["received": buffer.readBytes(length: buffer.readableBytes) ?? []])
        case nil: say(["ended": true])
        }
    }
    show(try await next())
    try await outbound.write(.text("ping"))
    show(try await next())
    try await outbound.write(.text(#"{"type": "subscribe", "topic": "prices"}"#))
    show(try await next())
    try await outbound.write(.binary(.init(bytes: [0, 1, 2])))
    show(try await next())
    try await outbound.write(.text("bye"))
    show(try await next())
}
say(["closed": true, "code": closed.map { Int(UInt16(webSocketErrorCode: $0.closeCode)) } ?? -1, "reason": closed?.reason ?? ""])

import DocumentReader
import Foundation
import StubKit

// A WebSocket endpoint in a spec file, in place of `response:`:
//
//   webSocket:
//     protocols: [chat.v1]
//     maximumMessageBytes: 65536
//     onConnect: [ { send: welcome } ]
//     rules:
//       - on: { equals: ping }              # the request body's conditions; `any` for every message
//         kind: text                        # or binary; either when left out
//         reply: [ { send: pong }, { sendJSON: { type: ok }, after: 10ms }, echo, { close: 1000, reason: bye } ]
//         scenario: { name: session, requires: Started, sets: Subscribed }   # as a stub's

extension SpecStubReader {
    /// The keys of one action: what it does (one of the first five) and its pause.
    static let webSocketActionKeys = ["send", "sendJSON", "sendBase64", "close", "echo", "reason", "after"]

    /// A `webSocket:` block as the stub's conversation.
    mutating func webSocket(_ node: DocumentNode) -> WebSocketConversation? {
        guard let fields = reading.members(node, allowed: ["protocols", "onConnect", "rules", "maximumMessageBytes"]) else { return nil }
        var conversation = WebSocketConversation()
        if let list = fields["protocols"], let items = reading.items(list) {
            conversation.protocols = items.compactMap { reading.string($0) }
        }
        if let limit = fields["maximumMessageBytes"], let value = reading.int(limit, in: 1...(1 << 30)) {
            conversation.maximumMessageBytes = value
        }
        if let list = fields["onConnect"] { conversation.onConnect = webSocketActions(list) }
        if let list = fields["rules"], let items = reading.items(list) {
            for item in items {
                guard let parts = reading.members(item, allowed: ["on", "kind", "reply", "scenario"]) else { continue }
                var matcher = WebSocketMessageMatcher()
                if let on = parts["on"], !(on.isScalar && reading.string(on) == "any") { matcher.body = bodyMatchers(on) }
                if let kindNode = parts["kind"], let name = reading.string(kindNode) {
                    if let kind = WebSocketMessageMatcher.Kind(rawValue: name) {
                        matcher.kind = kind
                    } else {
                        reading.fail(kindNode, "kind is text or binary, not \"\(name)\"")
                    }
                }
                guard let reply = parts["reply"] else {
                    reading.fail(item, "a rule needs a reply (a list of actions)")
                    continue
                }
                conversation.rules.append(WebSocketRule(matcher, actions: webSocketActions(reply), scenario: parts["scenario"].flatMap { scenario($0) }))
            }
        }
        return conversation
    }

    /// A list of actions: `echo`, or `{ send | sendJSON | sendBase64 | close (with reason) | echo, after }`.
    private mutating func webSocketActions(_ node: DocumentNode) -> [WebSocketAction] {
        guard let items = reading.items(node) else { return [] }
        var actions: [WebSocketAction] = []
        for item in items {
            if item.isScalar, reading.string(item) == "echo" {
                actions.append(.echo())
                continue
            }
            guard let parts = reading.members(item, allowed: Self.webSocketActionKeys) else { continue }
            let after = parts["after"].flatMap { reading.duration($0) } ?? .zero
            let kinds = ["send", "sendJSON", "sendBase64", "close", "echo"].filter { parts[$0] != nil }
            guard kinds.count == 1, let kind = kinds.first, let operand = parts[kind] else {
                reading.fail(item, "an action is one of send, sendJSON, sendBase64, close or echo")
                continue
            }
            if parts["reason"] != nil, kind != "close" { reading.fail(item, "reason goes with close") }
            switch kind {
            case "send":
                if let text = reading.string(operand) { actions.append(.send(.text(text), after: after)) }
            case "sendJSON":
                if let value = reading.json(operand) { actions.append(.send(.text(value.description), after: after)) }
            case "sendBase64":
                if let data = base64(operand) { actions.append(.send(.binary(Array(data)), after: after)) }
            case "close":
                guard let code = reading.int(operand, in: 1000...4999) else { continue }
                guard WebSocketClose.isSendable(UInt16(code)) else {
                    reading.fail(operand, "close code \(code) may not be sent (1000–1003, 1007–1014, 3000–4999)")
                    continue
                }
                let reason = parts["reason"].flatMap { reading.string($0) } ?? ""
                actions.append(.close(WebSocketClose(code: UInt16(code), reason: reason), after: after))
            default:
                guard reading.bool(operand) == true else {
                    reading.fail(operand, "echo takes true (or write the action as echo)")
                    continue
                }
                actions.append(.echo(after: after))
            }
        }
        return actions
    }
}

extension SpecWriter {
    /// A conversation as the `webSocket:` block ``SpecStubReader/webSocket(_:)`` reads.
    static func webSocket(_ conversation: WebSocketConversation) throws(Unwritable) -> WrittenJSON {
        var members: [(String, WrittenJSON)] = []
        if !conversation.protocols.isEmpty { members.append(("protocols", .array(conversation.protocols.map(WrittenJSON.string)))) }
        if conversation.maximumMessageBytes != WebSocketConversation().maximumMessageBytes {
            members.append(("maximumMessageBytes", .number(Double(conversation.maximumMessageBytes))))
        }
        if !conversation.onConnect.isEmpty { members.append(("onConnect", .array(conversation.onConnect.map(action)))) }
        if !conversation.rules.isEmpty {
            var rules: [WrittenJSON] = []
            for rule in conversation.rules {
                var parts: [(String, WrittenJSON)] = []
                if rule.matcher.body.isEmpty {
                    parts.append(("on", .string("any")))
                } else {
                    var conditions: [WrittenJSON] = []
                    for matcher in rule.matcher.body { conditions.append(try SpecPatternWriter.body(matcher)) }
                    parts.append(("on", conditions.count == 1 ? conditions[0] : .array(conditions)))
                }
                if let kind = rule.matcher.kind { parts.append(("kind", .string(kind.rawValue))) }
                parts.append(("reply", .array(rule.actions.map(action))))
                if let step = rule.scenario { parts.append(("scenario", scenario(step))) }
                rules.append(.object(parts))
            }
            members.append(("rules", .array(rules)))
        }
        return .object(members)
    }

    private static func action(_ action: WebSocketAction) -> WrittenJSON {
        var parts: [(String, WrittenJSON)]
        switch action.kind {
        case .send(.text(let text)): parts = [("send", .string(text))]
        case .send(.binary(let bytes)): parts = [("sendBase64", .string(Data(bytes).base64EncodedString()))]
        case .close(let close):
            parts = [("close", .number(Double(close.code)))]
            if !close.reason.isEmpty { parts.append(("reason", .string(close.reason))) }
        case .echo:
            guard action.after != .zero else { return .string("echo") }
            parts = [("echo", .bool(true))]
        }
        if action.after != .zero {
            let milliseconds = action.after.components.seconds * 1000 + action.after.components.attoseconds / 1_000_000_000_000_000
            parts.append(("after", .string("\(milliseconds)ms")))
        }
        return .object(parts)
    }
}

import Foundation
import HTTPWire
import Locking
import StubKit
import Synchronization

/// One open WebSocket connection of a stub: reads the client's frames,
/// answers pings, runs the conversation's rules (each action after its
/// pause, from a timer), records every message in the journal, keeps the
/// client's messages for the test, and closes as RFC 6455 says: a Close
/// answered with a Close, a protocol error failed with 1002 (1007 for bad
/// UTF-8, 1009 for a message too big), the server's stop with 1001.
final class WebSocketSession: Sendable {
    private struct State {
        var reader: WebSocketFrameReader
        var closeSent = false
        var ending: WebSocketLog.Ending?
        var over = false
        var inbox: [WebSocketMessage] = []
        var inboxWaiters: [WaitOnce<WebSocketMessage>] = []
        var closeWaiters: [WaitOnce<WebSocketLog.Ending>] = []
    }

    /// The most client messages kept for the test; older ones go first.
    static let inboxLimit = 10_000
    /// How long the server waits for the client's Close after sending its own.
    static let closeGrace: Duration = .seconds(2)

    let request: RecordedRequest
    let subprotocol: String?
    private let channel: any UpgradedChannel
    private let conversation: WebSocketConversation
    private let stub: Stub
    private let ticket: JournalTicket
    private let journal: Journal
    private let issues: ServerIssueQueue
    private let scenarios: ScenarioBook
    private let state: Locked<State>

    init(channel: any UpgradedChannel, conversation: WebSocketConversation, request: RecordedRequest, subprotocol: String?,
         stub: Stub, ticket: JournalTicket, journal: Journal, issues: ServerIssueQueue, scenarios: ScenarioBook) {
        self.channel = channel
        self.conversation = conversation
        self.request = request
        self.subprotocol = subprotocol
        self.stub = stub
        self.ticket = ticket
        self.journal = journal
        self.issues = issues
        self.scenarios = scenarios
        self.state = Locked(State(reader: WebSocketFrameReader(maximumMessageBytes: conversation.maximumMessageBytes)))
    }

    var sequence: Int { ticket.sequence.load(ordering: .acquiring) }

    func start() {
        channel.onServerStop { [self] in close(.goingAway) }
        // What goes out on connect goes before any message is read, as a client expects.
        run(conversation.onConnect[...], answering: nil)
        channel.start(received: { [self] in received($0) }, ended: { [self] in ended() })
    }

    // MARK: Sending

    /// Sends `message` unless a Close was sent; `false` when it was not sent.
    @discardableResult
    func send(_ message: WebSocketMessage) -> Bool {
        state.withLock { state -> Bool in
            guard !state.closeSent, !state.over else { return false }
            channel.send(WebSocketFrames.frame(message))
            // Journaled under the same lock as the send: the log keeps the wire's order.
            journal.webSocket(sequence) { $0.messages.append(.init(direction: .sent, message: message)) }
            return true
        }
    }

    /// Sends a ping with `payload` (at most 125 bytes).
    @discardableResult
    func ping(_ payload: [UInt8]) -> Bool {
        state.withLock { state in
            guard !state.closeSent, !state.over else { return false }
            channel.send(WebSocketFrames.frame(.ping, Array(payload.prefix(125))))
            return true
        }
    }

    /// Starts the close handshake with `close`, once; the connection ends
    /// when the client answers, or after ``closeGrace``.
    func close(_ close: WebSocketClose) {
        let channel = self.channel
        let first = state.withLock { state -> Bool in
            guard !state.closeSent, !state.over else { return false }
            state.closeSent = true
            if state.ending == nil { state.ending = .serverClosed(close) }
            channel.send(WebSocketFrames.close(close))
            return true
        }
        guard first else { return }
        Timers.after(Self.closeGrace) { channel.close() }
    }

    /// `actions`, each after its pause, in order, answering `message` (none on connect).
    private func run(_ actions: ArraySlice<WebSocketAction>, answering message: WebSocketMessage?) {
        guard let action = actions.first else { return }
        let perform: @Sendable () -> Void = { [self] in
            switch action.kind {
            case .send(let message): send(message)
            case .close(let close): self.close(close)
            case .echo: if let message { send(message) }
            }
            run(actions.dropFirst(), answering: message)
        }
        if action.after > .zero { Timers.after(action.after, perform) } else { perform() }
    }

    // MARK: Receiving

    private func received(_ bytes: [UInt8]) {
        let events = state.withLock { $0.reader.read(bytes) }
        for event in events {
            switch event {
            case .message(let message): answer(message)
            case .ping(let payload):
                state.withLock { state in
                    if !state.closeSent { channel.send(WebSocketFrames.frame(.pong, payload)) }
                }
            case .pong: break
            case .close(let close): clientClosed(close)
            case .failure(let close): fail(close)
            }
        }
    }

    private func answer(_ message: WebSocketMessage) {
        // The first candidate whose scenario allows it now; the move is atomic with the choice.
        let rule = conversation.candidates(for: message).first { rule in
            guard let step = rule.scenario else { return true }
            return scenarios.attempt(step) { () } != nil
        }
        if rule == nil {
            // Filed before the journal changes: a log that follows the journal finds it there.
            let report = UnmatchedMessageReport(message: message, request: request, stub: stub, rules: conversation.rules.map { rule in
                rule.matcher.description + (rule.scenario.map { " (\($0), now \(scenarios.state(of: $0.scenario)))" } ?? "")
            })
            issues.append(ServerIssue(sequence: sequence, kind: .unmatchedMessage(report)))
        }
        state.withLock { _ in
            journal.webSocket(sequence) { $0.messages.append(.init(direction: .received, message: message, answered: rule != nil)) }
        }
        deliver(message)
        if let rule { run(rule.actions[...], answering: message) }
    }

    /// Hands `message` to the oldest waiting test, or keeps it. A waiter
    /// that gave up meanwhile (settled already) is skipped.
    private func deliver(_ message: WebSocketMessage) {
        while true {
            let waiter = state.withLock { state -> WaitOnce<WebSocketMessage>? in
                if !state.inboxWaiters.isEmpty { return state.inboxWaiters.removeFirst() }
                state.inbox.append(message)
                if state.inbox.count > Self.inboxLimit { state.inbox.removeFirst() }
                return nil
            }
            guard let waiter else { return }
            if waiter.resolve(message) { return }
        }
    }

    private func clientClosed(_ close: WebSocketClose?) {
        state.withLock { state in
            if state.ending == nil {
                state.ending = .clientClosed(close)
                // The journal before the echo: a client that reads the
                // server's Close then finds the ending in the journal.
                journal.webSocket(sequence) { $0.ending = .clientClosed(close) }
            }
            if !state.closeSent {
                state.closeSent = true
                // The echo: the client's code, or an empty Close for an empty one.
                channel.send(close.map(WebSocketFrames.close) ?? WebSocketFrames.frame(.close, []))
            }
        }
        channel.close()
    }

    private func fail(_ close: WebSocketClose) {
        // Filed before the journal changes: a log that follows the journal finds it there.
        issues.append(ServerIssue(sequence: sequence, kind: .webSocketProtocolError(request: "\(request.method) \(request.path)", close: close)))
        state.withLock { state in
            state.ending = .protocolFailure(close)
            journal.webSocket(sequence) { $0.ending = .protocolFailure(close) }
            if !state.closeSent {
                state.closeSent = true
                channel.send(WebSocketFrames.close(close))
            }
        }
        channel.close()
    }

    private func ended() {
        let (ending, inboxWaiters, closeWaiters) = state.withLock { state in
            state.over = true
            let ending = state.ending ?? .dropped
            state.ending = ending
            defer { state.inboxWaiters.removeAll(); state.closeWaiters.removeAll() }
            return (ending, state.inboxWaiters, state.closeWaiters)
        }
        // The journal first: whoever waits for the end then finds it there.
        journal.webSocket(sequence) { $0.ending = ending }
        for waiter in inboxWaiters { waiter.resolve(nil) }
        for waiter in closeWaiters { waiter.resolve(ending) }
    }

    // MARK: For the test

    /// The oldest client message not taken yet, or the next to come; `nil`
    /// once the connection is over with none left.
    func nextMessage() -> WaitOnce<WebSocketMessage> {
        let waiter = WaitOnce<WebSocketMessage>()
        let now = state.withLock { state -> WebSocketMessage?? in
            if !state.inbox.isEmpty { return .some(state.inbox.removeFirst()) }
            if state.over { return .some(nil) }
            state.inboxWaiters.append(waiter)
            return .none
        }
        if let now { waiter.resolve(now) }
        return waiter
    }

    /// Settled with the connection's ending once it is over.
    func closing() -> WaitOnce<WebSocketLog.Ending> {
        let waiter = WaitOnce<WebSocketLog.Ending>()
        let now = state.withLock { state -> WebSocketLog.Ending? in
            if state.over { return state.ending }
            state.closeWaiters.append(waiter)
            return nil
        }
        if let now { waiter.resolve(now) }
        return waiter
    }

    var isOpen: Bool { state.withLock { !$0.over } }

    /// Forgets one waiter (a timeout, a cancellation) so it is not handed a message later.
    func forget(_ waiter: WaitOnce<WebSocketMessage>) {
        state.withLock { state in state.inboxWaiters.removeAll { $0 === waiter } }
    }
}

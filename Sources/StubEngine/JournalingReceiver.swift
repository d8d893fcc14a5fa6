import HTTPWire
import Synchronization

/// Between a deferred answer and the transport (``Engine``'s timing of a
/// later answer): marks the journal entry finished as the answer goes (a
/// stream's entry finishes later, when the stream ends).
struct JournalingReceiver: AnswerReceiver {
    let journal: Journal
    let ticket: JournalTicket
    let sink: AnswerSink

    /// Marks the entry finished (unless `answer` is a stream), then passes `answer` on.
    func receive(_ answer: Answer) {
        if case .stream = answer {} else { journal.finished(ticket.sequence.load(ordering: .acquiring)) }
        sink.send(answer)
    }

    /// Registers `handler` with the transport's sink.
    func onHangUp(_ handler: @escaping @Sendable () -> Void) { sink.onHangUp(handler) }
}

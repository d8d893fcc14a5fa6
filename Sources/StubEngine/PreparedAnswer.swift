package import HTTPWire
import Locking
import Synchronization

/// A response built once and sent many times: a fixed stub's answer, or one
/// a reusing stub (``AnswerReuse``) keeps.
///
/// A transport keeps its own ready-to-send form beside it (the libmicrohttpd
/// server, a C response sent without a copy), built the first time it sends
/// it, so the engine stays free of any transport. Each content coding's
/// variant is built once too.
package final class PreparedAnswer: PreparedWireResponse {
    /// The response.
    package let response: HTTPResponse
    /// Every transport form made for this answer (one per transport type),
    /// kept for its life so that a form read from ``published`` stays alive.
    private let forms = Locked<[TransportForm]>([])
    /// The latest form, read without the lock: each request that sends this
    /// answer asks for it, and a lock and a dynamic cast were a tenth of the
    /// engine's cost per request.
    private let published = Atomic<UInt>(0)  // a TransportForm's address, 0 for none
    /// This response in each content coding (`nil`: identity with `Vary`),
    /// each built the first time a request needs it.
    private let variants = Locked<[ContentCoding?: PreparedAnswer]>([:])

    /// Prepares `response`.
    package init(_ response: HTTPResponse) {
        self.response = response
    }

    /// The transport's form of this response: made by `make` the first time,
    /// the same object after (one transport type per answer; another type
    /// replaces it).
    package func form<Form: AnyObject & Sendable>(_ make: (HTTPResponse) -> Form) -> Form {
        let type = ObjectIdentifier(Form.self)
        if let latest = UnsafeRawPointer(bitPattern: published.load(ordering: .acquiring)) {
            let known = Unmanaged<TransportForm>.fromOpaque(latest).takeUnretainedValue()
            if known.type == type { return unsafeDowncast(known.object, to: Form.self) }
        }
        return forms.withLock { forms in
            let made = forms.first { $0.type == type } ?? TransportForm(make(response))
            if !forms.contains(where: { $0 === made }) { forms.append(made) }
            published.store(UInt(bitPattern: Unmanaged.passUnretained(made).toOpaque()), ordering: .releasing)
            return unsafeDowncast(made.object, to: Form.self)
        }
    }

    /// The variant of this response for `coding`, made by `make` once.
    package func variant(_ coding: ContentCoding?, make: () -> PreparedAnswer) -> PreparedAnswer {
        if let known = variants.withLock({ $0[coding] }) { return known }
        let made = make()
        return variants.withLock { variants in
            if let raced = variants[coding] { return raced }
            variants[coding] = made
            return made
        }
    }
}

/// A transport's form of a prepared answer, with its type to tell it from another transport's.
private final class TransportForm: Sendable {
    let type: ObjectIdentifier
    let object: any AnyObject & Sendable

    init<Form: AnyObject & Sendable>(_ object: Form) {
        self.type = ObjectIdentifier(Form.self)
        self.object = object
    }
}

package import HTTPWire
import Locking

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
    /// The transport's form, built by the first transport that sends this.
    private let form = Locked<(any AnyObject & Sendable)?>(nil)
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
        form.withLock { form in
            if let known = form as? Form { return known }
            let made = make(response)
            form = made
            return made
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

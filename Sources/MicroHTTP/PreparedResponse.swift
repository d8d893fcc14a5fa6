internal import CMicroHTTPD

/// A response turned into libmicrohttpd's form once and sent many times.
///
/// Sending one costs no allocation or copy per request, which is how a static
/// stub answers at the speed of a bare C server. It is a class because it owns
/// a C resource for its lifetime; libmicrohttpd reference-counts and locks the
/// underlying response, so sending it from several threads at once is safe.
public final class PreparedResponse: PreparedWireResponse, @unchecked Sendable {
    /// The response this was built from.
    public let response: HTTPResponse
    let handle: OpaquePointer

    /// Builds the libmicrohttpd response for `response`.
    public init(_ response: HTTPResponse) {
        self.response = response
        self.handle = makeMHDResponse(response)
    }

    deinit { MHD_destroy_response(handle) }
}

/// Creates a libmicrohttpd response holding a copy of the body and the headers.
func makeMHDResponse(_ response: HTTPResponse) -> OpaquePointer {
    let handle = response.body.withUnsafeBytes { bytes -> OpaquePointer? in
        MHD_create_response_from_buffer(
            bytes.count,
            UnsafeMutableRawPointer(mutating: bytes.baseAddress),
            .RESPMEM_MUST_COPY
        )
    }
    guard let handle else { fatalError("libmicrohttpd could not allocate a response") }
    for (name, value) in response.headers {
        // libmicrohttpd refuses framing headers it computes itself (Content-Length);
        // those are documented as ignored on HTTPResponse.
        _ = MHD_add_response_header(handle, name, value)
    }
    return handle
}

/// Queues `response` on `connection` and releases this function's reference.
func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    let handle = makeMHDResponse(response)
    defer { MHD_destroy_response(handle) }
    return MHD_queue_response(connection, UInt32(clamping: response.status), handle)
}

/// Queues a prepared response on `connection`.
func queue(_ prepared: PreparedResponse, on connection: OpaquePointer) -> MHD_Result {
    MHD_queue_response(connection, UInt32(clamping: prepared.response.status), prepared.handle)
}

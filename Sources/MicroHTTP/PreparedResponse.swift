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
    /// The bytes of its header fields as sent (``ResponseHeadRoom``), counted once.
    let headerBytes: Int

    /// Builds the libmicrohttpd response for `response`.
    public init(_ response: HTTPResponse) {
        self.response = response
        self.handle = makeMHDResponse(response)
        self.headerBytes = ResponseHeadRoom.bytes(of: response.headers)
    }

    deinit { MHD_destroy_response(handle) }
}

/// Creates a libmicrohttpd response for `response`: its headers copied,
/// its body lent (see ``LentBody``), not copied.
func makeMHDResponse(_ response: HTTPResponse) -> OpaquePointer {
    let handle: OpaquePointer?
    if response.body.isEmpty {
        handle = MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
    } else {
        let lent = LentBody(response.body)
        handle = MHD_create_response_from_buffer_with_free_callback_cls(
            lent.bytes.count, lent.start, { Unmanaged<LentBody>.fromOpaque($0!).release() }, Unmanaged.passRetained(lent).toOpaque())
    }
    guard let handle else { fatalError("libmicrohttpd could not allocate a response") }
    for (name, value) in response.headers {
        // libmicrohttpd refuses framing headers it computes itself (Content-Length);
        // those are documented as ignored on HTTPResponse. withCString copies a
        // short string to the stack, where passing the String would allocate.
        _ = name.withCString { name in value.withCString { value in MHD_add_response_header(handle, name, value) } }
    }
    return handle
}

/// A body lent to libmicrohttpd for a response's life instead of copied
/// into its own allocation (a malloc and a copy per dynamic answer, and for
/// a body of a kilobyte or more, malloc consolidating its free lists each
/// time). The array is native and held unchanged (a `let`) by this object,
/// which libmicrohttpd releases when it destroys the response, so its
/// storage stays where it is until then.
private final class LentBody {
    let bytes: [UInt8]
    let start: UnsafeMutableRawPointer

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.start = UnsafeMutableRawPointer(mutating: bytes.withUnsafeBytes { $0.baseAddress! })
    }
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

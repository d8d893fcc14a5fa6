/// What a request handler does with a request: a ``WireReply`` whose prepared
/// responses are libmicrohttpd's (``PreparedResponse``) and whose later
/// answers go through a ``Responder`` that resumes the suspended connection.
public typealias Reply = WireReply<PreparedResponse, Responder>

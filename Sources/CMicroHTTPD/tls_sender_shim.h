/*
 * A TLS connection's sending function, which lets an answer's head and body
 * leave in one segment. Included by shim.h, after connection_shim.h.
 */
#ifndef UNDERSTUDY_CMICROHTTPD_TLS_SENDER_SHIM_H
#define UNDERSTUDY_CMICROHTTPD_TLS_SENDER_SHIM_H

/*
 * An answer's head and body in one TCP segment over TLS.
 *
 * libmicrohttpd 0.9.75 sends a TLS answer's head and body as two records in
 * two sendmsg calls, and for an answer of 1,400 bytes or more pushes the head
 * alone: two TCP segments (and the peer's acknowledgement) where plain HTTP
 * sends one. MicroHTTP gives each TLS connection this sending function in
 * place of GnuTLS's own. When the daemon marks the next record as the head of
 * an answer whose body libmicrohttpd sends straight after it (a body in
 * memory, for a request and status that carry one), that record goes with
 * MSG_MORE: the kernel holds it for the body's record and both leave in one
 * segment. Every other record is sent as GnuTLS sends it. Should a held
 * record have no record after it by the time libmicrohttpd reports the
 * request complete, c_tls_push_held sends it on (the kernel would hold it up
 * to 200 ms otherwise); the daemon counts such cases, which its tests expect
 * never to see.
 */
struct c_tls_sender { int fd; int hold_next; int held; };

static ssize_t
c_tls_send(gnutls_transport_ptr_t pointer, const giovec_t *pieces, int count)
{
    struct c_tls_sender *sender = (struct c_tls_sender *) pointer;
    struct msghdr message;
    memset(&message, 0, sizeof message);
    message.msg_iov = (struct iovec *) pieces; /* giovec_t is laid out as struct iovec */
    message.msg_iovlen = (size_t) count;
    int more = sender->hold_next;
    sender->hold_next = 0;
    ssize_t sent = sendmsg(sender->fd, &message, MSG_NOSIGNAL | (more ? MSG_MORE : 0));
    if (sent >= 0) sender->held = more;
    return sent;
}

/* Gives a TLS connection the sender above and returns it (freed with
   c_tls_sender_free once libmicrohttpd has closed the connection, its session
   gone); NULL for a plain connection, which keeps its own sending. */
static inline void *
c_tls_sender_attach(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_GNUTLS_SESSION);
    if (info == NULL || info->tls_session == NULL) return NULL;
    int fd = c_mhd_connection_fd(connection);
    if (fd < 0) return NULL;
    struct c_tls_sender *sender = calloc(1, sizeof *sender);
    if (sender == NULL) return NULL;
    sender->fd = fd;
    gnutls_session_t session = (gnutls_session_t) info->tls_session;
    gnutls_transport_ptr_t receiving = NULL, sending = NULL;
    gnutls_transport_get_ptr2(session, &receiving, &sending);
    gnutls_transport_set_ptr2(session, receiving, sender);
    gnutls_transport_set_vec_push_function(session, c_tls_send);
    return sender;
}

/* Marks the next record `sender` sends as an answer's head with its body right behind it. */
static inline void c_tls_hold_next(void *sender) { ((struct c_tls_sender *) sender)->hold_next = 1; }

/* At a request's completion: drops a mark no record took, and sends on a held
   record no record followed (setting TCP_NODELAY pushes what the kernel
   holds). Returns 1 when a record was held alone, 0 otherwise. */
static inline int
c_tls_push_held(void *pointer)
{
    struct c_tls_sender *sender = (struct c_tls_sender *) pointer;
    sender->hold_next = 0;
    if (!sender->held) return 0;
    sender->held = 0;
    int on = 1;
    (void) setsockopt(sender->fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    return 1;
}

static inline void c_tls_sender_free(void *sender) { free(sender); }

#endif

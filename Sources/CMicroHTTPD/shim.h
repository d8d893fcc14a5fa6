/*
 * Understudy's window onto libmicrohttpd.
 *
 * Swift imports no variadic C function, so MHD_start_daemon and the
 * MHD_get_*_info calls are reached through the static inline c_mhd_*
 * wrappers below. A system-library target compiles no .c file; inline
 * functions in its header are compiled into the Swift module that imports it.
 * Only the MicroHTTP module imports this header, and it wraps every call at
 * once in Swift values.
 */
#ifndef UNDERSTUDY_CMICROHTTPD_SHIM_H
#define UNDERSTUDY_CMICROHTTPD_SHIM_H

#include <stdint.h>
#include <stdlib.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <errno.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <poll.h>
#ifdef __linux__
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>
#endif
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <microhttpd.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>

/* A peer that shut its sending side (Linux; glibc names it only with _GNU_SOURCE). */
#ifndef POLLRDHUP
#ifdef __linux__
#define POLLRDHUP 0x2000
#else
#define POLLRDHUP 0
#endif
#endif

/* Returned by c_mhd_listen when the host is not a numeric IPv4 or IPv6 address. */
#define C_MHD_BAD_HOST (-100000)

/* The daemon settings MicroHTTP uses, in one fixed argument list. */
static inline struct MHD_Daemon *
c_mhd_start(unsigned int flags,
            int listen_fd,
            unsigned int thread_pool_size,
            unsigned int connection_limit,
            unsigned int connection_timeout_seconds,
            size_t connection_memory_limit,
            MHD_AcceptPolicyCallback accept_policy, void *accept_cls,
            MHD_AccessHandlerCallback access_handler, void *access_cls,
            void *(*uri_log)(void *cls, const char *uri, struct MHD_Connection *c), void *uri_log_cls,
            MHD_RequestCompletedCallback completed, void *completed_cls,
            MHD_NotifyConnectionCallback notify_connection, void *notify_cls,
            const char *tls_key_pem, const char *tls_cert_pem, const char *tls_trust_pem)
{
    /* TLS (GnuTLS): the key and certificate, and the CAs client certificates
       are checked against, when given; an empty list otherwise. */
    struct MHD_OptionItem tls[4] = {{MHD_OPTION_END, 0, NULL}, {MHD_OPTION_END, 0, NULL},
                                    {MHD_OPTION_END, 0, NULL}, {MHD_OPTION_END, 0, NULL}};
    if (tls_key_pem != NULL && tls_cert_pem != NULL) {
        tls[0] = (struct MHD_OptionItem) {MHD_OPTION_HTTPS_MEM_KEY, 0, (void *) tls_key_pem};
        tls[1] = (struct MHD_OptionItem) {MHD_OPTION_HTTPS_MEM_CERT, 0, (void *) tls_cert_pem};
        if (tls_trust_pem != NULL) tls[2] = (struct MHD_OptionItem) {MHD_OPTION_HTTPS_MEM_TRUST, 0, (void *) tls_trust_pem};
        flags |= MHD_USE_TLS;
    }
    return MHD_start_daemon(flags, 0, accept_policy, accept_cls, access_handler, access_cls,
                            MHD_OPTION_ARRAY, tls,
                            MHD_OPTION_LISTEN_SOCKET, (MHD_socket) listen_fd,
                            MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_log, uri_log_cls,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_NOTIFY_CONNECTION, notify_connection, notify_cls,
                            MHD_OPTION_END);
}

/* The epoll set of a daemon started without its own thread (MHD_USE_EPOLL), or -1. */
static inline int
c_mhd_epoll_fd(struct MHD_Daemon *daemon)
{
#ifdef __linux__
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_EPOLL_FD);
    return info == NULL ? -1 : info->epoll_fd;
#else
    (void) daemon;
    return -1;
#endif
}

/*
 * Runs what a daemon without its own thread has ready, then returns how many
 * milliseconds may pass before it must run again: 0 when it has work left
 * (a connection resumed, data not yet read), -1 when only network activity
 * can give it more. Work left is run again here, up to three runs in all:
 * a keep-alive connection that has just sent its answer asks for one more
 * run, and making it at once spares the loop a turn (an epoll_wait of its
 * own) per request; the bound keeps the other daemons' turn near.
 */
static inline long long
c_mhd_run_once(struct MHD_Daemon *daemon)
{
    MHD_UNSIGNED_LONG_LONG timeout = 0;
    for (int run = 0; run < 3; run++) {
        (void) MHD_run(daemon);
        if (MHD_get_timeout(daemon, &timeout) != MHD_YES) return -1;
        if (timeout != 0) break;
    }
    return timeout > (MHD_UNSIGNED_LONG_LONG) 86400000 ? 86400000 : (long long) timeout;
}

#ifdef __linux__
/*
 * The event set of a DaemonLoop: one epoll set holding each daemon's epoll
 * set (and the loop's wake eventfd) under a 64-bit id. struct epoll_event is
 * packed on x86_64, so Swift never touches it.
 */
static inline int c_loop_create(void) { return epoll_create1(EPOLL_CLOEXEC); }
static inline int c_loop_wake_fd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }
/* Names the calling thread as ps and gdb show it. */
static inline void c_loop_name_thread(void) { (void) prctl(PR_SET_NAME, "understudy-http", 0, 0, 0); }

static inline int
c_loop_add(int loop, int fd, uint64_t id)
{
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = EPOLLIN;
    event.data.u64 = id;
    return epoll_ctl(loop, EPOLL_CTL_ADD, fd, &event);
}

static inline int c_loop_remove(int loop, int fd) { return epoll_ctl(loop, EPOLL_CTL_DEL, fd, NULL); }

/* Watches fd (level-triggered) for writing or reading under id, adding it or changing what it is watched for. */
static inline int
c_loop_watch(int loop, int fd, uint64_t id, int writable, int added)
{
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = writable ? EPOLLOUT : EPOLLIN;
    event.data.u64 = id;
    return epoll_ctl(loop, added ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, fd, &event);
}

/* Waits up to timeout_ms (-1: no bound) and writes the ready ids; returns how many, 0 on EINTR. */
static inline int
c_loop_wait(int loop, uint64_t *ids, int capacity, int timeout_ms)
{
    struct epoll_event events[64];
    if (capacity > 64) capacity = 64;
    int count = epoll_wait(loop, events, capacity, timeout_ms);
    if (count < 0) return 0;
    for (int i = 0; i < count; i++) ids[i] = events[i].data.u64;
    return count;
}

static inline void
c_loop_signal(int wake_fd)
{
    uint64_t one = 1;
    (void) write(wake_fd, &one, sizeof one);
}

static inline void
c_loop_drain(int wake_fd)
{
    uint64_t count;
    (void) read(wake_fd, &count, sizeof count);
}
#endif

/*
 * The client certificate of a TLS connection: 0 when there is none (or the
 * connection is plain HTTP), 1 when it verifies against the daemon's trusted
 * CAs, -1 when it does not. The first certificate's subject DN is written to
 * subject (NUL-terminated, cut to size).
 */
static inline int
c_mhd_client_certificate(struct MHD_Connection *connection, char *subject, size_t size)
{
    if (size > 0) subject[0] = 0;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_GNUTLS_SESSION);
    if (info == NULL || info->tls_session == NULL) return 0;
    gnutls_session_t session = (gnutls_session_t) info->tls_session;
    unsigned int count = 0;
    const gnutls_datum_t *peers = gnutls_certificate_get_peers(session, &count);
    if (peers == NULL || count == 0) return 0;
    unsigned int status = 0;
    int verified = gnutls_certificate_verify_peers2(session, &status) == 0 && status == 0;
    gnutls_x509_crt_t certificate;
    if (gnutls_x509_crt_init(&certificate) == 0) {
        size_t length = size;
        if (gnutls_x509_crt_import(certificate, &peers[0], GNUTLS_X509_FMT_DER) != 0
            || gnutls_x509_crt_get_dn(certificate, subject, &length) != 0) {
            if (size > 0) subject[0] = 0;
        }
        gnutls_x509_crt_deinit(certificate);
    }
    return verified ? 1 : -1;
}

/*
 * Opens a non-blocking, close-on-exec TCP socket bound to host:port and
 * listening. host must be a numeric IPv4 or IPv6 address. Returns the socket,
 * or -errno on a system failure, or C_MHD_BAD_HOST. On success *bound_port is
 * the port actually bound (the one the kernel chose when port is 0).
 */
static inline int
c_mhd_listen(const char *host, uint16_t port, int backlog, uint16_t *bound_port)
{
    struct sockaddr_storage storage;
    socklen_t length;
    int family;
    memset(&storage, 0, sizeof storage);
    struct sockaddr_in *v4 = (struct sockaddr_in *) &storage;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *) &storage;
    if (inet_pton(AF_INET, host, &v4->sin_addr) == 1) {
        family = AF_INET; v4->sin_family = AF_INET; v4->sin_port = htons(port); length = sizeof *v4;
    } else if (inet_pton(AF_INET6, host, &v6->sin6_addr) == 1) {
        family = AF_INET6; v6->sin6_family = AF_INET6; v6->sin6_port = htons(port); length = sizeof *v6;
    } else {
        return C_MHD_BAD_HOST;
    }
    int fd = socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -errno;
    int on = 1;
    /* Lets a restarted server take its fixed port back from TIME_WAIT; on
       Linux it never lets two live listeners share a port. */
    (void) setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    if (family == AF_INET6) (void) setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof on);
    if (bind(fd, (struct sockaddr *) &storage, length) != 0 || listen(fd, backlog) != 0) {
        int saved = errno; close(fd); return -saved;
    }
    struct sockaddr_storage bound;
    socklen_t bound_length = sizeof bound;
    if (getsockname(fd, (struct sockaddr *) &bound, &bound_length) != 0) {
        int saved = errno; close(fd); return -saved;
    }
    *bound_port = ntohs(family == AF_INET ? ((struct sockaddr_in *) &bound)->sin_port
                                          : ((struct sockaddr_in6 *) &bound)->sin6_port);
    return fd;
}

/* The pointer stored for the connection by the NOTIFY_CONNECTION callback. */
static inline void *
c_mhd_socket_context(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/* The connection's socket, or -1. */
static inline int
c_mhd_connection_fd(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : (int) info->connect_fd;
}

/* The daemon that serves the connection, or NULL. */
static inline struct MHD_Daemon *
c_mhd_connection_daemon(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_DAEMON);
    return info == NULL ? NULL : info->daemon;
}

/* Another descriptor of the listening socket `fd` (close-on-exec), or -errno. */
static inline int
c_mhd_share_listen_fd(int fd)
{
    int copy = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    return copy < 0 ? -errno : copy;
}

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

struct c_mhd_header_tally { const char *name; unsigned int count; };

static enum MHD_Result
c_mhd_tally_header(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    (void) kind; (void) value;
    struct c_mhd_header_tally *tally = (struct c_mhd_header_tally *) cls;
    if (key != NULL && strcasecmp(key, tally->name) == 0) tally->count += 1;
    return MHD_YES;
}

/* How many request headers are named `name` (compared without case). */
static inline unsigned int
c_mhd_header_count(struct MHD_Connection *connection, const char *name)
{
    struct c_mhd_header_tally tally = { name, 0 };
    MHD_get_connection_values(connection, MHD_HEADER_KIND, c_mhd_tally_header, &tally);
    return tally.count;
}

/*
 * Writes bytes straight to the connection's socket, bypassing HTTP framing
 * (for deliberately broken responses), as far as the socket takes them
 * without blocking. Returns the number of bytes written.
 */
static inline size_t
c_mhd_send_raw(struct MHD_Connection *connection, const void *bytes, size_t count)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (info == NULL) return 0;
    size_t sent = 0;
    while (sent < count) {
        ssize_t n = send(info->connect_fd, (const char *) bytes + sent, count - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n <= 0) break;
        sent += (size_t) n;
    }
    return sent;
}

/*
 * Resets the connection (RST) now: a zero linger time, then a disconnect
 * (connect to AF_UNSPEC), which Linux answers with a reset. libmicrohttpd's
 * own shutdown and close that follow find nothing left to send.
 */
static inline void
c_mhd_linger_zero(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (info == NULL) return;
    struct linger zero = { 1, 0 };
    setsockopt(info->connect_fd, SOL_SOCKET, SO_LINGER, &zero, sizeof zero);
    struct sockaddr unspecified;
    memset(&unspecified, 0, sizeof unspecified);
    unspecified.sa_family = AF_UNSPEC;
    connect(info->connect_fd, &unspecified, sizeof unspecified);
}

/* Ends an upgraded connection (MHD_upgrade_action is variadic, which Swift cannot call). */
static inline enum MHD_Result
c_mhd_upgrade_close(struct MHD_UpgradeResponseHandle *urh)
{
    return MHD_upgrade_action(urh, MHD_UPGRADE_ACTION_CLOSE);
}

/*
 * Whether the peer of a connection that sends nothing more (a client reading
 * a stream) has gone: 1 gone (it closed or reset the connection), 2 it sent
 * bytes (which are left unread), 0 neither. Never blocks, reads nothing.
 */
static inline int
c_peer_gone(int fd)
{
    struct pollfd watched = { fd, POLLIN | POLLRDHUP, 0 };
    if (poll(&watched, 1, 0) < 0) return 0;
    if (watched.revents & (POLLRDHUP | POLLHUP | POLLERR)) return 1;
    if (!(watched.revents & POLLIN)) return 0;
    char byte;
    ssize_t seen = recv(fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    if (seen == 0) return 1;
    if (seen < 0) return (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) ? 0 : 1;
    return 2;
}

/*
 * Writes the connection's peer as "ip:port" or "[ip6]:port" into buffer and
 * returns the length written, or 0 when it is not known.
 */
static inline size_t
c_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t capacity)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL || capacity < INET6_ADDRSTRLEN + 10) return 0;
    const struct sockaddr *address = info->client_addr;
    char ip[INET6_ADDRSTRLEN];
    int written;
    if (address->sa_family == AF_INET) {
        const struct sockaddr_in *v4 = (const struct sockaddr_in *) address;
        if (inet_ntop(AF_INET, &v4->sin_addr, ip, sizeof ip) == NULL) return 0;
        written = snprintf(buffer, capacity, "%s:%u", ip, (unsigned) ntohs(v4->sin_port));
    } else if (address->sa_family == AF_INET6) {
        const struct sockaddr_in6 *v6 = (const struct sockaddr_in6 *) address;
        if (inet_ntop(AF_INET6, &v6->sin6_addr, ip, sizeof ip) == NULL) return 0;
        written = snprintf(buffer, capacity, "[%s]:%u", ip, (unsigned) ntohs(v6->sin6_port));
    } else {
        return 0;
    }
    return written > 0 ? (size_t) written : 0;
}

/*
 * Called from the URI log callback, where uri is the raw request target in
 * libmicrohttpd's read buffer, NUL-terminated, before it splits the query.
 * MicroHTTP parses the query itself from its copy of the target, so this
 * ends the query string right after '?': libmicrohttpd then stores no
 * argument, whose per-argument records would otherwise fill the connection's
 * memory pool (about 450 short parameters in 32 KiB) and stall the request.
 */
static inline void
c_mhd_skip_query_parsing(const char *uri)
{
    char *mark = strchr((char *) uri, '?');
    if (mark != NULL && mark[1] != '\0') mark[1] = '\0';
}

struct c_mhd_head_size { size_t fields; size_t bytes; };

static enum MHD_Result
c_mhd_add_field(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                const char *value, size_t value_size)
{
    (void) kind; (void) key; (void) value;
    struct c_mhd_head_size *size = cls;
    size->fields += 1;
    size->bytes += key_size + value_size + 4; /* "name: value\r\n" */
    return MHD_YES;
}

/* The number of header fields and their bytes as sent (name, ": ", value, CRLF). */
static inline struct c_mhd_head_size
c_mhd_header_size(struct MHD_Connection *connection)
{
    struct c_mhd_head_size size = { 0, 0 };
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, c_mhd_add_field, &size);
    return size;
}

/* The number of cookies libmicrohttpd read from the Cookie headers. */
static inline int
c_mhd_cookie_count(struct MHD_Connection *connection)
{
    return MHD_get_connection_values(connection, MHD_COOKIE_KIND, NULL, NULL);
}

#endif

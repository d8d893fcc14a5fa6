/*
 * One connection: what libmicrohttpd knows of it (its context, socket,
 * daemon, peer and client certificate) and what MicroHTTP does to its socket
 * past HTTP (raw bytes, a reset, a look for a peer gone, an upgrade's end).
 * Included by shim.h.
 */
#ifndef UNDERSTUDY_CMICROHTTPD_CONNECTION_SHIM_H
#define UNDERSTUDY_CMICROHTTPD_CONNECTION_SHIM_H

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

/* Ends an upgraded connection (MHD_upgrade_action is variadic, which Swift cannot call). */
static inline enum MHD_Result
c_mhd_upgrade_close(struct MHD_UpgradeResponseHandle *urh)
{
    return MHD_upgrade_action(urh, MHD_UPGRADE_ACTION_CLOSE);
}

#endif

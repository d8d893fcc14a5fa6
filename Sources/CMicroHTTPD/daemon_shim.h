/*
 * A daemon's life: its listening socket, its start with MicroHTTP's settings,
 * its epoll set and one run of what it has ready. Included by shim.h.
 */
#ifndef UNDERSTUDY_CMICROHTTPD_DAEMON_SHIM_H
#define UNDERSTUDY_CMICROHTTPD_DAEMON_SHIM_H

/* Returned by c_mhd_listen when the host is not a numeric IPv4 or IPv6 address. */
#define C_MHD_BAD_HOST (-100000)

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

/* Another descriptor of the listening socket `fd` (close-on-exec), or -errno. */
static inline int
c_mhd_share_listen_fd(int fd)
{
    int copy = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    return copy < 0 ? -errno : copy;
}

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

#endif

/*
 * Understudy's window onto GnuTLS as a client, for the verifier's own HTTP
 * client (WireClient). Only WireClient imports this header; libmicrohttpd's
 * server side reaches GnuTLS through libmicrohttpd itself.
 */
#ifndef UNDERSTUDY_CGNUTLS_SHIM_H
#define UNDERSTUDY_CGNUTLS_SHIM_H

#include <gnutls/gnutls.h>

/* The function-like macro gnutls_transport_set_int, as a function Swift can call. */
static inline void c_gnutls_transport_set_fd(gnutls_session_t session, int fd) {
    gnutls_transport_set_int2(session, fd, fd);
}

/* gnutls_free is a macro over a global function pointer; this is a function. */
static inline void c_gnutls_free(void *pointer) {
    gnutls_free(pointer);
}

#endif

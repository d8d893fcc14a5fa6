/*
 * Understudy's window onto GnuTLS: as a client, for the verifier's own HTTP
 * client (WireClient), and for making throwaway certificates (StubTLS). Only
 * those two import this header; libmicrohttpd's server side reaches GnuTLS
 * through libmicrohttpd itself.
 */
#ifndef UNDERSTUDY_CGNUTLS_SHIM_H
#define UNDERSTUDY_CGNUTLS_SHIM_H

#include <gnutls/gnutls.h>
#include <gnutls/x509.h>

/* The function-like macro GNUTLS_CURVE_TO_BITS for P-256, as a function. */
static inline unsigned int c_gnutls_p256_bits(void) {
    return GNUTLS_CURVE_TO_BITS(GNUTLS_ECC_CURVE_SECP256R1);
}

/* The function-like macro gnutls_transport_set_int, as a function Swift can call. */
static inline void c_gnutls_transport_set_fd(gnutls_session_t session, int fd) {
    gnutls_transport_set_int2(session, fd, fd);
}

/* gnutls_free is a macro over a global function pointer; this is a function. */
static inline void c_gnutls_free(void *pointer) {
    gnutls_free(pointer);
}

#endif

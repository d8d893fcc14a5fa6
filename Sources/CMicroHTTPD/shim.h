/*
 * Understudy's window onto libmicrohttpd.
 *
 * Swift imports no variadic C function, so MHD_start_daemon and the
 * MHD_get_*_info calls are reached through the static inline c_mhd_*
 * wrappers in the headers included at the end, one a topic (a daemon,
 * the loop's event set, a connection, the TLS sender, a request's head). A
 * system-library target compiles no .c file; inline functions in its headers
 * are compiled into the Swift module that imports it. Only the MicroHTTP
 * module imports this header, and it wraps every call at once in Swift values.
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

#include "daemon_shim.h"
#include "loop_shim.h"
#include "connection_shim.h"
#include "tls_sender_shim.h"
#include "request_shim.h"

#endif

/*
 * The benchmark's reference: a bare libmicrohttpd server that answers every
 * request with one prebuilt response holding the body file, as fast as
 * libmicrohttpd allows. Same daemon flags as MicroHTTP's Daemon.
 *
 *   reference-server BODY_FILE      prints "READY http://127.0.0.1:PORT pid=PID"
 *                                   and serves until SIGINT or SIGTERM.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct MHD_Response *prebuilt;

static enum MHD_Result
answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
       const char *version, const char *upload_data, size_t *upload_data_size, void **req_cls)
{
    static int marker;
    (void) cls; (void) url; (void) method; (void) version; (void) upload_data;
    if (*req_cls == NULL) { *req_cls = &marker; return MHD_YES; } /* never answer on the first call */
    *upload_data_size = 0;
    return MHD_queue_response(connection, MHD_HTTP_OK, prebuilt);
}

int main(int argc, char **argv)
{
    if (argc != 2) { fprintf(stderr, "usage: %s BODY_FILE\n", argv[0]); return 2; }
    FILE *file = fopen(argv[1], "rb");
    if (file == NULL) { perror(argv[1]); return 2; }
    static char body[1 << 20];
    size_t size = fread(body, 1, sizeof body, file);
    fclose(file);
    prebuilt = MHD_create_response_from_buffer(size, body, MHD_RESPMEM_MUST_COPY);
    MHD_add_response_header(prebuilt, "Content-Type", "application/json");

    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, NULL);

    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_AUTO | MHD_USE_INTERNAL_POLLING_THREAD | MHD_ALLOW_SUSPEND_RESUME, 0, NULL, NULL,
        &answer, NULL, MHD_OPTION_SOCK_ADDR, &address, MHD_OPTION_END);
    if (daemon == NULL) { fprintf(stderr, "reference-server: cannot start on 127.0.0.1:0\n"); return 1; }
    printf("READY http://127.0.0.1:%u pid=%d\n",
           (unsigned) MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT)->port, (int) getpid());
    fflush(stdout);
    int received;
    sigwait(&signals, &received);
    MHD_stop_daemon(daemon);
    MHD_destroy_response(prebuilt);
    return 0;
}

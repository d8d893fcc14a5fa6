/*
 * The benchmark's reference: a bare libmicrohttpd server that answers every
 * request with one prebuilt response holding the body file, as fast as
 * libmicrohttpd allows. Same daemon flags as MicroHTTP's Daemon.
 *
 *   reference-server BODY_FILE [--tls CERT_PEM KEY_PEM] [--threads N]
 *                                   prints "READY http://127.0.0.1:PORT pid=PID"
 *                                   (https with --tls, GnuTLS as MicroHTTP
 *                                   uses it; a pool of N threads with
 *                                   --threads) and serves until SIGINT or SIGTERM.
 *   reference-server --start-stop N starts and stops a daemon on port 0 N times
 *                                   in-process and prints one JSON line with the
 *                                   median and p90 microseconds per cycle.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
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

static char *tls_cert, *tls_key;
static unsigned int threads;

static struct MHD_Daemon *
start_daemon(void)
{
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    struct MHD_OptionItem tls[3] = {{MHD_OPTION_END, 0, NULL}, {MHD_OPTION_END, 0, NULL}, {MHD_OPTION_END, 0, NULL}};
    unsigned int flags = MHD_USE_AUTO | MHD_USE_INTERNAL_POLLING_THREAD | MHD_ALLOW_SUSPEND_RESUME;
    if (tls_cert != NULL) {
        tls[0] = (struct MHD_OptionItem) {MHD_OPTION_HTTPS_MEM_KEY, 0, tls_key};
        tls[1] = (struct MHD_OptionItem) {MHD_OPTION_HTTPS_MEM_CERT, 0, tls_cert};
        flags |= MHD_USE_TLS;
    }
    return MHD_start_daemon(flags, 0, NULL, NULL, &answer, NULL, MHD_OPTION_SOCK_ADDR, &address,
                            MHD_OPTION_ARRAY, tls, MHD_OPTION_THREAD_POOL_SIZE, threads > 1 ? threads : 0, MHD_OPTION_END);
}

static char *
read_text(const char *path)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL) { perror(path); exit(2); }
    char *text = calloc(1, 1 << 16);
    fread(text, 1, (1 << 16) - 1, file);
    fclose(file);
    return text;
}

static int
compare_doubles(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return (x > y) - (x < y);
}

static int
start_stop(int cycles)
{
    double *micros = calloc((size_t) cycles, sizeof *micros);
    if (micros == NULL) return 1;
    for (int i = 0; i < cycles; i++) {
        struct timespec begin, end;
        clock_gettime(CLOCK_MONOTONIC, &begin);
        struct MHD_Daemon *daemon = start_daemon();
        if (daemon == NULL) { fprintf(stderr, "reference-server: cannot start on 127.0.0.1:0\n"); return 1; }
        MHD_stop_daemon(daemon);
        clock_gettime(CLOCK_MONOTONIC, &end);
        micros[i] = (end.tv_sec - begin.tv_sec) * 1e6 + (end.tv_nsec - begin.tv_nsec) / 1e3;
    }
    qsort(micros, (size_t) cycles, sizeof *micros, compare_doubles);
    printf("{\"cycles\":%d,\"medianMicros\":%.1f,\"p90Micros\":%.1f}\n",
           cycles, micros[cycles / 2], micros[cycles * 9 / 10]);
    free(micros);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--start-stop") == 0) return start_stop(atoi(argv[2]) > 0 ? atoi(argv[2]) : 1);
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--tls") == 0 && i + 2 < argc) { tls_cert = read_text(argv[i + 1]); tls_key = read_text(argv[i + 2]); i += 2; }
        else if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc) { threads = (unsigned int) atoi(argv[++i]); }
        else { argc = 0; }
    }
    if (argc < 2) { fprintf(stderr, "usage: %s BODY_FILE [--tls CERT KEY] [--threads N] | --start-stop N\n", argv[0]); return 2; }
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

    struct MHD_Daemon *daemon = start_daemon();
    if (daemon == NULL) { fprintf(stderr, "reference-server: cannot start on 127.0.0.1:0\n"); return 1; }
    printf("READY %s://127.0.0.1:%u pid=%d\n", tls_cert != NULL ? "https" : "http",
           (unsigned) MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT)->port, (int) getpid());
    fflush(stdout);
    int received;
    sigwait(&signals, &received);
    MHD_stop_daemon(daemon);
    MHD_destroy_response(prebuilt);
    return 0;
}

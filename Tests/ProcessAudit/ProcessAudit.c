/*
 * The test process's audit, for scripts/test and scripts/stress.
 *
 * At start (a constructor) it notes every open descriptor and the threads;
 * at exit it lists what is new and fails the process (exit status 1) when
 * the suite left behind anything a test owns: a listening socket (a server
 * not stopped), a libmicrohttpd thread, a pipe (a child's output not
 * closed), a child process (not waited for), a file left open, or a
 * test's blocking wait still going (an OffPool thread). What a runtime keeps
 * for the life of the process (libdispatch's and libcurl's eventfds and epoll
 * sets, URLSession's idle client connections, libdispatch's worker threads,
 * which the cooperative pool runs on) is listed, not failed.
 */
#include "ProcessAudit.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_FDS 4096
#define TARGET 256

static int enabled = 0;
static char start_targets[MAX_FDS][TARGET];
static int start_threads = 0;

int understudy_process_audit_enabled(void) { return enabled; }

static void target_of(int fd, char *out) {
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(path, out, TARGET - 1);
    out[n > 0 ? n : 0] = 0;
}

static int count_entries(const char *path) {
    DIR *dir = opendir(path);
    if (!dir) return -1;
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) if (entry->d_name[0] != '.') count++;
    closedir(dir);
    return count;
}

/* The TCP state (hex, as /proc/net/tcp writes it) of the socket with this inode, or NULL. */
static const char *tcp_state(const char *inode, char *state, int *local_port) {
    const char *tables[] = { "/proc/self/net/tcp", "/proc/self/net/tcp6" };
    for (int t = 0; t < 2; t++) {
        FILE *file = fopen(tables[t], "re");
        if (!file) continue;
        char line[512];
        while (fgets(line, sizeof line, file)) {
            char local[80], remote[80], st[8];
            unsigned long fields_inode = 0;
            int uid = 0;
            if (sscanf(line, " %*d: %79s %79s %7s %*s %*s %*s %d %*d %lu", local, remote, st, &uid, &fields_inode) == 5) {
                char wanted[32];
                snprintf(wanted, sizeof wanted, "%lu", fields_inode);
                if (strcmp(wanted, inode) == 0) {
                    strcpy(state, st);
                    char *colon = strrchr(local, ':');
                    *local_port = colon ? (int) strtol(colon + 1, NULL, 16) : 0;
                    fclose(file);
                    return state;
                }
            }
        }
        fclose(file);
    }
    return NULL;
}

static void audit_at_exit(void) {
    int problems = 0, listed = 0;
    char report[16384];
    size_t used = 0;
#define SAY(...) do { if (used < sizeof report) used += (size_t) snprintf(report + used, sizeof report - used, __VA_ARGS__); } while (0)
    DIR *dir = opendir("/proc/self/fd");
    if (!dir) return;
    struct dirent *entry;
    int self_dir_fd = dirfd(dir);
    while ((entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        int fd = atoi(entry->d_name);
        if (fd == self_dir_fd || fd < 0 || fd >= MAX_FDS) continue;
        char target[TARGET];
        target_of(fd, target);
        if (strcmp(target, start_targets[fd]) == 0) continue;
        listed++;
        const char *verdict = "kept by a runtime";
        int bad = 0;
        if (strncmp(target, "socket:[", 8) == 0) {
            char inode[32] = {0}, state[8] = {0};
            strncpy(inode, target + 8, sizeof inode - 1);
            char *end = strchr(inode, ']');
            if (end) *end = 0;
            int port = 0;
            if (tcp_state(inode, state, &port)) {
                if (strcmp(state, "0A") == 0) { verdict = "LISTENING: a server was not stopped"; bad = 1; }
                else verdict = "a TCP connection (a client library's idle connection)";
            } else {
                verdict = "a local socket (a runtime's)";
            }
        } else if (strncmp(target, "pipe:", 5) == 0) {
            verdict = "a PIPE: a child's output left open"; bad = 1;
        } else if (target[0] == '/' && strncmp(target, "/dev/", 5) != 0 && strncmp(target, "/proc/", 6) != 0) {
            verdict = "a FILE left open"; bad = 1;
        }
        problems += bad;
        SAY("  fd %d -> %s: %s\n", fd, target, verdict);
    }
    closedir(dir);

    int threads = count_entries("/proc/self/task"), mhd_threads = 0, children = 0, waits = 0;
    char names[32][64];
    int counts[32], named = 0;
    dir = opendir("/proc/self/task");
    if (dir) {
        while ((entry = readdir(dir)) != NULL) {
            if (entry->d_name[0] == '.') continue;
            char path[128], name[64] = {0};
            snprintf(path, sizeof path, "/proc/self/task/%s/comm", entry->d_name);
            FILE *file = fopen(path, "re");
            if (file) { if (fgets(name, sizeof name, file)) name[strcspn(name, "\n")] = 0; fclose(file); }
            if (strncmp(name, "MHD-", 4) == 0) { mhd_threads++; SAY("  thread %s: %s: a libmicrohttpd thread, a daemon was not stopped\n", entry->d_name, name); }
            if (strncmp(name, "understudy.off", 14) == 0) { waits++; SAY("  thread %s: %s: a test's blocking wait (OffPool) never ended\n", entry->d_name, name); }
            int known = 0;
            for (int i = 0; i < named; i++) if (strcmp(names[i], name) == 0) { counts[i]++; known = 1; break; }
            if (!known && named < 32) { strcpy(names[named], name); counts[named++] = 1; }
            snprintf(path, sizeof path, "/proc/self/task/%s/children", entry->d_name);
            file = fopen(path, "re");
            if (file) {
                int pid;
                while (fscanf(file, "%d", &pid) == 1) { children++; SAY("  child process %d: not waited for\n", pid); }
                fclose(file);
            }
        }
        closedir(dir);
    }
    problems += mhd_threads + children + waits;
    SAY("  threads by name:");
    for (int i = 0; i < named; i++) SAY(" %d x %s%s", counts[i], names[i], i + 1 < named ? "," : "\n");
    fprintf(stderr, "process audit: %d descriptors new since start%s, %d threads at exit (%d at start), %d libmicrohttpd threads, %d child processes%s\n%s",
            listed, listed ? ":" : "", threads, start_threads, mhd_threads, children,
            problems ? "; FAILED" : "", report);
    fflush(stderr);
    if (problems) _exit(1);
#undef SAY
}

__attribute__((constructor)) static void audit_at_start(void) {
    if (getenv("UNDERSTUDY_PROCESS_AUDIT") == NULL) return;
    enabled = 1;
    memset(start_targets, 0, sizeof start_targets);
    DIR *dir = opendir("/proc/self/fd");
    if (!dir) return;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        int fd = atoi(entry->d_name);
        if (entry->d_name[0] != '.' && fd >= 0 && fd < MAX_FDS && fd != dirfd(dir)) target_of(fd, start_targets[fd]);
    }
    closedir(dir);
    start_threads = count_entries("/proc/self/task");
    atexit(audit_at_exit);
}

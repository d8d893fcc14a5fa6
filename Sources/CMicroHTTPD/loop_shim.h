/*
 * The event set of a DaemonLoop (Linux: epoll and an eventfd). Included by shim.h.
 */
#ifndef UNDERSTUDY_CMICROHTTPD_LOOP_SHIM_H
#define UNDERSTUDY_CMICROHTTPD_LOOP_SHIM_H

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

#endif

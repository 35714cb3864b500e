// Server-Sent Events viewers for the live benchmarks (instances.sh, viewers.sh): holds VIEWERS
// streams open on one epoll loop and notes, per viewer, when each new event id arrived, on
// CLOCK_MONOTONIC: when the probe read it, and when the kernel received it on the viewer's
// socket (SO_TIMESTAMPNS, the receive time of the last packet of the read). A viewer costs the
// probe about a microsecond per event (a Python asyncio viewer costs tens), but the probe
// shares the machine with the server and the phones: when it is not scheduled, its reads come
// late, and the kernel's time tells that wait apart from the server's.
//
//   sse-probe HOST PORTS PATH TOKEN VIEWERS
//     PORTS: comma-separated; viewer v connects to PORTS[v % count].
// Prints "ready N" once N viewers have their first event (or after 10 s), records until
// standard input closes, then prints "V ID READ RECEIVED" (seconds) per new id per viewer and
// exits.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    int fd;
    long latest;      // the highest event id seen
    char head[24];    // the start of the current line
    int headLength;
} Viewer;

typedef struct {
    int viewer;
    long id;
    double read, received;
} Arrival;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

// CLOCK_REALTIME minus CLOCK_MONOTONIC: the kernel stamps packets on the real-time clock.
static double realtimeOffset;

static void measureRealtimeOffset(void) {
    struct timespec before, real, after;
    clock_gettime(CLOCK_MONOTONIC, &before);
    clock_gettime(CLOCK_REALTIME, &real);
    clock_gettime(CLOCK_MONOTONIC, &after);
    double monotonic = ((double)before.tv_sec + (double)after.tv_sec) / 2 + ((double)before.tv_nsec + (double)after.tv_nsec) / 2e9;
    realtimeOffset = (double)real.tv_sec + (double)real.tv_nsec / 1e9 - monotonic;
}

static Arrival *arrivals;
static size_t arrivalCount, arrivalCapacity;

static void record(int viewer, long id, double read, double received) {
    if (arrivalCount == arrivalCapacity) {
        arrivalCapacity = arrivalCapacity ? arrivalCapacity * 2 : 65536;
        arrivals = realloc(arrivals, arrivalCapacity * sizeof(Arrival));
        if (!arrivals) { perror("sse-probe: realloc"); exit(1); }
    }
    arrivals[arrivalCount++] = (Arrival){viewer, id, read, received};
}

// Reads what the socket has; a line starting "id: " carries the event id.
static void drain(Viewer *viewers, int v) {
    char buffer[65536];
    char control[CMSG_SPACE(sizeof(struct timespec))];
    Viewer *viewer = &viewers[v];
    for (;;) {
        struct iovec part = {.iov_base = buffer, .iov_len = sizeof buffer};
        struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1, .msg_control = control, .msg_controllen = sizeof control};
        ssize_t n = recvmsg(viewer->fd, &message, 0);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
            close(viewer->fd);
            viewer->fd = -1;
            return;
        }
        if (n < 0) return;
        double readAt = now(), receivedAt = readAt;
        for (struct cmsghdr *c = CMSG_FIRSTHDR(&message); c; c = CMSG_NXTHDR(&message, c)) {
            if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_TIMESTAMPNS) {
                struct timespec stamp;
                memcpy(&stamp, CMSG_DATA(c), sizeof stamp);
                receivedAt = (double)stamp.tv_sec + (double)stamp.tv_nsec / 1e9 - realtimeOffset;
            }
        }
        for (ssize_t i = 0; i < n; i++) {
            char c = buffer[i];
            if (c == '\n') {
                viewer->head[viewer->headLength < 23 ? viewer->headLength : 23] = 0;
                if (strncmp(viewer->head, "id: ", 4) == 0) {
                    long id = strtol(viewer->head + 4, NULL, 10);
                    if (id > viewer->latest) {
                        viewer->latest = id;
                        record(v, id, readAt, receivedAt);
                    }
                }
                viewer->headLength = 0;
            } else if (viewer->headLength < 23) {
                viewer->head[viewer->headLength++] = c;
            }
        }
    }
}

static int connectViewer(const char *host, int port, const char *request) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) { perror("sse-probe: socket"); exit(1); }
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    inet_pton(AF_INET, host, &address.sin_addr);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) { perror("sse-probe: connect"); exit(1); }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &one, sizeof one);
    size_t length = strlen(request);
    if (write(fd, request, length) != (ssize_t)length) { perror("sse-probe: write"); exit(1); }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    return fd;
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: sse-probe HOST PORTS PATH TOKEN VIEWERS\n");
        return 2;
    }
    const char *host = argv[1], *path = argv[3], *token = argv[4];
    int count = atoi(argv[5]);
    int ports[64], portCount = 0;
    for (char *p = strtok(argv[2], ","); p && portCount < 64; p = strtok(NULL, ",")) ports[portCount++] = atoi(p);
    if (count <= 0 || portCount == 0) { fprintf(stderr, "sse-probe: no viewers or ports\n"); return 2; }
    struct rlimit limit;
    getrlimit(RLIMIT_NOFILE, &limit);
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);

    char request[1024];
    Viewer *viewers = calloc((size_t)count, sizeof(Viewer));
    int epoll = epoll_create1(0);
    for (int v = 0; v < count; v++) {
        snprintf(request, sizeof request,
                 "GET %s HTTP/1.1\r\nHost: %s:%d\r\nAuthorization: Bearer %s\r\nAccept: text/event-stream\r\n\r\n",
                 path, host, ports[v % portCount], token);
        viewers[v].fd = connectViewer(host, ports[v % portCount], request);
        struct epoll_event event = {.events = EPOLLIN, .data.u32 = (uint32_t)v};
        epoll_ctl(epoll, EPOLL_CTL_ADD, viewers[v].fd, &event);
        // One token for every viewer: paced under its rate limit (200 requests/s, 400 at once).
        if (v % 100 == 99) usleep(500000);
    }

    // Standard input is watched with the viewers: however busy they are, its end ends the run.
    const uint32_t inputKey = UINT32_MAX;
    struct epoll_event watchInput = {.events = EPOLLIN, .data.u32 = inputKey};
    epoll_ctl(epoll, EPOLL_CTL_ADD, 0, &watchInput);
    struct epoll_event events[256];
    int ready = 0, done = 0;
    double readyBy = now() + 10;
    while (!done) {
        int n = epoll_wait(epoll, events, 256, 20);
        double at = now();
        measureRealtimeOffset();  // again each time: the real-time clock may be slewed
        for (int i = 0; i < n; i++) {
            if (events[i].data.u32 == inputKey) {
                char scratch[256];
                if (read(0, scratch, sizeof scratch) <= 0) done = 1;
            } else {
                drain(viewers, (int)events[i].data.u32);
            }
        }
        if (!ready) {
            int started = 0;
            for (int v = 0; v < count; v++) started += viewers[v].latest > 0;
            if (started == count || at > readyBy) {
                printf("ready %d\n", started);
                fflush(stdout);
                ready = 1;
            }
        }
    }
    for (size_t i = 0; i < arrivalCount; i++)
        printf("%d %ld %.6f %.6f\n", arrivals[i].viewer, arrivals[i].id, arrivals[i].read, arrivals[i].received);
    return 0;
}

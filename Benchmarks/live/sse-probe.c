// Server-Sent Events viewers for Benchmarks/live/instances.sh: holds VIEWERS streams open on
// one epoll loop and notes, per viewer, the CLOCK_MONOTONIC time each new event id arrives.
// A viewer costs the probe about a microsecond per event, so the latency measured is the
// server's and the kernel's, not the probe's (a Python asyncio viewer costs tens).
//
//   sse-probe HOST PORTS PATH TOKEN VIEWERS
//     PORTS: comma-separated; viewer v connects to PORTS[v % count].
// Prints "ready N" once N viewers have their first event (or after 10 s), records until
// standard input closes, then prints "V ID SECONDS" per new id per viewer and exits.
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
    double seconds;
} Arrival;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static Arrival *arrivals;
static size_t arrivalCount, arrivalCapacity;

static void record(int viewer, long id, double seconds) {
    if (arrivalCount == arrivalCapacity) {
        arrivalCapacity = arrivalCapacity ? arrivalCapacity * 2 : 65536;
        arrivals = realloc(arrivals, arrivalCapacity * sizeof(Arrival));
        if (!arrivals) { perror("sse-probe: realloc"); exit(1); }
    }
    arrivals[arrivalCount++] = (Arrival){viewer, id, seconds};
}

// Reads what the socket has; a line starting "id: " carries the event id.
static void drain(Viewer *viewers, int v, double at) {
    char buffer[65536];
    Viewer *viewer = &viewers[v];
    for (;;) {
        ssize_t n = read(viewer->fd, buffer, sizeof buffer);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
            close(viewer->fd);
            viewer->fd = -1;
            return;
        }
        if (n < 0) return;
        for (ssize_t i = 0; i < n; i++) {
            char c = buffer[i];
            if (c == '\n') {
                viewer->head[viewer->headLength < 23 ? viewer->headLength : 23] = 0;
                if (strncmp(viewer->head, "id: ", 4) == 0) {
                    long id = strtol(viewer->head + 4, NULL, 10);
                    if (id > viewer->latest) {
                        viewer->latest = id;
                        record(v, id, at);
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
        for (int i = 0; i < n; i++) {
            if (events[i].data.u32 == inputKey) {
                char scratch[256];
                if (read(0, scratch, sizeof scratch) <= 0) done = 1;
            } else {
                drain(viewers, (int)events[i].data.u32, at);
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
        printf("%d %ld %.6f\n", arrivals[i].viewer, arrivals[i].id, arrivals[i].seconds);
    return 0;
}

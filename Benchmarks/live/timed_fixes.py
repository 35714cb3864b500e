"""Fix-to-viewer timing shared by the live benchmarks (instances.sh, viewers.sh).

`timed_fixes` holds the viewers with Benchmarks/live/sse-probe.c, posts single fixes of one
participant over one kept-alive connection (as the phones of `racekit stream` send theirs), and
returns when each viewer first saw an event at or past each fix's sequence.
"""
import bisect
import http.client
import json
import subprocess
import time
import urllib.parse
import urllib.request


def call(url, body, bearer=None):
    """POSTs `body` as JSON (bearer token optional) and returns the decoded answer."""
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST")
    if bearer:
        request.add_header("Authorization", "Bearer " + bearer)
    return json.load(urllib.request.urlopen(request))


def timed_fixes(probe, bases, race, token, participant_token, t0, viewers, samples):
    """Viewer v watches bases[v % len(bases)]; fixes go to bases[0], 0.4 s apart.

    Returns (viewers connected, [(sent, sequence, acknowledged)], arrivals) where arrivals holds
    the monotonic times each viewer's probe first read each event id (the probe and
    time.monotonic share the clock; read them with first_arrival) and, as arrivals.received,
    when the kernel had received it on the viewer's socket; acknowledged is when the fix's
    answer came back.
    """
    ports = ",".join(str(urllib.parse.urlparse(b).port) for b in bases)
    child = subprocess.Popen([probe, "127.0.0.1", ports, f"/races/{race}/events", token, str(viewers)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    connected = int(child.stdout.readline().split()[1])
    sent_at = []
    server = urllib.parse.urlparse(bases[0])
    phone = http.client.HTTPConnection(server.hostname, server.port, timeout=30)
    headers = {"Authorization": "Bearer " + participant_token, "Content-Type": "application/json"}
    for n in range(samples):
        body = json.dumps([{"time": t0 + 10 + n, "lat": 47.3778876, "lon": 8.5402755, "accuracy": 5}]).encode()
        sent = time.monotonic()
        phone.request("POST", f"/races/{race}/fixes", body, headers)
        sequence = json.load(phone.getresponse())["sequence"]
        sent_at.append((sent, sequence, time.monotonic()))
        time.sleep(0.4)
    phone.close()
    child.stdin.close()
    read = [dict() for _ in range(viewers)]
    received = [dict() for _ in range(viewers)]
    for line in child.stdout:
        v, k, read_at, received_at = line.split()
        read[int(v)][int(k)] = float(read_at)
        received[int(v)][int(k)] = float(received_at)
    child.wait()
    arrivals = Arrivals(read)
    arrivals.received = Arrivals(received)
    return connected, sent_at, arrivals


class Arrivals:
    """Each viewer's event ids in order, and the earliest time any event from each id on was
    seen: a viewer's thousands of events are gone through once, not once per timed fix."""

    def __init__(self, seen):
        self.ids, self.earliest = [], []
        for events in seen:
            ids = sorted(events)
            earliest = [0.0] * len(ids)
            soonest = float("inf")
            for i in range(len(ids) - 1, -1, -1):
                soonest = min(soonest, events[ids[i]])
                earliest[i] = soonest
            self.ids.append(ids)
            self.earliest.append(earliest)


def first_arrival(arrivals, viewer, sequence):
    """When `viewer` first saw an event at or past `sequence`, or None."""
    ids = arrivals.ids[viewer]
    i = bisect.bisect_left(ids, sequence)
    return arrivals.earliest[viewer][i] if i < len(ids) else None

#!/usr/bin/env python3
"""Drives a running `racekit serve` like a small race would: the phones and the organiser.

  live-race-driver.py URL setup RACE.json TRACKS-DIR STATE.json   create the race (question gate off,
                                                                  so stops unlock on arrival without
                                                                  answers), join every track's runner,
                                                                  start; the ids and tokens go to STATE
  live-race-driver.py URL feed STATE.json FRACTION               send each runner's fixes up to FRACTION
                                                                  (0..1) of their track, as native batches
  live-race-driver.py URL end STATE.json                          end the race

Standard library only; used by scripts/live-page-check.sh.
"""
import glob
import json
import os
import sys
import urllib.request
import xml.etree.ElementTree as ET
from datetime import datetime

GPX = "{http://www.topografix.com/GPX/1/1}"


def call(url, method="GET", body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request, timeout=30) as response:
        text = response.read().decode()
        return json.loads(text) if text.strip() else None


def track(path):
    points = []
    for point in ET.parse(path).iter(GPX + "trkpt"):
        stamp = point.find(GPX + "time").text.replace("Z", "+00:00")
        points.append({"time": datetime.fromisoformat(stamp).timestamp(), "lat": float(point.get("lat")),
                       "lon": float(point.get("lon")), "accuracy": 5})
    return points


def setup(url, race_path, tracks_dir, state_path):
    race = json.load(open(race_path, encoding="utf-8"))
    if race.get("mode", {}).get("name") == "classic":
        race["mode"].setdefault("config", {})["questionGate"] = False
    created = call(url + "/races", "POST", race)
    race_id, organiser = created["raceID"], created["organiserToken"]
    code = call(f"{url}/races/{race_id}/join-codes", "POST", {"maxUses": None}, organiser)["code"]
    runners = []
    for path in sorted(glob.glob(os.path.join(tracks_dir, "*.gpx"))):
        name = ET.parse(path).find(f"{GPX}trk/{GPX}name").text
        joined = call(url + "/join", "POST", {"code": code, "name": name})
        runners.append({"track": path, "participantToken": joined["participantToken"]})
    call(f"{url}/races/{race_id}/start", "POST", None, organiser)
    json.dump({"raceID": race_id, "organiserToken": organiser, "runners": runners}, open(state_path, "w"))
    print(race_id)


def feed(url, state_path, fraction):
    state = json.load(open(state_path))
    for runner in state["runners"]:
        points = track(runner["track"])
        points = points[: int(len(points) * fraction)]
        for start in range(0, len(points), 2000):
            call(f"{url}/races/{state['raceID']}/fixes", "POST", points[start:start + 2000],
                 runner["participantToken"])


def main(argv):
    url, command = argv[1].rstrip("/"), argv[2]
    if command == "setup":
        setup(url, argv[3], argv[4], argv[5])
    elif command == "feed":
        feed(url, argv[3], float(argv[4]))
    elif command == "end":
        state = json.load(open(argv[3]))
        call(f"{url}/races/{state['raceID']}/end", "POST", None, state["organiserToken"])
    else:
        sys.exit(f"live-race-driver: unknown command {command!r}")


if __name__ == "__main__":
    main(sys.argv)

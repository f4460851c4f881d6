#!/usr/bin/env python3
# BOTS.md: a seat on the ship furthest ahead, else the first option.
import json, sys
for line in sys.stdin:
    req = json.loads(line)
    if req["type"] == "hello":
        print(json.dumps({"type": "hello", "name": "front-runner"}), flush=True)
    elif req["type"] == "decide":
        ships = sorted(req["position"]["ships"], key=lambda s: -s.get("position", -1))
        seats = ["ship:" + s["cargo"] for s in ships if "ship:" + s["cargo"] in req["options"]]
        action = (seats + req["options"])[0]
        print(json.dumps({"id": req["id"], "action": action}), flush=True)
    elif req["type"] == "layout":
        print(json.dumps({"id": req["id"], "layout": req["options"][0]}), flush=True)
    elif req["type"] == "bye":
        break

#!/usr/bin/env python3
"""A bot of the protocol (BOTS.md) that always answers the first option.

With a mode it breaks the protocol instead, once, for the referee's fault tests:
garbage, wrong-id, not-offered, late, exit, not-utf8 (a byte that is not UTF-8,
and it stays), twice-keyed (its id given twice), half-line (begins its answer and
never ends the line), huge (a line of 100,000 characters). With `--log FILE` it appends every
decide request it is sent to FILE, one JSON line each.
"""
import json
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else "first"
log = sys.argv[sys.argv.index("--log") + 1] if "--log" in sys.argv else None

for line in sys.stdin:
    request = json.loads(line)
    kind = request["type"]
    if kind == "hello":
        answer = {"type": "hello", "name": "first-option"}
    elif kind in ("decide", "layout"):
        if log and kind == "decide":
            with open(log, "a") as f:
                f.write(json.dumps(request) + "\n")
        field = "action" if kind == "decide" else "layout"
        answer = {"id": request["id"], field: request["options"][0]}
        if mode == "garbage":
            print("this is not json", flush=True)
            continue
        if mode == "not-utf8":
            sys.stdout.buffer.write(b'{"id": %d, "action": "p\xffass"}\n' % request["id"])
            sys.stdout.flush()
            continue
        if mode == "twice-keyed":
            print('{"id": %d, "id": %d, "action": %s}'
                  % (request["id"], request["id"], json.dumps(answer[field])), flush=True)
            continue
        if mode == "half-line":
            sys.stdout.write('{"id": %d, "act' % request["id"])
            sys.stdout.flush()
            time.sleep(5)
            continue
        if mode == "huge":
            print("x" * 100000, flush=True)
            continue
        if mode == "wrong-id":
            answer["id"] = request["id"] + 100
        if mode == "not-offered":
            answer[field] = "ship:tea"
        if mode == "late":
            time.sleep(5)
        if mode == "exit":
            sys.exit(0)
    elif kind == "bye":
        break
    else:
        continue
    print(json.dumps(answer), flush=True)

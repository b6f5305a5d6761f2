#!/usr/bin/env python3
"""json_contract.py FILE: reads a mapsheet JSON file the way another tool
would and checks it against the map contract in mapsheet(1): rects inside the
grid and not overlapping, doors on real edges between the regions they name,
numbers 1..n, stairs and entrance on floor, key entries for every number.
Prints one line per problem and exits 1 if there is any."""
import json
import sys

SIDES = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}


def check_level(lv, problems):
    w, h = lv["width"], lv["height"]
    owner = {}
    numbers = []
    for r in lv["regions"]:
        area = 0
        for x, y, rw, rh in r["rects"]:
            if x < 0 or y < 0 or x + rw > w or y + rh > h or rw <= 0 or rh <= 0:
                problems.append(f"region {r['id']}: rect {x},{y},{rw},{rh} outside {w}x{h}")
            for yy in range(y, y + rh):
                for xx in range(x, x + rw):
                    if (xx, yy) in owner:
                        problems.append(f"square {xx},{yy} in regions {owner[(xx, yy)]} and {r['id']}")
                    owner[(xx, yy)] = r["id"]
                    area += 1
        if area != r["area"]:
            problems.append(f"region {r['id']}: rects cover {area} squares, area says {r['area']}")
        if r["kind"] in ("room", "hall", "bridge"):
            numbers.append(r["number"])
        elif r["number"] != 0:
            problems.append(f"{r['kind']} region {r['id']} is numbered")
    if sorted(numbers) != list(range(1, len(numbers) + 1)):
        problems.append("room numbers are not 1..n")
    for d in lv["doors"]:
        dx, dy = SIDES[d["side"]]
        a = owner.get((d["x"], d["y"]), 0)
        b = owner.get((d["x"] + dx, d["y"] + dy), 0)
        if [a, b] != d["regions"]:
            problems.append(f"door at {d['x']},{d['y']} {d['side']}: regions {[a, b]}, file says {d['regions']}")
        if a == b:
            problems.append(f"door at {d['x']},{d['y']} has one region on both sides")
    for s in lv["stairs"]:
        if (s["x"], s["y"]) not in owner:
            problems.append(f"stairs at {s['x']},{s['y']} not on floor")
    e = lv["entrance"]
    if not e or (e["x"], e["y"]) not in owner:
        problems.append("no entrance on floor")
    if sorted(k["number"] for k in lv["key"]) != sorted(numbers):
        problems.append("the key does not list every numbered room once")


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        doc = json.load(f)
    problems = []
    if doc.get("format") != "mapsheet" or doc.get("version") != 1:
        problems.append("not a mapsheet version 1 file")
    for lv in doc["levels"]:
        check_level(lv, problems)
    for p in problems[:20]:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

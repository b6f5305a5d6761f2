#!/usr/bin/env python3
"""json_contract.py FILE...: reads each mapsheet JSON file the way another tool
would and checks the rules between fields that mapsheet-json(5) states and a
schema cannot: rects inside the grid and not overlapping, areas that match
the rects, region ids 1..n in order, numbers 1..n, zones that exist (null
exactly when there are none), doors on real edges between the regions they
name, locks and locked doors naming each other, stairs, features and
entrance on floor, a key entry for every numbered room, each entry's
features those on its region's squares (in the order of the feature kinds)
and its occupants naming factions that exist, each encounter's XP the sum
of its creatures' and within its budget, and a party wherever there are
encounters. Prints one line per problem and exits 1 if there is any."""
import json
import sys

SIDES = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
FEATURES = ["pillar", "water", "rubble", "statue", "pit", "altar", "coffin", "bed", "crate", "shelf", "table",
            "throne", "hearth", "cage", "well"]


def check_regions(lv, problems):
    w, h = lv["width"], lv["height"]
    owner = {}
    numbers = {}
    for i, r in enumerate(lv["regions"]):
        if r["id"] != i + 1:
            problems.append(f"regions[{i}] has id {r['id']}, not {i + 1}")
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
            numbers[r["number"]] = r["id"]
        elif r["number"] is not None:
            problems.append(f"{r['kind']} region {r['id']} is numbered")
        if (r["zone"] is None) != (not lv["zones"]) or (r["zone"] or 0) >= max(len(lv["zones"]), 1):
            problems.append(f"region {r['id']}: zone {r['zone']} with {len(lv['zones'])} zones")
    if sorted(numbers) != list(range(1, len(numbers) + 1)):
        problems.append("room numbers are not 1..n")
    return owner, numbers


def check_doors(lv, owner, problems):
    for i, d in enumerate(lv["doors"]):
        dx, dy = SIDES[d["side"]]
        a = owner.get((d["x"], d["y"]))
        b = owner.get((d["x"] + dx, d["y"] + dy))
        if [a, b] != d["regions"]:
            problems.append(f"door at {d['x']},{d['y']} {d['side']}: regions {[a, b]}, file says {d['regions']}")
        if a == b:
            problems.append(f"door at {d['x']},{d['y']} has one region on both sides")
        lock = d["lock"]
        if (d["kind"] == "locked") != (lock is not None):
            problems.append(f"doors[{i}] is {d['kind']} with lock {lock}")
        elif lock is not None and (lock >= len(lv["locks"]) or lv["locks"][lock]["door"] != i):
            problems.append(f"doors[{i}] names lock {lock}, which does not name it back")
    for k, lock in enumerate(lv["locks"]):
        if lock["door"] >= len(lv["doors"]) or lv["doors"][lock["door"]]["lock"] != k:
            problems.append(f"locks[{k}] names door {lock['door']}, which does not name it back")
        if not 1 <= lock["region"] <= len(lv["regions"]):
            problems.append(f"locks[{k}]: the key lies in region {lock['region']}, which does not exist")


def check_site(lv, owner, nfactions, problems):
    held = {}
    for f in lv["features"]:
        held.setdefault(owner.get((f["x"], f["y"])), set()).add(f["kind"])
    for k in lv["key"]:
        want = [f for f in FEATURES if f in held.get(k["region"], set())]
        if k["features"] != want:
            problems.append(f"key entry {k['number']}: features {k['features']}, its squares hold {want}")
        for o in k["occupants"]:
            if o["faction"] is not None and o["faction"] >= nfactions:
                problems.append(f"key entry {k['number']}: faction {o['faction']} of {nfactions}")
        enc = k["encounter"]
        if enc:
            total = sum(c["count"] * c["xp"] for c in enc["creatures"])
            if total != enc["xp"]:
                problems.append(f"key entry {k['number']}: encounter xp {enc['xp']}, its creatures {total}")
            if enc["xp"] > enc["budget"]:
                problems.append(f"key entry {k['number']}: encounter xp {enc['xp']} over its budget {enc['budget']}")


def check_level(lv, nfactions, problems):
    owner, numbers = check_regions(lv, problems)
    check_doors(lv, owner, problems)
    for what in ("stairs", "features"):
        for s in lv[what]:
            if (s["x"], s["y"]) not in owner:
                problems.append(f"{what} at {s['x']},{s['y']} not on floor")
    e = lv["entrance"]
    if not e or (e["x"], e["y"]) not in owner:
        problems.append("no entrance on floor")
    if sorted(k["number"] for k in lv["key"]) != sorted(numbers):
        problems.append("the key does not list every numbered room once")
    for k in lv["key"]:
        if numbers.get(k["number"]) != k["region"]:
            problems.append(f"key entry {k['number']} names region {k['region']}, not the room so numbered")
    check_site(lv, owner, nfactions, problems)


def main():
    bad = 0
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        problems = []
        if doc.get("format") != "mapsheet" or doc.get("version") != 5:
            problems.append("not a mapsheet version 5 file")
        fights = any(k["encounter"] for lv in doc["levels"] for k in lv["key"])
        if fights and not doc["party"]:
            problems.append("encounters without the party they were built for")
        for lv in doc["levels"]:
            check_level(lv, len(doc["factions"]), problems)
        for p in problems[:20]:
            print(f"{path}: {p}")
        bad += bool(problems)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

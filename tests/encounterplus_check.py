#!/usr/bin/env python3
"""encounterplus_check.py SCHEMA MODULE...: checks each EncounterPlus module
mapsheet wrote as EncounterPlus would meet it on import. The archive is a
zip with module.json, groups.json, maps.json and pages.json at its root and
the maps' pictures under maps/, nothing else; each JSON file is UTF-8 and
strict JSON (no repeated key, no NaN); gathered into one object (module,
groups, maps, pages) they validate against SCHEMA (tests/encounterplus.schema.json,
draft 2020-12, checked itself first) with python3-jsonschema's
Draft202012Validator. Then what a schema cannot say: every id is used once
and every slug once (each beginning with the module's); every parentId names
a group; every marker's reference, and every link in a page, names a page or
a map of the module, and every room marker (a numbered label) has one; each
map's picture is in the archive, a PNG of the map's width and height, a
whole number of squares; every wall lies on the map, walls and doors on the
grid lines, each door one square long; every marker stands on the map; each
page's HTML closes every element it opens. Prints one line per problem as
MODULE: PLACE: MESSAGE and exits 1 if there is any, 2 when it cannot run;
with --counts first, prints for each module what it holds."""
import html.parser
import json
import re
import struct
import sys
import zipfile

try:
    import jsonschema
except ImportError:
    print("encounterplus_check.py: the jsonschema module is missing (Debian: python3-jsonschema; make deps)")
    sys.exit(2)

# strict JSON and a schema error's place, read as json_schema_check.py reads
# them (no bytecode left beside it in the tree)
sys.dont_write_bytecode = True
from json_schema_check import no_constant, no_repeats, place  # noqa: E402

ROOT_FILES = ["module.json", "groups.json", "maps.json", "pages.json"]
# on the referee's copy of a stocked key: a room's fights and a level's tables
OPTIONAL_FILES = ["encounters.json", "tables.json"]
LINK = re.compile(r'href="/(page|map|encounter|table)/([^"]*)"')


class Balance(html.parser.HTMLParser):
    """Records elements closed that were not open, or left open."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.faults = [], []

    def handle_starttag(self, tag, attrs):
        self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.faults.append(f"</{tag}> closes {self.stack[-1] if self.stack else 'nothing'}")
        else:
            self.stack.pop()


def png_size(data):
    if len(data) < 24 or data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", data[16:24])


def read_archive(path, problems):
    try:
        z = zipfile.ZipFile(path)
    except (OSError, zipfile.BadZipFile) as e:
        problems.append(f"{path}: not a zip archive: {e}")
        return None, None
    names = z.namelist()
    for n in names:
        if n not in ROOT_FILES + OPTIONAL_FILES and not re.fullmatch(r"maps/level-[0-9]+\.png", n):
            problems.append(f"{path}: {n}: a file EncounterPlus does not need")
    docs = {}
    for n in ROOT_FILES + OPTIONAL_FILES:
        if n not in names:
            if n in ROOT_FILES:
                problems.append(f"{path}: no {n} at the archive's root")
            continue
        try:
            docs[n[:-5]] = json.loads(z.read(n).decode("utf-8"), object_pairs_hook=no_repeats,
                                      parse_constant=no_constant)
        except (UnicodeDecodeError, ValueError) as e:
            problems.append(f"{path}: {n}: not UTF-8 JSON: {e}")
    return z, docs


def check_refs(path, docs, problems):
    """Ids, slugs, parents, references and links."""
    module, groups, maps, pages = docs["module"], docs["groups"], docs["maps"], docs["pages"]
    encounters, tables = docs.get("encounters", []), docs.get("tables", [])
    ids = [module["id"]] + [d["id"] for d in groups + maps + pages + encounters + tables]
    ids += [k["id"] for m in maps for k in m["markers"] + m["walls"] + m["lights"]]
    ids += [c["id"] for e in encounters for c in e["combatants"]]
    for i in sorted(set(i for i in ids if ids.count(i) > 1)):
        problems.append(f"{path}: id {i} is used {ids.count(i)} times")
    slugs = [d["slug"] for d in groups + maps + pages + encounters + tables]
    for s in sorted(set(s for s in slugs if slugs.count(s) > 1)):
        problems.append(f"{path}: slug {s} is used {slugs.count(s)} times")
    for s in slugs:
        if not s.startswith(module["slug"] + "-"):
            problems.append(f"{path}: slug {s} does not begin with the module's {module['slug']}")
    group_ids = {g["id"] for g in groups}
    for kind, docs_of in (("groups", groups), ("maps", maps), ("pages", pages), ("encounters", encounters),
                          ("tables", tables)):
        for i, d in enumerate(docs_of):
            parent = d["parentId"]
            if parent and (parent not in group_ids or kind == "groups"):
                problems.append(f"{path}: {kind}[{i}].parentId: {parent} is no group of the module")
    targets = {"page": {p["slug"] for p in pages}, "map": {m["slug"] for m in maps},
               "encounter": {e["slug"] for e in encounters}, "table": {t["slug"] for t in tables}}
    for mi, m in enumerate(maps):
        for ki, k in enumerate(m["markers"]):
            ref = k.get("reference")
            where = f"maps[{mi}].markers[{ki}]"
            if ref is None:
                if k["label"].isdigit():
                    problems.append(f"{path}: {where}: room {k['label']}'s marker opens no page")
                continue
            kind, _, slug = ref[1:].partition("/")
            if slug not in targets.get(kind, ()):
                problems.append(f"{path}: {where}.reference: {ref} names no {kind} of the module")
    for pi, p in enumerate(pages):
        for kind, slug in LINK.findall(p["content"]):
            if slug not in targets[kind]:
                problems.append(f"{path}: pages[{pi}].content: a link to /{kind}/{slug}, no {kind} of the module")
        b = Balance()
        b.feed(p["content"])
        b.close()
        for f in b.faults + [f"<{t}> is never closed" for t in b.stack]:
            problems.append(f"{path}: pages[{pi}].content: {f}")


def check_map(path, z, mi, m, problems):
    """The picture, the grid, the walls and the markers of one map."""
    where = f"{path}: maps[{mi}]"
    w, h, g = m["width"], m["height"], m["gridSize"]
    try:
        size = png_size(z.read(m["image"]))
    except KeyError:
        problems.append(f"{where}.image: {m['image']} is not in the archive")
        size = (w, h)
    if size is None:
        problems.append(f"{where}.image: {m['image']} is not a PNG")
    elif size != (w, h):
        problems.append(f"{where}.image: {m['image']} is {size[0]} x {size[1]} pixels, the map {w} x {h}")
    for li, light in enumerate(m["lights"]):
        if not (0 <= light["x"] <= w and 0 <= light["y"] <= h):
            problems.append(f"{where}.lights[{li}]: off the map")
    if w % g or h % g:
        problems.append(f"{where}: {w} x {h} pixels is not a whole number of {g}-pixel squares")
    door_span = {}
    for wi, wall in enumerate(m["walls"]):
        pts = wall["data"]
        at = f"{where}.walls[{wi}]"
        if len(pts) % 2:
            problems.append(f"{at}.data: an odd count of coordinates")
            continue
        xy = list(zip(pts[0::2], pts[1::2]))
        if any(not (0 <= x <= w and 0 <= y <= h) for x, y in xy):
            problems.append(f"{at}.data: a point off the map")
        if wall["type"] == "terrain":
            if xy[0] != xy[-1]:
                problems.append(f"{at}: a terrain outline that does not close")
            continue
        if any(x % g or y % g for x, y in xy):
            problems.append(f"{at}.data: a point off the grid's corners")
        for (x0, y0), (x1, y1) in zip(xy, xy[1:]):
            if (x0 != x1) == (y0 != y1):
                problems.append(f"{at}.data: a segment that is not along a grid line")
        if wall["type"] in ("door", "secretDoor", "invisible"):
            # one square of the map's edge: a whole number of grid squares
            # (two of 5 ft for a 10-ft square), the same for every door
            span = abs(xy[-1][0] - xy[0][0]) + abs(xy[-1][1] - xy[0][1])
            if len(xy) != 2 or span % g or span != door_span.setdefault("span", span):
                problems.append(f"{at}: a door that is not one square's edge")
    for ki, k in enumerate(m["markers"]):
        if not (0 <= k["x"] <= w and 0 <= k["y"] <= h):
            problems.append(f"{where}.markers[{ki}]: off the map")


def counts(path, docs):
    maps, pages = docs["maps"], docs["pages"]
    walls = [w for m in maps for w in m["walls"]]
    kinds = {t: sum(1 for w in walls if w["type"] == t) for t in ("normal", "door", "secretDoor", "terrain")}
    kinds["invisible"] = sum(1 for w in walls if w["type"] == "invisible")
    markers = sum(len(m["markers"]) for m in maps)
    lights = sum(len(m["lights"]) for m in maps)
    encounters, tables = docs.get("encounters", []), docs.get("tables", [])
    links = sum(len(LINK.findall(p["content"])) for p in pages) + sum(1 for m in maps for k in m["markers"]
                                                                         if k.get("reference"))
    return (f"{path}: {len(maps)} maps, {len(pages)} pages, {markers} markers, {kinds['normal']} walls, "
            f"{kinds['door']} doors, {kinds['secretDoor']} secret doors, {kinds['invisible']} portcullises, "
            f"{kinds['terrain']} terrain outlines, {lights} lights, {len(encounters)} encounters, "
            f"{sum(len(e['combatants']) for e in encounters)} combatants, {len(tables)} tables, {links} links")


def main():
    args = sys.argv[1:]
    show_counts = bool(args) and args[0] == "--counts"
    if show_counts:
        args = args[1:]
    if len(args) < 2:
        print("usage: encounterplus_check.py [--counts] SCHEMA MODULE...")
        return 2
    with open(args[0], encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    problems = []
    for path in args[1:]:
        z, docs = read_archive(path, problems)
        if z is None or any(n[:-5] not in docs for n in ROOT_FILES):
            continue
        errors = sorted(validator.iter_errors(docs), key=lambda e: list(e.absolute_path))
        for e in errors[:20]:
            problems.append(f"{path}: {place(e.absolute_path)}: {e.message}")
        if errors:
            continue
        check_refs(path, docs, problems)
        for mi, m in enumerate(docs["maps"]):
            check_map(path, z, mi, m, problems)
        if show_counts:
            print(counts(path, docs))
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

// foundry-unpack.mjs PACK OUT: reads the Foundry VTT compendium pack in the
// folder PACK (a LevelDB database) with Foundry's own command-line tool,
// @foundryvtt/foundryvtt-cli (its extractPack, as `fvtt package unpack`
// runs it), into the folder OUT, and writes to standard output every
// document it extracted as one JSON array, in file name order. The tests
// of the Foundry module (check_foundry.c) read that array. The tool is
// looked for in MAPSHEET_NODE_MODULES, else in node_modules beside this
// script (where `make deps` installs it).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pack, out] = process.argv.slice(2);
if (!pack || !out) {
  console.error("usage: node foundry-unpack.mjs PACK OUT");
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const modules = process.env.MAPSHEET_NODE_MODULES || path.join(here, "node_modules");
const cli = path.join(modules, "@foundryvtt", "foundryvtt-cli", "index.mjs");
const { extractPack } = await import(pathToFileURL(cli).href);
await extractPack(pack, out, { clean: true });
const docs = fs.readdirSync(out).filter(f => f.endsWith(".json")).sort()
  .map(f => JSON.parse(fs.readFileSync(path.join(out, f), "utf8")));
process.stdout.write(JSON.stringify(docs));

// Makes a copy of the sample project with N cities: the sample's real 28 first, then
// deterministic synthetic towns spread over Southern California, each with its own paragraph.
import { appendFile, cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const SOILS = ["clay", "sandy loam", "decomposed granite", "river silt", "rocky hillside soil", "irrigated orchard loam"];
const LANDSCAPES = ["ranch lots", "citrus rows", "school fields", "vineyard blocks", "golf fairways", "horse pastures", "park lawns", "new subdivisions"];
const SEASONS = ["after the winter rains", "once summer irrigation starts", "in the cool spring months", "when fall planting begins"];

/** A small deterministic pseudo-random generator (mulberry32), so every run builds the same site. */
function random(seed) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function synthetic(count) {
  const next = random(42);
  const towns = [];
  const side = Math.ceil(Math.sqrt(count));
  for (let i = 0; i < count; i++) {
    const n = String(i + 1).padStart(5, "0");
    const row = Math.floor(i / side);
    const col = i % side;
    towns.push({
      name: `Testville ${n}`,
      slug: `testville-${n}`,
      lat: +(32.8 + (row / side) * 1.6 + next() * 0.01).toFixed(4),
      lng: +(-118.2 + (col / side) * 2.0 + next() * 0.01).toFixed(4),
      row,
      col,
      soil: SOILS[Math.floor(next() * SOILS.length)],
      land: LANDSCAPES[Math.floor(next() * LANDSCAPES.length)],
      season: SEASONS[Math.floor(next() * SEASONS.length)],
    });
  }
  return towns.map((town, i) => {
    // Grid neighbours: linear to compute, and always existing towns.
    const around = [i - 1, i + 1, i - side, i + side, i - side - 1, i + side + 1].filter((j) => j >= 0 && j < count && j !== i).slice(0, 4);
    while (around.length < 3) around.push((i + around.length + 2) % count);
    const nearby = [...new Set(around)].slice(0, 4).map((j) => towns[j].slug);
    return [
      `  - name: ${town.name}`,
      `    slug: ${town.slug}`,
      `    lat: ${town.lat}`,
      `    lng: ${town.lng}`,
      `    neighborhoods: [North ${town.name}, ${town.name} Heights, Old ${town.name}, ${town.name} Ranch]`,
      `    nearby: [${nearby.join(", ")}]`,
      `    intro: >-`,
      `      ${town.name} sits on ${town.soil}, and its ${town.land} give pocket gophers easy digging ${town.season}. ` +
        `Grid square ${town.row}-${town.col} of our synthetic service map, this town exists to measure how the build scales.`,
    ].join("\n");
  });
}

/**
 * site.yaml's text without its `languages` list (so the site is in its default language only),
 * and the codes of the other languages that list named.
 */
export function withoutLanguages(yaml) {
  const list = yaml.match(/\nlanguages:\n((?: {2}.*\n)+)/);
  if (!list) return { yaml, others: [] };
  return { yaml: yaml.replace(list[0], "\n"), others: [...list[1].matchAll(/- code: (\w+)/g)].slice(1).map(([, code]) => code) };
}

/** Deletes the translations of these languages from a project folder's content/. */
export async function removeTranslations(dir, codes) {
  for (const code of codes) await rm(path.join(dir, "content", code), { recursive: true });
}

/**
 * Creates a project folder with the sample plus `extra` synthetic cities; returns its path. With
 * `allLanguages`, the sample's languages are kept and each synthetic town gets its Spanish
 * paragraph too; otherwise the site is in its default language only.
 */
export async function makeSyntheticSite(extra, { allLanguages = false } = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), `gopher-bench-${extra}-`));
  for (const entry of ["content", "public", "templates"]) await cp(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  let yaml = await readFile(path.join(ROOT, "site.yaml"), "utf8");
  const towns = extra > 0 ? synthetic(extra) : [];
  if (towns.length > 0) yaml = `${yaml.trimEnd()}\n${towns.join("\n")}\n`;
  if (allLanguages) {
    const intros = towns.map((town) => {
      const slug = town.match(/slug: (\S+)/)[1];
      return `${slug}:\n  intro: >-\n    ${slug} es un pueblo de prueba: existe para medir cómo crece la construcción del sitio.\n`;
    });
    if (intros.length > 0) await appendFile(path.join(dir, "content", "es", "cities.yaml"), `\n${intros.join("")}`);
  } else {
    const { yaml: oneLanguage, others } = withoutLanguages(yaml);
    yaml = oneLanguage;
    await removeTranslations(dir, others);
  }
  await writeFile(path.join(dir, "site.yaml"), yaml);
  return dir;
}

/**
 * Adds services to a copy of the sample (a folder with its site.yaml and content/): each a copy of
 * the residential service's copy, in every language the folder has, under its own name, title and
 * address, listed after the sample's in site.yaml. `names` as the menu shows them.
 */
export async function addServices(dir, names) {
  const entries = [];
  const folders = ["content", ...(await readdir(path.join(dir, "content"), { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && /^[a-z]{2,3}$/.test(entry.name)).map((entry) => `content/${entry.name}`)];
  for (const name of names) {
    const id = name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
    entries.push(`  - id: ${id}\n    path: /${id}\n`);
    for (const folder of folders) {
      const source = path.join(dir, folder, "services", "residential.yaml");
      const text = await readFile(source, "utf8").catch(() => undefined);
      if (text === undefined) continue;
      const copy = text
        .replace(/^title: .*$/m, `title: ${name} | {company}`)
        .replace(/^name: .*$/m, `name: ${name}`)
        .replace(/^(  heading: ).*$/m, `$1${name}`);
      await writeFile(path.join(dir, folder, "services", `${id}.yaml`), copy);
    }
  }
  const config = path.join(dir, "site.yaml");
  const yaml = await readFile(config, "utf8");
  const list = yaml.match(/\nservices:\n((?: {2}.*\n)+)/);
  if (!list) throw new Error("site.yaml has no list of services to add to");
  await writeFile(config, yaml.replace(list[0], `${list[0]}${entries.join("")}`));
}

/**
 * Adds two pages of the owner's own to a copy of the sample, those of tests/fixtures/own-pages/ (its
 * content/own/ and its site.yaml's pages): a financing page in the menu (a price table, an FAQ) and a
 * team page in the footer (members, a gallery), in the default language only, so a translation
 * leaves them out until it has their copy.
 */
export async function addOwnPages(dir) {
  const fixture = path.join(ROOT, "tests", "fixtures", "own-pages");
  await cp(path.join(fixture, "content", "own"), path.join(dir, "content", "own"), { recursive: true });
  const pages = (await readFile(path.join(fixture, "site.yaml"), "utf8")).match(/\npages:\n(?: {2}.*\n)+/);
  if (!pages) throw new Error("tests/fixtures/own-pages/site.yaml has no list of pages");
  await appendFile(path.join(dir, "site.yaml"), pages[0]);
}

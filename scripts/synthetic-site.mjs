// Makes a copy of the sample project with N cities: the sample's real 28 first, then
// deterministic synthetic towns spread over Southern California, each with its own paragraph.
import { appendFile, cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
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

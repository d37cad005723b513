// The same site as a synthetic gopher-site project (scripts/synthetic-site.mjs), written for Hugo,
// Eleventy 3 and Astro 5 in each tool's usual way, for scripts/bench-peers.mjs. One page per town
// (name, paragraph, neighbourhoods, nearby towns), the fixed pages (home, services, about, service
// areas, blog and its posts, legal pages, 404) and one layout with header, menu and footer.
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import yaml from "js-yaml";

/** The facts and copy of a gopher-site project folder that every peer's site is made of. */
export async function siteModel(dir) {
  const site = yaml.load(await readFile(path.join(dir, "site.yaml"), "utf8"));
  // The placeholders of gopher-site's copy, filled here once: the peers get plain text.
  const facts = {
    company: site.company.name,
    phone: site.phone.display,
    email: site.email,
    baseTown: site.base.town,
    warrantyDays: site.warranty?.days,
    noSetupChargeDays: site.warranty?.noSetupChargeDays,
    resultDays: site.results?.days,
    resultHours: site.results?.hours,
    ...site.facts,
    ...Object.fromEntries(Object.entries(site.prices?.items ?? {}).map(([name, price]) => [`${name}Price`, `$${price}`])),
    ...Object.fromEntries(site.licenses.map((license) => [`${license.name}License`, `${license.label} #${license.number}`])),
  };
  const fill = (text) => String(text ?? "").replace(/\{(\w+)\}/g, (whole, name) => String(facts[name] ?? whole));
  const townUrl = (slug) => `/${slug}-gopher-control/`;
  const withPage = new Map(site.cities.map((city) => [city.slug, city.name]));
  const withoutPage = new Map((site.townsWithoutPage ?? []).map((town) => [town.slug, town.name]));
  const towns = site.cities.map((city) => ({
    name: city.name,
    slug: city.slug,
    url: townUrl(city.slug),
    intro: fill(city.intro),
    neighborhoods: city.neighborhoods ?? [],
    nearby: (city.nearby ?? []).map((slug) =>
      withPage.has(slug) ? { name: withPage.get(slug), url: townUrl(slug) } : { name: withoutPage.get(slug) ?? slug, url: "/service-areas/" },
    ),
  }));
  const services = [];
  for (const service of site.services) {
    const copy = yaml.load(await readFile(path.join(dir, "content", "services", `${service.id}.yaml`), "utf8"));
    services.push({ id: service.id, slug: service.path.slice(1), url: `${service.path}/`, name: copy.name, heading: fill(copy.hero.heading), text: fill(copy.hero.text) });
  }
  const about = yaml.load(await readFile(path.join(dir, "content", "pages", "about.yaml"), "utf8"));
  const markdownFiles = async (folder) => {
    const names = (await readdir(folder)).filter((name) => name.endsWith(".md")).sort();
    return Promise.all(names.map(async (name) => ({ name, text: fill(await readFile(path.join(folder, name), "utf8")) })));
  };
  return {
    company: site.company.name,
    description: site.company.description,
    phone: site.phone.display,
    license: site.licenses.find((license) => license.shownOn.includes("footer")),
    menu: [
      { name: "Home", url: "/", weight: 1 },
      ...services.map((service, i) => ({ name: service.name, url: service.url, weight: 2 + i })),
      { name: "Service areas", url: "/service-areas/", weight: 10 },
      { name: "About", url: "/about/", weight: 11 },
      { name: "Blog", url: "/blog/", weight: 12 },
    ],
    services,
    about: { heading: fill(about.hero.heading), text: fill(about.hero.text) },
    towns,
    posts: await markdownFiles(path.join(dir, "content", "blog")),
    legal: await markdownFiles(path.join(dir, "content", "legal")),
  };
}

const STYLE = "body{font-family:system-ui,sans-serif;margin:0}header,main,footer{max-width:60rem;margin:auto;padding:1rem}nav a{margin-right:1rem}\n";

/** Writes files given as { relative path: text } under `dir`. */
async function writeFiles(dir, files) {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
}

/** A markdown file's front matter with one line added (a layout, a permalink). */
const withFrontMatter = (text, line) => text.replace(/^---\n/, `---\n${line}\n`);

/** Hugo: content/*.md with JSON front matter, layouts/_default/baseof.html + single.html, menus as config. */
export async function writeHugoSite(dir, model) {
  const menu = model.menu.map((entry) => `[[menus.main]]\nname = ${JSON.stringify(entry.name)}\nurl = ${JSON.stringify(entry.url)}\nweight = ${entry.weight}\n`).join("");
  const files = {
    "hugo.toml": `baseURL = "https://www.example.com/"\ntitle = ${JSON.stringify(model.company)}\ndisableKinds = ["taxonomy", "term"]\n\n[params]\nphone = ${JSON.stringify(model.phone)}\nlicense = ${JSON.stringify(`${model.license.label} #${model.license.number}`)}\n\n${menu}`,
    "static/style.css": STYLE,
    "layouts/_default/baseof.html": `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} | {{ .Site.Title }}</title><link rel="stylesheet" href="/style.css"></head>
<body><header><a href="/">{{ .Site.Title }}</a> <a href="tel:{{ .Site.Params.phone }}">{{ .Site.Params.phone }}</a>
<nav>{{ range .Site.Menus.main }}<a href="{{ .URL }}">{{ .Name }}</a>{{ end }}</nav></header>
<main>{{ block "main" . }}{{ end }}</main>
<footer><p>{{ .Site.Title }} · {{ .Site.Params.phone }} · {{ .Site.Params.license }}</p><nav>{{ range .Site.Menus.main }}<a href="{{ .URL }}">{{ .Name }}</a>{{ end }}</nav></footer>
</body></html>
`,
    "layouts/_default/single.html": `{{ define "main" }}<h1>{{ .Params.heading | default .Title }}</h1>{{ .Content }}{{ end }}\n`,
    "layouts/_default/list.html": `{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ .Params.excerpt }}</li>{{ end }}</ul>{{ end }}\n`,
    "layouts/town/single.html": `{{ define "main" }}<h1>Gopher control in {{ .Params.town }}</h1><p>{{ .Params.intro }}</p>
<h2>Neighborhoods we serve</h2><ul>{{ range .Params.neighborhoods }}<li>{{ . }}</li>{{ end }}</ul>
<h2>Nearby towns</h2><ul>{{ range .Params.nearby }}<li><a href="{{ .url }}">{{ .name }}</a></li>{{ end }}</ul>
<p>Call {{ .Site.Params.phone }} for a free quote in {{ .Params.town }}.</p>{{ end }}
`,
    "layouts/index.html": `{{ define "main" }}<h1>{{ .Site.Title }}</h1><p>{{ .Params.description }}</p>
<ul>{{ range where .Site.RegularPages "Type" "service" }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>
<p><a href="/service-areas/">Every town we serve</a></p>{{ end }}
`,
    "layouts/service-areas/single.html": `{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range where .Site.RegularPages "Type" "town" }}<li><a href="{{ .RelPermalink }}">{{ .Params.town }}</a></li>{{ end }}</ul>{{ end }}\n`,
    "layouts/404.html": `{{ define "main" }}<h1>Page not found</h1><p><a href="/">Home</a></p>{{ end }}\n`,
    "content/_index.md": `${JSON.stringify({ title: model.company, description: model.description })}\n`,
    "content/about.md": `${JSON.stringify({ title: "About", heading: model.about.heading })}\n\n${model.about.text}\n`,
    "content/service-areas.md": `${JSON.stringify({ title: "Service areas", type: "service-areas" })}\n`,
    "content/blog/_index.md": `${JSON.stringify({ title: "Blog" })}\n`,
  };
  for (const service of model.services) files[`content/${service.slug}.md`] = `${JSON.stringify({ title: service.name, heading: service.heading, type: "service", layout: "single" })}\n\n${service.text}\n`;
  for (const post of model.posts) files[`content/blog/${post.name}`] = post.text;
  for (const page of model.legal) files[`content/${page.name}`] = page.text;
  for (const town of model.towns) {
    const front = { title: `${town.name} gopher control`, town: town.name, type: "town", url: town.url, intro: town.intro, neighborhoods: town.neighborhoods, nearby: town.nearby };
    files[`content/${town.slug}-gopher-control.md`] = `${JSON.stringify(front)}\n`;
  }
  await writeFiles(dir, files);
}

const NUNJUCKS_BASE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }} | {{ site.company }}</title><link rel="stylesheet" href="/style.css"></head>
<body><header><a href="/">{{ site.company }}</a> <a href="tel:{{ site.phone }}">{{ site.phone }}</a>
<nav>{% for entry in site.menu %}<a href="{{ entry.url }}">{{ entry.name }}</a>{% endfor %}</nav></header>
<main>{{ content | safe }}</main>
<footer><p>{{ site.company }} · {{ site.phone }} · {{ site.license.label }} #{{ site.license.number }}</p><nav>{% for entry in site.menu %}<a href="{{ entry.url }}">{{ entry.name }}</a>{% endfor %}</nav></footer>
</body></html>
`;

/** Eleventy 3: data files, pagination over the towns, a Nunjucks layout; posts as markdown. */
export async function writeEleventySite(dir, model) {
  const { towns, posts, legal, ...site } = model;
  const front = (data) => `---json\n${JSON.stringify(data)}\n---\n`;
  const files = {
    "eleventy.config.mjs": `export default function (config) {\n  config.addPassthroughCopy({ "public": "/" });\n}\nexport const config = { dir: { input: "src", output: "_site" } };\n`,
    "public/style.css": STYLE,
    "src/_data/site.json": JSON.stringify(site),
    "src/_data/towns.json": JSON.stringify(towns),
    "src/_includes/base.njk": NUNJUCKS_BASE,
    "src/_includes/markdown.njk": `---\nlayout: base.njk\n---\n<h1>{{ heading or title }}</h1>{{ content | safe }}\n`,
    "src/town.njk": `${front({ pagination: { data: "towns", size: 1, alias: "town" }, permalink: "/{{ town.slug }}-gopher-control/", layout: "base.njk", eleventyComputed: { title: "{{ town.name }} gopher control" } })}<h1>Gopher control in {{ town.name }}</h1><p>{{ town.intro }}</p>
<h2>Neighborhoods we serve</h2><ul>{% for name in town.neighborhoods %}<li>{{ name }}</li>{% endfor %}</ul>
<h2>Nearby towns</h2><ul>{% for near in town.nearby %}<li><a href="{{ near.url }}">{{ near.name }}</a></li>{% endfor %}</ul>
<p>Call {{ site.phone }} for a free quote in {{ town.name }}.</p>
`,
    "src/service.njk": `${front({ pagination: { data: "site.services", size: 1, alias: "service" }, permalink: "/{{ service.slug }}/", layout: "base.njk", eleventyComputed: { title: "{{ service.name }}" } })}<h1>{{ service.heading }}</h1><p>{{ service.text }}</p>\n`,
    "src/index.njk": `${front({ title: "Home", layout: "base.njk" })}<h1>{{ site.company }}</h1><p>{{ site.description }}</p>
<ul>{% for service in site.services %}<li><a href="{{ service.url }}">{{ service.name }}</a></li>{% endfor %}</ul>
<p><a href="/service-areas/">Every town we serve</a></p>
`,
    "src/about.njk": `${front({ title: "About", layout: "base.njk" })}<h1>{{ site.about.heading }}</h1><p>{{ site.about.text }}</p>\n`,
    "src/service-areas.njk": `${front({ title: "Service areas", layout: "base.njk" })}<h1>Service areas</h1><ul>{% for town in towns %}<li><a href="{{ town.url }}">{{ town.name }}</a></li>{% endfor %}</ul>\n`,
    "src/blog.njk": `${front({ title: "Blog", layout: "base.njk" })}<h1>Blog</h1><ul>{% for post in collections.post %}<li><a href="{{ post.url }}">{{ post.data.title }}</a> {{ post.data.excerpt }}</li>{% endfor %}</ul>\n`,
    "src/404.njk": `${front({ title: "Page not found", layout: "base.njk", permalink: "/404.html" })}<h1>Page not found</h1><p><a href="/">Home</a></p>\n`,
    "src/blog/blog.json": JSON.stringify({ layout: "markdown.njk", tags: "post", permalink: "/blog/{{ slug }}/" }),
  };
  for (const post of posts) files[`src/blog/${post.name}`] = post.text;
  for (const page of legal) files[`src/${page.name}`] = withFrontMatter(page.text, "layout: markdown.njk");
  await writeFiles(dir, files);
}

/** Astro 5: getStaticPaths over the towns' JSON, a content collection for the posts, one layout. */
export async function writeAstroSite(dir, model) {
  const { towns, posts, legal, ...site } = model;
  const files = {
    "astro.config.mjs": `export default { cacheDir: "./.astro-cache", build: { format: "directory" } };\n`,
    "public/style.css": STYLE,
    "src/data/site.json": JSON.stringify(site),
    "src/data/towns.json": JSON.stringify(towns),
    "src/content.config.mjs": `import { defineCollection } from "astro:content";\nimport { glob } from "astro/loaders";\nexport const collections = { blog: defineCollection({ loader: glob({ pattern: "*.md", base: "./src/blog" }) }) };\n`,
    "src/layouts/Base.astro": `---
import site from "../data/site.json";
const { title } = Astro.props;
---
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} | {site.company}</title><link rel="stylesheet" href="/style.css"></head>
<body><header><a href="/">{site.company}</a> <a href={\`tel:\${site.phone}\`}>{site.phone}</a>
<nav>{site.menu.map((entry) => <a href={entry.url}>{entry.name}</a>)}</nav></header>
<main><slot /></main>
<footer><p>{site.company} · {site.phone} · {site.license.label} #{site.license.number}</p><nav>{site.menu.map((entry) => <a href={entry.url}>{entry.name}</a>)}</nav></footer>
</body></html>
`,
    "src/layouts/Markdown.astro": `---\nimport Base from "./Base.astro";\nconst { frontmatter } = Astro.props;\n---\n<Base title={frontmatter.title}><h1>{frontmatter.heading ?? frontmatter.title}</h1><slot /></Base>\n`,
    "src/pages/[town].astro": `---
import Base from "../layouts/Base.astro";
import site from "../data/site.json";
import towns from "../data/towns.json";
export function getStaticPaths() {
  return towns.map((town) => ({ params: { town: \`\${town.slug}-gopher-control\` }, props: { town } }));
}
const { town } = Astro.props;
---
<Base title={\`\${town.name} gopher control\`}><h1>Gopher control in {town.name}</h1><p>{town.intro}</p>
<h2>Neighborhoods we serve</h2><ul>{town.neighborhoods.map((name) => <li>{name}</li>)}</ul>
<h2>Nearby towns</h2><ul>{town.nearby.map((near) => <li><a href={near.url}>{near.name}</a></li>)}</ul>
<p>Call {site.phone} for a free quote in {town.name}.</p></Base>
`,
    "src/pages/index.astro": `---
import Base from "../layouts/Base.astro";
import site from "../data/site.json";
---
<Base title="Home"><h1>{site.company}</h1><p>{site.description}</p>
<ul>{site.services.map((service) => <li><a href={service.url}>{service.name}</a></li>)}</ul>
<p><a href="/service-areas/">Every town we serve</a></p></Base>
`,
    "src/pages/about.astro": `---\nimport Base from "../layouts/Base.astro";\nimport site from "../data/site.json";\n---\n<Base title="About"><h1>{site.about.heading}</h1><p>{site.about.text}</p></Base>\n`,
    "src/pages/service-areas.astro": `---\nimport Base from "../layouts/Base.astro";\nimport towns from "../data/towns.json";\n---\n<Base title="Service areas"><h1>Service areas</h1><ul>{towns.map((town) => <li><a href={town.url}>{town.name}</a></li>)}</ul></Base>\n`,
    "src/pages/404.astro": `---\nimport Base from "../layouts/Base.astro";\n---\n<Base title="Page not found"><h1>Page not found</h1><p><a href="/">Home</a></p></Base>\n`,
    "src/pages/blog/index.astro": `---
import { getCollection } from "astro:content";
import Base from "../../layouts/Base.astro";
const posts = await getCollection("blog");
---
<Base title="Blog"><h1>Blog</h1><ul>{posts.map((post) => <li><a href={\`/blog/\${post.id}/\`}>{post.data.title}</a> {post.data.excerpt}</li>)}</ul></Base>
`,
    "src/pages/blog/[slug].astro": `---
import { getCollection, render } from "astro:content";
import Base from "../../layouts/Base.astro";
export async function getStaticPaths() {
  return (await getCollection("blog")).map((post) => ({ params: { slug: post.id }, props: { post } }));
}
const { post } = Astro.props;
const { Content } = await render(post);
---
<Base title={post.data.title}><h1>{post.data.title}</h1><Content /></Base>
`,
  };
  for (const service of site.services) {
    files[`src/pages/${service.slug}.astro`] = `---\nimport Base from "../layouts/Base.astro";\n---\n<Base title={${JSON.stringify(service.name)}}><h1>{${JSON.stringify(service.heading)}}</h1><p>{${JSON.stringify(service.text)}}</p></Base>\n`;
  }
  for (const post of posts) files[`src/blog/${post.name}`] = post.text;
  for (const page of legal) files[`src/pages/${page.name}`] = withFrontMatter(page.text, "layout: ../layouts/Markdown.astro");
  await writeFiles(dir, files);
}

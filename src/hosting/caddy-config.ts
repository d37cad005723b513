import { extensionsByType, isCompressible, mediaType } from "./content-types.ts";
import { EDITOR_PATHS, hostLocations, LEAD_SERVER_PATHS, locationFor, upstream, type EditorSite, type HostConfigInput, type HostLocation } from "./host-plan.ts";
import { NOT_FOUND_PAGE } from "./not-found-pages.ts";

/**
 * A Caddyfile site block that serves the built site as nginxConfig does: clean URLs without a
 * redirect, 404.html with status 404 (a language folder's own under that folder), the headers of
 * `_headers` on every response. Directives sit in `route` blocks because Caddy otherwise reorders
 * them (headers before the clean-URL rewrite). With `editor`, the block is for the site's domain
 * (Caddy's automatic HTTPS) and sends the owner's editor to `serve --editor`; otherwise it listens
 * on plain HTTP, as --listen says.
 */
export function caddyConfig(input: HostConfigInput): string {
  const locations = hostLocations(input);
  const types = extensionsByType();
  const htmlType = types.find(([, extensions]) => extensions.includes("html"))![0];
  return [
    ...(input.editor ? httpsAddress(input, input.editor) : plainHttpAddress(input)),
    `\troot * "${input.root}"`,
    ...encode("\t"),
    "",
    "\t# One label per kind of file, whatever Caddy's own table says.",
    ...types.map(([type, extensions]) => `\t@type_${extensions[0]} path ${extensions.map((extension) => `*.${extension}`).join(" ")}`),
    "",
    "\troute {",
    ...(input.editor ? caddyEditor(upstream(input.editor.server)) : []),
    ...(input.leadServer ? caddyLeadServer(upstream(input.leadServer)) : []),
    ...locations.flatMap((location, index) => caddyHeaders(changedFrom(locations.slice(0, index), location))),
    "\t\t# /about/ -> /about (301, keeping the query), then /about is about.html or about/index.html.",
    "\t\t@slash_query {",
    "\t\t\tpath_regexp slash ^(/.+)/$",
    '\t\t\texpression {query} != ""',
    "\t\t}",
    "\t\tredir @slash_query {re.slash.1}?{query} 301",
    "\t\t@slash path_regexp slash ^(/.+)/$",
    "\t\tredir @slash {re.slash.1} 301",
    ...input.hidden.map((hidden) => `\t\terror ${hidden} 404`),
    "\t\ttry_files {path} {path}.html {path}/index.html",
    ...types.map(([type, extensions]) => `\t\theader @type_${extensions[0]} Content-Type "${type}"`),
    "\t\tfile_server",
    "\t}",
    "",
    "\thandle_errors {",
    // Handlers keep this order: a language folder's 404 page before the site's.
    ...input.notFoundFolders.flatMap((folder, index) => [
      `\t\t@not_found_${index + 1} {`,
      "\t\t\texpression {err.status_code} == 404",
      `\t\t\tpath ${folder}*`,
      "\t\t}",
      ...notFoundHandler(`@not_found_${index + 1}`, `${folder}404.html`, locations, htmlType),
    ]),
    "\t\t@not_found expression {err.status_code} == 404",
    ...notFoundHandler("@not_found", NOT_FOUND_PAGE, locations, htmlType),
    "\t}",
    "}",
    "",
  ].join("\n");
}

/** The block's comment and address as `--listen` says: plain HTTP, on every address or one. */
function plainHttpAddress(input: HostConfigInput): string[] {
  const { host, port } = input.listen;
  return [
    `# Caddyfile site block for the site built in ${input.root}, made by gopher-site from ${input.headersFile}.`,
    `# For automatic HTTPS, write your domain in place of http://:${port}. Make it again after a build`,
    "# that changed the headers (site.yaml's integrations change the Content-Security-Policy). It listens on",
    "# plain HTTP, so the policy leaves out upgrade-insecure-requests (browsers would ask for every file at https).",
    `http://:${port} {`,
    ...(host ? [`\tbind ${host.replace(/^\[(.*)\]$/, "$1")}`] : []),
  ];
}

/**
 * The block's comment and address for the site with its editor: the domain alone, so Caddy gets its
 * certificate, renews it and redirects http:// to https:// by itself.
 */
function httpsAddress(input: HostConfigInput, editor: EditorSite): string[] {
  return [
    `# Caddyfile site block for https://${editor.domain}, the site built in ${input.root}, made by gopher-site from ${input.headersFile}.`,
    `# Caddy gets and renews the certificate for ${editor.domain} itself and redirects http:// to https://: the domain's DNS`,
    "# must name this server, and ports 80 and 443 be open to it. The owner's editor (/__editor/), the quote form's requests",
    `# and the pages go to gopher-site serve --editor at ${upstream(editor.server)}. Make it again after a build that changed`,
    "# the headers (site.yaml's integrations change the Content-Security-Policy). It serves HTTPS only, so the policy",
    "# keeps upgrade-insecure-requests.",
    `${editor.domain} {`,
  ];
}

/**
 * The editor and its sign-in to `serve --editor`, first in the route: its answers carry the
 * editor's own headers, never the site's policy (which would forbid its scripts and frames).
 */
function caddyEditor(address: string): string[] {
  return [
    "\t\t# The owner's editor goes to gopher-site serve --editor. Caddy sends X-Forwarded-Proto itself (https here,",
    "\t\t# whatever the visitor wrote), and serve takes the editor only over HTTPS.",
    `\t\t@editor path ${EDITOR_PATHS.join(" ")}`,
    `\t\treverse_proxy @editor ${address} {`,
    "\t\t\theader_up X-Real-IP {remote_host}",
    "\t\t}",
  ];
}

/**
 * `handle` of the 404s a matcher takes: `page` with status 404 and its folder's headers. Headers
 * another folder sets that the page's does not are removed: a missing /assets/ file must not be
 * cached for a year.
 */
function notFoundHandler(matcher: string, page: string, locations: readonly HostLocation[], htmlType: string): string[] {
  const location = locationFor(locations, page);
  const names = new Set(location.headers.map(([name]) => name.toLowerCase()));
  const stray = [...new Set(locations.flatMap((other) => other.headers.map(([name]) => name)))].filter((name) => !names.has(name.toLowerCase()));
  return [
    `\t\thandle ${matcher} {`,
    "\t\t\troute {",
    ...encode("\t\t\t\t"),
    `\t\t\t\trewrite * ${page}`,
    ...caddyHeaders({ ...location, remove: stray }).map((line) => `\t\t${line}`),
    `\t\t\t\theader Content-Type "${htmlType}"`,
    "\t\t\t\tfile_server {",
    "\t\t\t\t\tstatus 404",
    "\t\t\t\t}",
    "\t\t\t}",
    "\t\t}",
  ];
}

type HeaderChange = Omit<HostLocation, "notFound"> & { remove: string[] };

/**
 * What a folder changes from the folder around it (Caddy applies every matching `header` in
 * order, unlike nginx): its new or different headers, and those it does not have.
 */
function changedFrom(outer: readonly HostLocation[], location: HostLocation): HeaderChange {
  if (outer.length === 0) return { ...location, remove: [] };
  const parent = new Map(locationFor(outer, location.prefix).headers.map(([name, value]) => [name.toLowerCase(), value]));
  const own = new Set(location.headers.map(([name]) => name.toLowerCase()));
  return {
    prefix: location.prefix,
    headers: location.headers.filter(([name, value]) => parent.get(name.toLowerCase()) !== value),
    remove: [...parent.keys()].filter((name) => !own.has(name)),
  };
}

/** `header` for a folder's paths (every path for `/`): set its headers, remove `remove`; none when it changes nothing. */
function caddyHeaders(change: HeaderChange): string[] {
  if (change.headers.length === 0 && change.remove.length === 0) return [];
  const matcher = change.prefix === "/" ? "" : ` ${change.prefix}*`;
  return [
    `\t\theader${matcher} {`,
    ...change.headers.map(([name, value]) => `\t\t\t${name} "${value}"`),
    ...change.remove.map((name) => `\t\t\t-${name}`),
    "\t\t}",
  ];
}

/** Compression of the text types (Caddy's own list leaves out XML and web manifests). */
function encode(indent: string): string[] {
  const text = [...new Set(extensionsByType().map(([type]) => type).filter(isCompressible).map(mediaType))];
  return [
    `${indent}encode zstd gzip {`,
    `${indent}\tmatch {`,
    ...text.map((type) => `${indent}\t\theader Content-Type ${type}*`),
    `${indent}\t}`,
    `${indent}}`,
  ];
}

/** The form's posts and the pages to `gopher-site serve`, first in the route: it sends the headers of _headers itself. */
function caddyLeadServer(address: string): string[] {
  return [
    "\t\t# The quote form's requests, and the pages (serve fills in their form's stamp), go to gopher-site serve.",
    `\t\t@lead_server path_regexp lead_server ${LEAD_SERVER_PATHS}`,
    `\t\treverse_proxy @lead_server ${address} {`,
    "\t\t\theader_up X-Real-IP {remote_host}",
    "\t\t}",
  ];
}

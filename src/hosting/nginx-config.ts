import { extensionsByType, isCompressible, mediaType } from "./content-types.ts";
import { hostLocations, LEAD_SERVER_PATHS, upstream, type HostConfigInput, type HostLocation } from "./host-plan.ts";
import { NOT_FOUND_PAGE } from "./not-found-pages.ts";

/** nginx always labels, compresses and adds a charset to text/html; naming it again is a warning. */
const ALWAYS_HTML = "text/html";

/**
 * A `server { }` block for nginx's `http { }` that serves the built site the way Netlify and
 * Cloudflare Pages do: clean URLs without a redirect (`/about` from about.html or
 * about/index.html), 404.html with status 404 (a language folder's own under that folder), and the
 * headers of `_headers` on every response.
 */
export function nginxConfig(input: HostConfigInput): string {
  const locations = hostLocations(input);
  const types = extensionsByType();
  const named = (keep: (type: string) => boolean) =>
    [...new Set(types.map(([type]) => type).filter(keep).map(mediaType))].filter((type) => type !== ALWAYS_HTML).join(" ");
  const { host, port } = input.listen;
  return [
    `# nginx server block for the site built in ${input.root}, made by gopher-site from ${input.headersFile}.`,
    "# Include it inside http { }, e.g. as /etc/nginx/conf.d/gopher-site.conf. Make it again after a build",
    "# that changed the headers (site.yaml's integrations change the Content-Security-Policy). It listens on",
    "# plain HTTP, so the policy leaves out upgrade-insecure-requests (browsers would ask for every file at https).",
    "server {",
    `    listen ${host ? `${host}:${port}` : port};`,
    `    root "${input.root}";`,
    "",
    "    # One label per kind of file whatever mime.types says, text in UTF-8 and compressed.",
    "    types {",
    ...types.map(([type, extensions]) => `        ${mediaType(type)} ${extensions.join(" ")};`),
    "    }",
    "    charset utf-8;",
    `    charset_types ${named((type) => type.includes("charset=utf-8"))};`,
    "    gzip on;",
    "    gzip_vary on;",
    `    gzip_types ${named(isCompressible)};`,
    "",
    "    # Redirects keep the scheme and port the visitor used; unknown paths get the 404 page.",
    "    absolute_redirect off;",
    `    error_page 404 ${NOT_FOUND_PAGE};`,
    "",
    "    # A location with an add_header of its own loses every inherited one: each lists them all.",
    ...locations.flatMap((location) => [...nginxLocation(location), ""]),
    ...input.hidden.flatMap((hidden) => [`    location = ${hidden} {`, "        return 404;", "    }"]),
    ...(input.leadServer ? nginxLeadServer(upstream(input.leadServer)) : []),
    "}",
    "",
  ].join("\n");
}

function nginxLocation(location: HostLocation): string[] {
  return [
    `    location ${location.prefix} {`,
    // `always`: on the 404 page too, not only on successful answers and redirects.
    ...location.headers.map(([name, value]) => `        add_header ${name} "${value}" always;`),
    "        # /about/ -> /about (301), then /about is about.html or about/index.html, without a redirect.",
    "        rewrite ^/(.+)/$ /$1 permanent;",
    "        try_files $uri $uri.html $uri/index.html =404;",
    // Replaces the server's error_page here; the page's own path is in this location, with these headers.
    ...(location.notFound === NOT_FOUND_PAGE ? [] : [`        error_page 404 ${location.notFound};`]),
    "    }",
  ];
}

/** The form's posts and the pages to `gopher-site serve` (a regular expression location wins over the folders'). */
function nginxLeadServer(address: string): string[] {
  return [
    "",
    "    # The quote form's requests, and the pages (serve fills in their form's stamp), go to gopher-site serve;",
    "    # it sends the headers of _headers itself. X-Real-IP: the visitor, for its per-address limit.",
    `    location ~ ${LEAD_SERVER_PATHS} {`,
    `        proxy_pass http://${address};`,
    "        proxy_set_header Host $host;",
    "        proxy_set_header X-Real-IP $remote_addr;",
    "        client_max_body_size 64k;",
    "    }",
  ];
}

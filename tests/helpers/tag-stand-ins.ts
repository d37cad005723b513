import type { BrowserContext, Page, Route } from "playwright-core";
import type { GoogleTag } from "../../src/config/schema.ts";

/**
 * Local stand-ins for a Tag Manager container and the Google tags it runs: the browser gets
 * gtm.js and every request after it answered here, never from the internet, and each stand-in
 * script makes the requests the real tag makes next (scripts, pixels, beacons, frames), so the
 * page's Content-Security-Policy is put to every one of them.
 *
 * A request is one of how a tag reaches an origin, which decides the directive that checks it.
 * Real Google Ads pixels redirect (www.googleadservices.com, then googleads.g.doubleclick.net, then
 * www.google.com): the stand-ins request each hop itself, because a redirect answered by a test
 * route is followed outside the route, to the real network.
 */
export interface StandInRequest {
  url: string;
  as: "script" | "img" | "beacon" | "fetch" | "frame";
  /** What a stand-in script requests when it runs. */
  then?: StandInRequest[];
}

const GTAG = "https://www.googletagmanager.com/gtag/js";
const ADS_ID = "123456789";

/** What each tag requests once the container runs it, as the real tags do. */
export const TAG_STAND_INS: Readonly<Record<GoogleTag, StandInRequest[]>> = {
  ga4: [
    {
      url: `${GTAG}?id=G-STANDIN1`,
      as: "script",
      then: [
        { url: "https://region1.google-analytics.com/g/collect?v=2&tid=G-STANDIN1&en=page_view", as: "beacon" },
        { url: "https://region1.analytics.google.com/g/collect?v=2&tid=G-STANDIN1&en=user_engagement", as: "fetch" },
        { url: "https://www.google-analytics.com/g/collect?v=2&tid=G-STANDIN1&en=scroll", as: "img" },
        { url: "https://www.google.com/g/collect?v=2&tid=G-STANDIN1&en=page_view", as: "beacon" },
      ],
    },
  ],
  "google-ads": [
    {
      url: `${GTAG}?id=AW-${ADS_ID}`,
      as: "script",
      then: [
        { url: `https://www.googleadservices.com/pagead/conversion/${ADS_ID}/?label=standin&fmt=3`, as: "img" },
        { url: `https://googleads.g.doubleclick.net/pagead/viewthroughconversion/${ADS_ID}/?label=standin&fmt=3`, as: "img" },
        { url: `https://www.google.com/pagead/1p-conversion/${ADS_ID}/?label=standin&fmt=3`, as: "img" },
        { url: `https://googleads.g.doubleclick.net/pagead/viewthroughconversion/${ADS_ID}/?fmt=4`, as: "script" },
        { url: `https://www.google.com/pagead/1p-user-list/${ADS_ID}/?fmt=3`, as: "img" },
        { url: `https://www.google.com/ccm/collect?en=conversion&id=${ADS_ID}`, as: "fetch" },
        { url: `https://pagead2.googlesyndication.com/ccm/collect?en=page_view&id=${ADS_ID}`, as: "beacon" },
        { url: `https://td.doubleclick.net/td/rul/${ADS_ID}?fmt=3`, as: "frame" },
      ],
    },
  ],
  floodlight: [
    { url: "https://ad.doubleclick.net/activity;src=1234567;type=standin;cat=standin;ord=1", as: "img" },
    { url: "https://1234567.fls.doubleclick.net/activityi;src=1234567;type=standin;cat=standin;ord=1", as: "frame" },
  ],
};

/** The container's gtm.js: the request our own script makes, by its address without the query. */
export const CONTAINER_SCRIPT = "https://www.googletagmanager.com/gtm.js";

/** A script that makes `requests` when it runs; no inline code, no eval, like a container's tags. */
function scriptMaking(requests: StandInRequest[]): string {
  const steps = requests.map(({ url, as }) => `go(${JSON.stringify(as)}, ${JSON.stringify(url)});`).join("\n");
  return `(function () {
  function go(as, url) {
    if (as === "script") { var s = document.createElement("script"); s.async = true; s.src = url; document.head.appendChild(s); }
    else if (as === "img") { new Image().src = url; }
    else if (as === "beacon") { navigator.sendBeacon(url, ""); }
    else if (as === "fetch") { fetch(url, { method: "POST", mode: "no-cors", keepalive: true }).catch(function () {}); }
    else { var f = document.createElement("iframe"); f.hidden = true; f.src = url; document.body.appendChild(f); }
  }
  ${steps}
})();`;
}

/** Every request of `requests` and of the scripts among them, in order. */
export function allRequests(requests: StandInRequest[]): StandInRequest[] {
  return requests.flatMap((request) => [request, ...allRequests(request.then ?? [])]);
}

const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * Answers the container and the `tags` it runs in `context` (over its blocking of every other
 * third party), and records which stand-in addresses each page requested: a request the policy
 * refused never reaches here.
 */
export async function serveTagStandIns(context: BrowserContext, tags: readonly GoogleTag[]) {
  const container: StandInRequest = { url: CONTAINER_SCRIPT, as: "script", then: tags.flatMap((tag) => TAG_STAND_INS[tag]) };
  const known = new Map(allRequests([container]).map((request) => [request.url, request]));
  const answered = new Map<Page, string[]>();
  const standInFor = (url: string) => known.get(url) ?? (url.startsWith(`${CONTAINER_SCRIPT}?`) ? container : undefined);
  await context.route(
    (url) => standInFor(url.href) !== undefined,
    async (route: Route) => {
      const request = route.request();
      const standIn = standInFor(request.url())!;
      const page = request.frame().page();
      answered.set(page, [...(answered.get(page) ?? []), standIn.url]);
      if (standIn.as === "script") return route.fulfill({ contentType: "text/javascript", body: scriptMaking(standIn.then ?? []) });
      if (standIn.as === "img") return route.fulfill({ contentType: "image/gif", body: GIF });
      if (standIn.as === "frame") return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>stand-in</title>" });
      return route.fulfill({ status: 204 });
    },
  );
  return {
    /** Every address the container and its tags request, the container's own first. */
    expected: [...known.keys()],
    /** The stand-in addresses `page` requested so far. */
    answered: (page: Page) => answered.get(page) ?? [],
  };
}

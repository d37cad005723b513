import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse, type AuthenticationResponseJSON, type RegistrationResponseJSON } from "@simplewebauthn/server";
import { closeAfter, readBody } from "../http/body.ts";
import { hostnameOf } from "../http/request-guard.ts";
import { testBodyDeadlineMs } from "../test-hooks.ts";
import { sendCompressed, type Compressible } from "../http/compress.ts";
import type { Route } from "../http/routes.ts";
import type { Logger } from "../log.ts";
import { limitKey } from "../leads/limit-key.ts";
import { rateLimiter } from "../leads/rate-limit.ts";
import type { EditorGate } from "../editor/editor-routes.ts";
import { audit, isEmail, normalEmail } from "./owner-files.ts";
import { newToken, tokenHash, type OwnerStore, type Session } from "./owner-store.ts";
import { linkPage, refusalPage, signInPage, SIGN_IN_CSP } from "./sign-in-pages.ts";
import { cookieOf, editorHeaders, linkOrigin, originOf, sameOriginWrite, sessionCookieName, setCookie, transportOf, type Transport } from "./transport.ts";
import type { BlockList } from "node:net";

export interface SignInOptions {
  store: OwnerStore;
  siteName: string;
  /** Sends an owner the link (by e-mail); rejects when it could not. */
  sendLink(email: string, url: string): Promise<void>;
  /** The proxies whose X-Forwarded-Proto is believed. */
  trusted: BlockList;
  /** Whether the editor answers to this host name (the site's own, or this machine's). */
  hostAllowed(hostname: string): boolean;
  /** The site's own address (site.yaml's siteUrl): an e-mailed link asked for at its name points there. */
  siteUrl: URL;
  /** The visitor's address, as the rate limits and the audit log name them. */
  addressOf(request: IncomingMessage): string;
  /** The browser scripts: sign-in.js, account.js. */
  scripts: Map<string, Compressible & { type: string }>;
  log: Logger;
}

const LOGIN = "/__editor/login";
/** A sign-in form's body is an address; a passkey's answer a few KB. */
const MOST_FORM_BYTES = 4 * 1024;
const MOST_PASSKEY_BYTES = 32 * 1024;
const BODY_DEADLINE_MS = 10_000;
/** A passkey ceremony must end within this long. */
const CEREMONY_MS = 5 * 60_000;
/** Ceremonies under way kept at most (sign-ins not finished): past it the oldest are dropped. */
const MOST_CEREMONIES = 1_000;
const QUARTER_HOUR = 15 * 60_000;

/**
 * The editor on the server behind a sign-in (issue 35): its sign-in pages and the gate every
 * editor route passes. A link is e-mailed only to an owner's address (the answer is the same for
 * any); it is single-use, lasts 15 minutes, is kept only as a hash, and signs in from a page whose
 * button posts. A passkey (WebAuthn, @simplewebauthn/server) signs in with one touch; its
 * challenge is kept here, never in the browser. A session is a random token in an HttpOnly,
 * SameSite=Strict cookie (Secure and `__Host-` over HTTPS), kept as its hash; the editor's page
 * carries the session's own secret, which every API call sends back. The editor is refused in
 * plain text over the network; writes must come from its own origin.
 */
export function signInRoutes(options: SignInOptions): { routes: Route[]; gate: EditorGate } {
  const { store } = options;
  const folder = store.folder;
  // Asks for links: per address (a proxy's forwarded one; this machine itself is not limited), per
  // owner from one address (a stranger asking for an owner's address locks out only their own
  // address, never the owner's phone), and per owner a day (a flood from many addresses bounded).
  const linksFromAddress = rateLimiter(10, QUARTER_HOUR);
  const linksForOwnerFrom = rateLimiter(3, QUARTER_HOUR);
  const linksForOwnerToday = rateLimiter(20, 24 * 60 * 60_000);
  const triesFromAddress = rateLimiter(30, QUARTER_HOUR);
  // Passkey challenges, kept here: a sign-in's by its ceremony cookie's hash (strangers start those:
  // bounded, the oldest dropped), adding a passkey by the session's (only owners start those).
  const signInCeremonies = ceremonyMap();
  const addCeremonies = ceremonyMap();
  const said = (request: IncomingMessage, what: string, who = "?") =>
    audit(folder, { who, from: options.addressOf(request), what }).catch((error: unknown) => options.log.error(`the audit log could not be written: ${(error as Error).message}`));

  /** The request's transport, or undefined when it was refused (plain text over the network, a host not the site's). */
  const allowed = (request: IncomingMessage, response: ServerResponse, json: boolean): Transport | undefined => {
    const transport = transportOf(request, options.trusted);
    const hostname = hostnameOf(String(request.headers.host ?? ""));
    const refusal =
      transport === "plain"
        ? ["The editor opens only over HTTPS", "Open it at https:// (your server's proxy, such as Caddy, gives it a certificate): a sign-in sent in plain text is anyone's on the way."]
        : hostname === undefined || !options.hostAllowed(hostname)
          ? ["Not this address", "The editor answers only at the site's own address."]
          : undefined;
    if (!refusal) return transport;
    if (json) sendJsonAnswer(response, transport, 403, { error: `${refusal[0]}. ${refusal[1]}` });
    else sendPage(response, transport, 403, refusalPage(refusal[0]!, refusal[1]!));
    return undefined;
  };

  /** The editor's gate, with the session it let in (the account routes act on it). */
  const admit = async (request: IncomingMessage, response: ServerResponse, what: "page" | "app" | "api"): Promise<{ transport: Transport; session: Session } | undefined> => {
    const transport = allowed(request, response, what !== "page");
    if (!transport) return undefined;
    for (const [name, value] of Object.entries(editorHeaders(transport))) if (name !== "cache-control") response.setHeader(name, value);
    // The editor's page only to a browser's navigation: a script of the site's own pages (same
    // origin: a tag manager's, a widget's) fetching it would read the session's secret in it.
    if (what === "page" && !isNavigation(request)) return void sendJsonAnswer(response, transport, 403, { error: "The editor's page opens only in the browser's window." });
    const session = await store.session(cookieOf(request, sessionCookieName(transport)));
    if (!session) {
      if (what === "page") return void response.writeHead(303, { location: LOGIN, "cache-control": "no-store" }).end();
      return void sendJsonAnswer(response, transport, 401, { error: "Signed out: sign in again", signIn: LOGIN });
    }
    if (what === "api") {
      const write = request.method !== "GET" && request.method !== "HEAD";
      const site = request.headers["sec-fetch-site"];
      if ((write && !sameOriginWrite(request, originOf(request, transport))) || (site !== undefined && site !== "same-origin")) {
        void said(request, `refused: ${request.method} ${hideSignInToken((request.url ?? "/").split("?", 1)[0]!).slice(0, 200)} from another origin`, session.email);
        return void sendJsonAnswer(response, transport, 403, { error: "Forbidden: only the editor's own page may use this" });
      }
      if (!sameSecret(request.headers["x-editor-secret"], session.secret)) return void sendJsonAnswer(response, transport, 403, { error: "This request does not carry this session's secret; open the editor again" });
    }
    // The session's window slides: the cookie lasts 30 days from this page's load too.
    if (what === "page") setCookie(response, transport, sessionCookieName(transport), cookieOf(request, sessionCookieName(transport)));
    return { transport, session };
  };
  const gate: EditorGate = async (request, response, what) => {
    const admitted = await admit(request, response, what);
    return admitted && { secret: admitted.session.secret, who: admitted.session.email, signedInBy: admitted.session.how };
  };

  /** A write to a sign-in route: from the editor's own pages only (Origin, Fetch-Metadata), and not too often. */
  const writeAllowed = (request: IncomingMessage, response: ServerResponse, transport: Transport, json: boolean): boolean => {
    const refusal = !sameOriginWrite(request, originOf(request, transport))
      ? "Forbidden: only the sign-in page itself may send this"
      : transport !== "loopback" && triesFromAddress(limitKey(options.addressOf(request))) > 30
        ? "Too many tries from this address: wait a quarter of an hour"
        : undefined;
    if (!refusal) return true;
    if (json) sendJsonAnswer(response, transport, refusal.startsWith("Too") ? 429 : 403, { error: refusal });
    else sendPage(response, transport, refusal.startsWith("Too") ? 429 : 403, refusalPage("Not signed in", refusal));
    return false;
  };

  const signedIn = async (request: IncomingMessage, response: ServerResponse, transport: Transport, email: string, how: Session["how"]) => {
    const { token } = await store.newSession(email, how, options.addressOf(request), String(request.headers["user-agent"] ?? ""));
    setCookie(response, transport, sessionCookieName(transport), token);
    await said(request, how === "link" ? "signed in by an e-mailed link" : "signed in with a passkey", email);
  };

  const routes: Route[] = [
    {
      path: LOGIN,
      methods: ["GET", "HEAD", "POST"],
      async handle(request, response) {
        const transport = allowed(request, response, false);
        if (!transport) return;
        if (request.method !== "POST") {
          const query = new URL(request.url ?? "/", "http://x").searchParams.get("said");
          return sendPage(response, transport, 200, signInPage(options.siteName, query === "sent" || query === "signed-out" || query === "expired" ? query : undefined));
        }
        if (!writeAllowed(request, response, transport, false)) return;
        const body = await readBody(request, { maxBytes: MOST_FORM_BYTES, deadlineMs: testBodyDeadlineMs() ?? BODY_DEADLINE_MS });
        if (body.kind !== "body") return void response.writeHead(body.kind === "too-large" ? 413 : 400, { connection: "close", "cache-control": "no-store" }).end();
        const email = normalEmail(new URLSearchParams(body.text).get("email") ?? "");
        // The same answer whatever the address: no one learns who the owners are.
        response.writeHead(303, { location: `${LOGIN}?said=sent`, "cache-control": "no-store" }).end();
        // Every ask counts for its address, an owner's or not; an owner's for the owner too.
        const address = transport === "loopback" ? "this machine" : limitKey(options.addressOf(request));
        const fromAddressTooOften = transport !== "loopback" && linksFromAddress(address) > 10;
        // A stranger's ask leaves nothing: a flood of them must not fill the audit log.
        if (!isEmail(email) || !store.isOwner(email)) return;
        if (fromAddressTooOften || linksForOwnerFrom(`${email} ${address}`) > 3 || linksForOwnerToday(email) > 20) return void said(request, "asked for a link too often: none sent", email);
        const token = await store.newLink(email);
        const url = `${linkOrigin(request, transport, hostnameOf(String(request.headers.host))!, options.siteUrl)}${LOGIN}/${token}`;
        options.sendLink(email, url).then(
          () => said(request, "was e-mailed a sign-in link", email),
          (error: unknown) => options.log.error(`the sign-in link for ${email} could not be e-mailed: ${(error as Error).message}`),
        );
      },
    },
    {
      path: `${LOGIN}/passkey/options`,
      methods: ["POST"],
      async handle(request, response) {
        const transport = allowed(request, response, true);
        if (!transport || !writeAllowed(request, response, transport, true)) return;
        const hostname = hostnameOf(String(request.headers.host))!;
        const passkeyOptions = await generateAuthenticationOptions({ rpID: hostname, userVerification: "preferred" });
        const ceremony = newToken();
        signInCeremonies.keep(tokenHash(ceremony), passkeyOptions.challenge);
        setCookie(response, transport, CEREMONY_COOKIE, ceremony, { maxAgeSeconds: CEREMONY_MS / 1000, path: LOGIN });
        sendJsonAnswer(response, transport, 200, passkeyOptions);
      },
    },
    {
      path: `${LOGIN}/passkey`,
      methods: ["POST"],
      async handle(request, response) {
        const transport = allowed(request, response, true);
        if (!transport || !writeAllowed(request, response, transport, true)) return;
        const ceremony = cookieOf(request, CEREMONY_COOKIE);
        const challenge = ceremony ? signInCeremonies.take(tokenHash(ceremony)) : undefined;
        setCookie(response, transport, CEREMONY_COOKIE, undefined, { path: LOGIN });
        const sent = await jsonOf<AuthenticationResponseJSON>(request, response, transport);
        if (sent === null) return;
        const key = sent && typeof sent.id === "string" ? store.passkey(sent.id) : undefined;
        // A stranger's try leaves nothing in the audit log (a flood of them would push the owners' history out).
        if (!challenge || !sent || !key) {
          return sendJsonAnswer(response, transport, 401, { error: "This passkey does not sign in here. Ask for a link by e-mail below." });
        }
        try {
          const verified = await verifyAuthenticationResponse({
            response: sent,
            expectedChallenge: challenge,
            expectedOrigin: originOf(request, transport),
            expectedRPID: hostnameOf(String(request.headers.host))!,
            credential: { id: key.id, publicKey: Buffer.from(key.publicKey, "base64url"), counter: key.counter, transports: key.transports as never },
          });
          if (!verified.verified) throw new Error("not verified");
          await store.usedPasskey(key.id, verified.authenticationInfo.newCounter);
        } catch (error) {
          void said(request, `a passkey sign-in refused: ${(error as Error).message}`, key.email);
          return sendJsonAnswer(response, transport, 401, { error: "This passkey did not sign in. Ask for a link by e-mail below." });
        }
        await signedIn(request, response, transport, key.email, "passkey");
        sendJsonAnswer(response, transport, 200, { to: "/__editor/" });
      },
    },
    {
      path: `${LOGIN}/`,
      prefix: true,
      methods: ["GET", "HEAD", "POST"],
      async handle(request, response, pathname) {
        const transport = allowed(request, response, false);
        if (!transport) return;
        const token = pathname.slice(`${LOGIN}/`.length);
        if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return sendPage(response, transport, 404, refusalPage("Not a sign-in link", "This address is not a sign-in link. Ask for a new one on the sign-in page."));
        if (request.method !== "POST") {
          // Opening the link signs no one in (a mail scanner opens links): its page's button does.
          if (!store.linkWaiting(token)) return void response.writeHead(303, { location: `${LOGIN}?said=expired`, "cache-control": "no-store" }).end();
          return sendPage(response, transport, 200, linkPage(options.siteName, token));
        }
        if (!writeAllowed(request, response, transport, false)) return;
        const email = await store.useLink(token);
        if (!email) {
          return void response.writeHead(303, { location: `${LOGIN}?said=expired`, "cache-control": "no-store" }).end();
        }
        await signedIn(request, response, transport, email, "link");
        response.writeHead(303, { location: "/__editor/", "cache-control": "no-store" }).end();
      },
    },
    {
      path: "/__editor/account/",
      prefix: true,
      methods: ["POST"],
      async handle(request, response, pathname) {
        const admitted = await admit(request, response, "api");
        if (!admitted) return;
        const { transport, session } = admitted;
        const action = pathname.slice("/__editor/account/".length);
        const hostname = hostnameOf(String(request.headers.host))!;
        if (action === "sign-out" || action === "sign-out-everywhere") {
          const ended = await store.endSessions(action === "sign-out" ? { hash: session.hash } : { email: session.email });
          setCookie(response, transport, sessionCookieName(transport), undefined);
          void said(request, action === "sign-out" ? "signed out" : `signed out everywhere (${ended} sessions)`, session.email);
          return sendJsonAnswer(response, transport, 200, { ended });
        }
        if (action === "passkey/options") {
          const passkeyOptions = await generateRegistrationOptions({
            rpName: options.siteName,
            rpID: hostname,
            userName: session.email,
            attestationType: "none",
            excludeCredentials: store.passkeys(session.email).map((key) => ({ id: key.id, transports: key.transports })),
            authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
          });
          addCeremonies.keep(session.hash, passkeyOptions.challenge);
          return sendJsonAnswer(response, transport, 200, passkeyOptions);
        }
        if (action === "passkey") {
          const challenge = addCeremonies.take(session.hash);
          const sent = await jsonOf<RegistrationResponseJSON>(request, response, transport);
          if (sent === null) return;
          if (!challenge || !sent) return sendJsonAnswer(response, transport, 400, { error: "no passkey is being set up; start again" });
          try {
            const verified = await verifyRegistrationResponse({ response: sent, expectedChallenge: challenge, expectedOrigin: originOf(request, transport), expectedRPID: hostname });
            if (!verified.verified) throw new Error("not verified");
            const { credential } = verified.registrationInfo;
            const added = await store.addPasskey({
              id: credential.id,
              email: session.email,
              publicKey: Buffer.from(credential.publicKey).toString("base64url"),
              counter: credential.counter,
              transports: credential.transports,
              created: new Date().toISOString(),
            });
            if (!added) throw new Error("this passkey is another owner's");
          } catch (error) {
            return sendJsonAnswer(response, transport, 400, { error: `the passkey was not added: ${(error as Error).message}` });
          }
          void said(request, "added a passkey", session.email);
          return sendJsonAnswer(response, transport, 200, { added: true });
        }
        sendJsonAnswer(response, transport, 404, { error: "no such route" });
      },
    },
    ...[...options.scripts.keys()].map(
      (name): Route => ({
        path: `/__editor/${name}`,
        methods: ["GET", "HEAD"],
        handle: (request, response) => {
          const script = options.scripts.get(name)!;
          sendCompressed(request, response, 200, { "content-type": script.type, "cache-control": "no-cache", "x-content-type-options": "nosniff" }, script);
        },
      }),
    ),
  ];
  return { routes, gate };
}

/** A path as the log may show it: a sign-in link's token hidden. */
export function hideSignInToken(pathname: string): string {
  return pathname.replace(/^(\/__editor\/login\/)[^/]+/, "$1…");
}

/** Whether a request is a browser's top-level navigation (Fetch-Metadata; a browser without it is believed). */
function isNavigation(request: IncomingMessage): boolean {
  const mode = request.headers["sec-fetch-mode"];
  const dest = request.headers["sec-fetch-dest"];
  return (mode === undefined || mode === "navigate") && (dest === undefined || dest === "document");
}

/** Passkey challenges under way, each for CEREMONY_MS, at most MOST_CEREMONIES (the oldest dropped first). */
function ceremonyMap() {
  const ceremonies = new Map<string, { challenge: string; until: number }>();
  return {
    keep(key: string, challenge: string) {
      const now = Date.now();
      for (const [each, { until }] of ceremonies) if (until < now || ceremonies.size >= MOST_CEREMONIES) ceremonies.delete(each);
      ceremonies.set(key, { challenge, until: now + CEREMONY_MS });
    },
    take(key: string): string | undefined {
      const kept = ceremonies.get(key);
      ceremonies.delete(key);
      return kept && kept.until > Date.now() ? kept.challenge : undefined;
    },
  };
}

/** The cookie of a passkey sign-in under way (its challenge is kept here, by the cookie's hash). */
const CEREMONY_COOKIE = "gopher-site-ceremony";

function sendPage(response: ServerResponse, transport: Transport, status: number, html: string): void {
  // same-origin, not no-referrer: with no-referrer a browser posts the page's forms with `Origin: null`.
  response.writeHead(status, { ...editorHeaders(transport), "referrer-policy": "same-origin", "content-type": "text/html; charset=utf-8", "content-security-policy": SIGN_IN_CSP }).end(html);
}

function sendJsonAnswer(response: ServerResponse, transport: Transport, status: number, value: unknown): void {
  response.writeHead(status, { ...editorHeaders(transport), "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(value));
}

/**
 * A passkey ceremony's JSON body, within MOST_PASSKEY_BYTES and BODY_DEADLINE_MS; undefined for one
 * that is not an object. Past the limits the request is answered 413 or 408 here, its connection
 * closed after, and `null` says so.
 */
async function jsonOf<T>(request: IncomingMessage, response: ServerResponse, transport: Transport): Promise<T | undefined | null> {
  const body = await readBody(request, { maxBytes: MOST_PASSKEY_BYTES, deadlineMs: testBodyDeadlineMs() ?? BODY_DEADLINE_MS });
  if (body.kind === "aborted") return null;
  if (body.kind !== "body") {
    closeAfter(request, response);
    sendJsonAnswer(response, transport, body.kind === "too-large" ? 413 : 408, { error: body.kind === "too-large" ? "The request is too large." : "The request took too long to arrive." });
    return null;
  }
  try {
    const value = JSON.parse(body.text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}

function sameSecret(sent: string | string[] | undefined, secret: string): boolean {
  const given = Buffer.from(String(sent ?? ""));
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

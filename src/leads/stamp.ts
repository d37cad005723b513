/**
 * The form's time stamp: `<ms since epoch>.<random nonce>.<hex HMAC-SHA256 of both>`. The host fills it in
 * when it sends a page, so a post carries the time its page was sent, signed: a robot that posts
 * without loading a page, or within seconds of loading it, is told apart from a person. Web Crypto
 * only, so the same code runs in `gopher-site serve` and in the Cloudflare worker.
 */

/** A person takes longer than this to fill in the form. */
export const STAMP_MIN_AGE_MS = 3_000;
/** A page left open longer than this is sent again before its form is taken. */
export const STAMP_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Why a stamp is a robot's; undefined when it is a person's. */
export type StampProblem = "stamp missing" | "stamp invalid" | "stamp too fresh" | "stamp expired";


/** A fresh stamp for a page sent now. */
export async function makeStamp(secret: string, now = Date.now()): Promise<string> {
  // A nonce of its own: two pages sent in one millisecond are two stamps, one request each.
  const nonce = [...crypto.getRandomValues(new Uint8Array(6))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  const signed = `${now}.${nonce}`;
  return `${signed}.${await sign(secret, signed)}`;
}

/**
 * The HTML with every empty stamp field (`<input name="stamp" value="">`, its attributes in any
 * order, as the build leaves it for the host) filled in with a fresh stamp.
 */
export async function fillStamps(html: string, secret: string, now = Date.now()): Promise<string> {
  if (!html.includes('name="stamp"')) return html;
  const stamp = await makeStamp(secret, now);
  return html.replace(/<input\b[^>]*>/g, (tag) => (/\sname="stamp"/.test(tag) ? tag.replace(/(\svalue=)""/, `$1"${stamp}"`) : tag));
}

/** What is wrong with a posted stamp, or undefined when it was signed by us between 3 s and 24 h ago. */
export async function stampProblem(stamp: string | undefined, secret: string, now = Date.now()): Promise<StampProblem | undefined> {
  if (!stamp) return "stamp missing";
  const match = /^((\d{1,15})\.[0-9a-f]{12})\.([0-9a-f]{64})$/.exec(stamp);
  if (!match || !equalText(await sign(secret, match[1]!), match[3]!)) return "stamp invalid";
  const age = now - Number(match[2]);
  if (age < STAMP_MIN_AGE_MS) return "stamp too fresh";
  if (age > STAMP_MAX_AGE_MS) return "stamp expired";
  return undefined;
}

const encoder = new TextEncoder();
/** The secret's key, imported once: every page sent and every post is signed or checked with it. */
const keys = new Map<string, Promise<CryptoKey>>();

async function sign(secret: string, text: string): Promise<string> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(secret, key);
    // A key that could not be made is not kept: the next page tries again.
    key.catch(() => keys.delete(secret));
  }
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await key, encoder.encode(text)));
  return [...signature].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Compares in time independent of where the texts differ, so a signature cannot be guessed byte by byte. */
function equalText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

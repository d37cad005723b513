/** Cloudflare's verify endpoint; a test points GOPHER_SITE_TURNSTILE_VERIFY_URL at a loopback stand-in. */
export const TURNSTILE_VERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

/** Asks Turnstile whether a form's token is a person's: true only when it says so (any failure is "no"). */
export function turnstileCheck(secret: string, verifyUrl = TURNSTILE_VERIFY_URL): (token: string, address?: string) => Promise<boolean> {
  return async (token, address) => {
    if (!token) return false;
    try {
      const body = new URLSearchParams({ secret, response: token, ...(address ? { remoteip: address } : {}) });
      const response = await fetch(verifyUrl, { method: "POST", body, signal: AbortSignal.timeout(10_000) });
      return response.ok && ((await response.json()) as { success?: unknown }).success === true;
    } catch {
      return false;
    }
  };
}

import { LINK_MINUTES } from "./owner-store.ts";

/**
 * The sign-in pages of the editor on the server: plain HTML forms that work without JavaScript (the
 * e-mailed link), and a small script for passkeys. Nothing of the editor, and no secret, is in them.
 */

/** The pages' policy: their own script only, forms posting to this origin only. */
export const SIGN_IN_CSP = "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; color: #1c2b22; background: #f4f6f2; }
body { margin: 0; }
main { max-width: 26rem; margin: 0 auto; padding: 2rem 1.25rem; }
h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 1rem; }
p { margin: 0 0 1rem; }
label { display: block; font-weight: 600; margin-bottom: .25rem; }
input { box-sizing: border-box; width: 100%; font: inherit; padding: .7rem .75rem; border: 1px solid #6b7a70; border-radius: .375rem; background: #fff; }
button { font: inherit; font-weight: 600; min-height: 48px; width: 100%; border-radius: .375rem; border: 0; padding: .7rem 1rem; margin-top: .75rem; background: #1f6f3f; color: #fff; cursor: pointer; }
button.second { background: #fff; color: #1f6f3f; border: 2px solid #1f6f3f; }
button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #f0b400; outline-offset: 2px; }
.note { background: #fff; border-left: 4px solid #1f6f3f; padding: .75rem 1rem; border-radius: .25rem; }
.problem { background: #fff; border-left: 4px solid #b3261e; padding: .75rem 1rem; border-radius: .25rem; }
.or { text-align: center; color: #4a5a50; margin: 1.5rem 0 .5rem; }
a { color: #1f6f3f; }
[hidden] { display: none !important; }
`;

function page(title: string, body: string, script = false): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
${script ? '<script type="module" src="/__editor/sign-in.js"></script>\n' : ""}</head>
<body><main>
${body}
</main></body>
</html>
`;
}

/** The sign-in page: a passkey (when the browser has them), or a link by e-mail. */
export function signInPage(siteName: string, said?: "sent" | "signed-out" | "expired"): string {
  const notes: Record<string, string> = {
    sent: `<p class="note" role="status">If that address is an owner's, a sign-in link is on its way. It works once, for ${LINK_MINUTES} minutes. You can close this page.</p>`,
    "signed-out": `<p class="note" role="status">Signed out.</p>`,
    expired: `<p class="problem" role="alert">That sign-in link was used already or is older than ${LINK_MINUTES} minutes. Ask for a new one below.</p>`,
  };
  return page(
    `Sign in · ${siteName}`,
    `<h1>Sign in to edit ${escapeHtml(siteName)}</h1>
${said ? notes[said] : ""}
<div id="passkey-part" hidden>
<button type="button" id="passkey">Sign in with this phone's fingerprint or face</button>
<p id="passkey-problem" class="problem" role="alert" hidden></p>
<p class="or">or</p>
</div>
<form method="post" action="/__editor/login">
<label for="email">Your e-mail address</label>
<input id="email" name="email" type="email" autocomplete="username webauthn" inputmode="email" required maxlength="254">
<button type="submit">E-mail me a sign-in link</button>
</form>`,
    true,
  );
}

/** The page an e-mailed link opens: a button that signs in (a mail scanner opening the link signs no one in). */
export function linkPage(siteName: string, token: string): string {
  return page(
    `Sign in · ${siteName}`,
    `<h1>Sign in to edit ${escapeHtml(siteName)}</h1>
<form method="post" action="/__editor/login/${encodeURIComponent(token)}">
<p>This link signs you in on this browser, once.</p>
<button type="submit">Sign in</button>
</form>`,
  );
}

/** A refusal as a page (plain HTTP, too many tries). */
export function refusalPage(title: string, text: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p class="problem" role="alert">${escapeHtml(text)}</p>`);
}

/** The e-mail with the link. */
export function linkMail(siteName: string, url: string): { subject: string; text: string } {
  return {
    subject: `Sign in to edit ${siteName}`,
    text: [
      `Open this link to sign in to the editor of ${siteName}:`,
      "",
      url,
      "",
      `It works once, within ${LINK_MINUTES} minutes. If you did not ask for it, ignore this e-mail: nobody can sign in without the link.`,
      "",
    ].join("\n"),
  };
}

/** Text made safe inside HTML: in an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

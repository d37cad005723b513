import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser";

/**
 * The account bar of the editor on the server, above the editor: who is signed in, Sign out, Sign
 * out everywhere, and once signed in by an e-mailed link the offer to use this phone's
 * fingerprint or face next time (a passkey; offered at each sign-in by link, as that device has none
 * or did not use it). Apart from the editor's own app: it exists only online.
 */
const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? "";
const secret = meta("editor-secret");
const who = meta("editor-owner");
const how = meta("editor-signed-in-by");

const bar = document.createElement("div");
bar.className = "account-bar";
bar.setAttribute("role", "region");
bar.setAttribute("aria-label", "Your account");
bar.innerHTML = `
<p class="account-who">Signed in as <strong></strong></p>
<div class="account-actions">
<button type="button" data-do="sign-out">Sign out</button>
<button type="button" data-do="everywhere">Sign out everywhere</button>
</div>
<div class="account-offer" hidden>
<p>Use this phone's fingerprint or face to sign in next time?</p>
<button type="button" data-do="passkey">Set it up</button>
<button type="button" data-do="not-now">Not now</button>
</div>
<p class="account-said" role="status"></p>`;
bar.querySelector("strong")!.textContent = who;
document.body.prepend(bar);

const offer = bar.querySelector<HTMLElement>(".account-offer")!;
const said = bar.querySelector<HTMLElement>(".account-said")!;
const OFFER_DECLINED = "gopher-site-passkey-not-now";
// Signed in by a link: this device has no passkey of the owner's yet, or did not use it.
if (how === "link" && browserSupportsWebAuthn() && sessionStorage.getItem(OFFER_DECLINED) !== "yes") offer.hidden = false;

bar.addEventListener("click", async (event) => {
  const action = (event.target as HTMLElement).closest("button")?.dataset.do;
  if (!action) return;
  try {
    if (action === "not-now") {
      sessionStorage.setItem(OFFER_DECLINED, "yes");
      offer.hidden = true;
    } else if (action === "passkey") {
      const options = await post("/__editor/account/passkey/options");
      const response = await startRegistration({ optionsJSON: options });
      await post("/__editor/account/passkey", response);
      offer.hidden = true;
      said.textContent = "Done: next time, sign in with this phone's fingerprint or face.";
    } else {
      await post(action === "everywhere" ? "/__editor/account/sign-out-everywhere" : "/__editor/account/sign-out");
      location.assign(`/__editor/login?said=signed-out`);
    }
  } catch (error) {
    const name = (error as Error).name;
    said.textContent = name === "NotAllowedError" || name === "AbortError" ? "No passkey was set up." : `That did not work: ${(error as Error).message}`;
  }
});

async function post(url: string, body: unknown = {}) {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-editor-secret": secret }, body: JSON.stringify(body), credentials: "same-origin" });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.error ?? `the server answered ${response.status}`);
  return answer;
}

const style = document.createElement("style");
style.textContent = `
.account-bar { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem 1rem; padding: .375rem 1rem; background: #eef2ec; border-bottom: 1px solid #c9d3c6; font-size: .875rem; }
.account-bar p { margin: 0; }
.account-who { flex: 1 1 12rem; overflow-wrap: anywhere; }
.account-actions { display: flex; gap: .5rem; }
.account-bar button { font: inherit; min-height: 44px; padding: .25rem .75rem; border-radius: .375rem; border: 1px solid #1f6f3f; background: #fff; color: #1f6f3f; cursor: pointer; }
.account-offer { flex: 1 1 100%; display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; padding: .5rem 0; }
.account-offer p { flex: 1 1 100%; font-weight: 600; }
.account-offer button[data-do="passkey"] { background: #1f6f3f; color: #fff; }
.account-said:empty { display: none; }
.account-said { flex: 1 1 100%; }
[hidden] { display: none !important; }`;
document.head.append(style);

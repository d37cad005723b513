import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser";

/** The sign-in page's passkey button: shown only where the browser has passkeys; the e-mailed link works without it. */
const part = document.getElementById("passkey-part")!;
const button = document.getElementById("passkey") as HTMLButtonElement;
const problem = document.getElementById("passkey-problem")!;

if (browserSupportsWebAuthn()) {
  part.hidden = false;
  button.addEventListener("click", async () => {
    problem.hidden = true;
    button.disabled = true;
    try {
      const options = await post("/__editor/login/passkey/options", {});
      const response = await startAuthentication({ optionsJSON: options });
      const answer = await post("/__editor/login/passkey", response);
      location.assign(answer.to);
    } catch (error) {
      const name = (error as Error).name;
      problem.textContent =
        name === "NotAllowedError" || name === "AbortError"
          ? "No passkey was used. Try again, or ask for a link by e-mail below."
          : (error as Error).message || "That did not work. Ask for a link by e-mail below.";
      problem.hidden = false;
    } finally {
      button.disabled = false;
    }
  });
}

async function post(url: string, body: unknown) {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.error ?? `The server answered ${response.status}.`);
  return answer;
}

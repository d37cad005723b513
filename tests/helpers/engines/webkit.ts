import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { freePort } from "../free-port.ts";
import { startBlockingProxy } from "./blocking-proxy.ts";
import { callExpression, clickPoint, ERROR_RECORDER, RIVERSIDE, type Engine, type EnginePage, type Key, type OpenOptions } from "./types.ts";

const DRIVER = "/usr/bin/WebKitWebDriver";
const XVFB = "/usr/bin/Xvfb";
const MINIBROWSER = process.env.WEBKIT_MINIBROWSER ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
export const WEBKIT_INSTALL = "apt-get install -y webkit2gtk-driver xvfb";

/**
 * WebKit: WebKitGTK's MiniBrowser driven by WebKitWebDriver (W3C WebDriver classic) on a virtual
 * X display. Each page is its own session (its own browser process, nothing shared). All its
 * traffic goes through a local proxy that passes this machine's pages, with the init script
 * added, and refuses every other host.
 */
export async function launchWebKitEngine(): Promise<Engine> {
  for (const file of [DRIVER, XVFB, MINIBROWSER]) {
    if (!existsSync(file)) throw new Error(`WebKit: ${file} is missing. Install it: \`${WEBKIT_INSTALL}\` (.ci/run does).`);
  }
  const processes: ChildProcess[] = [];
  const stop = () => processes.forEach((child) => child.kill());
  try {
    const display = await startXvfb(processes);
    const port = await freePort();
    // One session at a time: opening a page ends the engine's previous one.
    const driver = spawn(DRIVER, [`--port=${port}`, "--replace-on-new-session"], { stdio: "ignore", env: { ...process.env, DISPLAY: display } });
    processes.push(driver);
    const base = `http://127.0.0.1:${port}`;
    await waitForDriver(base);
    const proxy = await startBlockingProxy();
    return {
      name: "webkit",
      open: async (origin, options = {}) => {
        if (options.gpc) throw new Error("WebKit has no Global Privacy Control of its own");
        const args = ["--automation", `--proxy=http://${proxy.address}`];
        if (options.javaScript === false) args.push("--enable-javascript=false");
        const session = await startSession(base, args);
        const s = `/session/${session.sessionId}`;
        const call = (method: string, path: string, body?: unknown) => command(base, method, s + path, body);
        const rect = await call("POST", "/window/rect", { width: options.width ?? 1280, height: options.height ?? 800 });
        const init = ERROR_RECORDER + geolocationStandIn(options);
        const from = proxy.blocked.length;
        return webkitPage(call, origin, rect.width, () => proxy.blocked.slice(from), init, (script) => (proxy.inject = script));
      },
      close: async () => {
        await proxy.close();
        stop();
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
}

/**
 * WebKitGTK asks GeoClue for the position, through a MiniBrowser bar that WebDriver cannot answer,
 * and has no WebDriver command to store a permission: the page gets a stand-in for the two
 * calls the site makes, answering as the engine would with that permission and Riverside's position.
 */
function geolocationStandIn({ geolocation }: OpenOptions): string {
  if (!geolocation) return "";
  const state = JSON.stringify(geolocation);
  const position = JSON.stringify({ coords: { latitude: RIVERSIDE.latitude, longitude: RIVERSIDE.longitude, accuracy: 10 }, timestamp: 0 });
  return `(() => {
    const answer = ${state};
    const state = answer === "granted" ? "granted" : "prompt";
    const query = navigator.permissions.query.bind(navigator.permissions);
    navigator.permissions.query = (d) => d && d.name === "geolocation" ? Promise.resolve({ state }) : query(d);
    navigator.geolocation.getCurrentPosition = (ok, fail) => setTimeout(() =>
      answer === "block-at-prompt" ? fail && fail({ code: 1, message: "User denied Geolocation" }) : ok(${position}));
  })();`;
}

const KEYS: Record<Key, string[]> = {
  Tab: ["\uE004"],
  "Shift+Tab": ["\uE008", "\uE004"],
  Escape: ["\uE00C"],
  Enter: ["\uE007"],
  Space: [" "],
};

type Call = (method: string, path: string, body?: unknown) => Promise<any>;

function webkitPage(call: Call, origin: string, width: number, blocked: () => string[], init: string, setInject: (script: string) => void): EnginePage {
  const pointer = (actions: unknown[]) => call("POST", "/actions", { actions: [{ type: "pointer", id: "mouse", parameters: { pointerType: "mouse" }, actions }] });
  const evaluate = async (fn: Function, arg?: unknown) => {
    const script = `const done = arguments[arguments.length - 1];
      Promise.resolve().then(() => ${callExpression(fn, arg)}).then((ok) => done({ ok }), (error) => done({ pageError: String(error && error.stack || error) }));`;
    const answer = await call("POST", "/execute/async", { script, args: [] });
    if (answer?.pageError) throw new Error(`in the page: ${answer.pageError}`);
    return answer?.ok;
  };
  // WebKitWebDriver once answered a navigation (to an address with a #fragment) before the page's
  // scripts had run: wait for the load here, as the other engines' drivers do (asked from outside
  // the page: with scripting off, no listener or timer of the page's would ever run).
  const loaded = async () => {
    for (let i = 0; i < 200; i++) {
      if ((await call("POST", "/execute/sync", { script: "return document.readyState", args: [] })) === "complete") return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("WebKit: the page did not finish loading within 10 s");
  };
  const click = async (selector: string) => {
    const { x, y } = await clickPoint({ evaluate: evaluate as EnginePage["evaluate"] }, selector);
    await pointer([{ type: "pointerMove", x, y, origin: "viewport" }, { type: "pointerDown", button: 0 }, { type: "pointerUp", button: 0 }]);
  };
  return {
    engine: "webkit",
    width,
    goto: async (path) => {
      setInject(init);
      await call("POST", "/url", { url: origin + path });
      await loaded();
    },
    reload: async () => {
      setInject(init);
      await call("POST", "/refresh");
      await loaded();
    },
    url: () => call("GET", "/url"),
    evaluate: evaluate as EnginePage["evaluate"],
    click,
    clickAt: async (x, y) => {
      await pointer([{ type: "pointerMove", x: Math.round(x), y: Math.round(y), origin: "viewport" }, { type: "pointerDown", button: 0 }, { type: "pointerUp", button: 0 }]);
    },
    type: async (selector, text) => {
      await click(selector);
      const actions = [...text].flatMap((value) => [{ type: "keyDown", value }, { type: "keyUp", value }]);
      await call("POST", "/actions", { actions: [{ type: "key", id: "keyboard", actions }] });
    },
    press: async (key) => {
      const keys = KEYS[key];
      const actions = [...keys.map((value) => ({ type: "keyDown", value })), ...[...keys].reverse().map((value) => ({ type: "keyUp", value }))];
      await call("POST", "/actions", { actions: [{ type: "key", id: "keyboard", actions }] });
    },
    blocked,
    close: () => call("DELETE", ""),
  };
}

/**
 * A new session: a MiniBrowser of its own. On these loaded machines about one launch in a hundred
 * never answers; a second one (replacing it: the driver runs with --replace-on-new-session) does.
 */
async function startSession(base: string, args: string[]): Promise<{ sessionId: string }> {
  const body = { capabilities: { alwaysMatch: { "webkitgtk:browserOptions": { binary: MINIBROWSER, args } } } };
  try {
    return await command(base, "POST", "/session", body, 12_000);
  } catch {
    return command(base, "POST", "/session", body, 12_000);
  }
}

async function command(base: string, method: string, path: string, body?: unknown, timeout = 25_000) {
  const response = await fetch(base + path, {
    method,
    signal: AbortSignal.timeout(timeout),
    headers: { "content-type": "application/json" },
    body: body === undefined ? (method === "POST" ? "{}" : undefined) : JSON.stringify(body),
  }).catch((error: Error) => {
    throw new Error(`WebKitWebDriver ${method} ${path.replace(/^\/session\/[^/]+/, "")}: no answer (${error.message})`, { cause: error });
  });
  const { value } = (await response.json()) as { value: any };
  if (value && typeof value === "object" && "error" in value && typeof value.error === "string") {
    throw new Error(`WebKitWebDriver ${method} ${path}: ${value.error}: ${value.message}`);
  }
  return value;
}

/** Starts Xvfb on a display it picks itself (several test files may run at once). */
function startXvfb(processes: ChildProcess[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const xvfb = spawn(XVFB, ["-displayfd", "3", "-screen", "0", "2560x1600x24", "-nolisten", "tcp"], { stdio: ["ignore", "ignore", "ignore", "pipe"] });
    processes.push(xvfb);
    let out = "";
    xvfb.stdio[3]!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve(`:${out.trim()}`);
    });
    xvfb.on("exit", (code) => reject(new Error(`Xvfb exited with ${code} before it gave a display`)));
  });
}

async function waitForDriver(base: string) {
  for (let tries = 0; tries < 100; tries++) {
    try {
      const response = await fetch(`${base}/status`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("WebKitWebDriver did not start listening within 5 s");
}

import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hostConfigCommand } from "../../src/commands/host-config-command.ts";
import { systemdUnit, type SystemdUnitInput } from "../../src/hosting/systemd-unit.ts";
import { createLogger } from "../../src/log.ts";
import { TOOL_ROOT } from "../../src/paths.ts";
import { temporaryFolders } from "../helpers/temporary-folders.ts";

// `host-config systemd`: serve --editor as a service, run by a user of its own, the system read-only.
const INPUT: SystemdUnitInput = {
  project: "/srv/site",
  user: "gopher-site",
  port: 8788,
  node: "/usr/bin/node",
  script: "/srv/site/node_modules/gopher-site/bin/gopher-site.js",
  environmentFile: "/etc/gopher-site.env",
};

/** The unit's settings, `Key=value` lines of its sections, in order (comments left out). */
const settings = (unit: string) => unit.split("\n").filter((line) => /^[A-Za-z]+=/.test(line));

describe("systemdUnit", () => {
  it("runs serve --editor in the project as its own user, with the secrets' file, again after a crash, started at boot", () => {
    const unit = systemdUnit(INPUT);
    expect(unit).toMatch(/^# systemd service for gopher-site serve --editor in \/srv\/site, made by gopher-site host-config systemd\.\n/);
    expect(unit).toContain("\n[Unit]\n");
    expect(settings(unit).slice(0, 13)).toEqual([
      "Description=gopher-site: the site, its quote form and the owner's editor",
      "Wants=network-online.target",
      "After=network-online.target",
      "User=gopher-site",
      "WorkingDirectory=/srv/site",
      "ExecStart=/usr/bin/node /srv/site/node_modules/gopher-site/bin/gopher-site.js serve --editor --port 8788",
      "EnvironmentFile=/etc/gopher-site.env",
      "Environment=NODE_ENV=production",
      "CacheDirectory=gopher-site",
      "Environment=GOPHER_SITE_CACHE_DIR=%C/gopher-site",
      "Restart=on-failure",
      "RestartSec=5",
      "UMask=0022",
    ]);
    expect(unit).toMatch(/\n\[Install\]\nWantedBy=multi-user\.target\n$/);
  });

  it("lets it write the project folder alone (site.yaml is saved by a rename in it, dist/ staged beside it), and gain nothing", () => {
    const hardening = settings(systemdUnit(INPUT)).slice(13, -1);
    expect(hardening).toEqual(
      expect.arrayContaining([
        "NoNewPrivileges=yes",
        "ProtectSystem=strict",
        "ReadWritePaths=/srv/site",
        "ProtectHome=yes",
        "PrivateTmp=yes",
        "PrivateDevices=yes",
        "CapabilityBoundingSet=",
        "RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6 AF_NETLINK",
        "SystemCallFilter=@system-service",
        "SystemCallErrorNumber=EPERM",
      ]),
    );
    expect(hardening.filter((line) => line.startsWith("ReadWritePaths="))).toEqual(["ReadWritePaths=/srv/site"]);
    // Node's compiler writes the code it runs: forbidding that kills it at its first function.
    expect(hardening.some((line) => line.startsWith("MemoryDenyWriteExecute="))).toBe(false);
  });

  it("names site.yaml when it has another name, and keeps a project in /home readable", () => {
    expect(systemdUnit({ ...INPUT, config: "gophers.yaml" })).toContain(" serve --editor --port 8788 --config gophers.yaml\n");
    const home = systemdUnit({ ...INPUT, project: "/home/kim/site" });
    expect(settings(home)).toEqual(expect.arrayContaining(["ReadWritePaths=/home/kim/site", "ProtectHome=read-only"]));
    expect(settings(systemdUnit({ ...INPUT, node: "/home/kim/.nvm/versions/node/v20.19.0/bin/node" }))).toContain("ProtectHome=read-only");
  });

  it("refuses root, a user name systemd would not take, port 0, a relative path, and what a unit would read otherwise", () => {
    expect(() => systemdUnit({ ...INPUT, user: "root" })).toThrowError(/^--user root: the editor's server must not run as root; create a user for it \(sudo useradd --system/);
    expect(() => systemdUnit({ ...INPUT, user: "Kim Smith" })).toThrowError('--user "Kim Smith" is not a user name systemd takes; use lowercase letters, digits, - and _, such as gopher-site');
    expect(() => systemdUnit({ ...INPUT, port: 0 })).toThrowError("--port 0: the unit needs a fixed port, the one Caddy's --lead-server names (8788 by default)");
    expect(() => systemdUnit({ ...INPUT, node: "node" })).toThrowError('--node "node" is not an absolute path on the server; give it starting with /');
    expect(() => systemdUnit({ ...INPUT, project: "/srv/my site" })).toThrowError(
      'the project folder "/srv/my site" has a space, which a systemd unit would read otherwise; use a path of letters, digits and . _ - / (for example /srv/site)',
    );
    expect(() => systemdUnit({ ...INPUT, project: "/srv/100%" })).toThrowError(/^the project folder "\/srv\/100%" has the character %/);
    expect(() => systemdUnit({ ...INPUT, project: "/root/site" })).toThrowError(
      "/root/site is in /root, which the user gopher-site cannot read; put the site in /srv (for example /srv/site) and install Node where every user can (apt's /usr/bin/node)",
    );
  });
});

const temporaryFolder = temporaryFolders("gopher-host-config-systemd-");

describe("host-config systemd", () => {
  it("is for site.yaml's folder, run by this node with this gopher-site unless told otherwise", async () => {
    const project = temporaryFolder();
    writeFileSync(path.join(project, "site.yaml"), "");
    const print = async (options: { user?: string; port?: number; node?: string }) => {
      let text = "";
      const stdout = { write: (chunk: string) => ((text += chunk), true) } as unknown as NodeJS.WritableStream;
      await hostConfigCommand({ server: "systemd", out: "dist", listen: { port: 8080 }, config: path.join(project, "site.yaml"), ...options }, createLogger({ level: "quiet" }), stdout);
      return settings(text);
    };
    expect(await print({})).toEqual(
      expect.arrayContaining([
        "User=gopher-site",
        `WorkingDirectory=${project}`,
        `ExecStart=${process.execPath} ${path.join(TOOL_ROOT, "bin", "gopher-site.js")} serve --editor --port 8788`,
        `ReadWritePaths=${project}`,
      ]),
    );
    expect(await print({ user: "kim", port: 9000, node: "/opt/node/bin/node" })).toEqual(
      expect.arrayContaining(["User=kim", `ExecStart=/opt/node/bin/node ${path.join(TOOL_ROOT, "bin", "gopher-site.js")} serve --editor --port 9000`]),
    );
  });
});

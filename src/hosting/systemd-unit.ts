import { UserError } from "../errors.ts";

/** What a systemd unit for `gopher-site serve --editor` is made from: paths on the server, as written. */
export interface SystemdUnitInput {
  /** The project folder: site.yaml's folder, where serve keeps leads/ and owners/ and the editor saves and publishes. */
  project: string;
  /** site.yaml's file name, when it is not site.yaml. */
  config?: string;
  /** The dedicated user serve runs as (never root). */
  user: string;
  /** Where serve listens, on 127.0.0.1 (Caddy in front: `host-config caddy --editor --lead-server 127.0.0.1:PORT`). */
  port: number;
  /** The node binary and gopher-site's bin/gopher-site.js, absolute. */
  node: string;
  script: string;
  /** The file holding GOPHER_SITE_SMTP_URL and the other secrets, read by systemd as root before serve starts. */
  environmentFile: string;
}

/** A folder systemd's ProtectHome= hides, where a user's files are. */
const HOMES = /^\/(?:home|root|run\/user)(?:\/|$)/;

/**
 * A systemd service that runs `gopher-site serve --editor` for a project as a dedicated user,
 * started at boot and again after a crash, with the file system read-only but for the project
 * folder (the editor saves site.yaml and content/ by a rename in it, a publish builds dist/ beside
 * it in a staging folder and commits to .git; serve writes leads/ and owners/) and its own cache.
 */
export function systemdUnit(input: SystemdUnitInput): string {
  if (input.user === "root" || input.user === "0") {
    throw new UserError("--user root: the editor's server must not run as root; create a user for it (sudo useradd --system --create-home --home-dir /var/lib/gopher-site --shell /usr/sbin/nologin gopher-site) and pass --user gopher-site");
  }
  if (!/^[a-z_][a-z0-9_-]{0,31}$/.test(input.user)) {
    throw new UserError(`--user ${JSON.stringify(input.user)} is not a user name systemd takes; use lowercase letters, digits, - and _, such as gopher-site`);
  }
  if (input.port < 1) throw new UserError("--port 0: the unit needs a fixed port, the one Caddy's --lead-server names (8788 by default)");
  for (const [what, value] of [["the project folder", input.project], ["--node", input.node], ["gopher-site", input.script], ["site.yaml's name", input.config ?? "site.yaml"]] as const) {
    checkedPath(what, value, what !== "site.yaml's name");
  }
  const readable = [input.project, input.node, input.script];
  if (readable.some((file) => file.startsWith("/root/") || file === "/root")) {
    throw new UserError(`${readable.find((file) => file.startsWith("/root"))} is in /root, which the user ${input.user} cannot read; put the site in /srv (for example /srv/site) and install Node where every user can (apt's /usr/bin/node)`);
  }
  // A user's files under /home stay readable (the user must be able to read them); the rest of /home is hidden.
  const homes = readable.some((file) => HOMES.test(file));
  const serve = ["serve", "--editor", "--port", String(input.port), ...(input.config ? ["--config", input.config] : [])];
  return [
    `# systemd service for gopher-site serve --editor in ${input.project}, made by gopher-site host-config systemd.`,
    "# Save it as /etc/systemd/system/gopher-site.service, then: sudo systemctl daemon-reload && sudo systemctl enable --now gopher-site",
    `# The user ${input.user} owns ${input.project} (sudo chown -R ${input.user}: ${input.project}); ${input.environmentFile}`,
    "# holds GOPHER_SITE_SMTP_URL=smtp://user:password@host:587 (sudo chmod 600 it): the editor's sign-in links are e-mailed.",
    "[Unit]",
    "Description=gopher-site: the site, its quote form and the owner's editor",
    "Wants=network-online.target",
    "After=network-online.target",
    "",
    "[Service]",
    `User=${input.user}`,
    `WorkingDirectory=${input.project}`,
    `ExecStart=${input.node} ${input.script} ${serve.join(" ")}`,
    `EnvironmentFile=${input.environmentFile}`,
    "Environment=NODE_ENV=production",
    "# The compiled CLI and the images' cache, in /var/cache/gopher-site (the rest of the system is read-only).",
    "CacheDirectory=gopher-site",
    "Environment=GOPHER_SITE_CACHE_DIR=%C/gopher-site",
    "Restart=on-failure",
    "RestartSec=5",
    "# Caddy, another user, reads dist/; serve makes the files of leads/ and owners/ this user's alone whatever the umask.",
    "UMask=0022",
    "",
    "# Hardening: nothing but the project folder (and the cache) can be written, no privileges can be gained.",
    "NoNewPrivileges=yes",
    "ProtectSystem=strict",
    `ReadWritePaths=${input.project}`,
    `ProtectHome=${homes ? "read-only" : "yes"}`,
    "PrivateTmp=yes",
    "PrivateDevices=yes",
    "PrivateMounts=yes",
    "ProtectKernelTunables=yes",
    "ProtectKernelModules=yes",
    "ProtectKernelLogs=yes",
    "ProtectControlGroups=yes",
    "ProtectClock=yes",
    "ProtectHostname=yes",
    "ProtectProc=invisible",
    "RestrictNamespaces=yes",
    "RestrictRealtime=yes",
    "RestrictSUIDSGID=yes",
    "LockPersonality=yes",
    "RemoveIPC=yes",
    "CapabilityBoundingSet=",
    "RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6 AF_NETLINK",
    "SystemCallArchitectures=native",
    "SystemCallFilter=@system-service",
    "SystemCallFilter=~@privileged",
    "SystemCallErrorNumber=EPERM",
    "# Not MemoryDenyWriteExecute=yes: Node's JavaScript compiler writes the machine code it runs.",
    "",
    "[Install]",
    "WantedBy=multi-user.target",
    "",
  ].join("\n");
}

/**
 * A path as a unit file can hold it unquoted: no spaces, quotes, `%` specifiers or `$` variables.
 * Refused otherwise, naming what to do.
 */
function checkedPath(what: string, value: string, absolute: boolean): void {
  if (absolute && !value.startsWith("/")) throw new UserError(`${what} ${JSON.stringify(value)} is not an absolute path on the server; give it starting with /`);
  const bad = /[^\w./@+-]/.exec(value)?.[0];
  if (bad !== undefined) {
    throw new UserError(`${what} ${JSON.stringify(value)} has ${/\s/.test(bad) ? "a space" : `the character ${bad}`}, which a systemd unit would read otherwise; use a path of letters, digits and . _ - / (for example /srv/site)`);
  }
}

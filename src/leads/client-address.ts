import type { IncomingMessage } from "node:http";
import { BlockList, isIP, isIPv4 } from "node:net";

export { limitKey } from "./limit-key.ts";

/**
 * Who posted, as the rate limit counts them. Behind a proxy (host-config's nginx or Caddy) the peer
 * is the proxy and the visitor's address comes in `X-Real-IP` or `X-Forwarded-For`; those are
 * believed only from a proxy we trust (loopback unless `--trust-proxy` says otherwise), so a
 * visitor cannot name an address of their choosing to dodge the limit.
 */

/** The proxies whose forwarding headers are believed: addresses or CIDR ranges ("10.0.0.0/8", "fd00::/8"). */
export function trustedProxies(entries: readonly string[] = ["127.0.0.0/8", "::1/128"]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    if (!isAddressOrRange(entry)) throw new Error(`not an address or range: ${entry}`);
    const [address, bits] = entry.trim().split("/");
    const family = isIP(address!) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address!, family);
    else list.addSubnet(address!, Number(bits), family);
  }
  return list;
}

/** Whether `entry` is an address or a CIDR range `trustedProxies` takes. */
export function isAddressOrRange(entry: string): boolean {
  const [address, bits, extra] = entry.trim().split("/");
  if (extra !== undefined || !isIP(address ?? "")) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (isIPv4(address!) ? 32 : 128);
}

/** The visitor's address: the peer's, or what a trusted proxy in front of it says. */
export function clientAddress(request: IncomingMessage, trusted: BlockList): string {
  let address = plain(request.socket.remoteAddress ?? "");
  if (!isTrusted(address, trusted)) return address;
  const real = request.headers["x-real-ip"];
  if (typeof real === "string" && isIP(plain(real.trim()))) return plain(real.trim());
  // X-Forwarded-For is a list each proxy appends to: the rightmost address not a trusted proxy's is the visitor's.
  const forwarded = request.headers["x-forwarded-for"];
  const hops = (Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? "")).split(",").map((hop) => plain(hop.trim()));
  for (const hop of hops.reverse()) {
    if (!isIP(hop)) break;
    address = hop;
    if (!isTrusted(hop, trusted)) break;
  }
  return address;
}

function isTrusted(address: string, trusted: BlockList): boolean {
  const family = isIP(address);
  return family !== 0 && trusted.check(address, family === 6 ? "ipv6" : "ipv4");
}

/** An IPv4 address written as IPv6 (`::ffff:203.0.113.7`) is the IPv4 address. */
export function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * What the rate limit counts: an IPv4 address, or an IPv6 address's /64 network (one household or
 * server is given a whole /64, and can change the rest of its address at will). Text work only, no
 * Node module: serve and the Cloudflare worker count visitors alike.
 */
export function limitKey(address: string): string {
  if (!address.includes(":")) return address;
  const groups = expandIPv6(address);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : address;
}

/** The eight groups of an IPv6 address, each as four lowercase hex digits; undefined for what is not one. */
function expandIPv6(address: string): string[] | undefined {
  let text = address.split("%", 1)[0]!.toLowerCase();
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const [head, tail] = halves;
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...left, ...Array<string>(Math.max(0, missing)).fill("0"), ...right];
  return groups.every((group) => /^[0-9a-f]{1,4}$/.test(group)) ? groups.map((group) => group.padStart(4, "0")) : undefined;
}

/** Visitors remembered at most; past it the longest quiet are forgotten first. */
const MAX_VISITORS = 100_000;

/**
 * At most `limit` posts per visitor in any `windowMs`: a form filled in by hand is posted once or
 * twice. Every post counts, refused ones too, so a flood stays limited until it stops for a window.
 * Returns how many posts the visitor made in the window, this one included: over `limit` is refused.
 */
export function rateLimiter(limit: number, windowMs: number): (address: string, now?: number) => number {
  // By last post, the longest quiet first (each post moves its visitor to the end).
  const recent = new Map<string, number[]>();
  // Enough times to tell a few posts over the limit from a flood; older ones add nothing.
  const kept = limit * 3;
  return (address, now = Date.now()) => {
    for (const [key, times] of recent) {
      if (times.at(-1)! > now - windowMs && recent.size < MAX_VISITORS) break;
      recent.delete(key);
    }
    const times = (recent.get(address) ?? []).filter((time) => time > now - windowMs);
    times.push(now);
    if (times.length > kept) times.splice(0, times.length - kept);
    recent.delete(address);
    recent.set(address, times);
    return times.length;
  };
}

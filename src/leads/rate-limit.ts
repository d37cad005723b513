/** At most `limit` posts per address in any `windowMs`: a form filled in by hand is posted once or twice. */
export function rateLimiter(limit: number, windowMs: number): (address: string, now?: number) => boolean {
  const recent = new Map<string, number[]>();
  return (address, now = Date.now()) => {
    // Forget the addresses whose posts are all old, so the map stays small.
    if (recent.size > 10_000) for (const [key, times] of recent) if (times.at(-1)! <= now - windowMs) recent.delete(key);
    const times = (recent.get(address) ?? []).filter((time) => time > now - windowMs);
    const allowed = times.length < limit;
    if (allowed) times.push(now);
    recent.set(address, times);
    return allowed;
  };
}

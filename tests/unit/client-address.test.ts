import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddress, isAddressOrRange, limitKey, trustedProxies } from "../../src/leads/client-address.ts";

const request = (peer: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress: peer }, headers }) as unknown as IncomingMessage;

describe("who posted, as the rate limit counts them", () => {
  it("counts an IPv6 visitor by its /64 and an IPv4 one by its address", () => {
    expect(limitKey("2001:db8:1:2:aaaa::1")).toBe("2001:0db8:0001:0002::/64");
    expect(limitKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe(limitKey("2001:db8:1:2::7"));
    expect(limitKey("2001:db8:1:3::1")).not.toBe(limitKey("2001:db8:1:2::1"));
    expect(limitKey("::1")).toBe("0000:0000:0000:0000::/64");
    expect(limitKey("::ffff:1.2.3.4")).toBe("0000:0000:0000:0000::/64");
    expect(limitKey("203.0.113.7")).toBe("203.0.113.7");
  });

  it("believes X-Real-IP and X-Forwarded-For only from a trusted proxy", () => {
    const loopback = trustedProxies();
    expect(clientAddress(request("127.0.0.1", { "x-real-ip": "2001:db8::5" }), loopback)).toBe("2001:db8::5");
    expect(clientAddress(request("::ffff:127.0.0.1", { "x-real-ip": "203.0.113.9" }), loopback)).toBe("203.0.113.9");
    expect(clientAddress(request("203.0.113.7", { "x-real-ip": "10.9.9.9", "x-forwarded-for": "10.9.9.9" }), loopback)).toBe("203.0.113.7");
    expect(clientAddress(request("::ffff:203.0.113.7"), loopback)).toBe("203.0.113.7");
    expect(clientAddress(request("127.0.0.1", { "x-real-ip": "not an address" }), loopback)).toBe("127.0.0.1");
  });

  it("takes the rightmost address of X-Forwarded-For that is not a trusted proxy's", () => {
    const proxies = trustedProxies(["127.0.0.1", "10.0.0.0/8"]);
    expect(clientAddress(request("10.0.0.2", { "x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.0.0.9" }), proxies)).toBe("198.51.100.4");
    expect(clientAddress(request("10.0.0.2", { "x-forwarded-for": "garbage, 198.51.100.4" }), proxies)).toBe("198.51.100.4");
    expect(clientAddress(request("192.0.2.1", { "x-forwarded-for": "198.51.100.4" }), proxies)).toBe("192.0.2.1");
  });

  it("takes --trust-proxy as addresses and ranges, and refuses anything else", () => {
    expect(["10.0.0.1", "10.0.0.0/8", "fd00::/8", "::1"].every(isAddressOrRange)).toBe(true);
    expect(["10.0.0.0/33", "example.com", "10.0.0.0/8/1", ""].some(isAddressOrRange)).toBe(false);
    expect(() => trustedProxies(["example.com"])).toThrow("not an address or range: example.com");
  });
});

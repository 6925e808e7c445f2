import { describe, expect, it } from "vitest";
import { createLinkSigner } from "~/utils/signed-link.server";
import { buyerNetwork, networkPrefix } from "./buyer-network.server";

describe("a buyer's network", () => {
  it("is the /24 of an IPv4 address and the /48 of an IPv6 one", () => {
    expect(networkPrefix("203.0.113.7")).toBe("203.0.113.0/24");
    expect(networkPrefix("::ffff:203.0.113.200")).toBe("203.0.113.0/24");
    expect(networkPrefix("2001:db8:abcd:12::1")).toBe("2001:db8:abcd::/48");
    expect(networkPrefix("2001:0DB8:ABCD:0012:0000:0000:0000:0001")).toBe("2001:db8:abcd::/48");
    expect(networkPrefix("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(networkPrefix("::1")).toBe("0:0:0::/48");
    expect(networkPrefix("")).toBeNull();
    expect(networkPrefix("not an address")).toBeNull();
  });

  it("is stored as a keyed hash: one value per network, nothing of the address", () => {
    const signer = createLinkSigner("a-test-secret-of-enough-length-000");
    const a = buyerNetwork("198.51.100.4", signer);
    expect(a).toMatch(/^[\w-]{32}$/);
    expect(buyerNetwork("198.51.100.250", signer)).toBe(a);
    expect(buyerNetwork("198.51.101.4", signer)).not.toBe(a);
    expect(a).not.toContain("198");
    const other = createLinkSigner("another-secret-of-enough-length-00");
    expect(buyerNetwork("198.51.100.4", other)).not.toBe(a);
    expect(buyerNetwork("", signer)).toBeNull();
  });
});

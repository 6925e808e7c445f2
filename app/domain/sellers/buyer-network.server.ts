import net from "node:net";
import type { LinkSigner } from "~/utils/signed-link.server";

/*
 * "One per network" for reply times (decision 026): three accounts a seller opens on
 * one connection must count as one buyer. A conversation is to record, when it is started, the
 * buyer's network as a keyed hash of its prefix: an IPv4 /24 or an IPv6 /48 (what one household,
 * office or small provider holds), never the address itself. Keyed, because a /24 has only 16
 * million values and a plain hash of one is a lookup away from the prefix.
 */

/** The network an address belongs to, as `a.b.c.0/24` or `x:y:z::/48`; null for no address. */
export function networkPrefix(ip: string): string | null {
  const address = ip.trim().toLowerCase();
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (net.isIPv4(v4)) return `${v4.split(".").slice(0, 3).join(".")}.0/24`;
  if (!net.isIPv6(address)) return null;
  return `${expandIPv6(address).slice(0, 3).join(":")}::/48`;
}

/** The stored form: the prefix signed with the app's key (32 characters). Null for no address. */
export function buyerNetwork(ip: string, signer: Pick<LinkSigner, "sign">): string | null {
  const prefix = networkPrefix(ip);
  return prefix ? signer.sign("buyer-network", prefix) : null;
}

/** The eight groups of an IPv6 address, without leading zeros ("2001:db8::1" → 8 groups). */
function expandIPv6(address: string) {
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return groups.map((group) => Number.parseInt(group || "0", 16).toString(16));
}

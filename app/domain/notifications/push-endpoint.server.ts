import dns from "node:dns";
import https from "node:https";
import net from "node:net";
import { DEFAULT_PUSH_SERVICE_HOSTS } from "~/utils/env.server";
import type { PushEndpoint } from "./push-schemas";

/*
 * Where a push is sent (decision 021). The allow-list names hosts; a host is only
 * safe to call if it also leads to the internet: a browser's push service that resolved to a
 * loopback, private, link-local or unique-local address (a poisoned resolver, a rebinding answer)
 * must not turn our server into a way into the operator's network. So the host is resolved here,
 * every answer is checked, and the connection goes to the address that was checked — there is no
 * second lookup for a rebinding answer to slip into. A host the operator listed exactly in
 * PUSH_SERVICE_HOSTS (a push service of their own, the tests' stand-in on 127.0.0.1) is theirs to
 * vouch for; the browsers' own services, and sub-domains of any entry, never are.
 */

/** Addresses a push service on the internet never has. */
const NOT_PUBLIC = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128],
  ["64:ff9b::", 96], // NAT64: an IPv4 address in disguise
  ["100::", 64],
  ["2001:db8::", 32],
  ["2002::", 16], // 6to4: likewise
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** Whether `address` (an IP literal) is one a public push service could have. */
export function isPublicAddress(address: string) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = net.isIPv4(address) ? "ipv4" : net.isIPv6(address) ? "ipv6" : null;
  if (!family) return false;
  // Any IPv4-mapped form other than the dotted one above is refused outright.
  if (family === "ipv6" && /^::ffff:/i.test(address)) return false;
  return !NOT_PUBLIC.check(address, family);
}

/** A host the operator named exactly, not one of the browsers' services: theirs to vouch for. */
export function operatorVouchesFor(hostname: string, services: readonly string[]) {
  return services.includes(hostname) && !DEFAULT_PUSH_SERVICE_HOSTS.includes(hostname);
}

/** The push service's host led somewhere a push never goes: nothing was sent. */
export class PushAddressRefused extends Error {
  override name = "PushAddressRefused";
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** How a host name becomes addresses: the system's resolver, unless a test brings its own. */
export type Resolve = (hostname: string) => Promise<dns.LookupAddress[]>;

const systemResolve: Resolve = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * A `lookup` for the connection: resolves the host once, refuses the whole answer if any address
 * in it is not public (unless vouched for), and hands the connection exactly what it checked.
 */
function checkedLookup(vouched: boolean, resolve: Resolve) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = vouched ? [] : addresses.filter((a) => !isPublicAddress(a.address));
        if (addresses.length === 0 || refused.length > 0) {
          const shown = refused.map((a) => a.address).join(", ") || "nothing";
          const error: NodeJS.ErrnoException = new PushAddressRefused(
            `push service ${hostname} resolved to ${shown}: not sent`,
          );
          error.code = "EPUSHADDRESS";
          return callback(error, []);
        }
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = addresses.filter((a) => family === 0 || a.family === family);
        if (options.all) return callback(null, usable);
        const [first] = usable;
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`no address for ${hostname}`);
          error.code = "ENOTFOUND";
          return callback(error, []);
        }
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}

/** Our own connections to push services: nothing else shares their sockets. */
const pushAgent = new https.Agent({ keepAlive: true, maxSockets: 16 });

/** What a push service answered: its status and at most a few KB of its body. */
export interface PushServiceAnswer {
  status: number;
  body: string;
}

const ANSWER_BYTES = 8 * 1024;

/**
 * POSTs `body` with `headers` to exactly `endpoint`'s host and port (the parts the WHATWG parser
 * gave and parsePushEndpoint allowed). Redirects are not followed.
 */
export async function postToPushService({
  endpoint,
  headers,
  body,
  services,
  timeoutMs,
  agent,
  resolveHost = systemResolve,
}: {
  endpoint: PushEndpoint;
  headers: Record<string, string | number>;
  body: Buffer | null;
  services: readonly string[];
  timeoutMs: number;
  /** Tests trust their own push service's certificate through it. */
  agent?: https.Agent;
  resolveHost?: Resolve;
}): Promise<PushServiceAnswer> {
  const vouched = operatorVouchesFor(endpoint.hostname, services);
  // An address as the host is connected to as it is (no lookup): it is checked here instead.
  if (net.isIP(endpoint.hostname) && !vouched && !isPublicAddress(endpoint.hostname)) {
    throw new PushAddressRefused(`push service address ${endpoint.hostname}: not sent`);
  }
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        method: "POST",
        host: endpoint.hostname,
        servername: net.isIP(endpoint.hostname) ? undefined : endpoint.hostname,
        port: endpoint.port ? Number(endpoint.port) : 443,
        path: endpoint.path,
        headers,
        agent: agent ?? pushAgent,
        lookup: checkedLookup(vouched, resolveHost) as unknown as typeof dns.lookup,
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          if (size < ANSWER_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, ANSWER_BYTES).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("push service timed out")));
    request.on("error", reject);
    request.end(body ?? undefined);
  });
}

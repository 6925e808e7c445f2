import type { StoredPrints } from "~/db/schema";
import {
  type Fingerprint,
  fromHex,
  type PhotoPrints,
  toHex,
} from "~/media/photo-fingerprint.server";

/*
 * Photo fingerprints (decision 039) as the database keeps them: a staged photo's row holds its
 * fingerprint and crop probes as JSON until a post takes it (a listing's photo keeps its own
 * in two columns: fingerprintColumns).
 */

/** A photo's fingerprints as a staged photo's row keeps them (JSON). */
export function storedPrints(prints: PhotoPrints): StoredPrints {
  const pair = (print: Fingerprint): [string, string] => [String(print.hash), toHex(print.colours)];
  return { own: pair(prints.own), probes: prints.probes.map(pair) };
}

export function photoPrintsOf(stored: StoredPrints): PhotoPrints {
  const print = ([hash, colours]: [string, string]): Fingerprint => ({
    hash: BigInt(hash),
    colours: fromHex(colours),
  });
  return { own: print(stored.own), probes: stored.probes.map(print) };
}

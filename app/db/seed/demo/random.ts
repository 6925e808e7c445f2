/** A small, fast, seedable PRNG (mulberry32): plenty for demo data, not for anything secret. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Every random choice of the demo goes through one Dice, so one seed gives one market. */
export class Dice {
  constructor(private readonly random: () => number) {}

  next() {
    // Guards against a caller's random() returning exactly 1.
    return Math.min(this.random(), 0.999_999_999);
  }
  float(min: number, max: number) {
    return min + (max - min) * this.next();
  }
  /** Inclusive of both ends. */
  int(min: number, max: number) {
    return Math.floor(this.float(min, max + 1));
  }
  chance(p: number) {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of items) total += weight;
    let r = this.next() * total;
    for (const [item, weight] of items) {
      r -= weight;
      if (r < 0) return item;
    }
    return items[items.length - 1]![0];
  }
  /** Up to n distinct items, in random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = [...items];
    const out: T[] = [];
    while (out.length < n && copy.length > 0) {
      out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]!);
    }
    return out;
  }
}

/** Optional detail fields are filled by some sellers and skipped by others. */
export function maybe<T>(d: Dice, p: number, value: () => T): T | undefined {
  return d.chance(p) ? value() : undefined;
}

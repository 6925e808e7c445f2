import type { TextSignal, TextSignalRule } from "./text-signals";

/*
 * A listing's risk before it is published (issue 30): the sum of the weights of the named rules
 * it raised, each once, at most 100. The reasons (rule and the words or figures that raised it)
 * are what a moderator sees beside a held listing. Photos copied from another member's listing
 * always hold it, whatever the operator's threshold; below the threshold a listing is published
 * at once, as before.
 */

export type ScreeningRule =
  | TextSignalRule
  /** Under 30 % of the median of at least 5 comparable listings. */
  | "price-far-below"
  /** An account younger than a week posting phones, cars or flats for rent. */
  | "new-account-risky-category"
  /** Many posts in a short time. */
  | "post-burst"
  /** Words or phrases from the moderators' list. */
  | "listed-words"
  /** A photo of another member's listing (active, or removed within 180 days). */
  | "stolen-photos"
  /** An edit of a listing a moderator rejected: it always goes back to a moderator. */
  | "resubmitted";

export interface ScreeningSignal {
  rule: ScreeningRule;
  /** What raised it, as a moderator should read it: the words, or the figures. */
  evidence: string;
}

/** How much each rule weighs: a strong sign alone stays under the default threshold. */
export const RULE_WEIGHTS: Record<ScreeningRule, number> = {
  "stolen-photos": 100,
  "listed-words": 50,
  "contact-app": 40,
  "price-far-below": 40,
  "contact-phone": 35,
  "contact-email": 30,
  link: 25,
  "new-account-risky-category": 20,
  "post-burst": 20,
  resubmitted: 0,
};

/** The threshold when the operator sets none (SCREENING_HOLD_SCORE): two strong signs. */
export const DEFAULT_HOLD_SCORE = 60;

export interface RiskVerdict {
  score: number;
  /** Each rule once, the weightiest first. */
  reasons: ScreeningSignal[];
  /** Held "Under review" instead of published. */
  hold: boolean;
}

export function riskVerdict(
  signals: readonly (ScreeningSignal | TextSignal)[],
  holdScore = DEFAULT_HOLD_SCORE,
): RiskVerdict {
  const reasons: ScreeningSignal[] = [];
  for (const signal of signals) {
    if (!reasons.some((reason) => reason.rule === signal.rule)) reasons.push(signal);
  }
  reasons.sort((a, b) => RULE_WEIGHTS[b.rule] - RULE_WEIGHTS[a.rule]);
  const score = Math.min(
    100,
    reasons.reduce((sum, reason) => sum + RULE_WEIGHTS[reason.rule], 0),
  );
  const hold = score >= holdScore || reasons.some((reason) => reason.rule === "stolen-photos");
  return { score, reasons, hold };
}

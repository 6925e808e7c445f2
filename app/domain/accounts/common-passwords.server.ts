import { dictionary } from "@zxcvbn-ts/language-common";

// The zxcvbn list is ordered by how often each password appears in leaks; the first 1,000 are
// the ones attackers try first.
let top: Set<string> | undefined;

export function isCommonPassword(password: string) {
  top ??= new Set(
    (dictionary["passwords-common"] as string[]).slice(0, 1000).map((p) => p.toLowerCase()),
  );
  return top.has(password.toLowerCase());
}

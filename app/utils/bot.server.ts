import { isbot } from "isbot";

/** Whether a crawler asks (its user agent says so): it counts in no statistics. */
export function fromBot(request: Request): boolean {
  return isbot(request.headers.get("user-agent") ?? "");
}

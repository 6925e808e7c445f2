// on-headers has no types of its own; this is its whole API (1.1.0): `listener` runs once, with
// `this` the response, just before the status line and headers are written — so it may still
// set headers and change the status.
declare module "on-headers" {
  import type { ServerResponse } from "node:http";

  function onHeaders<R extends ServerResponse>(res: R, listener: (this: R) => void): void;
  export = onHeaders;
}

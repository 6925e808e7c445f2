import { type ComponentType, use } from "react";

/**
 * A component fetched on demand in the browser, like React.lazy, but already there on the server.
 * React.lazy suspends the first time a process draws it: the server would stream that part of
 * the page late, after its end, where a browser without JavaScript never shows it. Here the
 * server starts loading at start-up and marks the promise fulfilled (the convention React's
 * `use` reads), so it draws the part in place; the browser fetches the code after the page and
 * keeps the server's HTML until then. Wrap it in <Suspense>.
 *
 * `prefetch` starts the fetch as soon as the module that declares the part runs in the browser
 * (with the page's own code, after it is drawn), not when the part first renders: a form the
 * page opens with, reached by a client-side navigation, is then ready when the page is.
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { prefetch = false }: { prefetch?: boolean } = {},
) {
  let loaded: Promise<ComponentType<P>> | undefined;
  const start = () => {
    if (!loaded) {
      const promise = load();
      promise.then(
        (value) => Object.assign(promise, { status: "fulfilled", value }),
        (reason) => Object.assign(promise, { status: "rejected", reason }),
      );
      loaded = promise;
    }
    return loaded;
  };
  if (import.meta.env.SSR || prefetch) void start();
  // biome-ignore lint/correctness/noComponentHookFactories: called once per part, at module level, like React.lazy
  return function OnDemand(props: P) {
    const Component = use(start());
    return <Component {...props} />;
  };
}

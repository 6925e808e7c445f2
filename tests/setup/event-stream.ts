/**
 * A minimal server-sent events reader for tests and benchmarks: opens a stream with fetch, parses
 * events as they arrive and lets a test wait for the one it expects.
 */
export interface StreamEvent {
  event: string;
  data: string;
  /** performance.now() when the event was parsed. */
  at: number;
}

export interface OpenStream {
  status: number;
  events: StreamEvent[];
  /** Resolves with the first event (already received or still to come) that matches. */
  next(match: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  close(): void;
}

export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { accept: "text/event-stream", ...headers },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const waiters = new Set<{
    match: (e: StreamEvent) => boolean;
    resolve: (e: StreamEvent) => void;
  }>();
  const deliver = (event: StreamEvent) => {
    events.push(event);
    for (const waiter of [...waiters]) {
      if (waiter.match(event)) {
        waiters.delete(waiter);
        waiter.resolve(event);
      }
    }
  };
  if (res.ok && res.body) {
    void (async () => {
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf("\n\n");
            let event = "message";
            const data: string[] = [];
            for (const line of block.split("\n")) {
              if (line.startsWith("event:")) event = line.slice(6).trim();
              else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
            }
            if (data.length > 0) deliver({ event, data: data.join("\n"), at: performance.now() });
          }
        }
      } catch {
        // Aborted or the server went away.
      }
    })();
  }
  return {
    status: res.status,
    events,
    next(match, timeoutMs = 5000) {
      const found = events.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (e: StreamEvent) => {
            clearTimeout(timer);
            resolve(e);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close() {
      controller.abort();
    },
  };
}

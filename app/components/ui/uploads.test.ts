import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  NetworkError,
  PHOTO_ATTEMPTS,
  readPhotoReply,
  readUploadReply,
  retryDelayMs,
  StalledError,
  sendPhoto,
  sendSave,
  stallTimeoutMs,
} from "./uploads";

const json = "application/json; charset=utf-8";
const message = (text: string) => ({ status: "error", error: { "": [text] } });

describe("reading the listing upload's answer", () => {
  it("follows a success to a page of this site only", () => {
    const body = JSON.stringify({ redirectTo: "/listing/abc" });
    expect(readUploadReply({ status: 200, contentType: json, body }, "x")).toEqual({
      redirectTo: "/listing/abc",
    });
    for (const to of ["https://evil.example", "//evil.example"]) {
      const away = JSON.stringify({ redirectTo: to });
      expect(readUploadReply({ status: 200, contentType: json, body: away }, "x")).toEqual(
        message("x"),
      );
    }
  });

  it("passes the form's reply on, as the page's action would answer it", () => {
    const reply = {
      status: "error",
      initialValue: { title: "" },
      error: { title: ["Required"], "": ["Fix"] },
    };
    const body = JSON.stringify(reply);
    expect(readUploadReply({ status: 400, contentType: json, body }, "x")).toEqual(reply);
  });

  it("shows the cross-site refusal's own translated text", () => {
    const body = "This request came from another website and was refused.";
    expect(
      readUploadReply({ status: 403, contentType: "text/plain; charset=utf-8", body }, "x"),
    ).toEqual(message(body));
  });

  it("never leaves the member without a message", () => {
    for (const raw of [
      { status: 502, contentType: "text/html", body: "<html>Bad gateway</html>" },
      { status: 500, contentType: json, body: "{not json" },
      { status: 200, contentType: json, body: JSON.stringify({ status: "error" }) },
      { status: 200, contentType: json, body: JSON.stringify({ ok: false }) },
    ]) {
      expect(readUploadReply(raw, "Try again")).toEqual(message("Try again"));
    }
  });
});

describe("reading a photo upload's answer", () => {
  const staged = JSON.stringify({ ok: true, id: "8d3c…", thumb: {}, created: true });
  const refusal = (error: string) => JSON.stringify({ ok: false, error });

  it("takes the photo's id from a success, a new one or a retry's", () => {
    for (const status of [200, 201]) {
      expect(readPhotoReply({ status, contentType: json, body: staged }, "x")).toEqual({
        status: "staged",
        id: "8d3c…",
      });
    }
  });

  it("tries again when it is not the photo's fault", () => {
    for (const raw of [
      // The first request for this upload is still being processed.
      { status: 409, contentType: json, body: refusal("Still being processed") },
      { status: 500, contentType: json, body: refusal("Something went wrong") },
      { status: 502, contentType: "text/html", body: "<html>Bad gateway</html>" },
      { status: 503, contentType: "text/plain", body: "" },
      { status: 408, contentType: "text/plain", body: "" },
      // A success we cannot read (a captive portal's page) is not a photo on the server.
      { status: 200, contentType: "text/html", body: "<html>Log in to the Wi-Fi</html>" },
      { status: 200, contentType: json, body: "{broken" },
    ]) {
      expect(readPhotoReply(raw, "x")).toEqual({ status: "retry" });
    }
  });

  it("gives the server's reason for a refused photo, which another try would not change", () => {
    for (const [status, error] of [
      [400, "Only JPEG, PNG, WebP or GIF photos are allowed"],
      [413, "This photo is larger than 15 MB"],
      [429, "Too many photos are waiting"],
      [401, "You must be logged in"],
    ] as const) {
      expect(readPhotoReply({ status, contentType: json, body: refusal(error) }, "x")).toEqual({
        status: "refused",
        message: error,
      });
    }
    const text = "This request came from another website and was refused.";
    expect(
      readPhotoReply({ status: 403, contentType: "text/plain; charset=utf-8", body: text }, "x"),
    ).toEqual({ status: "refused", message: text });
    expect(readPhotoReply({ status: 404, contentType: "text/html", body: "" }, "Fallback")).toEqual(
      { status: "refused", message: "Fallback" },
    );
  });
});

describe("the pause before another try", () => {
  it("doubles from a second up to half a minute, never in step with other phones", () => {
    const least = (attempt: number) => retryDelayMs(attempt, () => 0);
    const most = (attempt: number) => retryDelayMs(attempt, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(least)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(most(0)).toBe(1250);
    expect(most(10)).toBe(37_500);
    // All the tries of one photo, at most, take a couple of minutes: then it says it failed.
    const total = Array.from({ length: PHOTO_ATTEMPTS - 1 }, (_, i) => most(i)).reduce(
      (a, b) => a + b,
    );
    expect(total).toBeLessThan(120_000);
  });
});

/**
 * A stand-in for the browser's XMLHttpRequest: the test moves it (progress, an answer) by hand,
 * with the clock under the test's control.
 */
class FakeRequest extends EventTarget {
  static made: FakeRequest[] = [];
  readonly upload = new EventTarget();
  aborted = false;
  status = 0;
  responseText = "";
  constructor() {
    super();
    FakeRequest.made.push(this);
  }
  open() {}
  setRequestHeader() {}
  send() {}
  getResponseHeader() {
    return "application/json";
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event("abort"));
  }
  /** The browser sent `loaded` bytes of `total`. */
  sent(loaded: number, total: number) {
    this.upload.dispatchEvent(
      Object.assign(new Event("progress"), { lengthComputable: true, loaded, total }),
    );
  }
  answer(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.dispatchEvent(new Event("load"));
  }
}

describe("a photo upload that stops moving", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeRequest.made = [];
    vi.stubGlobal("XMLHttpRequest", FakeRequest);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const outcome = (promise: Promise<unknown>) => {
    const seen: { value?: unknown; error?: unknown } = {};
    promise.then(
      (value) => {
        seen.value = value;
      },
      (error: unknown) => {
        seen.error = error;
      },
    );
    return seen;
  };

  it("is given up as stalled when nothing is sent or heard for the stall timeout", async () => {
    const seen = outcome(sendPhoto("/api/photos", new FormData(), { stallMs: 20_000 }));
    const [request] = FakeRequest.made;
    await vi.advanceTimersByTimeAsync(19_999);
    expect(seen).toEqual({});
    await vi.advanceTimersByTimeAsync(1);
    expect(request?.aborted).toBe(true);
    expect(seen.error).toBeInstanceOf(StalledError);
    // A stall is a connection that failed: the callers' retries treat it as one.
    expect(seen.error).toBeInstanceOf(NetworkError);
  });

  it("is left alone while it moves, however slowly", async () => {
    const progress: number[] = [];
    const seen = outcome(
      sendPhoto("/api/photos", new FormData(), {
        stallMs: 20_000,
        onProgress: (fraction) => progress.push(fraction),
      }),
    );
    const [request] = FakeRequest.made;
    for (let loaded = 1; loaded <= 10; loaded++) {
      await vi.advanceTimersByTimeAsync(15_000);
      request?.sent(loaded, 10);
    }
    // Sent in full; the server takes its time to make the photo's sizes, and answers.
    await vi.advanceTimersByTimeAsync(19_000);
    request?.answer(201, '{"ok":true,"id":"p1"}');
    await vi.advanceTimersByTimeAsync(0);
    expect(request?.aborted).toBe(false);
    expect(progress.at(-1)).toBe(1);
    expect(seen.value).toMatchObject({ status: 201, body: '{"ok":true,"id":"p1"}' });
    // Answered: no stall is declared later on.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(request?.aborted).toBe(false);
  });

  it("is an abort, not a stall, when the photo is removed", async () => {
    const stop = new AbortController();
    const seen = outcome(
      sendPhoto("/api/photos", new FormData(), { stallMs: 20_000, signal: stop.signal }),
    );
    stop.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.error).toBeInstanceOf(DOMException);
    expect((seen.error as DOMException).name).toBe("AbortError");
  });

  it("waits longer at each try, up to a minute", () => {
    expect([0, 1, 2, 3, 9].map(stallTimeoutMs)).toEqual([20_000, 40_000, 60_000, 60_000, 60_000]);
  });
});

describe("a save that gets no answer", () => {
  /** fetch() held open until the test answers it, or until its signal stops it. */
  const held = () => {
    const calls: { init: RequestInit; answer: (response: Response) => void }[] = [];
    vi.stubGlobal(
      "fetch",
      (_url: string, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          calls.push({ init, answer: resolve });
          init.signal?.addEventListener("abort", () =>
            reject(new DOMException("Aborted", "AbortError")),
          );
        }),
    );
    return calls;
  };

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("is given up as stalled when no answer came within the stall timeout", async () => {
    const calls = held();
    const seen = sendSave("/api/listings", new FormData(), 20_000).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(calls[0]?.init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await seen;
    expect(error).toBeInstanceOf(StalledError);
    expect(error).toBeInstanceOf(NetworkError);
  });

  it("hands the answer over as it came, and asks for JSON", async () => {
    const calls = held();
    const seen = sendSave("/api/listings", new FormData(), 20_000);
    await vi.advanceTimersByTimeAsync(5_000);
    const body = JSON.stringify({ redirectTo: "/listing/abc" });
    calls[0]?.answer(
      new Response(body, { status: 200, headers: { "Content-Type": "application/json" } }),
    );
    expect(await seen).toEqual({ status: 200, contentType: "application/json", body });
    expect(new Headers(calls[0]?.init.headers).get("Accept")).toBe("application/json");
    expect(calls[0]?.init.method).toBe("POST");
  });

  it("is a network error when the connection fails", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    const error = await sendSave("/api/listings", new FormData(), 20_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBeInstanceOf(StalledError);
  });
});

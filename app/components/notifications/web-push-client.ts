/*
 * The browser's side of Web Push (decision 021): registers the service worker (/sw.js),
 * subscribes this browser with the server's VAPID key and tells /api/push-subscriptions.
 * Loaded on demand by PushOptIn, never with a page's first load.
 */

export type PushState = "unsupported" | "denied" | "off" | "on";

const API = "/api/push-subscriptions";

function supported() {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

async function currentSubscription() {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Whether this browser can, may and does get Souqna's notifications. */
export async function pushState(): Promise<PushState> {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  if (Notification.permission !== "granted") return "off";
  return (await currentSubscription()) ? "on" : "off";
}

/** Asks for permission, subscribes and tells the server. Throws with the server's words. */
export async function enablePush(): Promise<PushState> {
  if (!supported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "denied";
  if (permission !== "granted") return "off";
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  const { publicKey } = (await call("GET")) as { publicKey: string };
  const key = fromBase64Url(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    // Subscribed with another key (the server's pair changed): that subscription cannot work.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await call("POST", subscription.toJSON());
  return "on";
}

/** Forgets this browser on the server and in the browser. */
export async function disablePush(): Promise<PushState> {
  const subscription = supported() ? await currentSubscription() : null;
  if (subscription) {
    await call("DELETE", { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  return "off";
}

async function call(method: "GET" | "POST" | "DELETE", body?: unknown): Promise<unknown> {
  const response = await fetch(API, {
    method,
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  });
  const reply = (await response.json().catch(() => ({}))) as { error?: string };
  if (!response.ok) throw new Error(reply.error || `HTTP ${response.status}`);
  return reply;
}

function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array) {
  if (!current) return true;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i]);
}

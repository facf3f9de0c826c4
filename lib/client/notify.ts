// Browser notifications, opt-in only: permission is asked when the person presses "Enable
// notifications" (Settings, or the one-time banner), never on page load, and they can be
// turned off here without touching the browser's permission.
//
// `notify(kind, title, body, url)` is the one entry point: mentions and direct messages call it
// now; thread replies and agent questions can call it the same way. It shows nothing unless
// notifications are on, and nothing for a space the person is looking at (tab visible and that
// space open). Clicking a notification focuses the tab and opens its space.
export type NotifyKind = "mention" | "direct" | "thread" | "question";

const OFF_KEY = "parley:notifications-off";
const BANNER_KEY = "parley:notifications-banner-dismissed";
/** Fired on window with the url of a clicked notification; the workspace opens it without a page load. */
export const OPEN_URL_EVENT = "parley:open-url";

export const notificationsSupported = () => typeof window !== "undefined" && "Notification" in window;

export function notificationsEnabled(): boolean {
  return notificationsSupported() && Notification.permission === "granted" && localStorage.getItem(OFF_KEY) !== "1";
}

/** Asks the browser (only from a click) and turns them on; resolves with the browser's answer. */
export async function enableNotifications(): Promise<NotificationPermission | "unsupported"> {
  if (!notificationsSupported()) return "unsupported";
  localStorage.removeItem(OFF_KEY);
  localStorage.setItem(BANNER_KEY, "1");
  return Notification.permission === "default" ? Notification.requestPermission() : Notification.permission;
}

export function disableNotifications(): void {
  localStorage.setItem(OFF_KEY, "1");
}

/** The banner shows once: until notifications are enabled or it is dismissed. */
export const bannerWanted = () => notificationsSupported() && Notification.permission === "default" && localStorage.getItem(BANNER_KEY) !== "1";
export const dismissBanner = () => localStorage.setItem(BANNER_KEY, "1");

export function notify(kind: NotifyKind, title: string, body: string, url: string, tag?: string): void {
  if (!notificationsEnabled()) return;
  if (document.visibilityState === "visible" && window.location.pathname === url) return;
  try {
    const n = new Notification(title, { body: body.slice(0, 200), tag: tag ?? `${kind}:${url}` });
    n.onclick = () => {
      window.focus();
      window.dispatchEvent(new CustomEvent(OPEN_URL_EVENT, { detail: url }));
      n.close();
    };
  } catch {
    // Some mobile browsers allow notifications only from a service worker: nothing to show then.
  }
}

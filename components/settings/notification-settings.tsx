"use client";
// Settings: browser notifications on or off for this browser. Turning them on asks the
// browser's permission (only here or from the workspace's one-time banner, never on load).
import { useEffect, useState } from "react";
import { disableNotifications, enableNotifications, notificationsEnabled, notificationsSupported } from "@/lib/client/notify";

export function NotificationSettings() {
  const [state, setState] = useState<"loading" | "unsupported" | "on" | "off" | "denied">("loading");
  const read = () => {
    if (!notificationsSupported()) return setState("unsupported");
    if (Notification.permission === "denied") return setState("denied");
    setState(notificationsEnabled() ? "on" : "off");
  };
  useEffect(read, []);
  return (
    <section aria-labelledby="notifications-heading" className="mt-6 rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800">
      <h2 id="notifications-heading" className="font-semibold">
        Notifications
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        Browser notifications for mentions of you and direct messages, when Parley is in the background or another space is open. Mute a channel from its bell
        menu.
      </p>
      <div className="mt-3 text-sm" aria-live="polite">
        {state === "unsupported" && <p>This browser does not support notifications.</p>}
        {state === "denied" && <p>Notifications are blocked for this site in your browser&apos;s settings.</p>}
        {state === "off" && (
          <button
            type="button"
            onClick={() => void enableNotifications().then(read)}
            className="rounded-lg bg-accent-600 px-3 py-1.5 font-semibold text-white hover:bg-accent-700"
          >
            Enable notifications
          </button>
        )}
        {state === "on" && (
          <button
            type="button"
            onClick={() => {
              disableNotifications();
              read();
            }}
            className="rounded-lg border border-zinc-300 px-3 py-1.5 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
          >
            Turn off notifications
          </button>
        )}
      </div>
    </section>
  );
}

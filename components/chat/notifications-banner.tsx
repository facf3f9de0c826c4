"use client";
// A one-time offer to turn on browser notifications. Permission is asked only when pressed.
import { useEffect, useState } from "react";
import { bannerWanted, dismissBanner, enableNotifications } from "@/lib/client/notify";

export function NotificationsBanner() {
  const [show, setShow] = useState(false);
  // After mount: the server render has no Notification API to ask.
  useEffect(() => setShow(bannerWanted()), []);
  if (!show) return null;
  return (
    <section
      aria-label="Notifications"
      className="flex flex-wrap items-center gap-2 bg-accent-50 px-4 py-1.5 text-sm text-accent-700 dark:bg-accent-500/15 dark:text-indigo-100"
    >
      <span className="flex-1">Get a notification when someone mentions you or sends you a direct message.</span>
      <button
        type="button"
        onClick={() => void enableNotifications().finally(() => setShow(false))}
        className="rounded bg-accent-600 px-2 py-0.5 font-medium text-white hover:bg-accent-700"
      >
        Enable notifications
      </button>
      <button
        type="button"
        onClick={() => {
          dismissBanner();
          setShow(false);
        }}
        aria-label="Dismiss notifications offer"
        className="rounded px-1.5 hover:bg-black/5 dark:hover:bg-white/10"
      >
        ✕
      </button>
    </section>
  );
}

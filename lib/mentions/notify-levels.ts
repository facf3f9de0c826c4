// Which of a space's messages notify a member (the Prisma enum NotifyLevel holds the same values).
// "all": direct messages and mentions notify, unread counts are emphasised.
// "mentions" (muted): only direct mentions notify; the space's unread count is shown quietly.
// "none": nothing notifies; mentions are still listed in the Mentions view.
export const NOTIFY_LEVELS = ["all", "mentions", "none"] as const;
export type NotifyLevel = (typeof NOTIFY_LEVELS)[number];

export const NOTIFY_LEVEL_TEXT: Record<NotifyLevel, string> = {
  all: "All new messages",
  mentions: "Only mentions (muted)",
  none: "Nothing",
};

export const isMuted = (level: NotifyLevel | undefined) => level !== undefined && level !== "all";

// People administration: pages, invite links and admin-issued password reset links.
/** People per page of the admin's people list. */
export const PEOPLE_PAGE_SIZE = 50;
/** An invite link lasts this many days unless the admin says otherwise, and at most MAX_INVITE_DAYS. */
export const DEFAULT_INVITE_DAYS = 7;
export const MAX_INVITE_DAYS = 90;
/** Most sign-ups one invite link allows, and most channels it joins. */
export const MAX_INVITE_USES = 100;
export const MAX_INVITE_CHANNELS = 20;
/** An admin-issued password reset link works once, for this long. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

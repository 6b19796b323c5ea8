// The live layer's names both ends share: its namespaces, and why it refused a
// window in the words the window shows. Apart from realtime-events.ts (whose
// message schemas are zod) so that a page's socket client loads no zod.

/** Viewers connect to this namespace with `?id={photoId}`. */
export const PHOTO_NAMESPACE = "/photos";

/** Members connect to this namespace with `?meeting={meetingId}`. */
export const REVIEW_NAMESPACE = "/review";

/**
 * Why a handshake was refused for a limit (docs/security.md): the connect_error's
 * message, in words the member's window shows as they are.
 */
export const LIVE_LIMIT_REFUSALS = {
  room: "This photo or meeting is open live in too many of your windows: close one to follow it here.",
  member: "You have too many live windows open: close some to follow this one.",
  address: "Too many live connections from your network just now: try again in a minute.",
} as const;

/** A refusal the window shows as it is (the others, such as "unauthorized", are codes). */
export function isLimitRefusal(message: string): boolean {
  return (Object.values(LIVE_LIMIT_REFUSALS) as string[]).includes(message);
}

// The order of a meeting's authors on its page: Random or Alphabetical, the
// choice kept in a cookie named `sort`. Random is
// seeded by the meeting id, so every member and the host see the same order,
// stable across reloads, and another meeting gets another order. Each author's
// photos keep their positions; previous/next walk this order.

export const MEETING_SORT_COOKIE = "sort";

export const MEETING_SORTS = [
  { value: "random", label: "Random" },
  { value: "alphabetical", label: "Alphabetical" },
] as const;
export type MeetingSort = (typeof MEETING_SORTS)[number]["value"];
export const DEFAULT_MEETING_SORT: MeetingSort = "random";

/** A sort from the cookie or a query: anything unknown is the default (Random). */
export function meetingSortFrom(value: unknown): MeetingSort {
  return MEETING_SORTS.some((sort) => sort.value === value) ? (value as MeetingSort) : DEFAULT_MEETING_SORT;
}

/** The `sort` cookie's value from a Cookie header (it is not signed: it only chooses an order). */
export function meetingSortFromCookie(cookieHeader: string | null | undefined): MeetingSort {
  const match = /(?:^|;\s*)sort=([^;]*)/.exec(cookieHeader ?? "");
  return meetingSortFrom(match ? decodeURIComponent(match[1]!) : undefined);
}

/** The Set-Cookie value (or `document.cookie` assignment) that keeps a sort for a year. */
export function meetingSortCookie(sort: MeetingSort): string {
  return `${MEETING_SORT_COOKIE}=${sort}; Path=/meetings; Max-Age=31536000; SameSite=Lax`;
}

export type Author = { id: number; firstName: string; lastName: string };

/**
 * A 32-bit mix of the meeting and the author (splitmix-style), so an author's
 * place depends on nothing else: not on who else submitted, nor on the order
 * the rows arrived in.
 */
function rank(meetingId: number, authorId: number): number {
  let h = (Math.imul(meetingId, 0x9e3779b1) ^ Math.imul(authorId, 0x85ebca77)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

const collator = new Intl.Collator("en", { sensitivity: "base" });

/** Authors by last name, then first name (the members list's order), then id. */
function alphabetical(a: Author, b: Author): number {
  return collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName) || a.id - b.id;
}

/** The groups in the meeting's order for `sort`; the input is not changed. */
export function orderAuthorGroups<G extends { author: Author }>(
  groups: G[],
  sort: MeetingSort,
  meetingId: number,
): G[] {
  const copy = [...groups];
  if (sort === "alphabetical") return copy.sort((a, b) => alphabetical(a.author, b.author));
  return copy.sort((a, b) => rank(meetingId, a.author.id) - rank(meetingId, b.author.id) || a.author.id - b.author.id);
}

/**
 * An anonymous meeting's submissions before the reveal: one group, in an order
 * seeded by the meeting (the same for every member and the host, stable across
 * reloads) that depends on each submission alone, never on who made it.
 */
export function anonymousOrder<S extends { id: number }>(submissions: S[], meetingId: number): S[] {
  return [...submissions].sort((a, b) => rank(meetingId, a.id) - rank(meetingId, b.id) || a.id - b.id);
}

/** Every photo id of the meeting in its order: author by author, each author's by position. */
export function meetingPhotoOrder(groups: { submissions: { position: number; photoId: number }[] }[]): number[] {
  return groups.flatMap((group) =>
    [...group.submissions].sort((a, b) => a.position - b.position).map((submission) => submission.photoId),
  );
}

/** The photos before and after one in the meeting's order (null at either end, or when it is not there). */
export function photoNeighbours(
  order: number[],
  photoId: number,
): { previousId: number | null; nextId: number | null } {
  const index = order.indexOf(photoId);
  if (index === -1) return { previousId: null, nextId: null };
  return { previousId: order[index - 1] ?? null, nextId: order[index + 1] ?? null };
}

// What one member may make the server keep before using it (docs/security.md):
// announcing an upload reserves space (a row now, the bytes soon), so
// announcements are limited in rate (UPLOAD_ANNOUNCE_PER_10_MIN) and in the
// bytes announced and not yet used by a photo or picture (UPLOAD_PENDING_MAX_BYTES).
import { and, eq, isNull, sql } from "drizzle-orm";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { db, transaction } from "@db/client.server";
import { assets } from "@db/schema";
import { env } from "~/env.server";
import { minutesToWait, take, throttle } from "~/services/auth/throttle-store.server";
import { ConflictError, RateLimitedError } from "~/services/errors.server";

const ANNOUNCE_WINDOW_SECONDS = 10 * 60;

// Counted before anything is recorded, atomically where the log-in throttle's
// counts live (PostgreSQL's throttle_counts, or Redis), so announcements that
// arrive together, at one app process or several, pass the rate one by one.
// One limiter per configured rate, so a changed setting (tests) takes effect at once.
const limiters = new Map<number, () => RateLimiterAbstract>();

function announcements(points: number) {
  let limiter = limiters.get(points);
  if (!limiter) {
    limiter = throttle({ keyPrefix: "upload_announce", points, duration: ANNOUNCE_WINDOW_SECONDS });
    limiters.set(points, limiter);
  }
  return limiter();
}

/** Counts one announcement; 429 with Retry-After past UPLOAD_ANNOUNCE_PER_10_MIN in ten minutes. */
export async function countAnnouncement(memberId: number): Promise<void> {
  const taken = await take(announcements(env().UPLOAD_ANNOUNCE_PER_10_MIN), String(memberId));
  if (taken.allowed) return;
  throw new RateLimitedError(
    `Too many uploads started. Please try again in ${minutesToWait(taken.retryAfterMs)}.`,
    taken.retryAfterMs / 1000,
  );
}

// Advisory locks keyed by one bigint live apart from the (int, int) pairs the
// meetings' submission lock uses; the high half names this lock, the low half the member.
const PENDING_BYTES_LOCK = 0x55504c44n << 32n; // "UPLD"

function readableSize(bytes: number) {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round(bytes / 1024 ** 2)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * Runs `record` (the announcement's insert) only if the member's unused uploads
 * plus `byteSize` stay within UPLOAD_PENDING_MAX_BYTES. The sum and the insert
 * share one transaction under a per-member lock, so parallel announcements
 * queue and cannot overshoot together.
 *
 * 409, not 429: the refusal lasts until the member uses (or the sweep clears)
 * what is waiting, not for a time a Retry-After could name; and not 422: the
 * same blob is fine once they have.
 */
export async function withinPendingBytes<T>(memberId: number, byteSize: number, record: () => Promise<T>): Promise<T> {
  return transaction(async () => {
    await db().execute(sql`select pg_advisory_xact_lock(${String(PENDING_BYTES_LOCK + BigInt(memberId))}::bigint)`);
    const [row] = await db()
      .select({ pending: sql<string>`coalesce(sum(${assets.byteSize}), 0)` })
      .from(assets)
      .where(and(eq(assets.createdById, memberId), isNull(assets.attachedAt)));
    const pending = Number(row?.pending ?? 0);
    const limit = env().UPLOAD_PENDING_MAX_BYTES;
    if (pending + byteSize > limit) {
      throw new ConflictError(
        `Your uploads not yet used hold ${readableSize(pending)} of the ${readableSize(limit)} that may wait. ` +
          "Finish those first; unused uploads are cleared after a day.",
      );
    }
    return record();
  });
}

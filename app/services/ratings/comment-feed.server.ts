// The comments list (GET /api/comments, /comments): every comment, newest
// first, by page number. Paging must not scan: pages read comments_created_idx
// (created_at DESC NULLS LAST, id DESC NULLS LAST) in its order, and pages in
// the second half read it from the other end with a small OFFSET and turn the
// rows round, so page 1 and the last page cost the same. Comments on a photo
// whose anonymous meeting hides its author from the viewer are left out
// (access.server: authorHiddenSql, one index probe per comment read).
import { count, not, sql } from "drizzle-orm";
import { db } from "@db/client.server";
import { comments } from "@db/schema";
import { authorHiddenSql, type ViewerRef } from "~/services/access.server";

const listedTo = (viewer: ViewerRef) => not(authorHiddenSql(viewer, comments.photoId));

export async function countComments(viewer: ViewerRef): Promise<number> {
  const [row] = await db().select({ n: count() }).from(comments).where(listedTo(viewer));
  return row?.n ?? 0;
}

// The null placement is spelled out so PostgreSQL reads the index for both
// directions, as in the photo lists (app/services/photos/queries.server.ts).
const NEWEST_FIRST = [sql`${comments.createdAt} desc nulls last`, sql`${comments.id} desc nulls last`];
const OLDEST_FIRST = [sql`${comments.createdAt} asc nulls first`, sql`${comments.id} asc nulls first`];

/** The ids at [offset, offset + limit) of the newest-first list of `total` comments. */
export async function commentIdsAt(viewer: ViewerRef, total: number, offset: number, limit: number): Promise<number[]> {
  const end = Math.min(total, offset + limit);
  if (offset >= end) return [];
  const fromNewest = offset <= total - end;
  const rows = await db()
    .select({ id: comments.id })
    .from(comments)
    .where(listedTo(viewer))
    .orderBy(...(fromNewest ? NEWEST_FIRST : OLDEST_FIRST))
    .limit(end - offset)
    .offset(fromNewest ? offset : total - end);
  const ids = rows.map((row) => row.id);
  return fromNewest ? ids : ids.reverse();
}

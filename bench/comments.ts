// The comments list's paging: GET /api/comments
// page 1 against the last page with 100,000 comments, ratio <= 1.2. Pages read
// comments_created_idx from the nearer end, so the last page costs what page 1
// does; the middle page, the farthest from both ends, is printed for scale.
//
// Runs the route module in this process on its own PostgreSQL database (no
// build needed): `npx tsx bench/comments.ts`; npm run bench runs it too.
import { withSql } from "../tests/support/test-database";
import { BENCH_LOGIN, generateClub } from "./club-data";
import { cookieOf, lastPageOf, listGetter, onOwnDatabase } from "./in-process";
import { interleaved, printFigures, ratioFigure, scaleFigure, type Figure } from "./report";

export const BENCH_COMMENTS = Number(process.env.BENCH_COMMENTS ?? 100_000);

/** 100,000 comments over ten years on 2,000 photos of 50 members, written with generate_series. */
async function generateComments(databaseUrl: string, total: number) {
  await generateClub(databaseUrl, { members: 50, photosPerMember: 40, featuredPerMember: 0 });
  return withSql(databaseUrl, async (sql) => {
    await sql`
      insert into comments (photo_id, user_id, body, created_at, updated_at)
      select (select min(id) from photos) + g % (select count(*) from photos),
             (select min(id) from users) + (g * 7) % (select count(*) from users),
             'Comment number ' || g || ': the light on the left is lovely.',
             t, t
      from (select g, now() - random() * 3650 * interval '1 day' as t from generate_series(1, ${total}) g) s`;
    await sql`analyze`;
  });
}

/** Figures for GET /api/comments: page 1, the last page and the middle one, medians of interleaved calls. */
export async function benchComments(): Promise<Figure[]> {
  return onOwnDatabase(
    "club_bench_comments",
    (databaseUrl) => generateComments(databaseUrl, BENCH_COMMENTS),
    async () => {
      const { loader } = await import("~/routes/api/comments");
      const getList = listGetter(loader, await cookieOf(BENCH_LOGIN));
      const get = (page: number) => getList(`http://bench.test/api/comments?page=${page}`);

      const first = await get(1);
      const lastPage = lastPageOf(first);
      const middlePage = Math.ceil(lastPage / 2);
      const [a, b, middle] = await interleaved([() => get(1), () => get(lastPage), () => get(middlePage)]);
      const total = first.headers.get("X-Total-Count");
      return [
        ratioFigure(`GET /api/comments page 1 vs ${lastPage} (last), ${Number(total).toLocaleString()} comments`, a, b),
        scaleFigure(`GET /api/comments page ${middlePage} (the middle, farthest from both ends)`, a, middle),
      ];
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Comments list paging (${BENCH_COMMENTS.toLocaleString()} comments, in-process, PostgreSQL)`);
  printFigures("Paging: page 1 against the last page", await benchComments());
}

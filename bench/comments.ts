// The comments list's paging (issue "Ratings and comments"): GET /api/comments
// page 1 against the last page with 100,000 comments, ratio <= 1.2. Pages read
// comments_created_idx from the nearer end, so the last page costs what page 1
// does; the middle page, the farthest from both ends, is printed for scale.
//
// Runs the route module in this process on its own PostgreSQL database (no
// build needed): `npx tsx bench/comments.ts`; npm run bench runs it too.
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { closeDatabase, connect, openDatabase } from "@db/client.server";
import { createTestDatabase, dropTestDatabase } from "../tests/support/test-database";
import { BENCH_LOGIN, generateClub } from "./club-data";
import { median, printFigures, type Figure } from "./report";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
export const BENCH_COMMENTS = Number(process.env.BENCH_COMMENTS ?? 100_000);

/** 100,000 comments over ten years on 2,000 photos of 50 members, written with generate_series. */
async function generateComments(databaseUrl: string, total: number) {
  await generateClub(databaseUrl, { members: 50, photosPerMember: 40, featuredPerMember: 0 });
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`
      insert into comments (photo_id, user_id, body, created_at, updated_at)
      select (select min(id) from photos) + g % (select count(*) from photos),
             (select min(id) from users) + (g * 7) % (select count(*) from users),
             'Comment number ' || g || ': the light on the left is lovely.',
             t, t
      from (select g, now() - random() * 3650 * interval '1 day' as t from generate_series(1, ${total}) g) s`;
    await sql`analyze`;
  } finally {
    await sql.end();
  }
}

/** Figures for GET /api/comments: page 1, the last page and the middle one, medians of interleaved calls. */
export async function benchComments(): Promise<Figure[]> {
  process.env.SESSION_SECRET ??= "bench-session-secret-0123456789-abcdefghij";
  process.env.DATA_DIR ??= path.join(os.tmpdir(), `club-bench-${process.pid}`);
  process.env.BASE_URL ??= "http://bench.test";

  const databaseUrl = await createTestDatabase("club_bench_comments");
  try {
    const handle = await connect({ databaseUrl, dataDir: "unused" });
    await handle.migrate();
    await handle.close();
    await generateComments(databaseUrl, BENCH_COMMENTS);
    await openDatabase({ databaseUrl, dataDir: process.env.DATA_DIR });

    const { loader } = await import("~/routes/api/comments");
    const { createSession } = await import("~/services/auth/session.server");
    const { findUserByUsername } = await import("~/services/members/members.server");
    const member = await findUserByUsername(BENCH_LOGIN);
    const cookie = (await createSession(member!.id)).split(";")[0]!;

    const get = async (page: number) => {
      const start = performance.now();
      const response = await loader({
        request: new Request(`http://bench.test/api/comments?page=${page}`, { headers: { Cookie: cookie } }),
        params: {},
      });
      const body = (await response.json()) as unknown[];
      const ms = performance.now() - start;
      if (response.status !== 200 || body.length === 0) throw new Error(`page ${page} answered ${response.status}`);
      return { ms, response };
    };

    const first = await get(1);
    const lastPage = Number(/[?&]page=(\d+)>; rel="last"/.exec(first.response.headers.get("Link") ?? "")?.[1]);
    const middlePage = Math.ceil(lastPage / 2);
    const pages = [1, lastPage, middlePage];
    for (const page of pages) for (let i = 0; i < 10; i++) await get(page); // warm caches and plans
    const samples = pages.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, page] of pages.entries()) samples[i]!.push((await get(page)).ms);
    }
    const [a, b, middle] = samples.map(median) as [number, number, number];
    const total = first.response.headers.get("X-Total-Count");
    return [
      {
        name: `GET /api/comments page 1 vs ${lastPage} (last), ${Number(total).toLocaleString()} comments`,
        value: `${a.toFixed(2)} ms vs ${b.toFixed(2)} ms, ratio ${(b / a).toFixed(2)}`,
        target: "<= 1.2",
        pass: b / a <= 1.2,
      },
      {
        name: `GET /api/comments page ${middlePage} (the middle, farthest from both ends)`,
        value: `${middle.toFixed(2)} ms, ratio to page 1 ${(middle / a).toFixed(2)}`,
      },
    ];
  } finally {
    await closeDatabase();
    await dropTestDatabase(databaseUrl);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Comments list paging (${BENCH_COMMENTS.toLocaleString()} comments, in-process, PostgreSQL)`);
  printFigures("Paging: page 1 against the last page", await benchComments());
}

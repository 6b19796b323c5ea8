// The 'myRating' sort's paging (issue "Ratings and comments"): GET
// /api/photos?sort=myRating for a member with 10,000 ratings, page 1 against the
// last page, ratio <= 1.2. The list is the member's rated photos (read from
// ratings_user_value_idx) then the unrated ones (read from the photos' primary
// key), each read from its nearer end; the club has 20,000 photos so the last
// page falls among the unrated ones, and the rated part's own last page is
// measured too. The middle of the rated part, the farthest from both ends, is
// printed for scale, and the plans of page 1 and the last page are checked for
// a Sort node (there must be none: no page sorts the member's ratings).
//
// Runs the route module in this process on its own PostgreSQL database (no
// build needed): `npx tsx bench/ratings.ts`; npm run bench runs it too.
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import {
  closeDatabase,
  connect,
  databaseHandle,
  openDatabase,
  type Database,
  type DatabaseHandle,
} from "@db/client.server";
import * as schema from "@db/schema";
import { createTestDatabase, dropTestDatabase } from "../tests/support/test-database";
import { BENCH_LOGIN, generateClub } from "./club-data";
import { median, printFigures, type Figure } from "./report";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
export const BENCH_MY_RATINGS = Number(process.env.BENCH_MY_RATINGS ?? 10_000);
const PAGE_SIZE = 24;

/**
 * A club of twice as many photos as the bench member's ratings (50 members), the
 * member rating every other photo 1 to 5 (many ties, as in a real club), and the
 * other members rating a tenth of the photos each so the table is not only theirs.
 */
async function generateRatings(databaseUrl: string, mine: number) {
  await generateClub(databaseUrl, { members: 50, photosPerMember: Math.ceil((2 * mine) / 50), featuredPerMember: 0 });
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`
      insert into ratings (photo_id, user_id, value)
      select id, (select id from users where username = ${BENCH_LOGIN}), 1 + (random() * 4)::int
      from (select id, row_number() over (order by id) as n from photos) p
      where n % 2 = 0 and n <= ${2 * mine}`;
    await sql`
      insert into ratings (photo_id, user_id, value)
      select p.id, u.id, 1 + (random() * 4)::int
      from photos p, users u
      where u.username <> ${BENCH_LOGIN} and (p.id + u.id) % 10 = 0
      on conflict do nothing`;
    // The steady state autovacuum keeps: index-only scans need not visit the table.
    await sql`vacuum analyze`;
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from ratings where user_id = (select id from users where username = ${BENCH_LOGIN})`;
    return row!.n;
  } finally {
    await sql.end();
  }
}

// The handle db() reads, swapped for the duration as tests/support/query-count.ts does.
const holder = globalThis as typeof globalThis & { __clubDatabase?: DatabaseHandle };

/** The statements `work` sends, with their parameters, through a logging handle on the same database. */
async function statementsOf(databaseUrl: string, work: () => Promise<unknown>) {
  const original = databaseHandle();
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const sent: { query: string; params: unknown[] }[] = [];
  holder.__clubDatabase = {
    ...original,
    db: drizzle({
      client,
      schema,
      casing: "snake_case",
      logger: { logQuery: (query, params) => void sent.push({ query, params }) },
    }) as Database,
  };
  try {
    await work();
  } finally {
    holder.__clubDatabase = original;
    await client.end({ timeout: 5 });
  }
  return sent;
}

type PlanNode = {
  "Node Type": string;
  "Join Type"?: string;
  "Index Name"?: string;
  "Scan Direction"?: string;
  Plans?: PlanNode[];
};

function describePlan(node: PlanNode): string {
  const join = node["Join Type"] && node["Join Type"] !== "Inner" ? ` ${node["Join Type"]}` : "";
  const index = node["Index Name"] ? ` ${node["Index Name"]}` : "";
  const backward = node["Scan Direction"] === "Backward" ? " backward" : "";
  const children = (node.Plans ?? []).map(describePlan);
  return `${node["Node Type"]}${join}${index}${backward}${children.length ? ` (${children.join(", ")})` : ""}`;
}

const hasSort = (node: PlanNode): boolean => node["Node Type"].includes("Sort") || (node.Plans ?? []).some(hasSort);

/** The plans of the statements that read the list's ids (the JSON's own queries left out). */
async function planFigures(databaseUrl: string, label: string, get: () => Promise<unknown>): Promise<Figure[]> {
  const statements = await statementsOf(databaseUrl, get);
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const figures: Figure[] = [];
    for (const { query, params } of statements) {
      if (!/"ratings"/.test(query) || /"ratings"\."created_at"/.test(query)) continue;
      const [row] = await sql.unsafe<{ "QUERY PLAN": { Plan: PlanNode; "Execution Time": number }[] }[]>(
        `explain (analyze, format json) ${query}`,
        params as never[],
      );
      const { Plan: plan, "Execution Time": ms } = row!["QUERY PLAN"][0]!;
      figures.push({
        name: `${label}: ${/count\(/.test(query) ? "count of rated" : "ids"}`,
        value: `${ms.toFixed(2)} ms: ${describePlan(plan)}`,
        target: "no Sort node",
        pass: !hasSort(plan),
      });
    }
    return figures;
  } finally {
    await sql.end();
  }
}

/** Figures for GET /api/photos?sort=myRating: page 1, the last pages of the list and of its rated part, the middle of the rated part. */
export async function benchMyRating(): Promise<Figure[]> {
  process.env.SESSION_SECRET ??= "bench-session-secret-0123456789-abcdefghij";
  process.env.DATA_DIR ??= path.join(os.tmpdir(), `club-bench-${process.pid}`);
  process.env.BASE_URL ??= "http://bench.test";

  const databaseUrl = await createTestDatabase("club_bench_ratings");
  try {
    const handle = await connect({ databaseUrl, dataDir: "unused" });
    await handle.migrate();
    await handle.close();
    const mine = await generateRatings(databaseUrl, BENCH_MY_RATINGS);
    await openDatabase({ databaseUrl, dataDir: process.env.DATA_DIR });

    const { loader } = await import("~/routes/api/photos");
    const { createSession } = await import("~/services/auth/session.server");
    const { findUserByUsername } = await import("~/services/members/members.server");
    const member = await findUserByUsername(BENCH_LOGIN);
    const cookie = (await createSession(member!.id)).split(";")[0]!;

    const get = async (page: number) => {
      const start = performance.now();
      const response = await loader({
        request: new Request(`http://bench.test/api/photos?sort=myRating&page=${page}`, {
          headers: { Cookie: cookie },
        }),
        params: {},
      });
      const body = (await response.json()) as unknown[];
      const ms = performance.now() - start;
      if (response.status !== 200 || body.length === 0) throw new Error(`page ${page} answered ${response.status}`);
      return { ms, response };
    };

    const first = await get(1);
    const lastPage = Number(/[?&]page=(\d+)>; rel="last"/.exec(first.response.headers.get("Link") ?? "")?.[1]);
    const lastRatedPage = Math.ceil(mine / PAGE_SIZE);
    const middleRatedPage = Math.ceil(lastRatedPage / 2);
    const pages = [1, lastPage, lastRatedPage, middleRatedPage];
    for (const page of pages) for (let i = 0; i < 10; i++) await get(page); // warm caches and plans
    const samples = pages.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, page] of pages.entries()) samples[i]!.push((await get(page)).ms);
    }
    const [a, last, lastRated, middle] = samples.map(median) as [number, number, number, number];
    const total = Number(first.response.headers.get("X-Total-Count"));
    return [
      {
        name: `sort=myRating page 1 vs ${lastPage} (last), ${mine.toLocaleString()} rated of ${total.toLocaleString()}`,
        value: `${a.toFixed(2)} ms vs ${last.toFixed(2)} ms, ratio ${(last / a).toFixed(2)}`,
        target: "<= 1.2",
        pass: last / a <= 1.2,
      },
      {
        name: `sort=myRating page 1 vs ${lastRatedPage} (the rated part's last)`,
        value: `${a.toFixed(2)} ms vs ${lastRated.toFixed(2)} ms, ratio ${(lastRated / a).toFixed(2)}`,
        target: "<= 1.2",
        pass: lastRated / a <= 1.2,
      },
      {
        name: `sort=myRating page ${middleRatedPage} (middle of the rated part, farthest from both ends)`,
        value: `${middle.toFixed(2)} ms, ratio to page 1 ${(middle / a).toFixed(2)}`,
      },
      ...(await planFigures(databaseUrl, "plan, page 1", () => get(1))),
      ...(await planFigures(databaseUrl, `plan, page ${lastPage}`, () => get(lastPage))),
      ...(await planFigures(databaseUrl, `plan, page ${lastRatedPage}`, () => get(lastRatedPage))),
    ];
  } finally {
    await closeDatabase();
    await dropTestDatabase(databaseUrl);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`'myRating' sort paging (${BENCH_MY_RATINGS.toLocaleString()} ratings, in-process, PostgreSQL)`);
  printFigures("Paging: page 1 against the last page", await benchMyRating());
}

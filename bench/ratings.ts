// The 'myRating' sort's paging: GET
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
import { withSql } from "../tests/support/test-database";
import { recordStatements } from "../tests/support/query-count";
import { BENCH_LOGIN, generateClub } from "./club-data";
import { cookieOf, lastPageOf, listGetter, onOwnDatabase } from "./in-process";
import { interleaved, printFigures, ratioFigure, scaleFigure, type Figure } from "./report";

export const BENCH_MY_RATINGS = Number(process.env.BENCH_MY_RATINGS ?? 10_000);
const PAGE_SIZE = 24;

/**
 * A club of twice as many photos as the bench member's ratings (50 members), the
 * member rating every other photo 1 to 5 (many ties, as in a real club), and the
 * other members rating a tenth of the photos each so the table is not only theirs.
 */
async function generateRatings(databaseUrl: string, mine: number) {
  await generateClub(databaseUrl, { members: 50, photosPerMember: Math.ceil((2 * mine) / 50), featuredPerMember: 0 });
  return withSql(databaseUrl, async (sql) => {
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
  });
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
  const { statements } = await recordStatements(databaseUrl, get);
  return withSql(databaseUrl, async (sql) => {
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
  });
}

/** Figures for GET /api/photos?sort=myRating: page 1, the last pages of the list and of its rated part, the middle of the rated part. */
export async function benchMyRating(): Promise<Figure[]> {
  return onOwnDatabase(
    "club_bench_ratings",
    (databaseUrl) => generateRatings(databaseUrl, BENCH_MY_RATINGS),
    async (databaseUrl, mine) => {
      const { loader } = await import("~/routes/api/photos");
      const getList = listGetter(loader, await cookieOf(BENCH_LOGIN));
      const get = (page: number) => getList(`http://bench.test/api/photos?sort=myRating&page=${page}`);

      const first = await get(1);
      const lastPage = lastPageOf(first);
      const lastRatedPage = Math.ceil(mine / PAGE_SIZE);
      const middleRatedPage = Math.ceil(lastRatedPage / 2);
      const [a, last, lastRated, middle] = await interleaved([
        () => get(1),
        () => get(lastPage),
        () => get(lastRatedPage),
        () => get(middleRatedPage),
      ]);
      const total = Number(first.headers.get("X-Total-Count"));
      return [
        ratioFigure(
          `sort=myRating page 1 vs ${lastPage} (last), ${mine.toLocaleString()} rated of ${total.toLocaleString()}`,
          a,
          last,
        ),
        ratioFigure(`sort=myRating page 1 vs ${lastRatedPage} (the rated part's last)`, a, lastRated),
        scaleFigure(
          `sort=myRating page ${middleRatedPage} (middle of the rated part, farthest from both ends)`,
          a,
          middle,
        ),
        ...(await planFigures(databaseUrl, "plan, page 1", () => get(1))),
        ...(await planFigures(databaseUrl, `plan, page ${lastPage}`, () => get(lastPage))),
        ...(await planFigures(databaseUrl, `plan, page ${lastRatedPage}`, () => get(lastRatedPage))),
      ];
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`'myRating' sort paging (${BENCH_MY_RATINGS.toLocaleString()} ratings, in-process, PostgreSQL)`);
  printFigures("Paging: page 1 against the last page", await benchMyRating());
}

// A competition's results, a category's season (GET /api/standings?category=)
// and the winners gallery, on a 110,000-photo club whose every photo is an entry
// of a published competition over twenty years (twelve a year, two categories
// each), against a 10,000-photo club with that one year only. The year asked
// for is the same in both (12 competitions, 40 entries a category), so the
// ratio shows whether the cost grows with the club's history: it must not
// (<= 1.3). Every statement the three send is EXPLAINed on the big club, and a
// sequential scan of a table that grows with the photos fails the section.
//
// Runs in this process on two PostgreSQL databases of its own (no build
// needed): `BENCH_SECTIONS=competitions npm run bench`, or alone `npx tsx bench/competitions.ts`.
// BENCH_RESULTS_SCALE=0.25 builds the big club at a quarter of its size.
import { recordStatements } from "../tests/support/query-count";
import { withSql } from "../tests/support/test-database";
import { BIG, SMALL } from "./clubs";
import { generateClub, type ClubShape } from "./club-data";
import {
  createClubDatabase,
  dropClubDatabases,
  firstMeetingOf,
  holder,
  memberOf,
  planOf,
  on,
  type ClubDatabase,
} from "./club-databases";
import { withDatabaseServer } from "./database-server";
import { setBenchEnvironment } from "./in-process";
import { interleaved, printFigures, ratioFigure, type Figure } from "./report";

const COMPETITIONS_PER_YEAR = 12;
const CATEGORIES = ["Colour", "Mono"];
/** Entries of a category in the year asked for, in both clubs. */
const PER_CATEGORY = 40;
/** Members who enter in the year asked for (12 entries each). */
const ENTRANTS = 80;
const PAST_YEARS = 20;
/** Tables whose rows grow with the club's photos: never read whole. */
const GROWING = ["photos", "meeting_submissions", "competition_scores", "comments", "ratings"];

const scale = Number(process.env.BENCH_RESULTS_SCALE ?? 1);

/**
 * Monthly published competitions for this year and `pastYears` before it, each with its categories. This
 * year's entries are the first photos of ENTRANTS members; every other photo is an entry of a past
 * competition (none when there are none). Every entry is scored; the winners gallery is on.
 */
async function addCompetitions(databaseUrl: string, pastYears: number) {
  const year = new Date().getFullYear();
  const thisYear = COMPETITIONS_PER_YEAR * CATEGORIES.length * PER_CATEGORY;
  return withSql(databaseUrl, async (sql) => {
    await sql`
      insert into meetings (starts_at, topic, kind, anonymous, closes_at, score_max, results_published_at, revealed_at)
      select s, 'Competition ' || y || '-' || m, 'competition', true, s - interval '3 days', 20,
             s + interval '1 day', s + interval '1 day'
      from generate_series(${year - pastYears}::int, ${year}::int) y, generate_series(1, ${COMPETITIONS_PER_YEAR}) m,
           lateral (select make_timestamptz(y, m, 10, 19, 0, 0, 'UTC') as s) start`;
    await sql`
      insert into competition_categories (meeting_id, name, max_entries, position)
      select id, (${CATEGORIES}::text[])[p], 100, p from meetings, generate_series(1, ${CATEGORIES.length}) p`;
    await sql`
      with categories as (
        select c.id, c.meeting_id, row_number() over (order by m.starts_at, c.position) - 1 as n,
               extract(year from m.starts_at at time zone 'UTC')::int = ${year} as current
        from competition_categories c join meetings m on m.id = c.meeting_id
      ), current_categories as (
        select id, meeting_id, n - ${pastYears * COMPETITIONS_PER_YEAR * CATEGORIES.length} as n
        from categories where current
      ), past_categories as (select id, meeting_id, n from categories where not current),
      by_member as (
        select id, user_id, user_id - (select min(id) from users) as member,
               row_number() over (partition by user_id order by id) - 1 as k
        from photos
      ), this_year as (
        select id, user_id, row_number() over (order by k, member) - 1 as n
        from by_member where member < ${ENTRANTS} and k < ${thisYear / ENTRANTS}
      ), earlier as (
        select p.id, p.user_id, row_number() over (order by p.id) - 1 as n
        from photos p where not exists (select 1 from this_year t where t.id = p.id)
      ), placed as (
        select t.id, t.user_id, c.id as category_id, c.meeting_id
        from this_year t join current_categories c on c.n = t.n / ${PER_CATEGORY}
        union all
        select e.id, e.user_id, past.id, past.meeting_id
        from earlier e join past_categories past
          on past.n = e.n % ${Math.max(pastYears * COMPETITIONS_PER_YEAR * CATEGORIES.length, 1)}
        where ${pastYears} > 0
      )
      insert into meeting_submissions (meeting_id, photo_id, user_id, position, category_id)
      select meeting_id, id, user_id, row_number() over (partition by meeting_id, user_id order by id), category_id
      from placed`;
    await sql`
      insert into competition_scores (photo_id, meeting_id, score, critique)
      select photo_id, meeting_id, 1 + (photo_id * 7) % 20, 'A bench critique' from meeting_submissions`;
    await sql`insert into club_settings (id, winners_gallery) values (1, true)
      on conflict (id) do update set winners_gallery = true`;
    await sql`vacuum analyze`;
    const [counts] = await sql<{ competitions: number; entries: number }[]>`
      select (select count(*) from meetings)::int as competitions, (select count(*) from meeting_submissions)::int as entries`;
    return counts!;
  });
}

type Club = ClubDatabase & { photos: number; competitions: number; entries: number };

async function openClub(name: string, shape: ClubShape, pastYears: number): Promise<Club> {
  const { url, handle } = await createClubDatabase(`club_bench_competitions_${name}`);
  const started = performance.now();
  const { photos } = await generateClub(url, shape);
  const { competitions, entries } = await addCompetitions(url, pastYears);
  console.log(
    `  ${name} club: ${photos.toLocaleString()} photos, ${competitions.toLocaleString()} competitions, ` +
      `${entries.toLocaleString()} entries (built in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  return { handle, url, photos, competitions, entries };
}

/** Prints the plans of what `work` sends on the big club; the growing tables it reads whole. */
async function explainAll(club: Club, name: string, work: () => Promise<unknown>): Promise<string[]> {
  holder.__clubDatabase = club.handle;
  const { statements } = await recordStatements(club.url, work);
  const scans: string[] = [];
  console.log(`\n  -- ${name}: ${statements.length} statements`);
  for (const statement of statements) {
    // The data versions' one-row read is every request's, not the work's.
    if (statement.query.includes('from "data_versions"')) continue;
    const plan = await planOf(club, statement.query, statement.params);
    console.log(`${statement.query.slice(0, 160).replace(/^/gm, "    ")}\n${plan.replace(/^/gm, "      ")}`);
    for (const table of GROWING) if (new RegExp(`Seq Scan on ${table}\\b`).test(plan)) scans.push(`${name}: ${table}`);
  }
  return scans;
}

export async function benchCompetitions(): Promise<Figure[]> {
  setBenchEnvironment();
  const bigShape: ClubShape = { ...BIG, members: Math.max(100, Math.round(BIG.members * scale)) };
  const small = await openClub("small", SMALL, 0);
  const big = await openClub("big", bigShape, PAST_YEARS);
  try {
    const { competitionResultsFor } = await import("~/services/competitions/competition-results.server");
    const { categoryStandings } = await import("~/services/competitions/season.server");
    const { winnersGallery } = await import("~/services/competitions/winners.server");
    const year = new Date().getFullYear();
    const [smallViewer, bigViewer] = [await memberOf(small), await memberOf(big)];
    const [smallFirst, bigFirst] = [await firstMeetingOf(small, year), await firstMeetingOf(big, year)];

    const [resultsSmall, resultsBig] = await interleaved([
      on(small, () => competitionResultsFor(smallViewer, smallFirst)),
      on(big, () => competitionResultsFor(bigViewer, bigFirst)),
    ]);
    const [standingsSmall, standingsBig] = await interleaved([
      on(small, () => categoryStandings(smallViewer, year, "Colour")),
      on(big, () => categoryStandings(bigViewer, year, "Colour")),
    ]);
    const [gallerySmall, galleryBig] = await interleaved([
      on(small, () => winnersGallery(year)),
      on(big, () => winnersGallery(year)),
    ]);

    console.log(`\n  The plans on the big club (${big.photos.toLocaleString()} photos):`);
    const scans = [
      ...(await explainAll(big, "results", () => competitionResultsFor(bigViewer, bigFirst))),
      ...(await explainAll(big, "standings", () => categoryStandings(bigViewer, year, "Colour"))),
      ...(await explainAll(big, "winners", () => winnersGallery(year))),
    ];

    const label = (club: Club) =>
      `${club.photos.toLocaleString()} photos / ${club.competitions.toLocaleString()} competitions`;
    const perYear = COMPETITIONS_PER_YEAR * CATEGORIES.length * PER_CATEGORY;
    return [
      ratioFigure(
        `Results of a competition (${CATEGORIES.length * PER_CATEGORY} entries), ${label(small)} vs ${label(big)}`,
        resultsSmall,
        resultsBig,
        1.3,
      ),
      ratioFigure(
        `A category's season (${(perYear / CATEGORIES.length).toLocaleString()} entries), ${label(small)} vs ${label(big)}`,
        standingsSmall,
        standingsBig,
        1.3,
      ),
      ratioFigure(
        `The winners gallery of a year (${COMPETITIONS_PER_YEAR} competitions), ${label(small)} vs ${label(big)}`,
        gallerySmall,
        galleryBig,
        1.3,
      ),
      {
        name: `Sequential scans of ${GROWING.join(", ")} in those plans`,
        value: scans.length ? scans.join("; ") : "none",
        target: "none",
        pass: scans.length === 0,
      },
    ];
  } finally {
    await dropClubDatabases(small, big);
  }
}

export const COMPETITIONS_TITLE = "Competitions: a year's results, season and winners on a short and a long history";

if (import.meta.url === `file://${process.argv[1]}`) {
  await withDatabaseServer(async () => printFigures(COMPETITIONS_TITLE, await benchCompetitions()));
}

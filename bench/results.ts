// A meeting's results and the season's standings:
// their queries' plans and times on a club whose meetings hold every one of its
// photos (the 110,000-photo club of the other sections, twenty years of
// meetings) against a club with one year of meetings. The year asked for is the
// same in both (50 nights of 40 photos), so the ratio shows whether the cost
// grows with the history beyond that year: it must not (<= 1.3).
//
// Runs in this process on two PostgreSQL databases of its own (no build
// needed): `BENCH_SECTIONS=results npm run bench`, or alone `npx tsx bench/results.ts`. BENCH_RESULTS_SCALE=0.25 builds the big
// club at a quarter of its size on a machine too busy to build it whole.
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

/** The year asked for: 50 nights of 40 photos in both clubs. */
const NIGHTS = 50;
const PER_NIGHT = 40;
/** The big club's history before that year. */
const PAST_YEARS = 20;

const scale = Number(process.env.BENCH_RESULTS_SCALE ?? 1);

/** How many members submit in the year asked for, in both clubs (so its standings have as many rows). */
const ENTRANTS = 100;

/**
 * Meetings for this year (weekly from January 5th) and `pastYears` years
 * before it. This year's NIGHTS x PER_NIGHT photos are the first ones of the
 * first ENTRANTS members (20 each), the rest of the club's photos spread over
 * the past nights (none when there are none); a few comments on this year's.
 */
async function addMeetings(databaseUrl: string, pastYears: number) {
  const year = new Date().getFullYear();
  const perEntrant = (NIGHTS * PER_NIGHT) / ENTRANTS;
  return withSql(databaseUrl, async (sql) => {
    await sql`
      insert into meetings (starts_at, topic)
      select make_timestamptz(y, 1, 5, 19, 0, 0, 'UTC') + k * interval '7 days', 'Night ' || y || '-' || k
      from generate_series(${year - pastYears}::int, ${year}::int) y, generate_series(0, ${NIGHTS - 1}) k
      order by y desc, k`;
    await sql`
      with nights as (
        select id, row_number() over (order by starts_at) - 1 as n,
               extract(year from starts_at at time zone 'UTC')::int = ${year} as current
        from meetings
      ), current_nights as (select id, n - ${pastYears * NIGHTS} as n from nights where current),
      past_nights as (select id, n from nights where not current),
      by_member as (
        select id, user_id, user_id - (select min(id) from users) as member,
               row_number() over (partition by user_id order by id) - 1 as k
        from photos
      ), this_year as (
        select id, user_id, row_number() over (order by k, member) - 1 as n
        from by_member where member < ${ENTRANTS} and k < ${perEntrant}
      ), earlier as (
        select p.id, p.user_id, row_number() over (order by p.id) - 1 as n
        from photos p where not exists (select 1 from this_year t where t.id = p.id)
      ), placed as (
        select t.id, t.user_id, c.id as meeting_id
        from this_year t join current_nights c on c.n = t.n / ${PER_NIGHT}
        union all
        select e.id, e.user_id, past.id
        from earlier e join past_nights past on past.n = e.n % ${Math.max(pastYears * NIGHTS, 1)}
        where ${pastYears} > 0
      )
      insert into meeting_submissions (meeting_id, photo_id, user_id, position, created_at)
      select meeting_id, id, user_id, row_number() over (partition by meeting_id, user_id order by id),
             now() - (id % 1000) * interval '1 second'
      from placed`;
    await sql`
      insert into comments (photo_id, user_id, body)
      select s.photo_id, (select min(id) from users), 'A bench comment'
      from meeting_submissions s join meetings m on m.id = s.meeting_id
      where extract(year from m.starts_at at time zone 'UTC')::int = ${year} and s.photo_id % 3 = 0`;
    await sql`vacuum analyze`;
    const [counts] = await sql<{ meetings: number; submissions: number }[]>`
      select (select count(*) from meetings)::int as meetings, (select count(*) from meeting_submissions)::int as submissions`;
    return counts!;
  });
}

type Club = ClubDatabase & { photos: number; meetings: number; submissions: number };

async function openClub(name: string, shape: ClubShape, pastYears: number): Promise<Club> {
  const { url, handle } = await createClubDatabase(`club_bench_results_${name}`);
  const started = performance.now();
  const { photos } = await generateClub(url, shape);
  const { meetings, submissions } = await addMeetings(url, pastYears);
  console.log(
    `  ${name} club: ${photos.toLocaleString()} photos, ${meetings.toLocaleString()} meetings, ` +
      `${submissions.toLocaleString()} submissions (built in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  return { handle, url, photos, meetings, submissions };
}

/** The plan of a query builder's SQL on the club's database. */
function explain(club: Club, query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL();
  return planOf(club, text, params);
}

export async function benchResults(): Promise<Figure[]> {
  setBenchEnvironment();
  const bigShape: ClubShape = { ...BIG, members: Math.max(100, Math.round(BIG.members * scale)) };
  const small = await openClub("small", SMALL, 0);
  const big = await openClub("big", bigShape, PAST_YEARS);
  try {
    const { meetingResults, rankedSubmissionsQuery } = await import("~/services/meetings/results.server");
    const { countedMeetingIds, countedMeetingsQuery, standings, standingsQuery, photosOfTheYearQuery } =
      await import("~/services/meetings/standings.server");
    const { clubTimeZone } = await import("~/services/meetings/club-zone.server");
    const year = new Date().getFullYear();
    const zone = clubTimeZone();
    const [smallViewer, bigViewer] = [await memberOf(small), await memberOf(big)];
    const [smallNight, bigNight] = [await firstMeetingOf(small, year), await firstMeetingOf(big, year)];

    const [resultsSmall, resultsBig] = await interleaved([
      on(small, () => meetingResults(smallViewer, smallNight)),
      on(big, () => meetingResults(bigViewer, bigNight)),
    ]);
    const [standingsSmall, standingsBig] = await interleaved([
      on(small, () => standings(smallViewer, year)),
      on(big, () => standings(bigViewer, year)),
    ]);

    holder.__clubDatabase = big.handle;
    const yearIds = await countedMeetingIds(year, zone);
    console.log(`\n  The plans on the big club (${big.photos.toLocaleString()} photos):`);
    for (const [name, query] of [
      [`results of one night (${PER_NIGHT} photos)`, rankedSubmissionsQuery(bigNight)],
      [`the year's meetings ${year}`, countedMeetingsQuery(year, zone)],
      [`standings ${year} (its ${yearIds.length} meetings' ids read first)`, standingsQuery(bigViewer, yearIds)],
      [`photos of the year ${year}`, photosOfTheYearQuery(yearIds)],
    ] as const) {
      console.log(`\n  -- ${name}\n${(await explain(big, query)).replace(/^/gm, "    ")}`);
    }

    const label = (club: Club) => `${club.photos.toLocaleString()} photos / ${club.meetings.toLocaleString()} meetings`;
    return [
      ratioFigure(
        `Results of a ${PER_NIGHT}-photo night, ${label(small)} vs ${label(big)}`,
        resultsSmall,
        resultsBig,
        1.3,
      ),
      ratioFigure(
        `Standings of a year of ${(NIGHTS * PER_NIGHT).toLocaleString()} photos, ${label(small)} vs ${label(big)}`,
        standingsSmall,
        standingsBig,
        1.3,
      ),
    ];
  } finally {
    await dropClubDatabases(small, big);
  }
}

export const RESULTS_TITLE = "Results and standings: one year's figures on a short and a long history";

if (import.meta.url === `file://${process.argv[1]}`) {
  await withDatabaseServer(async () => printFigures(RESULTS_TITLE, await benchResults()));
}

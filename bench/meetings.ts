// The meetings issue's speed targets, measured in one run:
//   1. /meetings and GET /api/meetings with 20 meetings against 2,000: ratio <= 1.2
//      (every section reads meetings_starts_idx in its order, a page at a time);
//   2. a meeting view with 40 submissions against one with 4: the same number of
//      queries (no query per photo), stated, with both times for scale.
// The /meetings figure times the page loader's service (listMeetings, what the
// page renders from); GET /api/meetings times the route module itself.
//
// Runs in this process on two PostgreSQL databases of its own (no build
// needed): `npx tsx bench/meetings.ts`.
import * as schema from "@db/schema";
import { countQueries } from "../tests/support/query-count";
import { withSql } from "../tests/support/test-database";
import { createClubDatabase, dropClubDatabases, holder, on, type ClubDatabase } from "./club-databases";
import { setBenchEnvironment } from "./in-process";
import { interleaved, printFigures, ratioFigure, type Figure } from "./report";

const SUBMISSIONS_PER_MEETING = 4;

/**
 * A club with `meetings` meetings, one a day back from three days ahead (so a
 * few are upcoming and the rest past), 30 members each submitting to some, and
 * the bench member's own submissions ('My Uploads') at every third meeting.
 */
async function generateMeetings(databaseUrl: string, meetings: number) {
  return withSql(databaseUrl, async (sql) => {
    await sql`
      insert into users (username, first_name, last_name, email, password_hash)
      select 'member' || g, 'First' || g, 'Last' || g, 'member' || g || '@bench.test', 'not-a-hash'
      from generate_series(1, 30) g`;
    await sql`
      insert into meetings (starts_at, topic, call_link, max_uploads_count)
      select date_trunc('day', now()) + interval '3 days 19 hours' - (g - 1) * interval '1 day',
             'Meeting ' || g || E'\nBring four photos.', 'https://meet.example.com/' || g, 4
      from generate_series(1, ${meetings}) g`;
    const submissions = meetings * SUBMISSIONS_PER_MEETING;
    await sql`
      insert into assets (key, filename, content_type, byte_size, uploaded_at, attached_at)
      select 'originals/bench/' || g, 'DSC_' || g || '.jpg', 'image/jpeg', 8000000, now(), now()
      from generate_series(1, ${submissions}) g`;
    // Submission n: meeting n / 4, by member n mod 30 (the bench member is the first).
    await sql`
      insert into photos (user_id, original_asset_id, filename, thumb_key, large_key, width, height)
      select (select min(id) from users) + (a.n % 30), a.id, a.filename,
             'derived/bench/' || a.n || '/thumb.webp', 'derived/bench/' || a.n || '/large.jpg', 6000, 4000
      from (select id, filename, row_number() over (order by id) - 1 as n from assets) a`;
    await sql`
      insert into meeting_submissions (meeting_id, photo_id, user_id, position)
      select m.id, p.id, p.user_id, 1
      from (select id, user_id, row_number() over (order by id) - 1 as n from photos) p
      join (select id, row_number() over (order by id) - 1 as n from meetings) m on m.n = p.n / ${SUBMISSIONS_PER_MEETING}`;
    await sql`
      update photos set meeting_starts_at = m.starts_at
      from meeting_submissions s join meetings m on m.id = s.meeting_id
      where s.photo_id = photos.id`;
    // As autovacuum leaves a club in use: statistics, and a visibility map for index-only counts.
    await sql`vacuum analyze`;
  });
}

/** A meeting with `authors` x `perAuthor` submissions, added to the club; returns its id. */
async function meetingWith(databaseUrl: string, authors: number, perAuthor: number): Promise<number> {
  return withSql(databaseUrl, async (sql) => {
    const [meeting] = await sql<{ id: number }[]>`
      insert into meetings (starts_at, topic, max_uploads_count)
      values (now() + interval '1 day', 'Review night', ${perAuthor}) returning id`;
    await sql`
      with made as (
        insert into assets (key, filename, content_type, byte_size, uploaded_at, attached_at)
        select 'originals/review/' || ${meeting!.id} || '/' || g, 'R_' || g || '.jpg', 'image/jpeg', 8000000, now(), now()
        from generate_series(0, ${authors * perAuthor - 1}) g
        returning id, filename
      ), numbered as (select id, filename, row_number() over (order by id) - 1 as n from made),
      shot as (
        insert into photos (user_id, original_asset_id, filename, thumb_key, large_key, width, height)
        select (select min(id) from users) + (n / ${perAuthor}), id, filename, 'derived/r/thumb.webp', 'derived/r/large.jpg', 6000, 4000
        from numbered returning id, user_id
      )
      insert into meeting_submissions (meeting_id, photo_id, user_id, position)
      select ${meeting!.id}, id, user_id, row_number() over (partition by user_id order by id) from shot`;
    return meeting!.id;
  });
}

type Club = ClubDatabase & { cookie: string; memberId: number };

async function openClub(meetings: number): Promise<Club> {
  const { url, handle } = await createClubDatabase(`club_bench_meetings_${meetings}`);
  await generateMeetings(url, meetings);
  holder.__clubDatabase = handle;
  const { createSession } = await import("~/services/auth/session.server");
  const [member] = await handle.db.select().from(schema.users).orderBy(schema.users.id).limit(1);
  const cookie = (await createSession(member!.id)).split(";")[0]!;
  return { handle, url, cookie, memberId: member!.id };
}

export async function benchMeetings(): Promise<Figure[]> {
  setBenchEnvironment();

  const small = await openClub(20);
  const big = await openClub(2000);
  try {
    const { listMeetings } = await import("~/services/meetings/meeting-list.server");
    const { meetingView } = await import("~/services/meetings/meeting-view.server");
    const { loader: meetingsApi } = await import("~/routes/api/meetings");
    const { currentMember } = await import("~/services/auth/session.server");

    const memberOf = async (club: Club) => {
      holder.__clubDatabase = club.handle;
      return (await currentMember(new Request("http://bench.test/", { headers: { Cookie: club.cookie } })))!;
    };
    const [smallMember, bigMember] = [await memberOf(small), await memberOf(big)];
    const page = (club: Club, member: typeof smallMember) =>
      on(club, () => listMeetings(member, { year: "all", page: 1 }));
    const api = (club: Club) =>
      on(club, async () => {
        const response = await meetingsApi({
          request: new Request("http://bench.test/api/meetings", { headers: { Cookie: club.cookie } }),
          params: {},
        } as never);
        if (response.status !== 200) throw new Error(`GET /api/meetings answered ${response.status}`);
        return response.json();
      });

    const [pageSmall, pageBig] = await interleaved([page(small, smallMember), page(big, bigMember)]);
    const [apiSmall, apiBig] = await interleaved([api(small), api(big)]);
    const figures = [
      ratioFigure("/meetings (its loader's listMeetings), 20 vs 2,000 meetings", pageSmall, pageBig),
      ratioFigure("GET /api/meetings, 20 vs 2,000 meetings", apiSmall, apiBig),
    ];

    // The meeting view: 4 submissions (4 authors x 1) against 40 (5 authors x 8), on the big club.
    const four = await meetingWith(big.url, 4, 1);
    const forty = await meetingWith(big.url, 5, 8);
    const counted = async (meetingId: number) => {
      holder.__clubDatabase = big.handle;
      const { result, queries } = await countQueries(big.url, () => meetingView(bigMember, meetingId, "random"));
      return { queries, photos: result.meeting.MeetingSubmissions.length };
    };
    const [q4, q40] = [await counted(four), await counted(forty)];
    const [view4, view40] = await interleaved([
      on(big, () => meetingView(bigMember, four, "random")),
      on(big, () => meetingView(bigMember, forty, "random")),
    ]);
    figures.push({
      name: `Meeting view, queries for ${q4.photos} vs ${q40.photos} submissions`,
      value: `${q4.queries} vs ${q40.queries} (${view4.toFixed(2)} ms vs ${view40.toFixed(2)} ms)`,
      target: "the same count",
      pass: q4.queries === q40.queries && q4.photos === 4 && q40.photos === 40,
    });
    return figures;
  } finally {
    await dropClubDatabases(small, big);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printFigures("Meetings: the list with 20 vs 2,000 meetings, and the meeting view's queries", await benchMeetings());
}

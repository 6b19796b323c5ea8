// A generated club, written straight into PostgreSQL with generate_series: the
// rows the API and pages read (members, assets, photos with every sort key,
// featured years). Image files are not needed: the benchmarks measure queries
// and pages, and the processing benchmark measures the pipeline separately.
import { connect } from "@db/client.server";
import { withSql } from "../tests/support/test-database";
import { hashPassword } from "~/services/auth/password-hash.server";

/** A tagged-template query, as postgres-js writes them. */
type Query = <T = Record<string, unknown>>(strings: TemplateStringsArray, ...values: unknown[]) => Promise<T[]>;

export const BENCH_PASSWORD = "bench-pass-1";
export const BENCH_LOGIN = "bench";

export type ClubShape = { members: number; photosPerMember: number; featuredPerMember: number };

export function generateClub(databaseUrl: string, shape: ClubShape) {
  return withSql(databaseUrl, (sql) => fillClub(sql as unknown as Query, shape));
}

/**
 * The same club in the embedded server of `dataDir` (as a server started without
 * DATABASE_URL finds it), migrated first; the server is stopped after.
 */
export async function generateEmbeddedClub(dataDir: string, shape: ClubShape) {
  const handle = await connect({ dataDir });
  try {
    await handle.migrate();
    return await generateClub(handle.url, shape);
  } finally {
    await handle.close();
  }
}

async function fillClub(sql: Query, shape: ClubShape) {
  const thisYear = new Date().getFullYear();
  {
    const hash = await hashPassword(BENCH_PASSWORD);
    await sql`
      insert into users (username, first_name, last_name, email, password_hash, created_at)
      values (${BENCH_LOGIN}, 'Bench', 'Member', 'bench@bench.test', ${hash}, now() - interval '12 years')`;
    await sql`
      insert into users (username, first_name, last_name, email, password_hash, created_at, bio)
      select 'member' || g, 'First' || g, 'Last' || g, 'member' || g || '@bench.test', ${hash},
             now() - interval '12 years', 'Street photographer number ' || g
      from generate_series(1, ${shape.members - 1}) g`;
    const total = shape.members * shape.photosPerMember;
    await sql`
      insert into assets (key, filename, content_type, byte_size, created_by_id, uploaded_at, attached_at)
      select 'originals/' || substr(u, 1, 2) || '/' || u, 'DSC_' || g || '.jpg', 'image/jpeg', 8000000,
             (select min(id) from users), now(), now()
      from (select g, gen_random_uuid()::text as u from generate_series(1, ${total}) g) s`;
    // Photo n belongs to member n mod members; every sort key varies, with the
    // nulls a real club has (no EXIF date, unrated, never shown at a meeting).
    await sql`
      insert into photos (user_id, original_asset_id, filename, caption, thumb_key, large_key, width, height,
                          taken_at, rating_average, rating_count, meeting_starts_at, created_at, updated_at, metadata)
      select (select min(id) from users) + (a.n % ${shape.members}),
             a.id, a.filename, 'Bench photo ' || a.n,
             replace(a.key, 'originals/', 'derived/') || '/thumb.webp',
             replace(a.key, 'originals/', 'derived/') || '/large.jpg',
             6000, 4000,
             case when a.n % 10 = 0 then null else now() - (random() * 4000) * interval '1 day' end,
             case when a.n % 3 = 0 then null else (1000 + random() * 4000)::int end,
             case when a.n % 3 = 0 then 0 else 1 + (random() * 8)::int end,
             case when a.n % 4 = 0 then null else now() - (random() * 4000) * interval '1 day' end,
             now() - (random() * 4000) * interval '1 day', now(),
             '{"exif":{"Make":{"value":"Canon","description":"Canon"},"Model":{"value":"Canon EOS R5","description":"Canon EOS R5"}}}'::jsonb
      from (select id, key, filename, row_number() over (order by id) as n from assets) a`;
    await sql`
      insert into features (photo_id, user_id, year, position)
      select id, user_id, ${thisYear} - ((rn - 1) / 12)::int, ((rn - 1) % 12)::int + 1
      from (select id, user_id, row_number() over (partition by user_id order by id) as rn from photos) p
      where rn <= ${shape.featuredPerMember}`;
    await sql`analyze`;
    const [counts] = await sql<{ photos: number; features: number }>`
      select (select count(*) from photos)::int as photos, (select count(*) from features)::int as features`;
    return counts!;
  }
}

// The generated clubs the HTTP benchmarks run against: a server started as in
// the browser tests (the built site, its own database and port), on PostgreSQL
// or on the embedded default (the PostgreSQL server the site starts under DATA_DIR).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { connect } from "@db/client.server";
import { startClubServer, type ClubServer } from "../tests/e2e/support/club-server";
import { BENCH_LOGIN, BENCH_PASSWORD, generateClub, generateEmbeddedClub, type ClubShape } from "./club-data";
import { logIn } from "./http";

export const SMALL: ClubShape = { members: 100, photosPerMember: 100, featuredPerMember: 10 }; // 10,000 photos, 1,000 featured
export const BIG: ClubShape = { members: 1000, photosPerMember: 110, featuredPerMember: 100 }; // 110,000 photos, 100,000 featured

export type BenchClub = { club: ClubServer; counts: { photos: number; features: number }; cookie: string };

export type ClubOptions = {
  /** The embedded default (the site's own PostgreSQL under DATA_DIR) instead of a PostgreSQL server. */
  embedded?: boolean;
  /** Extra environment (NODE_OPTIONS for a CPU profile, for instance). */
  env?: Record<string, string>;
};

export async function startClub(name: string, shape: ClubShape, options: ClubOptions = {}): Promise<BenchClub> {
  let counts = { photos: 0, features: 0 };
  // The embedded club lives in a folder of ours (DATA_DIR), filled before the server opens it.
  const dataDir = options.embedded ? fs.mkdtempSync(path.join(os.tmpdir(), `club-bench-${name}-`)) : undefined;
  const club = await startClubServer({
    name: `bench-${name}`,
    env: {
      NODE_ENV: "production",
      ...(dataDir ? { DATABASE_URL: "", DATA_DIR: dataDir } : {}),
      ...options.env,
    },
    beforeStart: async (databaseUrl) => {
      if (dataDir) {
        counts = await generateEmbeddedClub(dataDir, shape);
        return;
      }
      const handle = await connect({ databaseUrl, dataDir: "unused" });
      await handle.migrate();
      await handle.close();
      counts = await generateClub(databaseUrl, shape);
    },
  });
  // The generated club's files are still in the kernel's write-back queue (hundreds of
  // megabytes for the big club): flushed now, they do not stall the server while it is measured.
  execFileSync("sync");
  const stop = club.stop;
  club.stop = async () => {
    const code = await stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    return code;
  };
  const where = options.embedded ? "embedded PostgreSQL" : "PostgreSQL server";
  console.log(
    `  ${name} club (${where}): ${counts.photos.toLocaleString()} photos, ${counts.features.toLocaleString()} featured`,
  );
  return { club, counts, cookie: await logIn(club.baseURL, BENCH_LOGIN, BENCH_PASSWORD) };
}

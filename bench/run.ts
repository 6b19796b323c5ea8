// npm run bench: the speed targets of the photos issue, measured in one run and
// printed as figures (never asserted by timed tests).
//   1. processing a 24 MP JPEG vs bare sharp resizes: ratio <= 1.3, peak memory stated;
//   1b. processing a 12 MP iPhone HEIC vs the same picture as JPEG: figures and ratio stated;
//   2. GET /api/photos and /browse, page 1 vs the last page: ratio <= 1.2 (paging does not scan);
//   3. the home page's random photos with 1,000 vs 100,000 featured photos: ratio <= 1.3;
//   4. requests per second for /, /browse and GET /api/photos under 50 connections;
//   5. GET /api/comments page 1 vs the last page with 100,000 comments: ratio <= 1.2 (bench/comments.ts);
//   6. the 'myRating' sort for a member with 10,000 ratings, page 1 vs the last page: ratio <= 1.2 (bench/ratings.ts).
//   7. /meetings and GET /api/meetings with 20 vs 2,000 meetings: ratio <= 1.2; the meeting view's queries for
//      4 vs 40 submissions: the same count (bench/meetings.ts).
// Needs PostgreSQL (DATABASE_URL's server, else 127.0.0.1:5432) and a build (made if missing).
import { execFileSync } from "node:child_process";
import { connect } from "@db/client.server";
import { startClubServer, type ClubServer } from "../tests/e2e/support/club-server";
import { BENCH_LOGIN, BENCH_PASSWORD, generateClub, type ClubShape } from "./club-data";
import { benchComments } from "./comments";
import { benchMeetings } from "./meetings";
import { compareLatency, lastPageUrl, logIn, throughput } from "./http";
import { benchHeic, benchProcessing } from "./processing";
import { benchMyRating } from "./ratings";
import { printFigures, ratioFigure, type Figure } from "./report";

const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);

const SMALL: ClubShape = { members: 100, photosPerMember: 100, featuredPerMember: 10 }; // 10,000 photos, 1,000 featured
const BIG: ClubShape = { members: 1000, photosPerMember: 110, featuredPerMember: 100 }; // 110,000 photos, 100,000 featured

async function startClub(name: string, shape: ClubShape) {
  let counts = { photos: 0, features: 0 };
  const club = await startClubServer({
    name: `bench-${name}`,
    env: { NODE_ENV: "production" },
    beforeStart: async (databaseUrl) => {
      const handle = await connect({ databaseUrl, dataDir: "unused" });
      await handle.migrate();
      await handle.close();
      counts = await generateClub(databaseUrl, shape);
    },
  });
  console.log(`  ${name} club: ${counts.photos.toLocaleString()} photos, ${counts.features.toLocaleString()} featured`);
  return { club, counts, cookie: await logIn(club.baseURL, BENCH_LOGIN, BENCH_PASSWORD) };
}

async function pagingFigures(label: string, club: ClubServer, cookie: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  const pairs = [
    ["GET /api/photos (sort meeting)", `${club.baseURL}/api/photos?page=1`],
    ["GET /api/photos?sort=createdAt", `${club.baseURL}/api/photos?page=1&sort=createdAt`],
    ["GET /api/photos?sort=takenAt", `${club.baseURL}/api/photos?page=1&sort=takenAt`],
    ["GET /api/photos?sort=rating", `${club.baseURL}/api/photos?page=1&sort=rating`],
  ] as const;
  for (const [name, first] of pairs) {
    const last = await lastPageUrl(first, cookie);
    const [a, b] = await compareLatency([first, last], cookie);
    const lastPage = new URL(last).searchParams.get("page");
    figures.push(ratioFigure(`${label}: ${name} page 1 vs ${lastPage}`, a!, b!, 1.2, 1));
  }
  const lastApi = await lastPageUrl(`${club.baseURL}/api/photos?page=1`, cookie);
  const lastBrowse = `${club.baseURL}/browse?page=${new URL(lastApi).searchParams.get("page")}`;
  const [a, b] = await compareLatency([`${club.baseURL}/browse?page=1`, lastBrowse], cookie);
  figures.push(ratioFigure(`${label}: /browse page 1 vs last`, a!, b!, 1.2, 1));
  return figures;
}

async function throughputFigures(label: string, club: ClubServer, cookie: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const [name, path, asMember] of [
    ["/ (visitor)", "/", false],
    ["/browse (member)", "/browse", true],
    ["GET /api/photos (member)", "/api/photos", true],
  ] as const) {
    const { rps, p99 } = await throughput(`${club.baseURL}${path}`, asMember ? cookie : undefined, LOAD_SECONDS);
    figures.push({ name: `${label}: ${name}, 50 connections`, value: `${rps.toFixed(0)} req/s (p99 ${p99} ms)` });
  }
  return figures;
}

// Make sure the build the servers run is the current one.
execFileSync(process.execPath, ["scripts/build-if-needed.mjs"], { stdio: "inherit" });

console.log("1. Processing one 24 MP JPEG");
printFigures("Processing", await benchProcessing());

console.log("\n1b. Processing one 12 MP iPhone HEIC against the same picture as JPEG");
printFigures("HEIC processing", await benchHeic());

console.log("\n2-4. Generating the clubs and starting a server on each (PostgreSQL)");
const small = await startClub("small", SMALL);
const big = await startClub("big", BIG);
try {
  const [randomSmall] = await compareLatency([`${small.club.baseURL}/api/photos/random`], undefined);
  const [randomBig] = await compareLatency([`${big.club.baseURL}/api/photos/random`], undefined);
  const [homeSmall] = await compareLatency([`${small.club.baseURL}/`], undefined);
  const [homeBig] = await compareLatency([`${big.club.baseURL}/`], undefined);
  printFigures("Random featured photos (home page)", [
    ratioFigure(
      `GET /api/photos/random, ${small.counts.features.toLocaleString()} vs ${big.counts.features.toLocaleString()} featured`,
      randomSmall!,
      randomBig!,
      1.3,
      1,
    ),
    ratioFigure(`GET / (home page), same clubs`, homeSmall!, homeBig!, 1.3, 1),
  ]);
  printFigures("Paging: page 1 against the last page", [
    ...(await pagingFigures(`${small.counts.photos.toLocaleString()} photos`, small.club, small.cookie)),
    ...(await pagingFigures(`${big.counts.photos.toLocaleString()} photos`, big.club, big.cookie)),
  ]);
  printFigures("Throughput", [
    ...(await throughputFigures(`${small.counts.photos.toLocaleString()} photos`, small.club, small.cookie)),
    ...(await throughputFigures(`${big.counts.photos.toLocaleString()} photos`, big.club, big.cookie)),
  ]);
} finally {
  await small.club.stop();
  await big.club.stop();
}

console.log("\n5. The comments list (in this process, on its own database)");
printFigures("Comments paging: page 1 against the last page", await benchComments());

console.log("\n6. The 'myRating' sort (in this process, on its own database)");
printFigures("'myRating' paging: page 1 against the last page", await benchMyRating());

console.log("\n7. Meetings (in this process, on their own databases)");
printFigures("Meetings: the list with 20 vs 2,000 meetings, and the meeting view's queries", await benchMeetings());

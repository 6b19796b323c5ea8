// npm run bench: the speed targets of the photos issue, measured in one run and
// printed as figures (never asserted by timed tests).
//   1. processing a 24 MP JPEG vs bare sharp resizes: ratio <= 1.3, peak memory stated;
//   1b. processing a 12 MP iPhone HEIC vs the same picture as JPEG: figures and ratio stated;
//   1c. HEIFs coded at 10000x10000 that show 64x64 (a clap crop, a grid), four at once: refused, peak memory;
//   2. GET /api/photos and /browse, page 1 vs the last page: ratio <= 1.2 (paging does not scan);
//   3. the home page's random photos with 1,000 vs 100,000 featured photos: ratio <= 1.3;
//   4. requests per second for /, /browse and GET /api/photos under 50 connections on 110,000 photos
//      (>= 1,000 for the API with p99 <= 150 ms, >= 400 for the pages with p99 <= 300 ms), each beside its baseline (a bare
//      React Router app: a static 24-photo grid, the same 24-photo JSON from memory; ratio >= 0.5), on
//      a PostgreSQL server (the embedded default: 9.); single requests at 110,000 vs 10,000 photos (ratio <= 1.2);
//      a thumbnail URL against express.static on the same file (ratio >= 0.5) (bench/throughput.ts);
//   (npm run bench:profile: where each hot route's CPU goes, bench/profile.ts)
//   5. GET /api/comments page 1 vs the last page with 100,000 comments: ratio <= 1.2 (bench/comments.ts);
//   6. the 'myRating' sort for a member with 10,000 ratings, page 1 vs the last page: ratio <= 1.2 (bench/ratings.ts).
//   7. /meetings and GET /api/meetings with 20 vs 2,000 meetings: ratio <= 1.2; the meeting view's queries for
//      4 vs 40 submissions: the same count (bench/meetings.ts).
//   7b. a meeting's results and the year's standings on the 110,000-photo club with twenty years of meetings vs one
//      year: ratio <= 1.3, with their plans (bench/results.ts).
//   7c. a competition's results, a category's season and the winners gallery on the 110,000-photo club with twenty
//      years of competitions vs one year: ratio <= 1.3, every plan free of scans of growing tables (bench/competitions.ts).
//   8. memory of the whole site (Node, its PostgreSQL, exiftool; PSS): after 200 page views <= 250 MB, while a
//      24 MP JPEG is uploaded <= 500 MB, the first start no higher; also on a PostgreSQL server (bench/memory.ts).
//   10. each meeting-night page's first-load JavaScript (gzip) against 100 KB (bench/script-weight.ts; "scripts").
//   9. GET /api/photos and /browse at 50 connections, the embedded default vs a PostgreSQL server with the same
//      club: ratio >= 0.9 (bench/embedded.ts; part of the http section, or alone as "embedded").
//   11. /browse at 50 connections on both databases, each round beside the bare grid: >= 400 req/s, p99 <= 300 ms,
//      >= 0.6 of the baseline (bench/grid.ts; "grid").
//   12. what a visit costs a phone and a desktop, and Lighthouse (mobile) on the home page, /browse, the photo
//      detail and the meeting page: score >= 98, LCP <= 2.0 s, CLS 0 (bench/pages.ts, npm run bench:pages; "pages").
//   14. one address flooding a running site with connections for 9 s: what it holds, /healthz from another address
//      answering every time within 1 s, the site's memory (bench/connections.ts; "connections").
//   13. every walk of what a visitor or member sends (links, the NUL check, names) on hostile
//      text of 1 to 64 KB: time per character at 64 KB at most twice that at 1 KB (bench/text.ts; "text").
// The clubs' PostgreSQL: DATABASE_URL's server, else one the run starts for itself from the embedded binaries
// (bench/database-server.ts). The parts that start the site need a build (made if missing). What it prints
// is also written to docs/performance/figures.md (bench/figures-file.ts), replacing the parts it measured.
import { execFileSync } from "node:child_process";
import type { ClubServer } from "../tests/e2e/support/club-server";
import { BIG, SMALL, startClub } from "./clubs";
import { benchComments } from "./comments";
import { withDatabaseServer } from "./database-server";
import { scriptBudgetFigures } from "./script-weight";
import { embeddedFigures, embeddedTitle } from "./embedded";
import { GRID_TITLE, gridUnderLoadFigures } from "./grid";
import { benchMemory } from "./memory";
import { benchMeetings } from "./meetings";
import { benchResults, RESULTS_TITLE } from "./results";
import { benchCompetitions, COMPETITIONS_TITLE } from "./competitions";
import { compareLatency, lastPageUrl } from "./http";
import { benchHeic, benchProcessing } from "./processing";
import { benchMyRating } from "./ratings";
import { figuresSection, printFigures, ratioFigure, saveFigures, type Figure } from "./report";
import { textFigures } from "./text";
import { heifSizeFigures } from "./heif-sizes";
import { connectionFloodFigures } from "./connections";
import { flatnessFigures, imageFigures, photosBodyOf, startBaseline, throughputFigures } from "./throughput";

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

// BENCH_SECTIONS=http (or scripts, processing, text, connections, embedded, comments, ratings, meetings, results, competitions, memory, grid, pages;
// comma-separated) runs only those.
const sections = process.env.BENCH_SECTIONS?.split(",");
const want = (section: string) => !sections || sections.includes(section);
// The grid's figures repeat part of the http section's, with the grid's own targets (docs/performance.md).
const wantGrid = want("grid");

async function httpSection() {
  figuresSection("http", "Pages and the API on generated clubs (2-4, and 9 beside them)");
  console.log("\n2-4. Generating the clubs and starting a server on each (PostgreSQL server)");
  const small = await startClub("small", SMALL);
  const big = await startClub("big", BIG);
  let smallStopped = false;
  const stopSmall = async () => {
    if (smallStopped) return;
    smallStopped = true;
    await small.club.stop();
  };
  try {
    // BENCH_SECTIONS=load (with http) leaves out the random and paging figures.
    if (want("paging") || !sections?.includes("load")) {
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
    }
    printFigures("Flat with club size: one request at a time (warm: nothing changed between requests)", [
      ...(await flatnessFigures(small, big)),
    ]);
    const baseline = await startBaseline(await photosBodyOf(big));
    try {
      printFigures("Throughput, 50 connections, each beside its baseline measured just before it", [
        ...(await throughputFigures(`${big.counts.photos.toLocaleString()} photos`, big, baseline)),
      ]);
      printFigures("Images: a thumbnail URL against express.static serving the same file", [
        ...(await imageFigures(`${big.counts.photos.toLocaleString()} photos`, big, baseline)),
      ]);
    } finally {
      await baseline.stop();
    }
    // The big club stays for the embedded comparison; the small one would only share the machine with it.
    await stopSmall();
    console.log("\n9. The embedded default (the site's own PostgreSQL) beside the big club on the PostgreSQL server");
    printFigures(embeddedTitle(), await embeddedFigures(big));
  } finally {
    await stopSmall();
    await big.club.stop();
  }
}

// Make sure the build the servers run is the current one (the other parts run in this process).
if (["http", "embedded", "memory", "scripts", "connections"].some(want) || wantGrid) {
  execFileSync(process.execPath, ["scripts/build-if-needed.mjs"], { stdio: "inherit" });
}

if (want("scripts")) {
  figuresSection("scripts", "The JavaScript each page loads first (the script budget, from the build)");
  console.log("\n10. First-load JavaScript of each meeting-night page (bench/script-weight.ts)");
  printFigures("First-load JavaScript, gzip", scriptBudgetFigures());
}

if (want("processing")) {
  figuresSection("processing", "Processing a photo (1, 1b)");
  console.log("1. Processing one 24 MP JPEG");
  printFigures("Processing", await benchProcessing());

  console.log("\n1b. Processing one 12 MP iPhone HEIC against the same picture as JPEG");
  printFigures("HEIC processing", await benchHeic());

  console.log("\n1c. HEIFs that show a small picture and code a large one, four at once (bench/heif-sizes.ts)");
  printFigures("HEIF coded sizes", await heifSizeFigures());
}

if (want("text")) {
  figuresSection("text", "Text work is linear (13)");
  console.log("\n13. Walking hostile text of 1 to 64 KB (bench/text.ts)");
  printFigures("Time per character, 64 KB of work at each size", await textFigures());
}

// Every other section makes databases: on the run's PostgreSQL server, started here unless DATABASE_URL names one.
if (
  ["http", "embedded", "comments", "ratings", "meetings", "results", "competitions", "memory", "connections"].some(
    want,
  ) ||
  wantGrid
) {
  await withDatabaseServer(async () => {
    if (want("connections")) {
      figuresSection("connections", "One address flooding the site with connections (14)");
      console.log(
        "\n14. One address opens connections as fast as it can; /healthz is asked from another (bench/connections.ts)",
      );
      printFigures("A connection flood", await connectionFloodFigures());
    }

    if (wantGrid) {
      figuresSection("grid", "The grid under load (11)");
      console.log("\n11. /browse at 50 connections on both databases, beside the bare grid");
      printFigures(GRID_TITLE, await gridUnderLoadFigures());
    }

    if (want("http")) await httpSection();
    else if (want("embedded")) {
      figuresSection("embedded", "The embedded default against a PostgreSQL server (9)");
      console.log("\n9. The embedded default (the site's own PostgreSQL) against the same club on a PostgreSQL server");
      printFigures(embeddedTitle(), await embeddedFigures());
    }

    if (want("comments")) {
      figuresSection("comments", "The comments list (5)");
      console.log("\n5. The comments list (in this process, on its own database)");
      printFigures("Comments paging: page 1 against the last page", await benchComments());
    }

    if (want("ratings")) {
      figuresSection("ratings", "The 'my rating' sort (6)");
      console.log("\n6. The 'myRating' sort (in this process, on its own database)");
      printFigures("'myRating' paging: page 1 against the last page", await benchMyRating());
    }

    if (want("meetings")) {
      figuresSection("meetings", "Meetings (7)");
      console.log("\n7. Meetings (in this process, on their own databases)");
      printFigures(
        "Meetings: the list with 20 vs 2,000 meetings, and the meeting view's queries",
        await benchMeetings(),
      );
    }

    if (want("results")) {
      figuresSection("results", "Results and standings (7b)");
      console.log("\n7b. Results and standings (in this process, on their own databases)");
      printFigures(RESULTS_TITLE, await benchResults());
    }

    if (want("competitions")) {
      figuresSection("competitions", "Competitions: results, a category's season, the winners (7c)");
      console.log("\n7c. Competitions' results, season and winners (in this process, on their own databases)");
      printFigures(COMPETITIONS_TITLE, await benchCompetitions());
    }

    if (want("memory")) {
      figuresSection("memory", "Memory of the whole site (8)");
      console.log("\n8. Memory of the whole site (PSS of every process it runs)");
      await benchMemory();
    }
  });
}

saveFigures(sections ? `BENCH_SECTIONS=${sections.join(",")} npm run bench` : "npm run bench");

// Last, in a process of its own (it is also npm run bench:pages, and writes its own sections of the figures file).
if (want("pages")) execFileSync(process.execPath, ["--import", "tsx", "bench/pages.ts"], { stdio: "inherit" });

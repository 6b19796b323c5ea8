// npm run bench's image figures alone (`npx tsx bench/images.ts`): a small
// PostgreSQL club, the baseline app's express.static, and bench/throughput.ts's
// imageFigures (a thumbnail URL against express.static on the same file).
// The database: DATABASE_URL's server, else one started for the run; needs a build (made if missing).
import { execFileSync } from "node:child_process";
import { startClub } from "./clubs";
import { withDatabaseServer } from "./database-server";
import { figuresSection, printFigures, saveFigures } from "./report";
import { imageFigures, photosBodyOf, startBaseline } from "./throughput";

execFileSync(process.execPath, ["scripts/build-if-needed.mjs"], { stdio: "inherit" });

figuresSection("images", "A thumbnail against express.static, alone (bench/images.ts)");
await withDatabaseServer(async () => {
  const club = await startClub("images", { members: 20, photosPerMember: 10, featuredPerMember: 5 });
  try {
    const baseline = await startBaseline(await photosBodyOf(club));
    try {
      printFigures("Images: a thumbnail URL against express.static serving the same file", [
        ...(await imageFigures(`${club.counts.photos.toLocaleString()} photos`, club, baseline)),
      ]);
    } finally {
      await baseline.stop();
    }
  } finally {
    await club.club.stop();
  }
});

saveFigures("npx tsx bench/images.ts");

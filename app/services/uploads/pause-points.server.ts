// Test-only pause points: a crash test stops a real server process at a named
// step of a multi-step write (to kill -9 it there, or to send SIGTERM while an
// upload is half done). Inert unless NODE_ENV=test and CLUB_PAUSE_AT names the
// step: then the process writes `$CLUB_PAUSE_FILE.reached` and waits until
// `$CLUB_PAUSE_FILE.release` exists. Production never reads these variables.
import fs from "node:fs/promises";

export type PauseStep =
  /** An upload's sizes are stored (and its original claimed), its photo not yet written. */
  | "image-sizes-stored"
  /** Stored objects are recorded for removal (storage_removals), not yet removed. */
  | "storage-removal";

export async function pausePoint(step: PauseStep): Promise<void> {
  // Read at run time (a bundler may fold a literal process.env.NODE_ENV at build time).
  const environment = process.env;
  if (environment.NODE_ENV !== "test" || environment.CLUB_PAUSE_AT !== step) return;
  const file = environment.CLUB_PAUSE_FILE;
  if (!file) return;
  await fs.writeFile(`${file}.reached`, step);
  for (;;) {
    try {
      await fs.access(`${file}.release`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

// A data folder of the release whose embedded database was PGlite (DATA_DIR/pglite)
// holds a club this release cannot read in place: started on it, the site would
// find an empty database and offer a set-up link over an existing club. So a
// start refuses in one line that says what to run (docs/database.md, "Moving from
// PGlite"), until the club has members here, moved by `npm run restore`.
import fs from "node:fs/promises";
import path from "node:path";
import { countUsers } from "~/services/members/members.server";

/** The folder the PGlite release kept its database in, under DATA_DIR. */
export const PGLITE_FOLDER = "pglite";

/** Why a start stops: its message is the one line the operator reads. */
export class UnmovedClubError extends Error {
  constructor(folder: string) {
    super(
      `${folder} holds a club from the PGlite release that is not moved yet: run that release's ` +
        `"npm run backup -- --out club.tar.gz", then here "npm run restore -- club.tar.gz" (docs/database.md).`,
    );
    this.name = "UnmovedClubError";
  }
}

/** Throws UnmovedClubError when `dataDir` holds a PGlite club and the club's database here has no member. */
export async function refuseUnmovedClub(dataDir: string): Promise<void> {
  const folder = path.join(dataDir, PGLITE_FOLDER);
  const entries = await fs.readdir(folder).catch(() => [] as string[]);
  if (entries.length === 0) return;
  if ((await countUsers()) > 0) return;
  throw new UnmovedClubError(folder);
}

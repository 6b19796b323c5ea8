// The layer rules (.dependency-cruiser.cjs; ARCHITECTURE.md, "Layers") bite: a small tree with one
// arrow the wrong way for each rule fails exactly there. `npm run lint` runs the same rules on the
// real tree, so CI fails on the first wrong arrow.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const TREE: Record<string, string> = {
  // lib: shared by the browser and the server
  "app/lib/dates.ts": 'import { now } from "../services/clock.server";\nexport const today = now;\n',
  "app/lib/paths.ts": 'import path from "node:path";\nexport const join = path.join;\n',
  "app/lib/rows.ts": 'import { users } from "../../db/schema";\nexport const table = users;\n',
  "app/lib/row-types.ts": 'import type { User } from "../../db/schema";\nexport type Shown = Pick<User, "id">;\n',
  // the browser
  "app/components/badge.tsx": 'import type { Badge } from "../services/badges.server";\nexport type Shown = Badge;\n',
  "app/realtime/browser/use-room.ts":
    'import { room } from "../server/rooms.server";\nexport const useRoom = () => room;\n',
  // below the edge
  "app/services/badges.server.ts":
    'import { log } from "../server/logger.server";\nexport type Badge = string;\nexport const badge = log;\n',
  "app/services/clock.server.ts": 'import { room } from "../realtime/server/rooms.server";\nexport const now = room;\n',
  "app/services/a.server.ts": 'import { b } from "./b.server";\nexport const a = () => b;\n',
  "app/services/b.server.ts": 'import { a } from "./a.server";\nexport const b = () => a;\n',
  "app/base/settings.server.ts": 'import { badge } from "../services/badges.server";\nexport const setting = badge;\n',
  "app/realtime/server/rooms.server.ts": 'export const room = "room";\n',
  // the edge, where every arrow may start
  "app/server/logger.server.ts": 'export const log = "log";\n',
  "db/schema.ts": 'export const users = "users";\nexport type User = { id: number };\n',
};

let root: string;
let violations: string[];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "club-layers-"));
  for (const [file, text] of Object.entries(TREE)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  const options = await extractDepcruiseOptions(path.resolve(".dependency-cruiser.cjs"));
  const { output } = await cruise(["app", "db"], { ...options, baseDir: root, validate: true });
  violations = (output as ICruiseResult).summary.violations.map(
    ({ rule, from, to }) => `${rule.name}: ${from} -> ${to}`,
  );
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("the layer rules", () => {
  it("report each arrow the wrong way, and only those", () => {
    expect(violations.sort()).toEqual(
      [
        "lib-is-shared: app/lib/dates.ts -> app/services/clock.server.ts",
        "lib-runs-in-the-browser: app/lib/paths.ts -> path",
        "lib-reads-only-row-types: app/lib/rows.ts -> db/schema.ts",
        "browser-imports-no-server-code: app/components/badge.tsx -> app/services/badges.server.ts",
        "browser-imports-no-server-code: app/realtime/browser/use-room.ts -> app/realtime/server/rooms.server.ts",
        "below-the-edge: app/services/badges.server.ts -> app/server/logger.server.ts",
        "base-is-the-floor: app/base/settings.server.ts -> app/services/badges.server.ts",
        "services-publish-not-push: app/services/clock.server.ts -> app/realtime/server/rooms.server.ts",
        "no-circular: app/services/a.server.ts -> app/services/b.server.ts",
      ].sort(),
    );
  });
});

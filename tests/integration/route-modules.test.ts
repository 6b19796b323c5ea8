// Every route module's loader and action is written with page() or apiRoute, the
// one way a refusal becomes its answer (ARCHITECTURE.md, convention 2): the app
// serves React Router's build as it is, nothing wraps a module afterwards
// (docs/decisions/008), so a module written another way would answer a refusal
// or an outage with a bare 500.
import { describe, expect, it } from "vitest";
import { WRITTEN_AT_EDGE } from "~/server/pages.server";
import { leafRoutes, loadRouteModule } from "../support/route-table";

describe("the route modules", () => {
  it("write every loader and action with page() or apiRoute", async () => {
    const unwritten = new Set<string>();
    let checked = 0;
    for (const file of new Set(leafRoutes().map((route) => route.file))) {
      const module = (await loadRouteModule({ path: "", file })) as Record<string, unknown>;
      for (const name of ["loader", "action"]) {
        const handler = module[name] as { [WRITTEN_AT_EDGE]?: boolean } | undefined;
        if (typeof handler !== "function") continue;
        checked += 1;
        if (!handler[WRITTEN_AT_EDGE]) unwritten.add(`${file} ${name}`);
      }
    }
    expect(checked, "loaders and actions looked at").toBeGreaterThan(60);
    expect([...unwritten].sort()).toEqual([]);
  });
});

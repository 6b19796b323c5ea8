import { describe, expect, it } from "vitest";
import { moduleLoader } from "./module-loader";

describe("moduleLoader", () => {
  it("imports once, and marks the promise so React's use() reads it without suspending", async () => {
    let imports = 0;
    const load = moduleLoader(async () => ({ id: ++imports }));
    const first = load();
    expect(load()).toBe(first);
    expect(await first).toEqual({ id: 1 });
    expect(first).toMatchObject({ status: "fulfilled", value: { id: 1 } });
    expect(imports).toBe(1);
  });

  it("tries again on the next ask after a failed fetch", async () => {
    let attempts = 0;
    const load = moduleLoader(async () => {
      if (++attempts === 1) throw new Error("Failed to fetch dynamically imported module");
      return { ok: true };
    });
    await expect(load()).rejects.toThrow("Failed to fetch");
    expect(await load()).toEqual({ ok: true });
    expect(attempts).toBe(2);
  });
});

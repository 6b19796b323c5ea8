import { isRouteErrorResponse, redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { ForbiddenError, NotFoundError } from "~/services/errors.server";
import { page } from "./pages.server";

const thrownBy = (run: (args: undefined) => unknown) =>
  Promise.resolve()
    .then(() => run(undefined))
    .then(
      () => undefined,
      (error: unknown) => error,
    );

describe("page()", () => {
  it("makes a refusal its status page, not a bare 500", async () => {
    type Thrown = { data: unknown; init: ResponseInit };
    // What React Router's boundary reads: the status, its text and the message.
    const loaded = (await thrownBy(page(() => Promise.reject(new NotFoundError("No such meeting."))))) as Thrown;
    const acted = (await thrownBy(page(() => Promise.reject(new ForbiddenError())))) as Thrown;
    expect(loaded.init).toMatchObject({ status: 404, statusText: "Not Found" });
    expect(loaded.data).toBe("No such meeting.");
    expect(acted.init).toMatchObject({ status: 403, statusText: "Forbidden" });
  });

  it("lets a redirect, an answer and an error of ours through unchanged", async () => {
    const bug = new TypeError("a bug");
    const redirected = (await thrownBy(page(() => Promise.reject(redirect("/login"))))) as Response;
    expect(redirected.status).toBe(302);
    expect(isRouteErrorResponse(redirected)).toBe(false);
    expect(await thrownBy(page(() => Promise.reject(bug)))).toBe(bug);
    expect(await page(async () => ({ photos: 3 }))(undefined)).toEqual({ photos: 3 });
  });
});

import { describe, expect, it } from "vitest";
import { errorDetails, GENERIC_ERROR_SUMMARY } from "./error-details";

/** An error response as React Router hands it to an error boundary. */
function routeError(status: number, statusText: string, body: unknown) {
  return { status, statusText, data: body, internal: false } as const;
}

describe("errorDetails", () => {
  const sqlError = new Error('relation "users" does not exist: select * from users where password_hash = $1');

  it("in production shows no exception message and no stack", () => {
    const details = errorDetails(sqlError, false);
    expect(details).toEqual({ summary: GENERIC_ERROR_SUMMARY });
    expect(JSON.stringify(details)).not.toMatch(/users|select|at /);
    expect(errorDetails("a thrown string", false)).toEqual({ summary: GENERIC_ERROR_SUMMARY });
  });

  it("in development shows the message and the stack", () => {
    const details = errorDetails(sqlError, true);
    expect(details.summary).toBe(sqlError.message);
    expect(details.stack).toContain("error-details.test");
  });

  it("shows an answer's status in both", () => {
    expect(errorDetails(routeError(404, "Not Found", null), false)).toEqual({ summary: "404 Not Found" });
    expect(errorDetails(routeError(404, "", "Photo not found."), false)).toEqual({ summary: "404 Photo not found." });
  });
});

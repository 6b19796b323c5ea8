// What the root error screen may say about an error nobody foresaw. In
// development: the message and the stack, to fix it. In production: only an
// answer's status (a 404 is a 404), never an exception's message or stack, which
// can carry SQL, file paths or other internals (React Router already replaces
// server errors' messages in production; errors thrown while rendering in the
// browser are not replaced, so this screen does it).
import { isRouteErrorResponse } from "react-router";

export type ErrorDetails = { summary: string; stack?: string };

export const GENERIC_ERROR_SUMMARY = "Something went wrong. Please try again, or go back to the home page.";

export function errorDetails(error: unknown, showInternals: boolean): ErrorDetails {
  if (isRouteErrorResponse(error)) {
    const text = error.statusText || (typeof error.data === "string" ? error.data : "");
    return { summary: `${error.status} ${text}`.trim() };
  }
  if (!showInternals) return { summary: GENERIC_ERROR_SUMMARY };
  if (error instanceof Error) return { summary: error.message, stack: error.stack };
  return { summary: "Unknown error" };
}

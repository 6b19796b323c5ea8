// Small helpers for answering requests: the refusals services raise, and the
// API's JSON error shapes they become.

import type { FieldError } from "~/lib/field-errors";

export type { FieldError };

/** A refusal a service can raise; routes turn it into 422 with the spec's error shape. */
export class ValidationError extends Error {
  constructor(
    public readonly errors: FieldError[],
    /** The message for the top of the form, when there is one beyond the field errors. */
    public readonly generalMessage?: string,
  ) {
    super(generalMessage ?? errors.map((e) => `${e.path}: ${e.message}`).join("; "));
    this.name = "ValidationError";
  }
}

/** A refusal with an HTTP status and a message meant for the person. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly headers?: HeadersInit,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export function isApiRequest(request: Request) {
  return new URL(request.url).pathname.startsWith("/api/");
}

export function jsonError(status: number, message: string, init?: { headers?: HeadersInit }) {
  return Response.json({ message }, { status, headers: init?.headers });
}

export function validationResponse(error: ValidationError) {
  return Response.json(
    { ...(error.generalMessage ? { message: error.generalMessage } : {}), errors: error.errors },
    { status: 422 },
  );
}

/** Runs an API handler, turning the services' refusals into the JSON the spec describes. */
export async function apiHandler(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ValidationError) return validationResponse(error);
    if (error instanceof HttpError) return jsonError(error.status, error.message, { headers: error.headers });
    throw error;
  }
}

/** Reads a JSON body; a body that is not JSON is a 422 rather than a 500. */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw new ValidationError([], "The request body must be JSON.");
  }
}

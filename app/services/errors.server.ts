// The refusals a service may raise. Services never build HTTP responses: they
// throw one of these, and the edge turns it into an answer — `apiRoute`
// (app/server/api.server.ts) into JSON with the status below, `replyToRefusal`
// (app/server/forms.server.ts) into a Conform reply or the page's error
// boundary. The status is part of the error so both edges agree on it.
import type { FieldError } from "~/lib/field-errors";

export type { FieldError };

export abstract class DomainError extends Error {
  /** Extra headers the answer should carry (Retry-After on 429). */
  readonly headers?: Record<string, string>;
  constructor(
    /** The HTTP status both edges answer with. */
    readonly status: number,
    message: string,
  ) {
    super(message);
    // The subclass's own name ('NotFoundError'), for logs.
    this.name = new.target.name;
  }
}

/** 401: the request needs a logged-in member. */
export class NotLoggedInError extends DomainError {
  constructor(message = "Please log in.") {
    super(401, message);
  }
}

/** 403: logged in, but not allowed. */
export class ForbiddenError extends DomainError {
  constructor(message = "You are not allowed to do that.") {
    super(403, message);
  }
}

/** 404: no such thing, or one this viewer may not know exists. */
export class NotFoundError extends DomainError {
  constructor(message = "Not found.") {
    super(404, message);
  }
}

/** 409: the thing exists but is in a state that refuses this change (already uploaded, has submissions). */
export class ConflictError extends DomainError {
  constructor(message: string) {
    super(409, message);
  }
}

/** 410: the thing existed and is gone for good (an accepted invite, an expired reset link). */
export class GoneError extends DomainError {
  constructor(message: string) {
    super(410, message);
  }
}

/** 422: the input is wrong; each field error names its field by path. */
export class InvalidError extends DomainError {
  constructor(
    public readonly errors: FieldError[],
    /** The message for the top of the form, when there is one beyond the field errors. */
    public readonly generalMessage?: string,
  ) {
    super(422, generalMessage ?? errors.map((e) => `${e.path}: ${e.message}`).join("; "));
  }

  /** One field's error: `InvalidError.field("email", "Email is already in use.")`. */
  static field(path: string, message: string) {
    return new InvalidError([{ path, message }]);
  }
}

/** 422 without field errors: well-formed input refused as a whole (a log-in that matches no member). */
export class RefusedError extends DomainError {
  constructor(message: string) {
    super(422, message);
  }
}

/** 429: too many attempts; try again after `retryAfterSeconds`. */
export class RateLimitedError extends DomainError {
  readonly headers: Record<string, string>;
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message);
    this.headers = { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) };
  }
}

/** 502/503: a part the club depends on (mail, storage, the database) did not answer; 507: the disk is full. */
export class UnavailableError extends DomainError {
  constructor(message: string, status: 502 | 503 | 507 = 503) {
    super(status, message);
  }
}

// What the photo forms' one action (routes/photos/photo-forms.server.ts) answers
// a fetcher, as the screens read it: the components name this type, never the
// server module, and the action's test holds the two together.
import type { SubmissionResult } from "@conform-to/react";

export type PhotoFormReply =
  | { intent: string; result?: SubmissionResult<string[]>; message?: string }
  | { result: SubmissionResult<string[]> }
  | { error: string; field?: string };

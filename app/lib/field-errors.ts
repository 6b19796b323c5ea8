import type { z } from "zod";

/** One entry of the API's 422 body: `{ errors: [{ path, message }] }`. */
export type FieldError = { path: string; message: string };

export function fieldErrorsFromZod(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || "body",
    message: issue.message,
  }));
}

// Open self-registration (/register, POST /api/auth/register): only when
// FEATURE_REGISTRATION is exactly 'true'; otherwise it does not exist (404).
import type { UserRow } from "@db/schema";
import { env } from "~/env.server";
import { NewMemberSchema } from "~/lib/account-schemas";
import { fieldErrorsFromZod } from "~/lib/field-errors";
import { HttpError, ValidationError } from "~/server/http.server";
import { createMember } from "./members.server";

export function requireRegistrationOpen() {
  if (!env().registrationEnabled) throw new HttpError(404, "Not Found");
}

export async function registerMember(input: unknown): Promise<UserRow> {
  requireRegistrationOpen();
  const parsed = NewMemberSchema.safeParse(input);
  if (!parsed.success) throw new ValidationError(fieldErrorsFromZod(parsed.error));
  return createMember(parsed.data);
}

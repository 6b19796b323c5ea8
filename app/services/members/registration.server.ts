// Open self-registration (/register, POST /api/auth/register): only when
// FEATURE_REGISTRATION is exactly 'true'; otherwise it does not exist (404).
import { env } from "~/env.server";
import type { NewMember } from "~/lib/account-schemas";
import type { Member } from "~/lib/member";
import { NotFoundError } from "~/services/errors.server";
import { createMember } from "./members.server";

export function registrationOpen(): boolean {
  return env().registrationEnabled;
}

export function requireRegistrationOpen() {
  if (!registrationOpen()) throw new NotFoundError("Not Found");
}

export async function registerMember(details: NewMember): Promise<Member> {
  requireRegistrationOpen();
  return createMember(details);
}

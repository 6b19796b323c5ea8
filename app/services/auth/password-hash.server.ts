// argon2id at the OWASP minimum (19 MiB memory, 2 iterations, 1 lane). The
// hash runs on libuv's thread pool, so a login does not block the event loop.
import { hash, verify } from "@node-rs/argon2";

const OWASP_ARGON2ID = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OWASP_ARGON2ID);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never logs anyone in
  }
}

// Verifying against this when no member matches keeps the response time the
// same, so timing does not reveal which usernames exist.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string) {
  dummyHash ??= hashPassword("not-a-real-password-0");
  await verifyPassword(await dummyHash, password);
}

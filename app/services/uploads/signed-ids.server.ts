// Signed ids (`signed_id`, docs/api.md) and upload tokens: an asset id and a
// purpose, signed with a key derived from SESSION_SECRET, so a client cannot forge
// one or point it at someone else's upload.
import crypto from "node:crypto";
import { z } from "zod";
import { env } from "~/env.server";

export type SignedPurpose =
  | "upload" // a finished upload the client names in POST /api/photos or a profile's `picture`
  | "put" // the capability to PUT the bytes to the app's own upload endpoint (local disk)
  | "picture"; // a member's current picture, echoed back unchanged by profile forms

const PayloadSchema = z.object({ a: z.number().int().positive(), p: z.string(), e: z.number().int().optional() });

function signingKey() {
  return crypto.createHmac("sha256", env().SESSION_SECRET).update("club signed ids v1").digest();
}

function mac(body: string) {
  return crypto.createHmac("sha256", signingKey()).update(body).digest("base64url");
}

export function signAssetId(assetId: number, purpose: SignedPurpose, expiresAt?: Date): string {
  const body = Buffer.from(
    JSON.stringify({ a: assetId, p: purpose, ...(expiresAt ? { e: Math.floor(expiresAt.getTime() / 1000) } : {}) }),
  ).toString("base64url");
  // '.' cannot occur in base64url, so it separates the two parts unambiguously.
  return `${body}.${mac(body)}`;
}

export type SignedIdCheck = { ok: true; assetId: number } | { ok: false; reason: "invalid" | "expired" };

/** Checks signature, purpose and expiry, in constant time for the signature. */
export function verifySignedId(signedId: unknown, purpose: SignedPurpose, now = new Date()): SignedIdCheck {
  if (typeof signedId !== "string" || signedId.length > 512) return { ok: false, reason: "invalid" };
  const [body, signature, extra] = signedId.split(".");
  if (!body || !signature || extra !== undefined) return { ok: false, reason: "invalid" };
  const expected = Buffer.from(mac(body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given))
    return { ok: false, reason: "invalid" };
  let payload: z.infer<typeof PayloadSchema>;
  try {
    payload = PayloadSchema.parse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (payload.p !== purpose) return { ok: false, reason: "invalid" };
  if (payload.e !== undefined && payload.e * 1000 < now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, assetId: payload.a };
}

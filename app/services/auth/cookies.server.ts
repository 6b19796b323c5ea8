import { createCookie } from "react-router";
import { env as currentEnv, type Env } from "~/env.server";

/** The club's cookies: signed, httpOnly, SameSite=Lax, Secure in production. */
export function clubCookie(
  name: string,
  maxAgeSeconds: number,
  env: () => Pick<Env, "NODE_ENV" | "SESSION_SECRET"> = currentEnv,
) {
  let cookie: ReturnType<typeof createCookie> | undefined;
  // Created on first use: env() must not be read at import time (tests set it up first).
  return () =>
    (cookie ??= createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env().NODE_ENV === "production",
      secrets: [env().SESSION_SECRET],
      maxAge: maxAgeSeconds,
    }));
}

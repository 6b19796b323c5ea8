// The club's time zone on the server: every meeting time is read and shown in
// it (CLUB_TIME_ZONE, validated at start; the server's own zone by default).
import { env } from "~/env.server";

export function clubTimeZone(): string {
  return env().CLUB_TIME_ZONE;
}

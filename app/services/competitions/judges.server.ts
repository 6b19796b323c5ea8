// A competition's outside judge: invited by an admin with a name and an e-mail
// address, given a private link /judge/{token}. The token is 256 random bits,
// kept only as its SHA-256 (a copy of the database opens nothing), works for
// its competition alone, and stops working once the results are published.
import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { db, transaction } from "@db/client.server";
import { competitionJudges, meetings, type MeetingRow } from "@db/schema";
import type { JudgeInvite, JudgeJson } from "~/lib/judging";
import { meetingTitle } from "~/lib/meetings";
import { env } from "~/env.server";
import { requireAdmin, type ViewerRef } from "~/services/access.server";
import { minutesToWait, take, throttle } from "~/services/auth/throttle-store.server";
import { ConflictError, GoneError, NotFoundError, RateLimitedError } from "~/services/errors.server";
import { clubName } from "~/services/club/club-name.server";
import { sendMail } from "~/services/mail/mail.server";
import { loadMeeting } from "~/services/meetings/meetings.server";
import { judgeInviteMail } from "./judge-mail.server";

export const JUDGE_LINK_NOT_FOUND_MESSAGE = "This judging link is not known. Ask the club for a new one.";
export const JUDGING_CLOSED_MESSAGE = "The results of this competition are published, so its judging link has closed.";
export const NOT_A_COMPETITION_MESSAGE = "Only a competition has judges.";

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export const judgeLink = (token: string) => `${env().BASE_URL}/judge/${token}`;

export type Judging = { judgeId: number; judgeName: string; meeting: MeetingRow };

/** The competition a judge's link opens, while it is being judged: 404 for an unknown link, 410 once published. */
export async function judgingByToken(token: string): Promise<Judging> {
  if (!TOKEN_SHAPE.test(token)) throw new NotFoundError(JUDGE_LINK_NOT_FOUND_MESSAGE);
  const [row] = await db()
    .select({ judgeId: competitionJudges.id, judgeName: competitionJudges.name, meeting: meetings })
    .from(competitionJudges)
    .innerJoin(meetings, eq(meetings.id, competitionJudges.meetingId))
    .where(eq(competitionJudges.tokenHash, hashOf(token)));
  if (!row) throw new NotFoundError(JUDGE_LINK_NOT_FOUND_MESSAGE);
  if (row.meeting.resultsPublishedAt) throw new GoneError(JUDGING_CLOSED_MESSAGE);
  return row;
}

const toJudgeJson = (row: typeof competitionJudges.$inferSelect): JudgeJson => ({
  id: row.id,
  name: row.name,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
});

function requireJudgeable(meeting: MeetingRow) {
  if (meeting.kind !== "competition") throw new ConflictError(NOT_A_COMPETITION_MESSAGE);
  if (meeting.resultsPublishedAt) throw new ConflictError(JUDGING_CLOSED_MESSAGE);
}

/**
 * POST /api/meetings/{id}/judges (admins): records the judge and e-mails the private link. Nothing is
 * kept if the e-mail cannot be sent. The link is never answered or logged: the e-mail is its one copy.
 */
export async function inviteJudge(admin: ViewerRef, meetingId: number, invite: JudgeInvite): Promise<JudgeJson> {
  requireAdmin(admin);
  const token = crypto.randomBytes(32).toString("base64url");
  return transaction(async () => {
    const meeting = await loadMeeting(meetingId, "share");
    requireJudgeable(meeting);
    const [row] = await db()
      .insert(competitionJudges)
      .values({ meetingId, name: invite.name, email: invite.email, tokenHash: hashOf(token) })
      .returning();
    // Inside the transaction: a mail server that refuses leaves no judge without a link.
    await sendMail(
      judgeInviteMail({
        club: await clubName(),
        judgeName: invite.name,
        email: invite.email,
        competition: meetingTitle(meeting.topic),
        startsAt: meeting.startsAt,
        link: judgeLink(token),
      }),
    );
    return toJudgeJson(row!);
  });
}

/** GET /api/meetings/{id}/judges (admins): who was invited to judge, first invited first. */
export async function listJudges(admin: ViewerRef, meetingId: number): Promise<JudgeJson[]> {
  requireAdmin(admin);
  await loadMeeting(meetingId);
  const rows = await db()
    .select()
    .from(competitionJudges)
    .where(eq(competitionJudges.meetingId, meetingId))
    .orderBy(asc(competitionJudges.createdAt), asc(competitionJudges.id));
  return rows.map(toJudgeJson);
}

/** A judge's link may be used this often from one address: a whole night's scoring, never a guessing run. */
export const JUDGE_LINK_LIMITS = { perAddress: 600, windowSeconds: 10 * 60 };

const judgeRequests = throttle({
  keyPrefix: "judge_address",
  points: JUDGE_LINK_LIMITS.perAddress,
  duration: JUDGE_LINK_LIMITS.windowSeconds,
});

/** Counts one use of a judge's link from an address before its work; 429 past the limit. */
export async function countJudgeRequest(clientAddress: string): Promise<void> {
  const taken = await take(judgeRequests(), clientAddress);
  if (taken.allowed) return;
  throw new RateLimitedError(
    `Too many requests with this judging link. Please try again in ${minutesToWait(taken.retryAfterMs)}.`,
    taken.retryAfterMs / 1000,
  );
}

/** What the edit page says once a judge is invited: where the link went. */
export const judgeInvitedMessage = (judge: JudgeJson) => `Judging link sent to ${judge.name} at ${judge.email}.`;

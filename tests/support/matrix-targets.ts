// The authorization matrix's targets: for every cell its own owner, photos,
// invite, comments, meetings and template, which no other cell uses. They are
// made many cells' worth at a time, one multi-row insert per table, because
// made one row at a time, about seventeen queries a cell, they were most of the
// matrix's CPU (each round trip to PostgreSQL costs the test process, as much in
// the kernel's socket writes as in the driver, and the server): the same rows,
// in a sixth of the queries. A cell's targets exist a little before it runs,
// beside other cells' untouched ones, as earlier cells' used ones always did.
import crypto from "node:crypto";
import sharp from "sharp";
import { db } from "@db/client.server";
import { comments, features, invites, meetings, meetingSubmissions, meetingTemplates, users } from "@db/schema";
import type { MeetingRow, PhotoRow } from "@db/schema";
import { createSession } from "~/services/auth/session.server";
import { storage } from "~/storage/storage.server";
import { hoursFromNow } from "./meetings";
import { cookieHeaderFrom } from "./members";
import { insertPhotos } from "./photos";

export type Person = { id: number; username: string; cookie: string };
export type Targets = {
  owner: Person;
  /** A deactivated member (members see them no more; admins still manage them). */
  deactivated: Person;
  photo: PhotoRow;
  inviteId: string;
  commentId: number;
  /** A comment on a crop of a photo whose large size is a real image (its picture is cut from it). */
  cropCommentId: number;
  /** An upcoming meeting only the owner may submit to, holding one submission of the owner's. */
  meeting: MeetingRow;
  submission: { id: number; photoId: number };
  /** A meeting nobody submitted to (it may be deleted). */
  emptyMeetingId: number;
  templateId: number;
};

export type TargetPeople = {
  /** The owners' password hash (hashed once: argon2 is slow on purpose). */
  passwordHash: string;
  admin: Person;
  deactivated: Person;
  /** The year the owner's photo is featured in. */
  featuredYear: number;
};

/** How many cells' targets one round of inserts makes. */
const BATCH = 40;

/** The large size of the cropped photos: a real image, the same bytes for all. */
let cropLarge: Promise<Buffer> | undefined;

/** Hands out fresh targets, one set per call, never the same set twice. */
export function targetStock(people: () => TargetPeople): () => Promise<Targets> {
  let stock: Targets[] = [];
  return async () => {
    if (stock.length === 0) stock = await makeTargets(BATCH, people());
    return stock.shift()!;
  };
}

/** `count` sets of targets, each as the matrix's cells need them. */
async function makeTargets(count: number, people: TargetPeople): Promise<Targets[]> {
  const tags = Array.from({ length: count }, () => crypto.randomBytes(5).toString("hex"));
  const ownerRows = await db()
    .insert(users)
    .values(
      tags.map((tag) => ({
        username: `matrix_${tag}`,
        firstName: "Matrix",
        lastName: `Member${tag}`,
        email: `matrix_${tag}@example.com`,
        passwordHash: people.passwordHash,
      })),
    )
    .returning();
  const owners: Person[] = [];
  for (const row of ownerRows)
    owners.push({ id: row.id, username: row.username, cookie: cookieHeaderFrom(await createSession(row.id)) });
  const ownerIds = owners.map((owner) => owner.id);

  // Per owner: the featured photo with its files, the cropped one, and the submitted one.
  const featured = await insertPhotos(ownerIds, { withFiles: true });
  const cropped = await insertPhotos(ownerIds);
  const submittedPhotos = await insertPhotos(ownerIds);
  cropLarge ??= sharp({ create: { width: 64, height: 48, channels: 3, background: "#808080" } })
    .webp()
    .toBuffer();
  const large = await cropLarge;
  for (const photo of cropped)
    await storage().put(photo.largeKey!, large, { contentType: "image/webp", size: large.length });

  await db()
    .insert(features)
    .values(
      featured.map((photo) => ({ photoId: photo.id, userId: photo.userId, year: people.featuredYear, position: 1 })),
    );
  const inviteIds = owners.map(() => crypto.randomBytes(16).toString("base64url"));
  await db()
    .insert(invites)
    .values(
      inviteIds.map((id) => ({
        id,
        firstName: "Garry",
        lastName: "Winogrand",
        email: `invitee_${id.toLowerCase()}@example.com`,
        invitedById: people.admin.id,
      })),
    );
  // The owner's own comments on their photos: "owner" is their author too.
  const commentRows = await db()
    .insert(comments)
    .values([
      ...featured.map((photo) => ({ photoId: photo.id, userId: photo.userId, body: "Matrix comment" })),
      ...cropped.map((photo) => ({
        photoId: photo.id,
        userId: photo.userId,
        body: "Matrix crop",
        cropX: 0.25,
        cropY: 0.25,
        cropWidth: 0.5,
        cropHeight: 0.5,
      })),
    ])
    .returning();
  const commentOn = new Map(commentRows.map((comment) => [comment.photoId, comment.id]));

  // As insertMeeting makes them: the owner's meeting in three days, an empty one in four.
  const topic = "Night walk\nAvailable light only.";
  const meetingRows = await db()
    .insert(meetings)
    .values([
      ...ownerIds.map((id) => ({ startsAt: hoursFromNow(72), topic, allowedUserIds: [id] })),
      ...ownerIds.map(() => ({ startsAt: hoursFromNow(96), topic })),
    ])
    .returning();
  const meetingOf = new Map(meetingRows.filter((m) => m.allowedUserIds).map((m) => [m.allowedUserIds![0]!, m]));
  const emptyMeetings = meetingRows.filter((m) => !m.allowedUserIds);
  const submissionRows = await db()
    .insert(meetingSubmissions)
    .values(
      submittedPhotos.map((photo) => ({
        meetingId: meetingOf.get(photo.userId)!.id,
        photoId: photo.id,
        userId: photo.userId,
        position: 1,
      })),
    )
    .returning();
  const submissionOf = new Map(submissionRows.map((row) => [row.userId, row]));
  // As insertTemplate makes them.
  const templates = await db()
    .insert(meetingTemplates)
    .values(ownerIds.map(() => ({ topic: "Weekly critique", latestAt: hoursFromNow(24), frequency: 7 })))
    .returning();

  return owners.map((owner, i) => ({
    owner,
    deactivated: people.deactivated,
    photo: featured[i]!,
    inviteId: inviteIds[i]!,
    commentId: commentOn.get(featured[i]!.id)!,
    cropCommentId: commentOn.get(cropped[i]!.id)!,
    meeting: meetingOf.get(owner.id)!,
    submission: { id: submissionOf.get(owner.id)!.id, photoId: submissionOf.get(owner.id)!.photoId },
    emptyMeetingId: emptyMeetings[i]!.id,
    templateId: templates[i]!.id,
  }));
}

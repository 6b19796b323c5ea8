// The club's data model: every entity of docs/product.md ("What the site keeps").
// Column names are camelCase here and snake_case in PostgreSQL (drizzle `casing`).
//
// Cascade policy, so that nothing is lost by accident:
// - members are deactivated, never deleted, so rows that point at a member RESTRICT;
// - a photo owns its ratings, comments, feature and submission: deleting the photo
//   (an explicit, confirmed act of its owner) removes them;
// - a meeting with submissions cannot be deleted (RESTRICT); a template may go and
//   leaves its meetings behind (SET NULL).
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { DEFAULT_LICENSE, LICENSE_VALUES } from "../app/lib/licenses";

// A member reference: members are deactivated, never deleted, so RESTRICT.
const memberId = () =>
  integer()
    .notNull()
    .references((): AnyPgColumn => users.id, { onDelete: "restrict" });

// Ratings, comments, a feature and a submission belong to their photo and go with it.
const photoIdOwnedByPhoto = () =>
  integer()
    .notNull()
    .references((): AnyPgColumn => photos.id, { onDelete: "cascade" });

const licenseCheck = (name: string, column: AnyPgColumn) =>
  check(name, sql`${column} in (${sql.raw(LICENSE_VALUES.map((value) => `'${value}'`).join(","))})`);

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  "users",
  {
    id: serial().primaryKey(),
    username: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text(),
    passwordHash: text().notNull(),
    isAdmin: boolean().notNull().default(false),
    bio: text(),
    website: text(),
    isPublic: boolean().notNull().default(true),
    license: text().notNull().default(DEFAULT_LICENSE),
    acquireLicensePage: text(),
    // The profile picture: the stored blob it was made from, and its derived sizes.
    pictureAssetId: integer().references((): AnyPgColumn => assets.id, { onDelete: "set null" }),
    // An e-mail when someone comments on the member's photos (their profile's choice).
    commentEmails: boolean().notNull().default(true),
    // The secret in the member's private calendar address (/calendar/{token}.ics); null until first asked for.
    calendarToken: text(),
    // An e-mail MEETING_REMINDER_HOURS before each meeting they may submit to (their profile's choice).
    meetingReminders: boolean().notNull().default(true),
    ...timestamps,
    deactivatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Logins and sign-ups treat 'Ann' and 'ann' as the same member.
    uniqueIndex("users_username_lower_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_calendar_token_key").on(t.calendarToken),
    index("users_name_idx").on(t.lastName, t.firstName),
    licenseCheck("users_license_check", t.license),
  ],
);

// Server-side sessions: the cookie holds only a random id, so logging out, a
// password change or a deactivation ends a session at once.
export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const invites = pgTable(
  "invites",
  {
    // Random, at least 128 bits: the id is the secret in the e-mailed link.
    id: text().primaryKey(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    message: text(),
    invitedById: integer().references(() => users.id, { onDelete: "set null" }),
    acceptedUserId: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
    acceptedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("invites_open_idx")
      .on(t.updatedAt)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial().primaryKey(),
    // sha256 of the token sent by e-mail; the token itself is never stored.
    tokenHash: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

// An uploaded blob (docs/product.md, Upload blob): created by POST /api/assets, filled by the
// direct upload, then attached once to a photo or a profile picture.
export const assets = pgTable(
  "assets",
  {
    id: serial().primaryKey(),
    // Object storage key, generated by the server, never derived from the file name.
    key: text().notNull().unique(),
    filename: text().notNull(),
    contentType: text().notNull().default("application/octet-stream"),
    byteSize: bigint({ mode: "number" }).notNull(),
    createdById: integer().references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // When the one PUT of the app's own upload endpoint was let in: a second PUT finds it set and is refused.
    uploadingAt: timestamp({ withTimezone: true }),
    uploadedAt: timestamp({ withTimezone: true }),
    attachedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("assets_unattached_idx")
      .on(t.createdAt)
      .where(sql`${t.attachedAt} is null`),
    check("assets_byte_size_check", sql`${t.byteSize} >= 0`),
  ],
);

// Stored objects to remove (a deleted photo's files, a discarded upload's): written
// in the same transaction as the rows that stop pointing at them, deleted once the
// storage confirms the removal, retried by a periodic job until then
// (app/storage/removals.server.ts). A crash or a storage outage never strands a file.
export const storageRemovals = pgTable(
  "storage_removals",
  {
    key: text().primaryKey(),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
  },
  (t) => [index("storage_removals_next_attempt_idx").on(t.nextAttemptAt)],
);

export type ExifField = { value: string | number; description: string };
export type PhotoMetadata = {
  exif?: Partial<
    Record<
      "Make" | "Model" | "LensModel" | "FocalLength" | "FNumber" | "ShutterSpeedValue" | "ISOSpeedRatings",
      ExifField
    >
  >;
};

export const photos = pgTable(
  "photos",
  {
    id: serial().primaryKey(),
    userId: memberId(),
    originalAssetId: integer()
      .notNull()
      .references(() => assets.id, { onDelete: "restrict" }),
    filename: text().notNull(),
    caption: text(),
    description: text(),
    notes: text(),
    license: text().notNull().default(DEFAULT_LICENSE),
    acquireLicensePage: text(),
    // Storage keys of the derived sizes (no metadata in them).
    thumbKey: text(),
    largeKey: text(),
    width: integer(),
    height: integer(),
    takenAt: timestamp({ withTimezone: true }),
    // The camera's own UTC offset ('+02:00'), so a taken time can be shown as the photographer saw it.
    takenAtOffset: text(),
    metadata: jsonb().$type<PhotoMetadata>().notNull().default({}),
    // Denormalised sort keys (the photo sorts) so paging never aggregates or joins.
    ratingAverage: integer(), // average * 1000, owner's own rating excluded; null when unrated
    ratingCount: integer().notNull().default(0),
    meetingStartsAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("photos_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("photos_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("photos_taken_idx").on(t.takenAt.desc().nullsLast(), t.id.desc()),
    index("photos_rating_idx").on(t.ratingAverage.desc().nullsLast(), t.id.desc()),
    index("photos_meeting_idx").on(t.meetingStartsAt.desc().nullsLast(), t.id.desc()),
    licenseCheck("photos_license_check", t.license),
  ],
);

export const ratings = pgTable(
  "ratings",
  {
    photoId: photoIdOwnedByPhoto(),
    userId: memberId(),
    value: smallint().notNull(),
    ...timestamps,
  },
  (t) => [
    // One rating per member per photo.
    primaryKey({ columns: [t.photoId, t.userId] }),
    // The 'myRating' sort reads a member's own ratings in its order (value, then
    // newest photo first, as every photo sort breaks ties), from either end.
    index("ratings_user_value_idx").on(t.userId, t.value.desc(), t.photoId.desc()),
    check("ratings_value_check", sql`${t.value} between 1 and 5`),
  ],
);

export const comments = pgTable(
  "comments",
  {
    id: serial().primaryKey(),
    photoId: photoIdOwnedByPhoto(),
    userId: memberId(),
    body: text().notNull(),
    // The region of the photo the comment is about ('Comment on this crop'), as
    // fractions of the image (0..1); all four null for a comment on the whole photo.
    cropX: doublePrecision(),
    cropY: doublePrecision(),
    cropWidth: doublePrecision(),
    cropHeight: doublePrecision(),
    ...timestamps,
  },
  (t) => [
    index("comments_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("comments_photo_idx").on(t.photoId, t.createdAt),
    // All four or none, and on the photo (the schema's 0..1 rule, with room for rounding).
    check(
      "comments_crop_check",
      sql`(${t.cropX} is null and ${t.cropY} is null and ${t.cropWidth} is null and ${t.cropHeight} is null)
        or (${t.cropX} >= 0 and ${t.cropY} >= 0 and ${t.cropWidth} > 0 and ${t.cropHeight} > 0
          and ${t.cropX} + ${t.cropWidth} <= 1.000001 and ${t.cropY} + ${t.cropHeight} <= 1.000001)`,
    ),
  ],
);

// The e-mail telling a photo's owner about new comments, one row per photo: at
// most one e-mail per photo per 15 minutes, comments made in between gathered
// into the next. Kept here, not in memory, so the throttle holds across
// restarts and several processes, and each comment is mailed once.
export const commentNotifications = pgTable(
  "comment_notifications",
  {
    photoId: integer()
      .primaryKey()
      .references(() => photos.id, { onDelete: "cascade" }),
    // The last e-mail about this photo: the next may go 15 minutes after it.
    sentAt: timestamp({ withTimezone: true }),
    // Since when a comment waits to be mailed; null when none does.
    pendingSince: timestamp({ withTimezone: true }),
    // The photo's comments up to this id are mailed already (or were never to be mailed).
    mailedThroughCommentId: integer().notNull().default(0),
  },
  (t) => [
    index("comment_notifications_pending_idx")
      .on(t.pendingSince)
      .where(sql`${t.pendingSince} is not null`),
  ],
);

// A photo in its owner's public portfolio for one year, at a 1-based position.
export const features = pgTable(
  "features",
  {
    photoId: integer()
      .primaryKey()
      .references(() => photos.id, { onDelete: "cascade" }),
    userId: memberId(),
    year: integer().notNull(),
    position: integer().notNull(),
    // A uniform random number fixed at featuring time: the home page draws random
    // photos by seeking this index from a random point, so its cost does not grow
    // with the number of featured photos (no ORDER BY random() over the table).
    randomKey: doublePrecision()
      .notNull()
      .default(sql`random()`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("features_user_year_position_key").on(t.userId, t.year, t.position),
    index("features_random_idx").on(t.randomKey),
    // The home page draws random featured photos by year.
    index("features_year_idx").on(t.year, t.photoId),
    check("features_position_check", sql`${t.position} between 1 and 12`),
    check("features_year_check", sql`${t.year} between 1900 and 9999`),
  ],
);

export const meetingTemplates = pgTable(
  "meeting_templates",
  {
    id: serial().primaryKey(),
    topic: text().notNull(),
    latestAt: timestamp({ withTimezone: true }).notNull(),
    callLink: text(),
    callDetails: text(),
    maxUploadsCount: integer().notNull().default(4),
    allowedUserIds: integer().array(),
    // Days between meetings (7 or 14), or null for a monthly one, which has its week of the month instead:
    // 'same' (the 2nd Tuesday, then the next month's) or 'last' (the last Tuesday of each month).
    frequency: integer(),
    monthlyWeek: text(),
    // Meetings made from it are reviewed anonymously (their own `anonymous`).
    anonymous: boolean().notNull().default(false),
    // A competition series: its meetings' kind, score out of, categories ({name, maxEntries}[]), and
    // how many days before each start its entries close.
    kind: text().notNull().default("critique"),
    scoreMax: integer(),
    categories: jsonb().$type<{ name: string; maxEntries: number }[]>(),
    closesDaysBefore: integer(),
    ...timestamps,
  },
  (t) => [
    check("meeting_templates_frequency_check", sql`${t.frequency} in (7, 14)`),
    check("meeting_templates_monthly_week_check", sql`${t.monthlyWeek} in ('same', 'last')`),
    check("meeting_templates_one_rhythm_check", sql`(${t.frequency} is null) <> (${t.monthlyWeek} is null)`),
    check("meeting_templates_max_uploads_check", sql`${t.maxUploadsCount} >= 0`),
    check(
      "meeting_templates_competition_check",
      sql`(${t.kind} = 'critique' and ${t.scoreMax} is null and ${t.categories} is null and ${t.closesDaysBefore} is null) or (${t.kind} = 'competition' and ${t.scoreMax} in (10, 15, 20) and ${t.categories} is not null and ${t.closesDaysBefore} between 0 and 60 and ${t.anonymous})`,
    ),
  ],
);

export const meetings = pgTable(
  "meetings",
  {
    id: serial().primaryKey(),
    meetingTemplateId: integer().references(() => meetingTemplates.id, { onDelete: "set null" }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    topic: text().notNull(),
    callLink: text(),
    callDetails: text(),
    maxUploadsCount: integer().notNull().default(4),
    allowedUserIds: integer().array(),
    // A critique night: who submitted what stays hidden (but from the photo's owner)
    // until an admin reveals it, which sets revealedAt.
    anonymous: boolean().notNull().default(false),
    revealedAt: timestamp({ withTimezone: true }),
    // When the recap e-mails of this meeting were set going (at the reveal of an
    // anonymous meeting, or by the jobs two hours after a meeting starts); each
    // member's own e-mail is then claimed in meeting_recaps. Meetings already over
    // when migration 0013 ran are marked, so nobody gets recaps of old nights.
    recapQueuedAt: timestamp({ withTimezone: true }),
    // A competition (kind 'competition') has categories, entries that close at closesAt, an outside
    // judge's scores out of scoreMax, and stays anonymous until its results are published.
    kind: text().notNull().default("critique"),
    closesAt: timestamp({ withTimezone: true }),
    scoreMax: integer(),
    resultsPublishedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("meetings_starts_idx").on(t.startsAt.desc(), t.id.desc()),
    check("meetings_max_uploads_check", sql`${t.maxUploadsCount} >= 0`),
    check("meetings_kind_check", sql`${t.kind} in ('critique', 'competition')`),
    check(
      "meetings_competition_check",
      sql`(${t.kind} = 'critique' and ${t.closesAt} is null and ${t.scoreMax} is null) or (${t.kind} = 'competition' and ${t.closesAt} is not null and ${t.scoreMax} in (10, 15, 20) and ${t.anonymous})`,
    ),
  ],
);

// A competition's categories (Colour, Mono, Open, a set subject), in their order; each entry goes to one.
export const competitionCategories = pgTable(
  "competition_categories",
  {
    id: serial().primaryKey(),
    meetingId: integer()
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    name: text().notNull(),
    maxEntries: integer().notNull(),
    position: integer().notNull(),
  },
  (t) => [
    // Names are told apart by the schema, which takes the whole list at once (a swap of two names is one edit).
    index("competition_categories_meeting_idx").on(t.meetingId, t.position),
    check("competition_categories_max_entries_check", sql`${t.maxEntries} between 1 and 100`),
  ],
);

export const meetingSubmissions = pgTable(
  "meeting_submissions",
  {
    id: serial().primaryKey(),
    meetingId: integer()
      .notNull()
      .references(() => meetings.id, { onDelete: "restrict" }),
    // A photo is submitted to at most one meeting.
    photoId: integer()
      .notNull()
      .unique()
      .references(() => photos.id, { onDelete: "cascade" }),
    userId: memberId(),
    position: integer().notNull(),
    // A competition's entry is in one of its categories (restrict: a category with entries stays).
    categoryId: integer().references(() => competitionCategories.id, { onDelete: "restrict" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("meeting_submissions_meeting_user_idx").on(t.meetingId, t.userId, t.position),
    index("meeting_submissions_category_idx").on(t.categoryId),
    check("meeting_submissions_position_check", sql`${t.position} >= 1`),
  ],
);

// A photo withdrawn from an anonymous meeting before its names were revealed:
// its author stays hidden until that meeting's reveal (access.server's
// authorHiddenSql reads these beside the submissions), so withdrawing, or
// withdrawing and submitting again, never shows for a moment whose it was.
export const withdrawnSubmissions = pgTable(
  "withdrawn_submissions",
  {
    // Deleting a meeting takes these with it; deleteMeeting refuses while they still hide an author.
    meetingId: integer()
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    photoId: integer()
      .notNull()
      .references(() => photos.id, { onDelete: "cascade" }),
    userId: memberId(),
    withdrawnAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.photoId, t.meetingId] }),
    index("withdrawn_submissions_meeting_idx").on(t.meetingId),
  ],
);

// An outside judge of a competition: no account, a private link whose token is kept only as its hash.
export const competitionJudges = pgTable(
  "competition_judges",
  {
    id: serial().primaryKey(),
    meetingId: integer()
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    name: text().notNull(),
    email: text().notNull(),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("competition_judges_meeting_idx").on(t.meetingId)],
);

// The judge's score and critique of an entry, and the award an admin may set before publishing
// (null: the one its place gives). One row per entry, whichever of the meeting's judges saved it last.
export const competitionScores = pgTable(
  "competition_scores",
  {
    photoId: integer()
      .primaryKey()
      .references(() => photos.id, { onDelete: "cascade" }),
    meetingId: integer()
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    judgeId: integer().references(() => competitionJudges.id, { onDelete: "set null" }),
    score: integer(),
    critique: text().notNull().default(""),
    award: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("competition_scores_meeting_idx").on(t.meetingId),
    check("competition_scores_score_check", sql`${t.score} between 1 and 20`),
    check("competition_scores_award_check", sql`${t.award} in ('1st', '2nd', '3rd', 'HC', 'none')`),
  ],
);

// One row per e-mail of a meeting claimed for a member: inserted before the
// e-mail goes, so a member hears once per meeting across restarts and several
// server processes. The reminder before a meeting, and the recap after it.
const meetingMailClaims = (name: string) =>
  pgTable(
    name,
    {
      meetingId: integer()
        .notNull()
        .references(() => meetings.id, { onDelete: "cascade" }),
      userId: memberId(),
      sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.meetingId, t.userId] })],
  );

export const meetingReminders = meetingMailClaims("meeting_reminders");
export const meetingRecaps = meetingMailClaims("meeting_recaps");

// The club's own settings, one row (id 1), made when an admin first sets one:
// its name, on every page and in every e-mail (null, or no row: SITE_TITLE, the
// name a new club starts with). Changes bump the members data version
// (migration 'club_settings'), so every process shows a new name on the next request.
export const clubSettings = pgTable(
  "club_settings",
  {
    id: integer().primaryKey(),
    name: text(),
    // The standings' points for a first, second and third place of a night (lib/results.ts's defaults).
    firstPlacePoints: integer().notNull().default(3),
    secondPlacePoints: integer().notNull().default(2),
    thirdPlacePoints: integer().notNull().default(1),
    // Hours after a meeting starts that its submissions close (its review has ended), so a late upload
    // cannot change a past night's results (lib/club-schemas.ts's bound; 2: the meeting's two hours).
    submissionsCloseHours: integer().notNull().default(2),
    // Competitions: the entry rules (a projected image's shortest long edge, a title required), the
    // season's points for each award and for each entry scored, and the public winners gallery.
    entryMinLongEdge: integer().notNull().default(1600),
    entryTitleRequired: boolean().notNull().default(true),
    firstAwardPoints: integer().notNull().default(6),
    secondAwardPoints: integer().notNull().default(4),
    thirdAwardPoints: integer().notNull().default(2),
    commendedAwardPoints: integer().notNull().default(1),
    scoredEntryPoints: integer().notNull().default(1),
    winnersGallery: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("club_settings_one_row", sql`${t.id} = 1`),
    // Bounded, and a place never worth more than the one above it.
    check(
      "club_settings_placing_points_check",
      sql`${t.thirdPlacePoints} >= 0 and ${t.thirdPlacePoints} <= ${t.secondPlacePoints} and ${t.secondPlacePoints} <= ${t.firstPlacePoints} and ${t.firstPlacePoints} <= 100`,
    ),
    check("club_settings_entry_rules_check", sql`${t.entryMinLongEdge} between 0 and 20000`),
    check("club_settings_submissions_close_check", sql`${t.submissionsCloseHours} between 0 and 336`),
    check(
      "club_settings_award_points_check",
      sql`least(${t.firstAwardPoints}, ${t.secondAwardPoints}, ${t.thirdAwardPoints}, ${t.commendedAwardPoints}, ${t.scoredEntryPoints}) >= 0 and greatest(${t.firstAwardPoints}, ${t.secondAwardPoints}, ${t.thirdAwardPoints}, ${t.commendedAwardPoints}, ${t.scoredEntryPoints}) <= 100`,
    ),
  ],
);

// One row of counters, bumped when a transaction that changed the tables behind
// them commits (deferred triggers, migration 'data_version_triggers'): what the
// server keeps in memory (a session's member, photo counts and lists) is keyed
// by them, so it is exact across server processes and never re-read while
// nothing changed (app/services/data-versions.server.ts).
export const dataVersions = pgTable("data_versions", {
  id: integer().primaryKey(),
  /** users, sessions, club_settings */
  members: bigint({ mode: "number" }).notNull().default(0),
  /** photos, users, features, ratings, meetings, meeting_submissions */
  photos: bigint({ mode: "number" }).notNull().default(0),
});

// socket.io's PostgreSQL adapter (app/realtime/server/adapter.server.ts) passes messages
// between app processes with NOTIFY; one over NOTIFY's 8000 bytes (a large room's
// fetchSockets() answer) is stored here for a moment and its id sent instead.
// The adapter reads and cleans it; the table's name and columns are the adapter's.
const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

export const socketIoAttachments = pgTable("socket_io_attachments", {
  id: bigserial({ mode: "number" }).unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
  payload: bytea(),
});

// The log-in and password-reset throttles' counters when the club runs on
// PostgreSQL (app/services/auth/throttle-store.server.ts): a restart keeps them
// and several app processes count together. The columns are the ones
// rate-limiter-flexible's Drizzle store reads and writes; it removes rows an
// hour past their expiry.
export const throttleCounts = pgTable("throttle_counts", {
  key: text().primaryKey(),
  points: integer().notNull().default(0),
  expire: timestamp({ withTimezone: true }),
});

export type UserRow = typeof users.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;
export type InviteRow = typeof invites.$inferSelect;
export type MeetingRow = typeof meetings.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;

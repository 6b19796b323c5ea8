// zod schemas for the member forms (profile, invite, forgot and reset password),
// shared by the Conform forms in the browser and by the actions and /api routes.
import { z } from "zod";
import {
  EmailSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_RULE_MESSAGE,
  PasswordSchema,
  PersonNameSchema,
  UsernameSchema,
} from "./account-schemas";
import { LICENSE_VALUES } from "./licenses";

export const EMAIL_NOT_FOUND_MESSAGE = "Email not found.";
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = "Passwords do not match.";
export const RESET_REQUESTED_MESSAGE = "Please check your email in a few minutes for a reset password link.";
export const PASSWORD_SAVED_MESSAGE = "Your new password has been saved.";
export const CURRENT_PASSWORD_NEEDED_MESSAGE = "Please enter your current password to change your password or email.";
export const CURRENT_PASSWORD_WRONG_MESSAGE = "This is not your current password.";

/** The profile's and the invite's texts' most, read by their fields too. */
export const MAX_PHONE_LENGTH = 40;
export const MAX_BIO_LENGTH = 2000;
export const MAX_PROFILE_LINK_LENGTH = 500;
export const MAX_INVITE_MESSAGE_LENGTH = 5000;

/** Free text that may be left empty: blank (or missing) is stored as null. */
const optionalText = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() || null : (value ?? null)),
    z
      .string({ error: `${label} must be text.` })
      .max(max, `${label} must be at most ${max} characters.`)
      .nullable(),
  );

/** A web address that may be left empty; 'example.com' is read as https://example.com. */
const optionalLink = (label: string) =>
  z.preprocess(
    (value) => {
      if (typeof value !== "string") return value ?? null;
      const trimmed = value.trim();
      if (!trimmed) return null;
      return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
    },
    z
      .url({ protocol: /^https?$/, hostname: /\./, error: `${label} must be a web address (https://...).` })
      .max(MAX_PROFILE_LINK_LENGTH, `${label} must be at most ${MAX_PROFILE_LINK_LENGTH} characters.`)
      .nullable(),
  );

/** 'Joined on': a date (YYYY-MM-DD, from the form) or a date-time (ISO, from the API). */
export const JoinedOnSchema = z
  .string({ error: "Joined on must be a date." })
  .max(40, "Joined on must be a date.")
  .pipe(z.union([z.iso.date(), z.iso.datetime({ offset: true, local: true })], { error: "Joined on must be a date." }));

/** The profile's fields and their rules, shared by the form's schema and the API's. */
const profileFields = {
  firstName: PersonNameSchema("First name"),
  lastName: PersonNameSchema("Last name"),
  username: UsernameSchema,
  email: EmailSchema,
  phone: optionalText("Phone", MAX_PHONE_LENGTH),
  bio: optionalText("Bio", MAX_BIO_LENGTH),
  website: optionalLink("Website"),
  isPublic: z.boolean({ error: "Show me to visitors must be true or false." }),
  // Whether the member hears by e-mail of comments on their photos (on unless turned off).
  commentEmails: z.boolean({ error: "Comment e-mails must be true or false." }),
  // Whether the member gets a reminder e-mail before each meeting they may submit to (on unless turned off).
  meetingReminders: z.boolean({ error: "Meeting reminders must be true or false." }),
  license: z.enum(LICENSE_VALUES, { error: "Please choose a licence." }),
  acquireLicensePage: optionalLink("Acquire licence page"),
  // Write-only: blank means 'keep the current password'.
  password: z.preprocess((value) => (value === "" || value === null ? undefined : value), PasswordSchema.optional()),
  confirmPassword: z.string().max(PASSWORD_MAX_LENGTH, PASSWORDS_DO_NOT_MATCH_MESSAGE).nullish(),
  // Write-only: a member changing their own password or e-mail address proves it is them.
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH, CURRENT_PASSWORD_WRONG_MESSAGE).nullish(),
  isAdmin: z.boolean({ error: "Administrator must be true or false." }).optional(),
  createdAt: JoinedOnSchema.optional(),
  // A signed upload id: the current one (no change), a new upload, or null/"" to remove.
  picture: z.string().max(2000).nullish(),
};

type PasswordPair = { password?: unknown; confirmPassword?: unknown };

/** The confirmation must repeat the password; checked also when other fields are wrong, so every error shows at once. */
function passwordsMatch<S extends z.ZodType<PasswordPair>>(schema: S) {
  return schema.refine((profile) => (profile.password ?? "") === (profile.confirmPassword ?? ""), {
    path: ["confirmPassword"],
    message: PASSWORDS_DO_NOT_MATCH_MESSAGE,
    when: ({ value }) => {
      const { password, confirmPassword } = (value ?? {}) as Record<string, unknown>;
      return [password, confirmPassword].every((v) => v === undefined || v === null || typeof v === "string");
    },
  });
}

/**
 * The profile form: the same for a member editing
 * themself and an admin editing anyone. Only admins may change isAdmin and
 * createdAt ('Administrator', 'Joined on'); the server enforces that. A blank
 * field is empty (null), and an unchecked box ('Show my profile', the comment
 * e-mails, the meeting reminders) is false.
 */
export const ProfileSchema = passwordsMatch(
  z.object({
    ...profileFields,
    isPublic: profileFields.isPublic.default(false),
    commentEmails: profileFields.commentEmails.default(false),
    meetingReminders: profileFields.meetingReminders.default(false),
  }),
);

/**
 * PATCH /api/users/{id}: the whole user (docs/api.md) or only some fields,
 * with the form's rules; a field left out keeps its value.
 */
export const ProfilePatchSchema = passwordsMatch(z.object(profileFields).partial());

export type ProfilePatch = z.output<typeof ProfilePatchSchema>;
export type ProfileInput = z.output<typeof ProfileSchema>;

export const InviteSchema = z.object({
  firstName: PersonNameSchema("First name"),
  lastName: PersonNameSchema("Last name"),
  email: EmailSchema,
  message: optionalText("Message", MAX_INVITE_MESSAGE_LENGTH),
});

export type Invite = z.output<typeof InviteSchema>;

/** GET /api/users?showAll=true: admins ask for deactivated members too. */
export const MemberListQuerySchema = z.object({
  showAll: z
    .string()
    .max(10)
    .optional()
    .transform((value) => value === "true" || value === "1"),
});

/** The buttons of /admin/members: resend or revoke an invite, deactivate or reactivate a member. */
export const MemberAdminActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("resend"), inviteId: z.string().max(200) }),
  z.object({ intent: z.literal("revoke"), inviteId: z.string().max(200) }),
  z.object({
    intent: z.literal("toggle"),
    userId: z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 31 - 1),
  }),
]);

/** The forgot-password form: any failure reads 'Email not found.'. */
export const ForgotPasswordSchema = z.object({
  email: z
    .string({ error: EMAIL_NOT_FOUND_MESSAGE })
    .trim()
    .min(1, EMAIL_NOT_FOUND_MESSAGE)
    .max(254, EMAIL_NOT_FOUND_MESSAGE),
});

/** The new password of a reset: any failure reads the password rule. */
export const ResetPasswordSchema = z.object({
  password: z
    .string({ error: PASSWORD_RULE_MESSAGE })
    .max(PASSWORD_MAX_LENGTH, PASSWORD_RULE_MESSAGE)
    .pipe(PasswordSchema),
});

export type ForgotPassword = z.output<typeof ForgotPasswordSchema>;
export type ResetPassword = z.output<typeof ResetPasswordSchema>;

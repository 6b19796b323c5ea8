// zod schemas for account forms, shared by the Conform forms (client), the
// actions and the /api routes (server), and the user:create command.
import { z } from "zod";
import { ClubNameSchema } from "./club-schemas";

/** A password's length, from the contract's rule (at least eight) and the code's bound (hashing is work). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
const NUMBER_WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
];
/**
 * The password rule, said under every new password field before the first
 * attempt and as its error: the contract's words, the number from the constant the
 * schema checks, so the two cannot drift apart.
 */
export const PASSWORD_RULE_MESSAGE = `Minimum ${NUMBER_WORDS[PASSWORD_MIN_LENGTH] ?? PASSWORD_MIN_LENGTH} characters, at least one letter and one number.`;
const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
export const INVALID_LOGIN_MESSAGE = "Invalid email and/or password.";
export const DEACTIVATED_MESSAGE = "Your account is deactivated.";

/**
 * Characters a name must not carry: control characters, the bidirectional controls (a right-to-left
 * override turns 'Ann' followed by 'nimda' into what reads as 'Ann admin'), and the invisible ones
 * (zero-width space, word joiner, soft hyphen, byte-order mark, Hangul fillers, tag characters). The
 * zero-width joiner and non-joiner stay: Persian, Indic scripts and emoji need them.
 */
const HIDDEN_IN_NAMES =
  /[\p{Cc}\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u00AD\u180E\u115F\u1160\u3164\uFFA0\u{E0000}-\u{E007F}]/u;

const name = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(100, `${label} must be at most 100 characters.`)
    .refine(
      (value) => !HIDDEN_IN_NAMES.test(value),
      `${label} must not contain invisible or direction-changing characters.`,
    );

/** A first or last name field. */
export const PersonNameSchema = name;

export const UsernameSchema = z
  .string({ error: "Username is required." })
  .trim()
  .min(3, "Username must be at least 3 characters.")
  .max(30, "Username must be at most 30 characters.")
  .regex(/^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/, "Username may use letters, numbers, dots, dashes and underscores.")
  // These would collide with the member routes (/members/{username}/edit).
  .refine((value) => !["edit", "all", "new", "invite"].includes(value.toLowerCase()), "That username is reserved.");

export const EmailSchema = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  // Bounded before the address pattern runs on it.
  .max(254, "Email must be at most 254 characters.")
  .pipe(z.email("Email must be a valid email address."));

export const PasswordSchema = z
  .string({ error: PASSWORD_RULE_MESSAGE })
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE)
  // One check for the whole rule, so a password that breaks it twice reads the rule once.
  .regex(new RegExp(`^(?=.*[A-Za-z])(?=.*[0-9]).{${PASSWORD_MIN_LENGTH},}$`, "s"), PASSWORD_RULE_MESSAGE);

export const LoginSchema = z.object({
  email: z
    .string({ error: "Email or username is required." })
    .trim()
    .min(1, "Email or username is required.")
    .max(254, "Email or username must be at most 254 characters."),
  // Bounded: every attempt is hashed, and hashing a megabyte is work an attacker should not get for free.
  password: z
    .string({ error: "Password is required." })
    .min(1, "Password is required.")
    .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE),
});

export type Login = z.output<typeof LoginSchema>;

const newMemberFields = {
  firstName: name("First name"),
  lastName: name("Last name"),
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  confirmPassword: z
    .string({ error: "Please confirm the password." })
    .max(PASSWORD_MAX_LENGTH, "Passwords do not match."),
};

const passwordsMatch = (value: { password: string; confirmPassword: string }) =>
  value.password === value.confirmPassword;
const PASSWORDS_DIFFER = { path: ["confirmPassword"], message: "Passwords do not match." };

/** A new member's details: the setup page, the user:create command, and later invites and registration. */
export const NewMemberSchema = z.object(newMemberFields).refine(passwordsMatch, PASSWORDS_DIFFER);

/** The setup page: the club's name, then the first admin's details. */
export const FirstAdminSchema = z
  .object({ clubName: ClubNameSchema, ...newMemberFields })
  .refine(passwordsMatch, PASSWORDS_DIFFER);

export type FirstAdmin = z.infer<typeof FirstAdminSchema>;
export type NewMember = z.infer<typeof NewMemberSchema>;

// zod schemas for account forms, shared by the Conform forms (client), the
// actions and the /api routes (server), and the user:create command.
import { z } from "zod";

export const PASSWORD_RULE_MESSAGE = "Minimum eight characters, at least one letter and one number.";
export const INVALID_LOGIN_MESSAGE = "Invalid email and/or password.";
export const DEACTIVATED_MESSAGE = "Your account is deactivated.";

const name = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(100, `${label} must be at most 100 characters.`);

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
  .max(200, "Password must be at most 200 characters.")
  .regex(/^(?=.*[A-Za-z])(?=.*[0-9]).{8,}$/s, PASSWORD_RULE_MESSAGE);

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
    .max(200, "Password must be at most 200 characters."),
});

export type Login = z.output<typeof LoginSchema>;

/** A new member's details: the setup page, the user:create command, and later invites and registration. */
export const NewMemberSchema = z
  .object({
    firstName: name("First name"),
    lastName: name("Last name"),
    username: UsernameSchema,
    email: EmailSchema,
    password: PasswordSchema,
    confirmPassword: z.string({ error: "Please confirm the password." }).max(200, "Passwords do not match."),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match.",
  });

export type NewMember = z.infer<typeof NewMemberSchema>;

// zod schemas for the club's own settings: its name, chosen at setup (with the
// first admin's account, account-schemas.ts) and changed by admins on /admin/club.
import { z } from "zod";

/** The club's name: the navbar, every page's title, the footer, every e-mail. */
export const ClubNameSchema = z
  .string({ error: "Club name is required." })
  .trim()
  .min(1, "Club name is required.")
  .max(100, "Club name must be at most 100 characters.");

export const ClubSettingsSchema = z.object({ clubName: ClubNameSchema });

export type ClubSettings = z.infer<typeof ClubSettingsSchema>;

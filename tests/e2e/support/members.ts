// The members the global setup creates (with `npm run user:create`) before the
// shared server starts. Each spec uses its own, so specs stay independent and
// can run in parallel.
import type { MemberDetails } from "./club-server";

const member = (username: string, firstName: string, lastName: string, admin = false): MemberDetails => ({
  username,
  firstName,
  lastName,
  email: `${username}@example.test`,
  password: `Street-${username}-2024`,
  admin,
});

export const members = {
  /** Logs in by username and out again. */
  alice: member("alice_lens", "Alice", "Aperture"),
  /** Follows a guard back to where she was going. */
  bruno: member("bruno.grain", "Bruno", "Grain"),
  /** A plain member bounced from the admin pages. */
  carmen: member("carmen-bokeh", "Carmen", "Bokeh"),
  /** An admin. */
  diego: member("diego_admin", "Diego", "Darkroom", true),
  /** Mistypes his password. */
  emil: member("emil.shutter", "Emil", "Shutter"),
  /** Logs in by email. */
  farah: member("farah_f8", "Farah", "Focus"),
  /** Edits his profile and picture (members issue). */
  hugo: member("hugo_frame", "Hugo", "Frame"),
  /** Deactivated by an admin, then refused at login (members issue). */
  gina: member("gina.gone", "Gina", "Gone"),
  /** An admin who manages members (members issue). */
  ines: member("ines_admin", "Ines", "Index", true),
  /** Keeps private notes on her photo (photos issue). */
  olga: member("olga_notes", "Olga", "Notes"),
  /** Looks at Olga's photo and must not see her notes. */
  pavel: member("pavel_peek", "Pavel", "Peek"),
} satisfies Record<string, MemberDetails>;

// The members the global setup writes to the shared database (createMembers) before the
// shared server starts. Each spec uses its own, so specs stay independent and
// can run in parallel.
import type { MemberDetails } from "./club-server";

/** A member the tests create, with the house pattern for their e-mail and password. */
export const memberDetails = (username: string, firstName: string, lastName: string, admin = false): MemberDetails => ({
  username,
  firstName,
  lastName,
  email: `${username}@example.test`,
  password: `Street-${username}-2024`,
  admin,
});

export const members = {
  /** Logs in by username and out again. */
  alice: memberDetails("alice_lens", "Alice", "Aperture"),
  /** Follows a guard back to where she was going. */
  bruno: memberDetails("bruno.grain", "Bruno", "Grain"),
  /** A plain member bounced from the admin pages. */
  carmen: memberDetails("carmen-bokeh", "Carmen", "Bokeh"),
  /** An admin. */
  diego: memberDetails("diego_admin", "Diego", "Darkroom", true),
  /** Mistypes his password. */
  emil: memberDetails("emil.shutter", "Emil", "Shutter"),
  /** Logs in by email. */
  farah: memberDetails("farah_f8", "Farah", "Focus"),
  /** Edits his profile and picture (members issue). */
  hugo: memberDetails("hugo_frame", "Hugo", "Frame"),
  /** Deactivated by an admin, then refused at login (members issue). */
  gina: memberDetails("gina.gone", "Gina", "Gone"),
  /** An admin who manages members (members issue). */
  ines: memberDetails("ines_admin", "Ines", "Index", true),
  /** Keeps private notes on her photo (photos issue). */
  olga: memberDetails("olga_notes", "Olga", "Notes"),
  /** Looks at Olga's photo and must not see her notes. */
  pavel: memberDetails("pavel_peek", "Pavel", "Peek"),
  /** Changes her photos, rates and comments in a browser without JavaScript (no-javascript.spec). */
  nadia: memberDetails("nadia_noscript", "Nadia", "Noscript"),
  /**
   * Chooses a featured year without JavaScript (no-javascript.spec): not Nadia, whose
   * year is reordered meanwhile by another test (a changed year refuses the reorder).
   */
  nils: memberDetails("nils_noscript", "Nils", "Noscript"),
  /** Deactivated and reactivated by Ulla without JavaScript (no-javascript.spec). */
  tomas: memberDetails("tomas_toggle", "Tomas", "Toggle"),
  /** An admin without JavaScript (no-javascript.spec). */
  ulla: memberDetails("ulla_admin", "Ulla", "Unscripted", true),
  /** Owns the photos the accessibility scans look at (accessibility.spec). */
  vera: memberDetails("vera_axe", "Vera", "Axe"),
  /** Joined this year and features photos of this year only: visitors start on last year (members.spec). */
  yuki: memberDetails("yuki_newcomer", "Yuki", "Newcomer"),
  /** The admin of the accessibility scans (accessibility.spec). */
  walt: memberDetails("walt_admin", "Walt", "Wcag", true),
} satisfies Record<string, MemberDetails>;

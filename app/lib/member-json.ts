// A member as the API and the screens see them: the shapes the server sends and the browser reads.

/** The user as the API and the screens see it: never the password. */
export type UserJson = {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  isAdmin: boolean;
  bio: string | null;
  website: string | null;
  isPublic: boolean;
  /** Whether they are e-mailed of comments on their photos; their own and admins' business only. */
  commentEmails: boolean;
  /** Whether they get a reminder e-mail before each meeting; their own and admins' business only. */
  meetingReminders: boolean;
  license: string;
  acquireLicensePage: string | null;
  createdAt: string;
  picture: string | null;
  pictureUrl: string | null;
  pictureThumbUrl: string | null;
  deactivatedAt: string | null;
};

/**
 * A member as other people see them (the directory, member pages): no email,
 * phone or admin flag. The member themself and admins get the whole UserJson.
 */
export const PUBLIC_MEMBER_FIELDS = [
  "id",
  "username",
  "firstName",
  "lastName",
  "bio",
  "website",
  "isPublic",
  "license",
  "acquireLicensePage",
  "createdAt",
  "pictureUrl",
  "pictureThumbUrl",
  "deactivatedAt",
] as const;

export type PublicMemberJson = Pick<UserJson, (typeof PUBLIC_MEMBER_FIELDS)[number]>;

/** What the navbar needs of the logged-in member. */
export const NAV_MEMBER_FIELDS = ["id", "username", "firstName", "lastName", "isAdmin", "pictureThumbUrl"] as const;

export type NavMember = Pick<UserJson, (typeof NAV_MEMBER_FIELDS)[number]>;

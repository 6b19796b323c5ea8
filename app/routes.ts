// The route table: the screens of docs/product.md, then the /api resources of docs/api.md.
import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

// A grid's photo, opened in its place: a child route, so the detail's code comes with its own chunk.
const photoOf = (grid: string) => route(":photoId", "routes/photo-detail.tsx", { id: `${grid}-photo` });

export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("register", "routes/register.tsx"),
  route("setup/:token", "routes/setup.tsx"),
  route("account", "routes/account.tsx"),

  ...prefix("passwords", [
    index("routes/passwords/index.tsx"),
    route("forgot", "routes/passwords/forgot.tsx"),
    route("reset/:token", "routes/passwords/reset.tsx"),
  ]),
  route("invites/:inviteId", "routes/invites/invite.tsx"),

  ...prefix("members", [
    index("routes/members/index.tsx"),
    route(":username", "routes/members/member.tsx"),
    route(":username/edit", "routes/members/edit.tsx"),
    route(":username/:year", "routes/members/gallery.tsx", [photoOf("gallery")]),
  ]),
  route("browse", "routes/browse.tsx", [photoOf("browse")]),
  route("upload", "routes/upload.tsx"),
  route("comments", "routes/comments.tsx", [photoOf("comments")]),
  // The winners gallery: public while the club shows it (a club setting), else 404.
  route("winners", "routes/winners.tsx"),

  ...prefix("meetings", [
    index("routes/meetings/index.tsx"),
    route("new", "routes/meetings/new.tsx"),
    route("templates/:meetingId/edit", "routes/meetings/template-edit.tsx"),
    // Before the :meetingId routes, so 'standings' is never read as a meeting id.
    route("standings", "routes/meetings/standings.tsx"),
    route(":meetingId/edit", "routes/meetings/edit.tsx"),
    route(":meetingId/upload", "routes/meetings/upload.tsx"),
    route(":meetingId/calendar.ics", "routes/calendar/meeting.ts"),
    route(":meetingId/results", "routes/meetings/results.tsx"),
    route(":meetingId/present", "routes/meetings/present.tsx"),
    route(":meetingId", "routes/meetings/meeting.tsx", [route(":photoId", "routes/meetings/meeting-photo.tsx")]),
  ]),

  ...prefix("admin", [
    index("routes/admin/index.tsx"),
    route("members", "routes/admin/members.tsx"),
    route("members/invite", "routes/admin/invite.tsx"),
    route("members/:userId", "routes/admin/member-edit.tsx"),
    route("club", "routes/admin/club.tsx"),
  ]),

  // An outside judge's private link: public, guarded by the token (a competition's entries, no names).
  ...prefix("judge/:token", [index("routes/judge/judge.tsx"), route("photos/:photoId/:size", "routes/judge/photo.ts")]),

  // A member's private calendar feed: public, guarded by the token in its name ({token}.ics).
  route("calendar/:feed", "routes/calendar/feed.ts"),

  // Uploaded bytes in (local disk) and stored images out.
  route("uploads/:token", "routes/uploads.ts"),
  route("media/pictures/:assetId/:size", "routes/media/pictures.ts"),
  route("media/photos/:photoId/:size", "routes/media/photos.ts"),
  route("media/comments/:commentId/crop", "routes/media/comment-crops.ts"),

  ...prefix("api", [
    route("assets", "routes/api/assets.ts"),
    route("auth/login", "routes/api/auth.login.ts"),
    route("auth/logout", "routes/api/auth.logout.ts"),
    route("users/me", "routes/api/users.me.ts"),
    route("auth/register", "routes/api/auth.register.ts"),
    route("users", "routes/api/users.ts"),
    route("users/:userId", "routes/api/users.user.ts"),
    route("invites", "routes/api/invites.ts"),
    route("invites/:inviteId", "routes/api/invites.invite.ts"),
    route("invites/:inviteId/accept", "routes/api/invites.accept.ts"),
    route("invites/:inviteId/resend", "routes/api/invites.resend.ts"),
    route("passwords", "routes/api/passwords.ts"),
    route("passwords/:token", "routes/api/passwords.token.ts"),
    route("photos", "routes/api/photos.ts"),
    route("photos/random", "routes/api/photos.random.ts"),
    route("photos/features/:userId/:year", "routes/api/photos.features.ts"),
    route("photos/:photoId", "routes/api/photos.photo.ts"),
    route("photos/:photoId/feature", "routes/api/photos.feature.ts"),
    route("photos/:photoId/rate", "routes/api/photos.rate.ts"),
    route("meetings", "routes/api/meetings.ts"),
    // Before meetings/:meetingId, so 'templates' is never read as a meeting id.
    route("meetings/templates", "routes/api/meetings.templates.ts"),
    route("meetings/templates/:templateId", "routes/api/meetings.templates.template.ts"),
    route("meetings/:meetingId", "routes/api/meetings.meeting.ts"),
    route("meetings/:meetingId/reveal", "routes/api/meetings.reveal.ts"),
    route("meetings/:meetingId/results", "routes/api/meetings.results.ts"),
    route("meetings/:meetingId/submissions", "routes/api/meetings.submissions.ts"),
    route("meetings/:meetingId/submissions/:submissionId", "routes/api/meetings.submission.ts"),
    route("meetings/:meetingId/publish", "routes/api/meetings.publish.ts"),
    route("meetings/:meetingId/judges", "routes/api/meetings.judges.ts"),
    route("meetings/:meetingId/originals.zip", "routes/api/meetings.originals.ts"),
    route("judge/:token", "routes/api/judge.ts"),
    route("judge/:token/scores/:photoId", "routes/api/judge.scores.ts"),
    route("judge/:token/originals.zip", "routes/api/judge.originals.ts"),
    route("standings", "routes/api/standings.ts"),
    route("club", "routes/api/club.ts"),
    route("comments", "routes/api/comments.ts"),
    route("comments/:commentId", "routes/api/comments.comment.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  // Any other address: 'Not found' in the site's shell (after every other route, by React Router's ranking).
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

// The e-mail telling a member about new comments on their photo: one comment,
// or the several gathered while the 15-minute throttle held the next e-mail
// back. Comment bodies are text: escaped in the HTML, never markup.
import { env } from "~/env.server";
import { button, escapeHtml, htmlPage, paragraphs } from "~/services/mail/messages.server";
import type { MailMessage } from "~/services/mail/mail.server";
import { inlineSrc, type MailImage } from "~/services/mail/photo-images.server";
import { photoMediaUrl } from "~/services/photos/json.server";

export type CommentMailInput = {
  /** The club's name (clubName()). */
  club: string;
  owner: { firstName: string; username: string; email: string };
  photo: { id: number; caption: string | null; filename: string; thumbKey: string | null };
  /** Oldest first. */
  comments: { authorName: string; body: string }[];
  /** The photo's picture, by photo id, when it may go inline (mailImagesFor). */
  images?: Map<number, MailImage>;
};

/** Where the e-mail sends the owner: the photo with its comments. */
export function photoCommentsLink(photoId: number) {
  return `${env().BASE_URL}/comments/${photoId}`;
}

export function commentMail({ club, owner, photo, comments, images }: CommentMailInput): MailMessage {
  const { BASE_URL } = env();
  const title = photo.caption?.trim() || photo.filename;
  const link = photoCommentsLink(photo.id);
  // The text names the members-only address (opened in the member's browser); the HTML shows the picture inline.
  const thumbnail = photo.thumbKey ? `${BASE_URL}${photoMediaUrl(photo.id, "thumb", photo.thumbKey)}` : null;
  const picture = images?.get(photo.id) ?? null;
  const profile = `${BASE_URL}/members/${encodeURIComponent(owner.username)}/edit`;
  const one = comments.length === 1;
  const what = one ? `${comments[0]!.authorName} commented on` : `${comments.length} new comments on`;
  const subject = `${what} your photo "${title}" (${club})`;

  const text =
    `Hi ${owner.firstName},\n\n` +
    `${what} your photo "${title}":\n\n` +
    comments.map((comment) => `${comment.authorName} wrote:\n${comment.body}\n\n`).join("") +
    `See the photo and its comments:\n${link}\n\n` +
    (thumbnail ? `The photo's thumbnail: ${thumbnail}\n\n` : "") +
    `You get this e-mail because comment e-mails are on in your profile. ` +
    `To turn them off, edit your profile: ${profile}\n`;

  const html = htmlPage(
    subject,
    `<p>Hi ${escapeHtml(owner.firstName)},</p>
<p>${escapeHtml(what)} your photo “${escapeHtml(title)}”:</p>
${picture ? `<p><a href="${escapeHtml(link)}"><img src="${escapeHtml(inlineSrc(picture))}" alt="${escapeHtml(title)}" style="max-width: 12rem; border-radius: 6px;"></a></p>` : ""}
${comments
  .map(
    (comment) =>
      `<p style="margin-bottom: 0;"><strong>${escapeHtml(comment.authorName)}</strong> wrote:</p>
<blockquote style="margin: 0 0 1rem; padding-left: 1rem; border-left: 3px solid #e3e3df;">${paragraphs(comment.body)}</blockquote>`,
  )
  .join("\n")}
${button(link, "See the photo")}
<p style="color: #6b7079; font-size: 0.9em;">You get this e-mail because comment e-mails are on in your profile. <a href="${escapeHtml(profile)}">Turn them off</a>.</p>`,
  );
  return { to: owner.email, subject, text, html, link, images: picture ? [picture] : [] };
}

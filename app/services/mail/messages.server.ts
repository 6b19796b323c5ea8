// The club's e-mails: a plain-text and an HTML body each, the club's name (clubName()) in the subject.
import type { MailMessage } from "./mail.server";

export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export function paragraphs(text: string) {
  return text
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
}

export function htmlPage(title: string, body: string) {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1b1d21; max-width: 36rem;">
${body}
</body></html>`;
}

export function button(link: string, label: string) {
  return `<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 0.6rem 1.2rem; background: #c2410c; color: #fff; text-decoration: none; border-radius: 8px;">${escapeHtml(label)}</a></p>
<p style="color: #6b7079; font-size: 0.9em;">Or paste this link into your browser:<br>${escapeHtml(link)}</p>`;
}

export function inviteMail(invite: {
  /** The club's name (clubName()): what they are invited to join. */
  club: string;
  firstName: string;
  email: string;
  message: string | null;
  inviterName: string | null;
  link: string;
}): MailMessage {
  const title = invite.club;
  const who = invite.inviterName ?? "An admin";
  const subject = `You're invited to join ${title}`;
  const note = invite.message?.trim() ? `${invite.message.trim()}\n\n` : "";
  const text =
    `Hi ${invite.firstName},\n\n` +
    `${who} has invited you to join ${title}.\n\n` +
    note +
    `Accept the invitation and create your account here:\n${invite.link}\n\n` +
    `If you did not expect this invitation, you can ignore this e-mail.\n`;
  const html = htmlPage(
    subject,
    `<p>Hi ${escapeHtml(invite.firstName)},</p>
<p>${escapeHtml(who)} has invited you to join ${escapeHtml(title)}.</p>
${note ? `<blockquote style="margin: 0; padding-left: 1rem; border-left: 3px solid #e3e3df;">${paragraphs(invite.message!.trim())}</blockquote>` : ""}
${button(invite.link, "Accept the invitation")}
<p>If you did not expect this invitation, you can ignore this e-mail.</p>`,
  );
  return { to: invite.email, subject, text, html, link: invite.link };
}

export function passwordResetMail(member: {
  /** The club's name (clubName()). */
  club: string;
  firstName: string;
  username: string;
  email: string;
  link: string;
  expiresInMinutes: number;
}): MailMessage {
  const title = member.club;
  const subject = `Reset your ${title} password`;
  const text =
    `Hi ${member.firstName},\n\n` +
    `Someone (hopefully you) asked to reset the password of your ${title} account (${member.username}).\n\n` +
    `Choose a new password here:\n${member.link}\n\n` +
    `The link works once and expires in ${member.expiresInMinutes} minutes. ` +
    `If you did not ask for it, ignore this e-mail: your password stays as it is.\n`;
  const html = htmlPage(
    subject,
    `<p>Hi ${escapeHtml(member.firstName)},</p>
<p>Someone (hopefully you) asked to reset the password of your ${escapeHtml(title)} account (${escapeHtml(member.username)}).</p>
${button(member.link, "Choose a new password")}
<p>The link works once and expires in ${member.expiresInMinutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>`,
  );
  return { to: member.email, subject, text, html, link: member.link };
}

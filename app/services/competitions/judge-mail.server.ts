// The e-mail that brings an outside judge their private link.
import { formatMeetingDateTime } from "~/lib/club-time";
import type { MailMessage } from "~/services/mail/mail.server";
import { button, escapeHtml, htmlPage } from "~/services/mail/messages.server";
import { clubTimeZone } from "~/services/meetings/club-zone.server";

export function judgeInviteMail(invite: {
  club: string;
  judgeName: string;
  email: string;
  competition: string;
  startsAt: Date;
  link: string;
}): MailMessage {
  const when = formatMeetingDateTime(invite.startsAt, clubTimeZone());
  const subject = `Judging ${invite.competition} for ${invite.club}`;
  const text =
    `Dear ${invite.judgeName},\n\n` +
    `Thank you for judging ${invite.competition}, ${invite.club}'s competition on ${when}.\n\n` +
    `The entries, by category and number, are at your private link:\n${invite.link}\n\n` +
    `There you can view each entry full screen, give it a score and a critique, and download the originals. ` +
    `Keep the link to yourself: it works until the results are published.\n`;
  const html = htmlPage(
    subject,
    `<p>Dear ${escapeHtml(invite.judgeName)},</p>
<p>Thank you for judging ${escapeHtml(invite.competition)}, ${escapeHtml(invite.club)}'s competition on ${escapeHtml(when)}.</p>
<p>The entries, by category and number, are at your private link. There you can view each entry full screen, give it a score and a critique, and download the originals.</p>
${button(invite.link, "Open the entries")}
<p>Keep the link to yourself: it works until the results are published.</p>`,
  );
  // No `link`: the mail log must not hold the judge's capability.
  return { to: invite.email, subject, text, html };
}

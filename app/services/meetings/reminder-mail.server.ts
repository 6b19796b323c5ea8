// The reminder e-mail before a meeting: when (on the club's clock), the topic,
// the call link, the member's uploads so far and what they may still upload,
// and the links to upload and to turn reminders off.
import { env } from "~/env.server";
import { formatMeetingDateTime, timeZoneLabel } from "~/lib/club-time";
import { meetingTitle, meetingTopicDetails, remainingUploads } from "~/lib/meetings";
import type { MailMessage } from "~/services/mail/mail.server";
import { button, escapeHtml, htmlPage, paragraphs } from "~/services/mail/messages.server";

export type ReminderFacts = {
  /** The club's name (clubName()). */
  club: string;
  member: { firstName: string; username: string; email: string };
  meeting: { id: number; topic: string; startsAt: Date; callLink: string | null; maxUploadsCount: number };
  /** How many photos the member has submitted to the meeting. */
  uploaded: number;
  zone: string;
  hoursBefore: number;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function meetingReminderMail({
  club,
  member,
  meeting,
  uploaded,
  zone,
  hoursBefore,
}: ReminderFacts): MailMessage {
  const { BASE_URL: base } = env();
  const title = meetingTitle(meeting.topic);
  const details = meetingTopicDetails(meeting.topic);
  const when = `${formatMeetingDateTime(meeting.startsAt, zone)} (${timeZoneLabel(zone)} time)`;
  const remaining = remainingUploads(meeting.maxUploadsCount, uploaded);
  const uploadLink = `${base}/meetings/${meeting.id}/upload`;
  const meetingLink = `${base}/meetings/${meeting.id}`;
  const profileLink = `${base}/members/${encodeURIComponent(member.username)}/edit`;
  const uploads =
    remaining > 0
      ? `You have uploaded ${plural(uploaded, "photo", "photos")} for this meeting and may upload ${remaining} more.`
      : `You have uploaded ${plural(uploaded, "photo", "photos")} for this meeting: that is all you may upload.`;
  const subject = `Reminder: ${title}, ${formatMeetingDateTime(meeting.startsAt, zone)}`;
  const footer =
    `You get this e-mail ${plural(hoursBefore, "hour", "hours")} before each meeting you may upload to. ` +
    `To stop them, turn off meeting reminders on your profile:`;

  const text =
    `Hi ${member.firstName},\n\n` +
    `The next ${club} meeting is on ${when}.\n\n` +
    `${title}\n${details ? `${details}\n` : ""}\n` +
    (meeting.callLink ? `Join the call: ${meeting.callLink}\n\n` : "") +
    `${uploads}\n` +
    (remaining > 0 ? `Upload your photos: ${uploadLink}\n\n` : "\n") +
    `The meeting's page: ${meetingLink}\n\n` +
    `${footer}\n${profileLink}\n`;
  const html = htmlPage(
    subject,
    `<p>Hi ${escapeHtml(member.firstName)},</p>
<p>The next ${escapeHtml(club)} meeting is on <strong>${escapeHtml(when)}</strong>.</p>
<p><strong>${escapeHtml(title)}</strong></p>
${details ? paragraphs(details) : ""}
${meeting.callLink ? `<p>Join the call: <a href="${escapeHtml(meeting.callLink)}">${escapeHtml(meeting.callLink)}</a></p>` : ""}
<p>${escapeHtml(uploads)}</p>
${remaining > 0 ? button(uploadLink, "Upload your photos") : ""}
<p><a href="${escapeHtml(meetingLink)}">The meeting's page</a></p>
<p style="color: #6b7079; font-size: 0.9em;">${escapeHtml(footer)} <a href="${escapeHtml(profileLink)}">${escapeHtml(profileLink)}</a></p>`,
  );
  return { to: member.email, subject, text, html, link: remaining > 0 ? uploadLink : meetingLink };
}

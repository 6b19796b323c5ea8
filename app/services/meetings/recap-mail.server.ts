// The recap e-mail after a meeting: the top three with their
// pictures, the member's own photos with their averages and comments, and the
// link to the results. Captions and names are text: escaped in the HTML.
import { env } from "~/env.server";
import { formatMeetingDate } from "~/lib/club-time";
import { meetingTitle } from "~/lib/meetings";
import { photoLabel } from "~/lib/photo-label";
import { formatRating, placeName, plural, sharedPlaces } from "~/lib/results";
import type { MailMessage } from "~/services/mail/mail.server";
import { button, escapeHtml, htmlPage } from "~/services/mail/messages.server";
import { inlineSrc, type MailImage } from "~/services/mail/photo-images.server";
import type { RankedSubmission } from "./results.server";

export type RecapFacts = {
  /** The club's name (clubName()). */
  club: string;
  member: { id: number; firstName: string; username: string; email: string };
  meeting: { id: number; topic: string; startsAt: Date };
  /** The meeting's submissions in the ranking's order (results.server's rankedSubmissions). */
  ranked: RankedSubmission[];
  zone: string;
  /** The top photos' pictures this member's e-mail may carry, by photo id (mailImagesFor). */
  images?: Map<number, MailImage>;
  /** A competition's: this member's entries with the judge's score and their award. */
  entries?: RecapEntry[];
};

export type RecapEntry = {
  title: string | null;
  category: string;
  score: number | null;
  scoreMax: number;
  award: string | null;
};

/** '"Doorway" (Colour): 18 of 20, 1st'. */
const entryLine = (entry: RecapEntry) =>
  `${entry.title ? `"${entry.title}"` : "An untitled entry"} (${entry.category}): ` +
  `${entry.score === null ? "not scored" : `${entry.score} of ${entry.scoreMax}`}${entry.award ? `, ${entry.award === "HC" ? "Highly Commended" : entry.award}` : ""}`;

const MUTED = "color: #6b7079; font-size: 0.9em;";

/** '4.3 from 5 ratings, 2 comments', or 'no ratings yet, 1 comment'. */
function marks(row: RankedSubmission): string {
  const rating =
    row.rating === null
      ? "no ratings"
      : `${formatRating(row.rating)} from ${plural(row.ratingCount, "rating", "ratings")}`;
  return `${rating}, ${plural(row.commentCount, "comment", "comments")}`;
}

/** '"Harbour" by Ann Lee', or 'a photo by Ann Lee' without a caption (the recap goes once the names are shown). */
const described = (row: RankedSubmission) => {
  const author = `${row.author.firstName} ${row.author.lastName}`;
  return row.photo.caption ? `"${row.photo.caption}" by ${author}` : `a photo by ${author}`;
};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One of the member's own: '"Harbour"', or 'A photo without a caption'. */
const ownTitle = (row: RankedSubmission) =>
  row.photo.caption ? `"${row.photo.caption}"` : "A photo without a caption";

/** 'Photo of the night' for a first place alone; else the place's name, 'Joint first' when shared. */
const placeTitle = (place: number, shared: boolean) =>
  place === 1 && !shared ? "Photo of the night" : placeName(place, shared);

/** 'The top three:', or what the placed photos are when fewer or (with ties) more. */
const topIntro = (count: number) =>
  count === 0
    ? "No photo was rated at this meeting."
    : count > 3
      ? "The first three places:"
      : count === 1
        ? "The top photo:"
        : `The top ${count === 2 ? "two" : "three"}:`;

export function meetingRecapMail({
  club,
  member,
  meeting,
  ranked,
  zone,
  images = new Map(),
  entries,
}: RecapFacts): MailMessage {
  const { BASE_URL: base } = env();
  const title = meetingTitle(meeting.topic);
  const date = formatMeetingDate(meeting.startsAt, zone);
  const link = `${base}/meetings/${meeting.id}/results`;
  const profileLink = `${base}/members/${encodeURIComponent(member.username)}/edit`;
  // The placed photos (rated, in the first three places): more than three when places are shared.
  const shared = sharedPlaces(ranked);
  const top = ranked
    .filter((row) => row.placed)
    .map((row) => ({
      row,
      place: placeTitle(row.place, shared.has(row.place)),
      name: photoLabel({ caption: row.photo.caption, User: row.author }),
      image: images.get(row.photo.id) ?? null,
      photoLink: `${base}/meetings/${meeting.id}/${row.photo.id}`,
    }));
  const own = ranked.filter((row) => row.author.id === member.id);
  const ownPlace = (row: RankedSubmission) => `ranked ${row.place}${shared.has(row.place) ? " (joint)" : ""}`;
  const subject = `Results: ${title}, ${date} (${club})`;
  const ownIntro = own.length
    ? `Your ${own.length === 1 ? "photo" : `${own.length} photos`} of the ${ranked.length} submitted:`
    : `You did not submit a photo to this meeting; ${plural(ranked.length, "photo was", "photos were")} submitted.`;
  const footer =
    "You get this e-mail after each meeting because meeting reminders are on in your profile. " +
    "To stop reminders and recaps, turn them off on your profile:";

  const text =
    `Hi ${member.firstName},\n\n` +
    `The results of the ${club} meeting on ${date} are in.\n\n` +
    `${title}\n\n` +
    `${topIntro(top.length)}\n` +
    top.map(({ row, place }) => `${row.place}. ${place}: ${described(row)} (${marks(row)})\n`).join("") +
    `\n${ownIntro}\n` +
    own.map((row) => `- ${ownTitle(row)}: ${ownPlace(row)}, ${marks(row)}\n`).join("") +
    (entries?.length
      ? `\nThe judge's scores and awards for your entries:\n${entries.map((entry) => `- ${entryLine(entry)}\n`).join("")}` +
        `The judge's critiques are with the results.\n`
      : "") +
    `\nAll the results: ${link}\n\n` +
    `${footer}\n${profileLink}\n`;

  const topHtml = top
    .map(
      ({ row, place, name, image, photoLink }) => `<tr>
<td style="padding: 0.5rem 0.75rem 0.5rem 0; vertical-align: top; width: 8rem;">${
        image
          ? `<a href="${escapeHtml(photoLink)}"><img src="${escapeHtml(inlineSrc(image))}" alt="${escapeHtml(name)}" width="128" style="display: block; max-width: 8rem; height: auto; border-radius: 6px;"></a>`
          : ""
      }</td>
<td style="padding: 0.5rem 0; vertical-align: top;"><strong>${row.place}. ${escapeHtml(place)}</strong><br>
${escapeHtml(capitalized(described(row)))}<br>
<span style="${MUTED}">${escapeHtml(marks(row))}</span></td>
</tr>`,
    )
    .join("\n");
  const ownHtml = own.length
    ? `<ul>${own.map((row) => `<li>${escapeHtml(ownTitle(row))}: ${ownPlace(row)}, ${escapeHtml(marks(row))}</li>`).join("")}</ul>`
    : "";
  const html = htmlPage(
    subject,
    `<p>Hi ${escapeHtml(member.firstName)},</p>
<p>The results of the ${escapeHtml(club)} meeting on <strong>${escapeHtml(date)}</strong> are in.</p>
<p><strong>${escapeHtml(title)}</strong></p>
${top.length ? "" : `<p>${escapeHtml(topIntro(0))}</p>`}
<table role="presentation" style="border-collapse: collapse;">
${topHtml}
</table>
<p>${escapeHtml(ownIntro)}</p>
${ownHtml}
${
  entries?.length
    ? `<p>The judge's scores and awards for your entries:</p><ul>${entries.map((entry) => `<li>${escapeHtml(entryLine(entry))}</li>`).join("")}</ul><p>The judge's critiques are with the results.</p>`
    : ""
}
${button(link, "See all the results")}
<p style="${MUTED}">${escapeHtml(footer)} <a href="${escapeHtml(profileLink)}">${escapeHtml(profileLink)}</a></p>`,
  );
  const shown = top.flatMap(({ image }) => (image ? [image] : []));
  return { to: member.email, subject, text, html, link, images: shown };
}

// A competition's results page: per category, the entries ranked by the judge's
// score with their awards, scores and critiques, and the members' stars apart
// ('Members' favourite'). Before publishing only admins see it (names hidden,
// but for their own entries), with the judge's progress, a choice of award per
// entry and 'Publish results'; both are plain forms, so they work without a script.
import { Form, Link, useNavigation } from "react-router";
import { ConfirmForm } from "~/components/confirm-form";
import { useMeetingReveal } from "~/realtime/browser/use-meeting-reveal";
import { AWARD_FORM_PLACE, AWARD_LABELS, AWARDS, awardOfPlace, COMMENDED_PLACES, scoreText } from "~/lib/awards";
import type { CompetitionResultRowJson, CompetitionResultsJson } from "~/lib/competition-results";
import { authorName, formatRating, plural } from "~/lib/results";
import { FormErrors } from "~/components/forms/fields";
import { Thumb } from "./result-rows";
import "./competition-results.css";

export const PUBLISH_QUESTION =
  "Publish the results? Every member sees the awards, the scores and the names at once, the judge's link closes and the recap e-mails go out. This cannot be undone.";

export function CompetitionResults({
  meetingId,
  competition,
  mayManage,
  error,
}: {
  meetingId: number;
  /** Null for a member before publishing. */
  competition: CompetitionResultsJson | null;
  mayManage: boolean;
  /** An admin's form refused (the publish's 409 says how many entries are scored). */
  error: string | null;
}) {
  // Members waiting for the results see them the moment an admin publishes.
  useMeetingReveal(meetingId, !competition?.published);
  if (!competition)
    return (
      <p className="results-note" role="note">
        The results of this competition are shown when they are published.
      </p>
    );
  const choosing = mayManage && !competition.published;
  const { scoreMax } = competition.Meeting;
  return (
    <>
      {competition.published ? null : (
        <PublishPanel scored={competition.scored} total={competition.total} error={choosing ? error : null} />
      )}
      {competition.total === 0 ? <p className="muted">Nobody entered this competition.</p> : null}
      {competition.categories.map((category) => (
        <section key={category.id} className="competition-category" aria-labelledby={`category-${category.id}`}>
          <h2 id={`category-${category.id}`}>{category.name}</h2>
          {category.results.length === 0 ? (
            <p className="muted">No entries in this category.</p>
          ) : (
            <ol className="result-rows competition-rows">
              {category.results.map((row) => (
                <EntryRow key={row.Photo.id} row={row} meetingId={meetingId} scoreMax={scoreMax} choosing={choosing} />
              ))}
            </ol>
          )}
          <MembersFavourite rows={category.results.filter((row) => row.membersFavourite)} meetingId={meetingId} />
        </section>
      ))}
      <p className="muted results-rule">
        Ranked by the judge&apos;s score: 1st, 2nd and 3rd, then Highly Commended for the next {COMMENDED_PLACES}{" "}
        places; equal scores share a place and its award. The members&apos; stars are shown apart and never change the
        order.
      </p>
    </>
  );
}

/** Before publishing (admins): the judge's progress and the button that makes the results the club's. */
function PublishPanel({ scored, total, error }: { scored: number; total: number; error: string | null }) {
  return (
    <div className="results-note publish-panel" role="note">
      <p>
        <strong>Not published yet.</strong> Only admins see these results, without the names, until they are published.
      </p>
      <p data-testid="judge-progress">
        The judge has scored {scored} of {total} {total === 1 ? "entry" : "entries"}.
      </p>
      <ConfirmForm intent="publish" className="button primary" question={PUBLISH_QUESTION}>
        Publish results
      </ConfirmForm>
      <FormErrors errors={error ? [error] : []} />
    </div>
  );
}

function EntryRow({
  row,
  meetingId,
  scoreMax,
  choosing,
}: {
  row: CompetitionResultRowJson;
  meetingId: number;
  scoreMax: number;
  choosing: boolean;
}) {
  const title = row.Photo.caption || `Entry ${row.number}`;
  return (
    <li id={`entry-${row.number}`} className={row.award ? "result-row placed" : "result-row"} value={row.place}>
      <span className="result-rank" aria-hidden="true">
        {row.score === null ? "–" : row.place}
      </span>
      <Thumb photo={row.Photo} label={title} meetingId={meetingId} sizes="(max-width: 559px) 5.5rem, 8rem" />
      <div className="result-facts">
        <p className="result-title">
          <span className="visually-hidden">{row.score === null ? "Not scored: " : `Place ${row.place}: `}</span>
          {title} <span className="entry-number">Entry {row.number}</span>
          {row.award ? <span className="result-badge award-badge">{AWARD_LABELS[row.award]}</span> : null}
        </p>
        <p className="result-marks">
          <span className="entry-score">
            {row.score === null ? "Not scored yet" : `Score ${scoreText(row.score, scoreMax)}`}
          </span>
          {row.User ? (
            <Link className="result-author" to={`/members/${encodeURIComponent(row.User.username)}`}>
              {authorName(row.User)}
            </Link>
          ) : (
            <span className="result-author anonymous">Anonymous</span>
          )}
        </p>
        {row.critique ? (
          <blockquote className="judge-critique">
            <p>{row.critique}</p>
          </blockquote>
        ) : null}
        {choosing && row.score !== null ? <AwardForm row={row} /> : null}
      </div>
    </li>
  );
}

/** An admin's choice of an entry's award before publishing: its place's (the default), another, or none. */
function AwardForm({ row }: { row: CompetitionResultRowJson }) {
  const navigation = useNavigation();
  const placed = awardOfPlace(row.place, COMMENDED_PLACES);
  const chosen = row.awardChosen ? (row.award ?? "none") : AWARD_FORM_PLACE;
  const selectId = `award-${row.Photo.id}`;
  return (
    <Form method="post" preventScrollReset className="award-form">
      <input type="hidden" name="intent" value="award" />
      <input type="hidden" name="PhotoId" value={row.Photo.id} />
      <label htmlFor={selectId}>Award for entry {row.number}</label>
      <select id={selectId} name="award" defaultValue={chosen} key={chosen}>
        <option value={AWARD_FORM_PLACE}>By its place ({placed ? AWARD_LABELS[placed] : "no award"})</option>
        {AWARDS.map((award) => (
          <option key={award} value={award}>
            {AWARD_LABELS[award]}
          </option>
        ))}
        <option value="none">No award</option>
      </select>
      <button type="submit" className="button small" disabled={navigation.state === "submitting"}>
        Change award
      </button>
    </Form>
  );
}

/** The members' stars, apart from the judge's score: the category's best average (ties share it). */
function MembersFavourite({ rows, meetingId }: { rows: CompetitionResultRowJson[]; meetingId: number }) {
  if (rows.length === 0) return null;
  return (
    <aside className="members-favourite" aria-label="Members' favourite">
      <h3>Members&apos; favourite</h3>
      <ul>
        {rows.map((row) => (
          <li key={row.Photo.id}>
            <Link to={`/meetings/${meetingId}/${row.Photo.id}`}>{row.Photo.caption || `Entry ${row.number}`}</Link>{" "}
            <span className="muted">Entry {row.number}</span>{" "}
            <span className="result-rating">
              <span aria-hidden="true">★ </span>
              {formatRating(row.rating)}
              <span className="visually-hidden"> out of 5</span>
            </span>{" "}
            <span className="result-counts">{plural(row.ratingCount, "rating", "ratings")}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}

import { useRef, useState, type KeyboardEvent } from "react";
import { useFetcher, useLocation } from "react-router";
import {
  MAX_RATING,
  MIN_RATING,
  nextRating,
  ratingLabel,
  summaryAfterChange,
  type RatingEntry,
  type RatingSummary,
} from "~/lib/ratings";
import { ErrorModal } from "./error-modal";
import { useFetcherRefusal } from "./forms/use-fetcher-refusal";
import { useHydrated } from "./use-hydrated";
import "./photos.css";
import "./photo-page.css";

const STARS = Array.from({ length: MAX_RATING - MIN_RATING + 1 }, (_, index) => MIN_RATING + index);

export type RatingStarsProps = {
  photoId: number;
  /** The member looking at the photo (whose rating the stars show). */
  memberId: number;
  /** The photo's owner: the average leaves their own rating out; null while an anonymous review hides them. */
  ownerId: number | null;
  /** The ratings the member may see, as the photo's `Ratings`: the member's own among them. */
  ratings: RatingEntry[];
  /** The server's average and its count (the photo's `rating` and `ratingCount`). */
  summary: RatingSummary;
  /** The route whose action takes intent "rate" (photoFormAction); the current route when left out. */
  action?: string;
  /** Where a post without JavaScript comes back to; this page when left out. */
  returnTo?: string;
};

function averageText(average: number | null, count: number) {
  if (average === null) return "No ratings yet";
  return `Average ${average.toFixed(1)} from ${count} ${count === 1 ? "rating" : "ratings"}`;
}

/**
 * The member's 1 to 5 stars on a photo, with the
 * label of the star under the pointer or the focus, and the average of the
 * others' ratings beside it. Clicking the star already given clears it.
 *
 * A radio group for keyboards and screen readers: the arrows move and rate,
 * Space or Enter rates with the star in focus (or clears it when it is the one
 * given). Each star is a submit button of a plain form, so it works without
 * JavaScript; with it, the form posts through a fetcher and the stars and the
 * average change at once, before the server answers.
 */
export function RatingStars({ photoId, memberId, ownerId, ratings, summary, action, returnTo }: RatingStarsProps) {
  const fetcher = useFetcher<{ error?: string }>({ key: `rate-${photoId}` });
  const [refusal, dismiss] = useFetcherRefusal(fetcher);
  const hydrated = useHydrated();
  const location = useLocation();
  const [pointed, setPointed] = useState<number | null>(null);
  // Focus from the keyboard names its star even with the pointer resting on another;
  // focus from a click leaves the star under the pointer to name.
  const [focused, setFocused] = useState<{ star: number; byKeyboard: boolean } | null>(null);
  const stars = useRef<(HTMLButtonElement | null)[]>([]);

  // A rating given while the last one is on its way waits for it (only the latest
  // goes): two posts in flight can reach the database in either order, and the
  // older one could be the one that stays. Refs, not fetcher.state: two keys
  // pressed before React renders again would both see "idle" and post at once.
  // fetcher.submit's promise settles once the action and the reload are done.
  const [queued, setQueued] = useState<number | null>(null);
  const posting = useRef(false);
  const waiting = useRef<number | null>(null);
  const rate = (to: number) => {
    if (posting.current) {
      waiting.current = to;
      setQueued(to);
      return;
    }
    posting.current = true;
    const sent = fetcher.submit(
      { intent: "rate", photoId: String(photoId), value: String(to) },
      { method: "post", action },
    );
    void sent.finally(() => {
      posting.current = false;
      const next = waiting.current;
      waiting.current = null;
      setQueued(null);
      if (next !== null) rate(next);
    });
  };

  // While the post is on its way or waiting (and the page reloads after it), show what it will leave.
  const pending = queued !== null ? String(queued) : fetcher.formData?.get("value");
  const given = ratings.find((rating) => rating.UserId === memberId)?.value ?? 0;
  const value = typeof pending === "string" ? Number(pending) : given;
  const { average, count } = summaryAfterChange(summary, {
    before: given,
    after: value,
    isOwner: memberId === ownerId,
  });
  const keyboardStar = focused?.byKeyboard ? focused.star : null;
  const preview = keyboardStar === null ? pointed : null;
  const lit = preview ?? value;
  const label = ratingLabel(keyboardStar ?? pointed ?? focused?.star ?? value) ?? "Rate it";

  // `from` is the star the key was pressed on, not the focus state: a second key
  // can come before React has rendered the first one's move.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, from: number) => {
    if (!focused?.byKeyboard) setFocused({ star: from, byKeyboard: true });
    const to =
      event.key === "ArrowRight" || event.key === "ArrowUp"
        ? Math.min(MAX_RATING, from + 1)
        : event.key === "ArrowLeft" || event.key === "ArrowDown"
          ? Math.max(MIN_RATING, from - 1)
          : event.key === "Home"
            ? MIN_RATING
            : event.key === "End"
              ? MAX_RATING
              : null;
    if (to === null) return;
    // The arrows belong to the stars here, not to the photo navigation.
    event.preventDefault();
    stars.current[to]?.focus();
    if (to !== value) rate(to);
  };

  return (
    <>
      <fetcher.Form
        method="post"
        action={action}
        className="rating"
        id={`rating-${photoId}`}
        onSubmit={(event) => {
          // With JavaScript a click rates through rate() too, so it also waits its turn.
          const star = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          if (!star?.value) return;
          event.preventDefault();
          rate(Number(star.value));
        }}
      >
        <input type="hidden" name="intent" value="rate" />
        <input type="hidden" name="photoId" value={photoId} />
        {hydrated ? null : (
          <input
            type="hidden"
            name="returnTo"
            value={returnTo ?? `${location.pathname}${location.search}#rating-${photoId}`}
          />
        )}
        <div role="radiogroup" aria-label="Your rating" className="rating-stars">
          {STARS.map((star) => (
            <button
              key={star}
              ref={(element) => {
                stars.current[star] = element;
              }}
              type="submit"
              name="value"
              value={nextRating(value, star)}
              role="radio"
              aria-checked={star === value}
              aria-label={`${star} ${star === 1 ? "star" : "stars"}: ${ratingLabel(star)}`}
              // One stop for Tab, the arrows do the rest; without JavaScript every star is a stop.
              tabIndex={!hydrated || star === (value || MIN_RATING) ? 0 : -1}
              className={`star${star <= lit ? " lit" : ""}${preview !== null ? " preview" : ""}`}
              onKeyDown={(event) => onKeyDown(event, star)}
              onMouseEnter={() => setPointed(star)}
              onMouseLeave={() => setPointed(null)}
              onFocus={(event) => setFocused({ star, byKeyboard: event.currentTarget.matches(":focus-visible") })}
              onBlur={() => setFocused(null)}
            >
              ★
            </button>
          ))}
        </div>
        <span className="rating-label" aria-hidden="true">
          {label}
        </span>
        <span className="rating-average" aria-live="polite">
          {averageText(average, count)}
        </span>
      </fetcher.Form>
      <ErrorModal title="An error has occurred" message={refusal} onClose={dismiss} />
    </>
  );
}

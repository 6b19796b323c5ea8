import { useFetcher } from "react-router";
import type { PhotoFormReply } from "~/lib/photo-form-replies";
import { ErrorModal } from "./error-modal";
import { useFetcherRefusal } from "./forms/use-fetcher-refusal";
import { useHereWith } from "./photo-steps";
import { useHydrated } from "./use-hydrated";

/**
 * The owner's choice of the photo's public year: 'Not featured' or one of the
 * years it may be featured in. A full year is refused with the contract's modal.
 * With JavaScript choosing a year saves it; without, the form has its own
 * button and comes back to this page (a refusal shows as the page's message).
 */
export function FeatureYearSelect({ photoId, year, years }: { photoId: number; year: number | null; years: number[] }) {
  const fetcher = useFetcher<PhotoFormReply>({ key: `feature-${photoId}` });
  const [refusal, dismiss] = useFetcherRefusal(fetcher);
  const hydrated = useHydrated();
  const hereWith = useHereWith();

  const pending = fetcher.formData?.get("year");
  const shown = typeof pending === "string" ? pending : year === null ? "" : String(year);
  // A year the photo is in stays selectable even if it is no longer offered.
  const options = year !== null && !years.includes(year) ? [...years, year].sort((a, b) => b - a) : years;
  const selectId = `feature-year-${photoId}`;

  return (
    <>
      <fetcher.Form method="post" className="field">
        <input type="hidden" name="intent" value="feature" />
        <input type="hidden" name="photoId" value={photoId} />
        {hydrated ? null : <input type="hidden" name="returnTo" value={hereWith({})} />}
        <label htmlFor={selectId}>Featured year</label>
        <div className="form-actions">
          <select
            id={selectId}
            name="year"
            value={shown}
            disabled={fetcher.state !== "idle"}
            onChange={(event) =>
              fetcher.submit(
                { intent: "feature", photoId: String(photoId), year: event.currentTarget.value },
                { method: "post" },
              )
            }
          >
            <option value="">Not featured</option>
            {options.map((option) => (
              <option key={option} value={String(option)}>
                {option}
              </option>
            ))}
          </select>
          {hydrated ? null : (
            <button type="submit" className="button">
              Save year
            </button>
          )}
        </div>
      </fetcher.Form>
      <ErrorModal title="An error has occurred" message={refusal} onClose={dismiss} />
    </>
  );
}

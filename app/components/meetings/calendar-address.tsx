import { useEffect, useId, useState } from "react";
import { Form } from "react-router";
import { ConfirmButton } from "../confirm-button";
import { useHydrated } from "../use-hydrated";

/**
 * The member's private calendar address (the club's meetings as an iCalendar
 * feed), with a button to copy it and one to make a new address, which stops
 * the old one at once (for when it was shared by mistake).
 */
export function CalendarAddress({ url }: { url: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const inputId = useId();
  const hintId = useId();
  useEffect(() => setCopied(null), [url]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("yes");
    } catch {
      // No clipboard (an insecure page, a refusal): the address is selected for copying by hand.
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      setCopied("no");
    }
  };

  return (
    <div className="calendar-address stack">
      <div className="field">
        <label htmlFor={inputId}>Your calendar address</label>
        <div className="copy-row">
          <input
            id={inputId}
            type="text"
            readOnly
            value={url}
            aria-describedby={hintId}
            onFocus={(event) => event.currentTarget.select()}
          />
          {hydrated ? (
            <button type="button" className="button" onClick={() => void copy()}>
              Copy
            </button>
          ) : null}
        </div>
        <p className="field-hint" id={hintId}>
          Subscribe to it in Google Calendar, Apple Calendar or Outlook to see the club's meetings there. Keep it to
          yourself: anyone with it can read the meetings.
        </p>
        {/* Only while there is something to say: the page's flash is its one status otherwise. */}
        {copied ? (
          <p role="status" className="status-note copy-status">
            {copied === "yes" ? "Copied!" : "Select the address and copy it."}
          </p>
        ) : null}
      </div>
      <Form method="post">
        <input type="hidden" name="intent" value="renew-calendar" />
        <ConfirmButton
          className="button small"
          question="Make a new calendar address? The old one stops working at once, in every calendar that uses it."
        >
          Make a new address
        </ConfirmButton>
      </Form>
    </div>
  );
}

import { useId } from "react";
import { ConfirmForm } from "../confirm-form";
import { CopyRow, CopyStatus } from "../copy-row";
import { useCopy } from "../use-copy";

/**
 * The member's private calendar address (the club's meetings as an iCalendar
 * feed), with a button to copy it and one to make a new address, which stops
 * the old one at once (for when it was shared by mistake).
 */
export function CalendarAddress({ url }: { url: string }) {
  const inputId = useId();
  const hintId = useId();
  const { copied, copy } = useCopy(url, inputId);

  return (
    <div className="calendar-address stack">
      <div className="field">
        <label htmlFor={inputId}>Your calendar address</label>
        <CopyRow id={inputId} value={url} aria-describedby={hintId} onCopy={() => void copy()} button="Copy" />
        <p className="field-hint" id={hintId}>
          Subscribe to it in Google Calendar, Apple Calendar or Outlook to see the club's meetings there. Keep it to
          yourself: anyone with it can read the meetings.
        </p>
        {/* Only while there is something to say: the page's flash is its one status otherwise. */}
        <CopyStatus copied={copied} done="Copied!" byHand="Select the address and copy it." />
      </div>
      <ConfirmForm
        intent="renew-calendar"
        className="button small"
        title="New calendar address"
        danger
        question="Make a new calendar address? The old one stops working at once, in every calendar that uses it."
      >
        Make a new address
      </ConfirmForm>
    </div>
  );
}

import type { InputHTMLAttributes } from "react";
import { StandIn } from "./stand-in";
import { useHydrated } from "./use-hydrated";

/**
 * An address to copy (an invite's link, the calendar address): a read-only
 * field that selects itself, so it can be copied without JavaScript, and, once
 * the page runs, a button that copies it (useCopy's `copy`), its place kept until then.
 */
export function CopyRow({
  id,
  value,
  onCopy,
  button,
  buttonLabel,
  buttonClassName = "button",
  ...inputProps
}: {
  id: string;
  value: string;
  onCopy: () => void;
  button: string;
  buttonLabel?: string;
  buttonClassName?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "aria-label" | "aria-describedby">) {
  const hydrated = useHydrated();
  return (
    <div className="copy-row">
      <input
        id={id}
        type="text"
        readOnly
        value={value}
        {...inputProps}
        onFocus={(event) => event.currentTarget.select()}
      />
      {hydrated ? (
        <button type="button" className={buttonClassName} aria-label={buttonLabel} onClick={onCopy}>
          {button}
        </button>
      ) : (
        <StandIn className={buttonClassName}>{button}</StandIn>
      )}
    </div>
  );
}

/**
 * What came of a copy (useCopy's `copied`), said only while there is something
 * to say: that it is on the clipboard, or, where the browser refused, that the
 * field is selected to copy by hand.
 */
export function CopyStatus({ copied, done, byHand }: { copied: "yes" | "no" | null; done: string; byHand: string }) {
  if (!copied) return null;
  return (
    <p role="status" className="status-note copy-status">
      {copied === "yes" ? done : byHand}
    </p>
  );
}

import type { InputHTMLAttributes } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * An address to copy (an invite's link, the calendar address): a read-only
 * field that selects itself, so it can be copied without JavaScript, and, once
 * the page runs, a button that copies it (useCopy's `copy`).
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
      ) : null}
    </div>
  );
}

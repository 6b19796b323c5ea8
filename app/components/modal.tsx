import { useId } from "react";
import { useShownDialog } from "./use-shown-dialog";
import "./photos.css";
import "./photo-page.css";

/**
 * A modal dialog shown while `open` is true, titled and described for screen
 * readers; however it closes (Escape, a button), onClose is called, so the
 * caller's state says closed again. The body may be a function of `close`,
 * for buttons that close it.
 */
export function Modal({
  open,
  title,
  description,
  onClose,
  className,
  children,
}: {
  open: boolean;
  /** A kind of dialog (confirm-dialog.tsx's), besides the site's modal look. */
  className?: string;
  title: string;
  /** What it asks or says, read out with the title; left out, the body says it. */
  description?: React.ReactNode;
  onClose: () => void;
  children: React.ReactNode | ((close: () => void) => React.ReactNode);
}) {
  const dialog = useShownDialog(open);
  const titleId = useId();
  const descriptionId = useId();
  const described = description !== undefined;
  return (
    <dialog
      ref={dialog}
      className={className ? `modal ${className}` : "modal"}
      aria-labelledby={titleId}
      aria-describedby={described ? descriptionId : undefined}
      onClose={onClose}
    >
      <h2 id={titleId}>{title}</h2>
      {described ? <p id={descriptionId}>{description}</p> : null}
      {typeof children === "function" ? children(() => dialog.current?.close()) : children}
    </dialog>
  );
}

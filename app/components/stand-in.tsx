/**
 * An unseen stand-in for a control that needs JavaScript, rendered until the page runs: the
 * control's size with its class and label, so the control appearing moves nothing on the page
 * (CLS 0, a row that would wrap on a phone), and nothing a screen reader reads.
 */
export function StandIn({ className, children }: { className: string; children: React.ReactNode }) {
  return (
    <span className={className} aria-hidden="true" style={{ visibility: "hidden" }}>
      {children}
    </span>
  );
}

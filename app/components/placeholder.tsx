import { PageTitle } from "./page-title";

/** A screen whose content arrives with a later issue; its guard is already real. */
export function Placeholder({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section>
      <PageTitle>{title}</PageTitle>
      <h1>{title}</h1>
      <p className="muted">{children ?? "This part of the club site is not built yet."}</p>
    </section>
  );
}

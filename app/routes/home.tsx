import { PageTitle } from "~/components/page-title";
import { useRootData } from "~/lib/root-data";

export default function HomePage() {
  const siteTitle = useRootData()?.siteTitle;
  return (
    <section>
      <PageTitle>Home</PageTitle>
      <h1 className="visually-hidden">{siteTitle}</h1>
      {/* The grid of random featured photos arrives with the photos issue. */}
      <p className="muted">No photos yet.</p>
    </section>
  );
}

import { useRootData } from "~/lib/root-data";

/** Sets the document title to 'X - {site title}' (React 19 hoists <title> into <head>). */
export function PageTitle({ children }: { children: string }) {
  const siteTitle = useRootData()?.siteTitle;
  return <title>{siteTitle ? `${children} - ${siteTitle}` : children}</title>;
}

/** A page of one narrow column (logging in, signing up, passwords, invites): its document title, then its heading. */
export function NarrowPage({
  title,
  heading = title,
  children,
}: {
  title: string;
  heading?: string;
  children: React.ReactNode;
}) {
  return (
    <section className="narrow">
      <PageTitle>{title}</PageTitle>
      <h1>{heading}</h1>
      {children}
    </section>
  );
}

import { useRootData } from "~/components/root-data";

/** Sets the document title to 'X - {site title}' (React 19 hoists <title> into <head>). */
export function PageTitle({ children }: { children: string }) {
  const siteTitle = useRootData()?.siteTitle;
  return <title>{siteTitle ? `${children} - ${siteTitle}` : children}</title>;
}

/** A page with its document title and its heading (the same words unless told); narrow: one column (logging in, signing up, passwords, invites). */
export function TitledPage({
  title,
  heading = title,
  width,
  children,
}: {
  title: string;
  heading?: string;
  width?: "narrow" | "wide";
  children: React.ReactNode;
}) {
  return (
    <section className={width}>
      <PageTitle>{title}</PageTitle>
      <h1>{heading}</h1>
      {children}
    </section>
  );
}

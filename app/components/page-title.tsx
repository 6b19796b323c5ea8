import { useRootData } from "~/lib/root-data";

/** Sets the document title to 'X - {site title}' (React 19 hoists <title> into <head>). */
export function PageTitle({ children }: { children: string }) {
  const siteTitle = useRootData()?.siteTitle;
  return <title>{siteTitle ? `${children} - ${siteTitle}` : children}</title>;
}

export function Footer({ siteTitle }: { siteTitle: string }) {
  return (
    <footer className="footer">
      © {new Date().getFullYear()} {siteTitle}
    </footer>
  );
}

export function Footer({ siteTitle }: { siteTitle: string }) {
  // One text node: '© 2026 Street Club' reads (and is found) as one line.
  return <footer className="footer">{`© ${new Date().getFullYear()} ${siteTitle}`}</footer>;
}

/**
 * A table whose last column holds each row's buttons (named 'Actions' for
 * screen readers only); the rows are the children. The wrapper scrolls the
 * table sideways on a narrow screen instead of the page.
 */
export function ActionsTable({
  label,
  columns,
  className,
  wrapClassName,
  busy,
  children,
}: {
  label: string;
  columns: string[];
  className: string;
  wrapClassName: string;
  busy?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={wrapClassName}>
      <table className={className} aria-label={label} aria-busy={busy}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * A table whose last column holds each row's buttons (named 'Actions' for
 * screen readers only); the rows are the children. On a phone (members.css)
 * each row shows as a card: a cell with `className="row-title"` first, the
 * others under their column's name, given as the cell's `data-label`, then the
 * buttons; the wrapper still scrolls sideways rather than the page should a
 * cell hold something wider than the screen.
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

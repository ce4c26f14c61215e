import type { ReactNode } from 'react';

export type DataRow = { key: string; cells: ReactNode[] };

/**
 * The one accessible data table: caption (visually hidden with `hideCaption` when a heading already
 * names it), column headers, the first cell of each row as its row header, and a keyboard-scrollable
 * wrapper for narrow screens.
 */
export function DataTable({
  caption,
  head,
  rows,
  hideCaption,
  wrapClass = 'landing-table',
}: {
  caption: string;
  head: ReactNode[];
  rows: DataRow[];
  hideCaption?: boolean;
  wrapClass?: string;
}) {
  return (
    <div className={wrapClass} role="region" aria-label={caption} tabIndex={0}>
      <table className="table">
        <caption className={hideCaption ? 'sr-only' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              {r.cells.map((c, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {c}
                  </th>
                ) : (
                  <td key={i}>{c}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

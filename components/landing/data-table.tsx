import type { ReactNode } from 'react';

/**
 * An accessible table: caption, column headers, the first cell of each row as its row header, and a
 * keyboard-scrollable wrapper for narrow screens.
 */
export function DataTable({ caption, head, rows }: { caption: string; head: ReactNode[]; rows: { key: string; cells: ReactNode[] }[] }) {
  return (
    <div className="landing-table" role="region" aria-label={caption} tabIndex={0}>
      <table className="table">
        <caption>{caption}</caption>
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

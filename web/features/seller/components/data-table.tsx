import type { ReactNode } from "react";

export interface Column {
  label: string;
  /** Numbers line up on the right. */
  numeric?: boolean;
}

/**
 * A small table of figures in a box of its own that scrolls sideways on a narrow phone (focusable,
 * so a keyboard can scroll it too): the header row from `columns`, the body rows from the caller.
 */
export function DataTable({
  label,
  caption,
  columns,
  children,
  className = "",
}: {
  label: string;
  caption: string;
  columns: Column[];
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={`overflow-x-auto rounded-md border border-gray-500/20 ${className}`}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 text-gray-900">
          <tr>
            {columns.map((c) => (
              <th
                key={c.label}
                scope="col"
                className={`px-3 py-2 font-semibold ${c.numeric ? "text-right" : ""}`}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}

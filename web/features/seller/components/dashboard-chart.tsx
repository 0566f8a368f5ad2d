import type { Dashboard } from "../../../../contract/seller";
import { formatRupees } from "../../../../contract/money";
import { DataTable } from "./data-table";

type Day = Dashboard["days"][number];

// `date` is a calendar day of the shop (YYYY-MM-DD): shown as that day, whatever the viewer's zone.
const shortDay = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const longDay = new Intl.DateTimeFormat("en-IN", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const asDate = (date: string) => new Date(`${date}T00:00:00Z`);
export const formatDay = (date: string) => shortDay.format(asDate(date));

const STEP = 10; // viewBox units per day
const TOP = 90; // the tallest bar or point reaches 90 of 100 units

/** The chart in one sentence, for screen readers (the table below has every number). */
export function chartSummary(days: Day[]): string {
  const orders = days.reduce((n, d) => n + d.orders, 0);
  const revenue = days.reduce((n, d) => n + d.revenue, 0);
  const busiest = days.reduce<Day | undefined>(
    (b, d) => (!b || d.orders > b.orders ? d : b),
    undefined,
  );
  const head = `Orders and revenue per day over the last ${days.length} days: ${orders} orders, ${formatRupees(revenue)} revenue in all.`;
  return busiest && busiest.orders > 0
    ? `${head} Busiest day ${formatDay(busiest.date)} with ${busiest.orders} orders and ${formatRupees(busiest.revenue)}.`
    : head;
}

/**
 * Orders (line) and revenue (bars) per day, in plain SVG: it stretches to the width it is given
 * (viewBox) and keeps a fixed height, so nothing moves when it loads. Each series has its own
 * scale; the legend gives the highest value of each. The same numbers are in a table below.
 */
export function DashboardChart({ days }: { days: Day[] }) {
  const width = Math.max(1, days.length) * STEP;
  const maxOrders = Math.max(1, ...days.map((d) => d.orders));
  const maxRevenue = Math.max(1, ...days.map((d) => d.revenue));
  const y = (value: number, max: number) => 100 - (value / max) * TOP;
  const points = days.map((d, i) => `${i * STEP + STEP / 2},${y(d.orders, maxOrders)}`).join(" ");
  const middle = days[Math.floor((days.length - 1) / 2)];
  const totalOrders = days.reduce((n, d) => n + d.orders, 0);
  const totalRevenue = days.reduce((n, d) => n + d.revenue, 0);
  const quiet = totalOrders === 0;

  return (
    <div className="space-y-3">
      <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-gray-700" aria-hidden="true">
        <li className="flex items-center gap-2">
          <span className="inline-block h-3 w-3 rounded-sm bg-primary/30" />
          Revenue (bars), highest {formatRupees(Math.max(0, ...days.map((d) => d.revenue)))}
        </li>
        <li className="flex items-center gap-2">
          <span className="inline-block h-0.5 w-4 bg-amber-600" />
          Orders (line), highest {Math.max(0, ...days.map((d) => d.orders))}
        </li>
      </ul>
      <div className="relative">
        <svg
          role="img"
          aria-label={chartSummary(days)}
          viewBox={`0 0 ${width} 100`}
          preserveAspectRatio="none"
          className="block h-48 w-full rounded border border-gray-500/20 bg-white"
        >
          <line
            x1={0}
            x2={width}
            y1={100 - TOP / 2}
            y2={100 - TOP / 2}
            stroke="#e5e7eb"
            strokeDasharray="2 2"
            vectorEffect="non-scaling-stroke"
          />
          {days.map((d, i) => {
            const top = y(d.revenue, maxRevenue);
            return (
              <rect
                key={d.date}
                x={i * STEP + STEP * 0.15}
                width={STEP * 0.7}
                y={top}
                height={100 - top}
                className="fill-primary/30"
              />
            );
          })}
          <polyline
            points={points}
            fill="none"
            className="stroke-amber-600"
            strokeWidth={2}
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
          {/* Zero-length round-capped lines: dots that stay round when the chart stretches. */}
          {days.map((d, i) => (
            <line
              key={d.date}
              x1={i * STEP + STEP / 2}
              x2={i * STEP + STEP / 2}
              y1={y(d.orders, maxOrders)}
              y2={y(d.orders, maxOrders)}
              className="stroke-amber-600"
              strokeWidth={days.length > 14 ? 4 : 7}
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </svg>
        {/* A shop's first days: say so inside the same frame rather than leave it blank (the
          frame keeps its height, so nothing moves when the first order comes). */}
        {quiet && (
          <p
            className="absolute inset-0 flex items-center justify-center px-4 text-center text-sm text-gray-500"
            aria-hidden="true"
          >
            No orders in these {days.length} days yet.
          </p>
        )}
      </div>
      {days.length > 0 && (
        <div className="flex justify-between text-xs text-gray-500" aria-hidden="true">
          <span>{formatDay(days[0]!.date)}</span>
          {middle && days.length > 2 && <span>{formatDay(middle.date)}</span>}
          <span>{formatDay(days[days.length - 1]!.date)}</span>
        </div>
      )}
      <details className="text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-primary">
          Show the numbers as a table
        </summary>
        <DataTable
          className="mt-2"
          label="Orders and revenue by day"
          caption="Orders and revenue per day"
          columns={[
            { label: "Day" },
            { label: "Orders", numeric: true },
            { label: "Revenue", numeric: true },
          ]}
        >
          <tbody>
            {days.map((d) => (
              <tr key={d.date} className="border-t border-gray-500/20">
                <th scope="row" className="px-3 py-1.5 font-normal">
                  <time dateTime={d.date}>{longDay.format(asDate(d.date))}</time>
                </th>
                <td className="px-3 py-1.5 text-right tabular-nums">{d.orders}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatRupees(d.revenue)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-gray-500/40 font-medium">
            <tr>
              <th scope="row" className="px-3 py-1.5 text-left">
                Total
              </th>
              <td className="px-3 py-1.5 text-right tabular-nums">{totalOrders}</td>
              <td className="px-3 py-1.5 text-right tabular-nums">{formatRupees(totalRevenue)}</td>
            </tr>
          </tfoot>
        </DataTable>
      </details>
    </div>
  );
}

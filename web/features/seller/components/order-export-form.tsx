import { useId, useState } from "react";

/**
 * The calendar date of `date` as YYYY-MM-DD: in `timeZone` (the shop's, in which the export
 * counts its days), or in the browser's when it is not known.
 */
export function isoDay(date: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** `day` (YYYY-MM-DD) moved by `days` calendar days. */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const MAX_DAYS = 366;

/** Why the period cannot be exported, or undefined (the server checks the same). */
export function periodProblem(from: string, to: string): string | undefined {
  if (!from || !to) return "Choose both dates.";
  if (from > to) return "The end date must not be before the start date.";
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (days > MAX_DAYS) return "Choose at most a year.";
  return undefined;
}

export const exportUrl = (from: string, to: string) =>
  `/api/order/seller/export.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

/**
 * Orders of a period as a CSV file (one row per item), downloaded by a plain link. The period is
 * the shop's last 7 days (today included) until the seller picks dates: days in `timeZone`, the
 * shop's, as the server counts them, whatever the browser's. An order belongs to the day it was
 * placed (online: paid), the day the dashboard counts it on.
 */
export function OrderExportForm({ timeZone }: { timeZone?: string }) {
  const id = useId();
  const [chosenTo, setTo] = useState<string>();
  const [chosenFrom, setFrom] = useState<string>();
  const today = isoDay(new Date(), timeZone);
  const to = chosenTo ?? today;
  const from = chosenFrom ?? addDays(today, -6);
  const problem = periodProblem(from, to);
  const field = "min-h-11 rounded border border-gray-300 px-2 md:min-h-9";
  return (
    <form
      aria-label="Export orders"
      className="flex flex-wrap items-end gap-3 text-sm"
      onSubmit={(e) => e.preventDefault()}
    >
      <label className="flex flex-col gap-1">
        From
        <input
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => setFrom(e.target.value)}
          className={field}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
      </label>
      <label className="flex flex-col gap-1">
        To
        <input
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => setTo(e.target.value)}
          className={field}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
      </label>
      {problem ? (
        <>
          <button type="button" disabled className={`${field} px-4 opacity-60`}>
            Export CSV
          </button>
          <p id={`${id}-problem`} role="alert" className="w-full text-red-700">
            {problem}
          </p>
        </>
      ) : (
        <a
          href={exportUrl(from, to)}
          download={`orders-${from}-to-${to}.csv`}
          className={`${field} inline-flex items-center border-primary px-4 text-primary hover:bg-primary/10`}
        >
          Export CSV
        </a>
      )}
    </form>
  );
}

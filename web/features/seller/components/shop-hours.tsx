import { useId } from "react";
import { shopInputClass, type ShopSectionProps } from "./shop-field";
import { WEEKDAY_NAMES, type SpanForm } from "./shop-form";

const NEW_SPAN: SpanForm = { open: "07:00", close: "22:00" };

/**
 * Opening hours per weekday, up to two spans a day. A span that closes before it opens runs past
 * midnight; the same time twice is the whole day; no times on any day: always open.
 */
export function ShopHoursSection({ form, onChange, errors }: ShopSectionProps) {
  const id = useId();
  const error = errors.openHours;
  const setDay = (day: number, spans: SpanForm[]) =>
    onChange({ ...form, hours: form.hours.map((old, d) => (d === day ? spans : old)) });
  return (
    <fieldset className="space-y-3" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}>
      <legend className="text-lg font-medium">Opening hours</legend>
      <p id={`${id}-hint`} className="text-sm text-gray-600">
        Up to two times a day. Closing before opening runs past midnight; the same time twice is the
        whole day. No times on any day: always open.
      </p>
      {WEEKDAY_NAMES.map((name, day) => {
        const spans = form.hours[day] ?? [];
        return (
          <div
            key={name}
            className="flex flex-wrap items-center gap-2 border-b border-gray-100 pb-2"
          >
            <span className="w-24 font-medium">{name}</span>
            {spans.length === 0 && <span className="text-sm text-gray-500">Closed</span>}
            {spans.map((span, index) => (
              <span key={index} className="flex items-center gap-1">
                <input
                  type="time"
                  aria-label={`${name} opens (${index + 1})`}
                  aria-invalid={Boolean(error)}
                  value={span.open}
                  onChange={(e) =>
                    setDay(
                      day,
                      spans.map((s, i) => (i === index ? { ...s, open: e.target.value } : s)),
                    )
                  }
                  className={`${shopInputClass} w-32`}
                />
                <span aria-hidden="true">–</span>
                <input
                  type="time"
                  aria-label={`${name} closes (${index + 1})`}
                  aria-invalid={Boolean(error)}
                  value={span.close}
                  onChange={(e) =>
                    setDay(
                      day,
                      spans.map((s, i) => (i === index ? { ...s, close: e.target.value } : s)),
                    )
                  }
                  className={`${shopInputClass} w-32`}
                />
                <button
                  type="button"
                  aria-label={`Remove ${name} time ${index + 1}`}
                  onClick={() =>
                    setDay(
                      day,
                      spans.filter((_, i) => i !== index),
                    )
                  }
                  className="min-h-11 min-w-11 text-red-700"
                >
                  ✕
                </button>
              </span>
            ))}
            {spans.length < 2 && (
              <button
                type="button"
                onClick={() => setDay(day, [...spans, NEW_SPAN])}
                aria-label={`Add time on ${name}`}
                className="min-h-11 px-2 text-sm text-primary hover:underline"
              >
                Add time
              </button>
            )}
          </div>
        );
      })}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          Opening hours: {error.charAt(0).toLowerCase() + error.slice(1)}
        </p>
      )}
    </fieldset>
  );
}

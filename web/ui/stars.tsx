/** The fixed 4-of-5 rating (store-spec.md): filled stars and a dull one at 35% opacity. */
export function Stars({ rating = 4 }: { rating?: number }) {
  return (
    <p className="flex items-center gap-0.5 text-sm">
      <span role="img" aria-label={`Rated ${rating} out of 5`} className="flex gap-0.5">
        {Array.from({ length: 5 }, (_, i) => (
          <span
            key={i}
            aria-hidden="true"
            className="text-primary"
            style={{ opacity: i < rating ? 1 : 0.35 }}
          >
            ★
          </span>
        ))}
      </span>
      <span aria-hidden="true" className="ml-1 text-gray-500">
        ({rating})
      </span>
    </p>
  );
}

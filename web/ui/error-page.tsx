/** The router's error page (store-spec.md section 8). */
export function ErrorPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold text-gray-800">Unexpected Application Error!</h1>
      <a href="/" className="rounded bg-primary px-6 py-2 text-white hover:bg-primary-dull">
        Back to the store
      </a>
    </main>
  );
}

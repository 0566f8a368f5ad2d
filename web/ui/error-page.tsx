/**
 * The router's error page (store-spec.md section 8): the whole page, or (`inPage`) a page's place
 * in the layout, whose navbar and footer still work.
 */
export function ErrorPage({ inPage = false }: { inPage?: boolean }) {
  const content = (
    <>
      <h1 className="text-2xl font-semibold text-gray-800">Unexpected Application Error!</h1>
      <a href="/" className="rounded bg-primary px-6 py-2 text-white hover:bg-primary-dull">
        Back to the store
      </a>
    </>
  );
  return inPage ? (
    <section className="flex flex-col items-center gap-4 py-24 text-center">{content}</section>
  ) : (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      {content}
    </main>
  );
}

export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="py-16">
      <h1 className="text-2xl font-medium">{title}</h1>
    </section>
  );
}

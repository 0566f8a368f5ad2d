export function SellerArea() {
  return (
    <section className="p-8">
      <h1 className="text-2xl font-medium">Seller area</h1>
    </section>
  );
}

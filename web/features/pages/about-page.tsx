import { useGoBack } from "../../ui/use-go-back";
import { usePageTitle } from "../../ui/page-title";

const reasons = [
  ["Fast Delivery", "Your groceries at your door in under 30 minutes."],
  ["Fresh Products", "Fruit, vegetables and dairy sourced fresh every day."],
  ["Affordable Prices", "Fair prices and real offers on everyday essentials."],
  ["Trusted by Thousands", "Loved by 10,000+ happy customers in the neighbourhood."],
];

export function AboutPage() {
  const goBack = useGoBack();
  usePageTitle("About");
  return (
    <section className="mx-auto max-w-3xl py-12">
      <h1 className="text-3xl font-medium">About GreenCart</h1>
      <p className="mt-4 text-gray-600">
        GreenCart is your neighbourhood grocery store online: fresh produce, dairy, bakery and
        pantry staples, delivered in under 30 minutes.
      </p>
      <h2 className="mt-8 text-2xl font-medium">Why Choose Us</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {reasons.map(([title, text]) => (
          <li key={title} className="rounded-lg bg-primary/10 p-4">
            <h3 className="font-semibold text-gray-800">{title}</h3>
            <p className="text-gray-600">{text}</p>
          </li>
        ))}
      </ul>
      <h2 className="mt-8 text-2xl font-medium">Our mission</h2>
      <p className="mt-2 text-gray-600">
        To make fresh, affordable groceries reach every home quickly, with prices that are fair to
        shoppers and to the farmers who grow the food.
      </p>
      <button
        onClick={goBack}
        className="mt-8 min-h-11 rounded bg-primary px-6 text-white hover:bg-primary-dull"
      >
        Go Back
      </button>
    </section>
  );
}

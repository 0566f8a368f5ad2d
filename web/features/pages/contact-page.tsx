import type { FormEvent } from "react";
import { useGoBack } from "../../ui/use-go-back";
import { usePageTitle } from "../../ui/page-title";

export function ContactPage() {
  const goBack = useGoBack();
  usePageTitle("Contact us");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    window.alert("Thank you for contacting us! We will get back to you soon.");
  };
  const field = "min-h-11 w-full rounded border border-gray-300 p-2 outline-primary";
  return (
    <section className="mx-auto max-w-lg py-12">
      <h1 className="text-3xl font-medium">Contact us</h1>
      <p className="mt-2 text-gray-600">Questions about an order or a product? Write to us.</p>
      <form onSubmit={submit} className="mt-6 flex flex-col gap-4 text-sm">
        <label className="flex flex-col gap-1">
          Name
          <input className={field} required autoComplete="name" />
        </label>
        <label className="flex flex-col gap-1">
          Email
          <input className={field} type="email" required autoComplete="email" />
        </label>
        <label className="flex flex-col gap-1">
          Message
          <textarea className={field} rows={5} required />
        </label>
        <div className="flex gap-3">
          <button
            type="button"
            onClick={goBack}
            className="min-h-11 rounded border border-gray-300 px-6"
          >
            Back
          </button>
          <button
            type="submit"
            className="min-h-11 rounded bg-primary px-6 text-white hover:bg-primary-dull"
          >
            Send message
          </button>
        </div>
      </form>
    </section>
  );
}

import { useStore } from "../../../lib/store";

/** What a visitor sees instead of orders: a button that opens the login dialog. */
export function LoginPrompt({ title, text }: { title: string; text: string }) {
  const { setShowLogin } = useStore();
  return (
    <section className="flex flex-col items-center gap-3 py-24 text-center">
      <h1 className="text-2xl font-medium">{title}</h1>
      <p className="text-gray-600">{text}</p>
      <button
        type="button"
        onClick={() => setShowLogin(true)}
        className="min-h-11 rounded-full bg-primary px-8 py-2 text-white hover:bg-primary-dull"
      >
        Log in
      </button>
    </section>
  );
}

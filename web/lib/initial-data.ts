/**
 * The catalogue answers the server wrote into the page for its first screen
 * (`<script id="initial-data">`, docs/decisions/009-first-screen-data.md), by the exact API path
 * they answer (built with contract/catalogue-urls.ts on both sides). Each is handed out once: it
 * seeds the query cache, and later visits ask the API as usual.
 */
let answers: Record<string, unknown> | undefined;

function readAnswers(): Record<string, unknown> {
  if (answers) return answers;
  answers = {};
  const element = typeof document === "undefined" ? null : document.getElementById("initial-data");
  if (element?.textContent) {
    try {
      const parsed = JSON.parse(element.textContent) as { answers?: Record<string, unknown> };
      answers = parsed.answers ?? {};
    } catch {
      // A damaged script element only costs the first screen its head start.
    }
  }
  return answers;
}

/** The server's answer to `path`, if it came with the page and was not used yet. */
export function takeInitialAnswer<T>(path: string): T | undefined {
  const all = readAnswers();
  if (!(path in all)) return undefined;
  const answer = all[path] as T;
  delete all[path];
  return answer;
}

/** For tests: forget what was read, so the next call reads the document again. */
export function resetInitialAnswers(): void {
  answers = undefined;
}

import type { ErrorBody } from "../../contract/errors";

/** A failed call: `message` is the server's, safe to show in a toast. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly body?: Partial<ErrorBody>,
  ) {
    super(message);
  }
}

/** Calls that answer 401 for a visitor as a matter of course: a refusal there ends no session. */
const SIGN_IN_CALLS = /\/(is-auth|login|register)$/;
let sessionRefused: (() => boolean) | undefined;

/**
 * `listener` runs when the server refuses a call for want of a session, and says whether this
 * tab had one (then it ended: it expired, or was signed out elsewhere).
 */
export function onSessionRefused(listener: () => boolean): void {
  sessionRefused = listener;
}

/** The one way the web app calls the API: same origin, cookies included, errors as ApiError. */
export async function apiFetch<T>(
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "include",
      ...rest,
      headers: {
        accept: "application/json",
        ...(json !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      ...(json !== undefined ? { body: JSON.stringify(json), method: rest.method ?? "POST" } : {}),
    });
  } catch {
    throw new ApiError(
      "Could not reach the store. Check your connection and try again.",
      0,
      "network",
    );
  }
  const body = (await response.json().catch(() => undefined)) as
    (Partial<ErrorBody> & T) | undefined;
  if (!response.ok || !body || body.success === false) {
    const refused = response.status === 401 && !SIGN_IN_CALLS.test(path);
    throw new ApiError(
      refused
        ? sessionRefused?.()
          ? "Your session has ended. Please log in again."
          : "Please log in to continue."
        : (body?.message ?? `Request failed (${response.status})`),
      response.status,
      body?.code ?? "unknown",
      body,
    );
  }
  return body;
}

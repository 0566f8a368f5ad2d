import type { ErrorCode } from "../../contract/errors";

const statusByCode: Record<ErrorCode, number> = {
  validation_failed: 400,
  bad_request: 400,
  not_authorized: 401,
  forbidden: 403,
  not_found: 404,
  request_timeout: 408,
  out_of_stock: 409,
  price_changed: 409,
  not_serviceable: 409,
  below_minimum: 409,
  conflict: 409,
  invalid_transition: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

/** The one error type. `message` is shown to shoppers as it is, so it must be safe and plain. */
export class AppError extends Error {
  override name = "AppError";
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      productId?: string;
      retryAfterSeconds?: number;
      unpaidCheckouts?: number;
      /**
       * Work turned away by design to protect the process (a full queue, the streams' limit):
       * logged as a warning without a stack, since a flood of them is the load itself, not a fault.
       */
      shedding?: true;
    } = {},
  ) {
    super(message);
    this.status = statusByCode[code];
  }
}

export const notAuthorized = () => new AppError("not_authorized", "Not Authorized");
export const notFound = (what: string) => new AppError("not_found", `${what} not found`);

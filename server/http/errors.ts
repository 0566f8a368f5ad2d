import type { FastifyError, FastifyInstance } from "fastify";
import type { z } from "zod";
import type { ErrorBody, ErrorCode } from "../../contract/errors";

const statusByCode: Record<ErrorCode, number> = {
  validation_failed: 400,
  bad_request: 400,
  not_authorized: 401,
  forbidden: 403,
  not_found: 404,
  out_of_stock: 409,
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
    readonly extra: { productId?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.status = statusByCode[code];
  }
}

export const notAuthorized = () => new AppError("not_authorized", "Not Authorized");
export const notFound = (what: string) => new AppError("not_found", `${what} not found`);

/** Parses input with a contract schema; a failure names the first offending field. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join(".") : "request";
  const message = issue ? describeIssue(issue) : "is invalid";
  throw new AppError("validation_failed", `${field} ${message}`);
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type") {
    return issue.input === undefined ? "is required" : `must be ${article(issue.expected)}`;
  }
  if (issue.code === "too_small") {
    if (issue.origin === "string")
      return Number(issue.minimum) <= 1
        ? "is required"
        : `must be at least ${issue.minimum} characters`;
    if (issue.origin === "array")
      return `must have at least ${issue.minimum} item${Number(issue.minimum) === 1 ? "" : "s"}`;
    return `must be at least ${issue.minimum}`;
  }
  if (issue.code === "too_big") {
    if (issue.origin === "string") return `must be at most ${issue.maximum} characters`;
    if (issue.origin === "array") return `must have at most ${issue.maximum} items`;
    return `must be at most ${issue.maximum}`;
  }
  if (issue.code === "invalid_format" && issue.format === "email")
    return "must be a valid email address";
  if (issue.code === "invalid_value")
    return `must be one of ${issue.values.map(String).join(", ")}`;
  return issue.message.startsWith("Invalid") ? "is invalid" : issue.message;
}

function article(type: string): string {
  return type === "int" ? "an integer" : /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/**
 * PostgreSQL refuses text it cannot store (a NUL byte: SQLSTATE 22021 or 22P05). Every schema
 * already refuses control characters; should a field ever slip through, the client still hears
 * that its text was at fault, not that the server broke. Drizzle wraps driver errors in `cause`.
 */
function isUnstorableText(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === "22021" || code === "22P05") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Fastify's own errors (body parsing, limits) mapped to the contract's codes. */
function fromFastifyError(error: FastifyError): AppError | undefined {
  if (isUnstorableText(error)) {
    return new AppError("validation_failed", "The text contains characters that are not allowed");
  }
  const status = error.statusCode ?? 500;
  if (
    status === 413 ||
    error.code === "FST_REQ_FILE_TOO_LARGE" ||
    error.code === "FST_FILES_LIMIT"
  ) {
    return new AppError("payload_too_large", "The upload is too large");
  }
  if (status === 415)
    return new AppError("unsupported_media_type", "This content type is not supported");
  if (
    error.code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
    error.code === "FST_ERR_CTP_EMPTY_JSON_BODY"
  ) {
    return new AppError("bad_request", "The request body is not valid JSON");
  }
  if (status >= 400 && status < 500) {
    return new AppError("bad_request", "The request could not be read");
  }
  // The multipart parser (busboy) reports a broken body with plain errors and no status.
  if (
    /^(Unexpected end of (multipart data|form)|Multipart: Boundary not found|Malformed part header)/.test(
      error.message,
    )
  ) {
    return new AppError(
      "bad_request",
      "The upload could not be read: the multipart body is malformed",
    );
  }
  return undefined;
}

export function sendError(error: AppError): ErrorBody {
  return {
    success: false,
    code: error.code,
    message: error.message,
    ...(error.extra.productId ? { productId: error.extra.productId } : {}),
  };
}

/** One error handler for the whole API: known errors answer as themselves, the rest as `internal`. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = error instanceof AppError ? error : fromFastifyError(error);
    if (!known) {
      request.log.error({ err: error }, "unexpected error");
      return reply
        .status(500)
        .send(
          sendError(
            new AppError("internal", "Something went wrong on our side. Please try again."),
          ),
        );
    }
    if (known.status >= 500) request.log.error({ err: error }, known.message);
    if (known.extra.retryAfterSeconds)
      reply.header("retry-after", String(known.extra.retryAfterSeconds));
    return reply.status(known.status).send(sendError(known));
  });
}

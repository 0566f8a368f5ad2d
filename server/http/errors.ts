import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import type { ErrorBody } from "../../contract/errors";
import { AppError } from "./app-error";
import { fromDatabaseError } from "./database-failures";

/** Fastify's own errors (body parsing, limits) mapped to the contract's codes. */
function fromFastifyError(error: FastifyError): AppError | undefined {
  const status = error.statusCode ?? 500;
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE")
    return new AppError("payload_too_large", "The request is too large");
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
  return undefined;
}

export function sendError(error: AppError): ErrorBody {
  return {
    success: false,
    code: error.code,
    message: error.message,
    ...(error.extra.productId ? { productId: error.extra.productId } : {}),
    ...(error.extra.unpaidCheckouts ? { unpaidCheckouts: error.extra.unpaidCheckouts } : {}),
  };
}

/** Maps an error it knows (a module's own failures) to the answer a client may be given. */
export type ErrorTranslator = (error: unknown) => AppError | undefined;

/**
 * One error handler for the whole API: known errors answer as themselves, the rest as `internal`.
 * `translators` are the modules' own (an upload's parser errors), given by the app that knows
 * them: this folder imports no module.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  translators: ErrorTranslator[] = [],
): void {
  const translate = (error: unknown) => {
    for (const translator of translators) {
      const known = translator(error);
      if (known) return known;
    }
    return undefined;
  };
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (clientLeft(request, error)) {
      // Its socket's ECONNRESET is not the database's: nothing went wrong here, and nobody reads
      // the answer (written all the same, for a client that only stopped sending).
      request.log.info({ url: request.url }, "the client left before its request ended");
      return reply.status(400).send(sendError(cutShort()));
    }
    const known =
      error instanceof AppError
        ? error
        : (fromDatabaseError(error) ?? translate(error) ?? fromFastifyError(error));
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
    if (known.extra.shedding) request.log.warn({ code: known.code }, known.message);
    else if (known.status >= 500) request.log.error({ err: error }, known.message);
    if (known.extra.retryAfterSeconds)
      reply.header("retry-after", String(known.extra.retryAfterSeconds));
    return reply.status(known.status).send(sendError(known));
  });
}

/** A client that hung up (or stopped sending) before its request's body was whole. */
function clientLeft(request: FastifyRequest, error: FastifyError): boolean {
  return (
    request.raw.readableAborted || (error.code === "ECONNRESET" && error.message === "aborted")
  );
}

const cutShort = () =>
  new AppError("bad_request", "The request could not be read: it ended before all of it arrived.");

/**
 * Errors Fastify's router raises before any route or hook runs (a malformed percent-encoding, a
 * path parameter over the length limit), answered in the contract's shape too.
 */
export function frameworkErrorAnswer(error: FastifyError): { status: number; body: ErrorBody } {
  const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
  return {
    status: tooLong ? 414 : 400,
    body: {
      success: false,
      code: "bad_request",
      message: tooLong ? "The address is too long." : "The address could not be read.",
    },
  };
}

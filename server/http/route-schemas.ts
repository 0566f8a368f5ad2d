import type { FastifySchemaCompiler } from "fastify";
import { z } from "zod";
import { errorBodySchema } from "../../contract/common";
import { idempotencyKeySchema } from "../../contract/order";
import { validationError } from "./validation";

/**
 * Request validation with the contract's zod schemas (fastify-type-provider-zod serialises the
 * answers): a failure becomes the contract's 400 `validation_failed`, worded by validation.ts.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: validationError(result.error.issues, data) };
  };

/** The failure answers every route may give, in the contract's error shape. */
export const errorResponses = { "4xx": errorBodySchema, "5xx": errorBodySchema } as const;

/**
 * The optional Idempotency-Key header of a request that makes something (an order, a checkout, an
 * address): a retry with the same key makes nothing more. Other headers pass through untouched.
 */
export const idempotencyHeaders = z.looseObject({
  "idempotency-key": idempotencyKeySchema.optional(),
});

/** A 304 answer: the client's copy (If-None-Match) is current. */
export const notModified = z.undefined().describe("Not modified: your copy is current");

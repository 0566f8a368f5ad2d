import type { z } from "zod";
import type { errorBodySchema } from "./common";

/** Stable error codes of the API (api-contract.md, "Conventions"). Programs branch on these. */
export const errorCodes = [
  "validation_failed",
  "bad_request",
  "not_authorized",
  "forbidden",
  "not_found",
  "request_timeout",
  "out_of_stock",
  "price_changed",
  "not_serviceable",
  "below_minimum",
  "conflict",
  "invalid_transition",
  "payload_too_large",
  "unsupported_media_type",
  "idempotency_key_reused",
  "rate_limited",
  "internal",
  "unavailable",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** Body of every failed response, as `errorBodySchema` (common.ts) states it. */
export type ErrorBody = z.infer<typeof errorBodySchema>;

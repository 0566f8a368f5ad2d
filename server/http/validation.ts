import type { z } from "zod";
import { AppError } from "./app-error";

/**
 * Turns a schema's complaint into one sentence a person can act on, naming the field and what is
 * wrong with it: "price must be a number", "phone is required", "quantity must be at most 99".
 * The one place validation messages are written (architecture.md rule 3).
 */
export function validationError(issues: readonly z.core.$ZodIssue[], input: unknown): AppError {
  const issue = issues[0];
  if (!issue) return new AppError("validation_failed", "The request is invalid");
  return new AppError(
    "validation_failed",
    `${fieldLabel(issue.path)} ${describeIssue(issue, valueAt(input, issue.path))}`,
  );
}

/** Parses input with a contract schema; a failure names the first offending field. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(result.error.issues, input);
}

/**
 * The field as the client named it. A body that wraps one object (`{ address: {...} }`) names
 * the inner field; list items say which one (`items[2].quantity`).
 */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const parts = path[0] === "address" && path.length > 1 ? path.slice(1) : path;
  if (parts.length === 0) return "request";
  return parts
    .map((part, i) =>
      typeof part === "number" ? `[${part}]` : `${i === 0 ? "" : "."}${String(part)}`,
    )
    .join("");
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const typeNames: Record<string, string> = {
  int: "a whole number",
  number: "a number",
  string: "text",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  record: "an object",
};

function describeIssue(issue: z.core.$ZodIssue, value: unknown): string {
  switch (issue.code) {
    case "invalid_type":
      // Missing and present-but-wrong are different mistakes: say which. A null was sent, of
      // the wrong type (the contract: "never `is required`" for a field of the wrong type).
      if (value === undefined) return "is required";
      return `must be ${typeNames[issue.expected] ?? issue.expected}`;
    case "too_small":
      if (issue.origin === "string")
        return Number(issue.minimum) <= 1
          ? "is required"
          : `must be at least ${issue.minimum} characters`;
      if (issue.origin === "array")
        return `must have at least ${issue.minimum} item${Number(issue.minimum) === 1 ? "" : "s"}`;
      return issue.inclusive === false
        ? `must be more than ${issue.minimum}`
        : `must be at least ${issue.minimum}`;
    case "too_big":
      if (issue.origin === "string") return `must be at most ${issue.maximum} characters`;
      if (issue.origin === "array") return `must have at most ${issue.maximum} items`;
      return `must be at most ${issue.maximum}`;
    case "invalid_format":
      if (issue.format === "email") return "must be a valid email address";
      return issue.message.startsWith("Invalid") ? "has the wrong format" : issue.message;
    case "invalid_value":
      return `must be one of ${issue.values.map(String).join(", ")}`;
    case "unrecognized_keys":
      return "has unexpected fields";
    default:
      return issue.message.startsWith("Invalid") ? "is invalid" : issue.message;
  }
}

import { AppError } from "../../http/app-error";

/** Upload limits (api-contract.md: 1–4 images, at most 5 MB each). */
export const MAX_IMAGES = 4;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * Everything that can go wrong while reading a multipart upload, mapped in one place: size limits
 * keep their own status (413), any other parser failure is a malformed body (400).
 */
export function fromUploadError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (code === "FST_REQ_FILE_TOO_LARGE")
    return new AppError("payload_too_large", "Each image may be at most 5 MB");
  if (code === "FST_FILES_LIMIT")
    return new AppError("payload_too_large", `At most ${MAX_IMAGES} images per product`);
  if (
    code === "FST_PARTS_LIMIT" ||
    code === "FST_FIELDS_LIMIT" ||
    (typeof code === "string" &&
      code.startsWith("FST_") &&
      code !== "FST_ERR_CTP_BODY_TOO_LARGE" &&
      status === 413)
  )
    return new AppError("payload_too_large", "The upload has too many parts or fields");
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE" || code === "FST_PROTO_VIOLATION")
    return malformed();
  // The multipart parser (busboy) reports a broken body with plain errors and no code.
  const message = error instanceof Error ? error.message : "";
  if (
    /^(Unexpected end of (multipart data|form)|Part terminated early|Multipart: Boundary not found|Malformed part header|Malformed urlencoded form)/.test(
      message,
    )
  )
    return malformed();
  return undefined;
}

const malformed = () =>
  new AppError("bad_request", "The upload could not be read: the multipart body is malformed");

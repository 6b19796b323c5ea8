// The direct-upload calls (docs/api.md, Uploads), shared by the browser and the server.
import { z } from "zod";

/** A file's own name, kept for people to read (storage keys never use it). */
export const FilenameSchema = z.string().trim().min(1, "Filename is required.").max(255, "Filename is too long.");

const BlobFieldsSchema = z.object({
  filename: FilenameSchema,
  // The contract: falls back to application/octet-stream. The bytes decide what the file is.
  content_type: z
    .string()
    .max(255)
    .nullish()
    .transform((value) => value?.trim() || "application/octet-stream"),
  byte_size: z
    .number({ error: "Byte size must be a number." })
    .int("Byte size must be a whole number.")
    .positive("File is empty."),
});

/**
 * POST /api/assets {blob: {filename, content_type, byte_size}}. The contract names
 * the errors by the blob's own fields ('filename', not 'blob.filename'), so the
 * blob is taken out of its envelope before its fields are checked.
 */
export const BlobSchema = z
  .object({ blob: z.looseObject({}, { error: "The blob is required." }) })
  .transform(({ blob }) => blob)
  .pipe(BlobFieldsSchema);
export type AnnouncedBlob = z.output<typeof BlobSchema>;

/**
 * The answer to POST /api/assets: the contract's signed_id and direct_upload, with
 * the blob's own fields. Never the storage key or a path: the client needs none
 * (a presigned S3 URL names its object, as any direct upload to a bucket must).
 */
export type DirectUploadResponse = {
  id: number;
  filename: string;
  content_type: string;
  byte_size: number;
  signed_id: string;
  direct_upload: { url: string; headers: Record<string, string> };
};

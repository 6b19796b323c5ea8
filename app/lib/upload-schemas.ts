// The direct-upload calls of spec section 7, shared by the browser and the server.
import { z } from "zod";

export const BlobSchema = z.object({
  blob: z.object({
    filename: z.string().trim().min(1, "Filename is required.").max(255, "Filename is too long."),
    // The spec: falls back to application/octet-stream. The bytes decide what the file is.
    content_type: z
      .string()
      .max(255)
      .nullish()
      .transform((value) => value?.trim() || "application/octet-stream"),
    byte_size: z
      .number({ error: "Byte size must be a number." })
      .int("Byte size must be a whole number.")
      .positive("File is empty."),
  }),
});
export type BlobInput = z.input<typeof BlobSchema>;

export type DirectUploadResponse = {
  id: number;
  key: string;
  filename: string;
  content_type: string;
  byte_size: number;
  signed_id: string;
  direct_upload: { url: string; headers: Record<string, string> };
};

// The messages viewers of one photo exchange (spec section 7 "Realtime"),
// checked by the server before they are passed on. Shared with the client hook.
import { z } from "zod";

const fraction = z.number().finite().min(0).max(1);

export const PointerMessageSchema = z.object({ dx: fraction, dy: fraction });

const point = z.object({ dx: fraction, dy: fraction });
export const CropMessageSchema = z.object({
  // start: first click; drag: the pointer moved with a crop open; end: second click.
  phase: z.enum(["start", "drag", "end"]),
  start: point,
  drag: point.optional(),
  end: point.optional(),
});

export type Viewer = { id: number; firstName: string };
export type PointerMessage = z.infer<typeof PointerMessageSchema> & { user: Viewer };
export type CropMessage = z.infer<typeof CropMessageSchema> & { user: Viewer };

export const PHOTO_NAMESPACE = "/photos";

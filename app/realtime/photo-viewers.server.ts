// socket.io on the same HTTP server: one namespace, a room per photo. Viewers
// connect with ?id={photoId}; only logged-in members get in (the session cookie
// is checked at the handshake), and what they send is validated before it is
// passed on to the others looking at the same photo.
import type http from "node:http";
import { Server, type Socket } from "socket.io";
import { z } from "zod";
import { CropMessageSchema, PHOTO_NAMESPACE, PointerMessageSchema, type Viewer } from "~/lib/realtime-messages";
import { canSeePhoto } from "~/services/access.server";
import { memberFromCookieHeader } from "~/services/auth/session.server";

type ViewerData = { viewer: Viewer; userId: number; room: string };

const PhotoIdSchema = z.coerce.number().int().positive();

let io: Server | undefined;

export function attachRealtime(httpServer: http.Server): Server {
  io = new Server(httpServer, { serveClient: false });
  const photos = io.of(PHOTO_NAMESPACE);

  photos.use(async (socket, next) => {
    try {
      const member = await memberFromCookieHeader(socket.request.headers.cookie);
      if (!member) return next(new Error("unauthorized"));
      const photoId = PhotoIdSchema.safeParse(socket.handshake.query.id);
      if (!photoId.success) return next(new Error("bad photo id"));
      // Only viewers of a photo they may see (for members: any photo that exists).
      if (!(await canSeePhoto(member, photoId.data))) return next(new Error("photo not found"));
      const data: ViewerData = {
        viewer: { id: member.id, firstName: member.firstName },
        userId: member.id,
        room: `photo:${photoId.data}`,
      };
      socket.data = data;
      next();
    } catch (error) {
      next(error as Error);
    }
  });

  photos.on("connection", (socket: Socket) => {
    const { viewer, userId, room } = socket.data as ViewerData;
    void socket.join([room, `member:${userId}`]);
    socket.on("pointer", (payload: unknown) => {
      const message = PointerMessageSchema.safeParse(payload);
      if (message.success) socket.to(room).emit("pointer", { ...message.data, user: viewer });
    });
    socket.on("crop", (payload: unknown) => {
      const message = CropMessageSchema.safeParse(payload);
      if (message.success) socket.to(room).emit("crop", { ...message.data, user: viewer });
    });
  });
  return io;
}

/** Closes a member's live connections (deactivation, logout everywhere). */
export function disconnectMember(userId: number) {
  io?.of(PHOTO_NAMESPACE).in(`member:${userId}`).disconnectSockets(true);
}

export async function closeRealtime() {
  await io?.close();
  io = undefined;
}

// The whole site on one HTTP server as server.ts mounts it: the pages and /api
// (the Express app, loaded through Vite as useHttpApp loads it) with socket.io
// attached to the same server, so a flood of socket messages and a member's
// request share one event loop, as they do in production.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Socket } from "socket.io-client";
import type { PhotoViewerSocket, ReviewSocket } from "~/lib/realtime-events";
import { PHOTO_NAMESPACE, REVIEW_NAMESPACE } from "~/lib/live-names";
import { closeRealtime } from "~/realtime/server/realtime.server";
import { startHttpApp } from "./http-app";
import { sharedResource } from "./shared-resource";
import { connectTo, type TestReviewer, type TestViewer } from "./sockets";

export type LiveSite = {
  url: string;
  viewer(photoId: number, options?: { cookie?: string }): TestViewer;
  reviewer(meetingId: number, options?: { cookie?: string }): TestReviewer;
};

async function startLiveSite() {
  const site = await startHttpApp();
  const server = http.createServer(site.club.app);
  // The in-memory adapter, as one process of the embedded default runs.
  site.club.attachRealtime(server, {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clients: Socket[] = [];
  const track = <S extends Socket>(socket: S) => (clients.push(socket), socket);
  return {
    url,
    viewer: (photoId: number, options?: { cookie?: string }) =>
      track(connectTo<PhotoViewerSocket>(url, PHOTO_NAMESPACE, { id: String(photoId) }, options)),
    reviewer: (meetingId: number, options?: { cookie?: string }) =>
      track(connectTo<ReviewSocket>(url, REVIEW_NAMESPACE, { meeting: String(meetingId) }, options)),
    async stop() {
      clients.forEach((client) => client.close());
      // The attachment is kept on globalThis, so this module's closeRealtime closes the one Vite's copy made.
      await closeRealtime();
      server.closeAllConnections();
      await site.close();
    },
  };
}

/** The site with its live layer for the file's tests, closed after the last. */
export function useLiveSite(): LiveSite {
  return sharedResource(startLiveSite, (site) => site.stop());
}

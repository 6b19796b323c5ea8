// What happened in the club, told to whoever listens. Services publish here
// and never import the realtime layer; app/realtime subscribes when socket.io
// starts. A listener that throws is logged and never fails the service.
//
//   publish("sessions.ended", { userId: member.id });          // a service
//   subscribe("sessions.ended", ({ userId }) => ...);          // app/realtime
import { EventEmitter } from "node:events";
import { afterCommit } from "@db/client.server";
import { requestLog } from "~/base/logger.server";
import type { ClubEvents } from "~/lib/club-events";

export type { ClubEvents };

type Listener<E extends keyof ClubEvents> = (event: ClubEvents[E]) => void;

// Kept on globalThis, like the database handle, so Vite's module reloads in development share one.
const holder = globalThis as typeof globalThis & { __clubEvents?: EventEmitter };
const emitter = (holder.__clubEvents ??= new EventEmitter());

/** Tells the listeners; inside a transaction, once it commits (a rolled-back change never happened). */
export function publish<E extends keyof ClubEvents>(name: E, event: ClubEvents[E]) {
  afterCommit(() => {
    for (const listener of emitter.listeners(name) as Listener<E>[]) {
      try {
        listener(event);
      } catch (error) {
        requestLog().error({ err: error }, `A listener of ${name} failed`);
      }
    }
  });
}

/** Subscribes; returns the function that unsubscribes. */
export function subscribe<E extends keyof ClubEvents>(name: E, listener: Listener<E>): () => void {
  emitter.on(name, listener);
  return () => emitter.off(name, listener);
}

/** How many listeners an event has (the realtime layer's tests check it subscribes and unsubscribes). */
export function listenerCount(name: keyof ClubEvents): number {
  return emitter.listenerCount(name);
}

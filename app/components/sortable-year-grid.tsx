import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import { arrayMove, rectSortingStrategy, SortableContext, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useEffect, useMemo, useState } from "react";
import { Form, useFetcher } from "react-router";
import type { PhotoFormReply } from "~/lib/photo-form-replies";
import { ErrorModal } from "./error-modal";
import { useFetcherRefusal } from "./forms/use-fetcher-refusal";
import { useHereWith } from "./photo-steps";
import { MasonryList, PhotoCard, photoLabel, type GridPhoto } from "./photo-grid";
import { useHydrated } from "./use-hydrated";
import "./photos.css";
import "./photo-page.css";

/**
 * Without JavaScript (nothing to drag with), each photo has Earlier and Later:
 * plain forms posting the year's order with this photo moved one place.
 */
function MoveForms({ photo, year, moves }: { photo: GridPhoto; year: number; moves: Moves }) {
  const hereWith = useHereWith();
  const steps = [
    { name: "earlier", text: "↑ Earlier", order: moves.earlier },
    { name: "later", text: "↓ Later", order: moves.later },
  ];
  return (
    <div className="move-forms">
      {steps.map((step) => (
        <Form method="post" key={step.name}>
          <input type="hidden" name="intent" value="reorder" />
          <input type="hidden" name="year" value={year} />
          <input type="hidden" name="photoIds" value={step.order?.join(",") ?? ""} />
          <input type="hidden" name="returnTo" value={hereWith({})} />
          <button
            type="submit"
            className="button small"
            disabled={!step.order}
            aria-label={`Move ${photoLabel(photo)} ${step.name}`}
          >
            {step.text}
          </button>
        </Form>
      ))}
    </div>
  );
}

/** The year's order with a photo moved one place back or on (null at either end). */
type Moves = { earlier: number[] | null; later: number[] | null };

function SortablePhoto({
  photo,
  href,
  position,
  count,
  placement,
  year,
  moves,
}: {
  photo: GridPhoto;
  href: string;
  position: number;
  count: number;
  placement: React.CSSProperties;
  year: number;
  moves: Moves;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: photo.id,
  });
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <li className="photo-card" style={placement}>
        <PhotoCard photo={photo} href={href} />
        <MoveForms photo={photo} year={year} moves={moves} />
      </li>
    );
  }
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? "photo-card dragging" : "photo-card"}
      // Moved, never scaled: the cards differ in size, and a scaled card would show its photo squashed.
      style={{ ...placement, transform: CSS.Translate.toString(transform), transition }}
    >
      <PhotoCard photo={photo} href={href} />
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="drag-handle"
        {...attributes}
        {...listeners}
        aria-label={`Move ${photoLabel(photo)}, position ${position} of ${count}`}
      >
        ⠿ Move
      </button>
    </li>
  );
}

const ARROW_STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * While a photo is picked up, the arrow keys move it one place along the list:
 * Right or Down one on, Left or Up one back. In a masonry of photos of every
 * shape, 'the photo to the right' is no clear place; its position in the order
 * (which the announcements say) is.
 */
function listOrderCoordinates(order: number[]): KeyboardCoordinateGetter {
  return (event, { context: { active, over, collisionRect, droppableRects } }) => {
    const step = ARROW_STEPS[event.code];
    if (!step) return undefined;
    event.preventDefault();
    if (!active || !collisionRect) return undefined;
    const from = order.indexOf(Number((over ?? active).id));
    const target = order[Math.min(order.length - 1, Math.max(0, from + step))];
    const rect = target === undefined ? undefined : droppableRects.get(target);
    if (!rect) return undefined;
    // Centre the dragged card on the target's place, so the closest centre is that place.
    return {
      x: rect.left + rect.width / 2 - collisionRect.width / 2,
      y: rect.top + rect.height / 2 - collisionRect.height / 2,
    };
  };
}

/**
 * The owner's single-year view: the featured photos in position order, reordered
 * by dragging a photo's handle, or with the keyboard (focus 'Move', Space to
 * pick up, arrow keys to move one place on or back, Space to drop, Escape to
 * cancel). The cards are laid out as the other grids (a masonry). Each drop is
 * saved on the server as positions 1..n.
 */
export function SortableYearGrid({
  photos,
  year,
  hrefFor,
}: {
  photos: GridPhoto[];
  year: number;
  hrefFor: (photo: GridPhoto) => string;
}) {
  const fetcher = useFetcher<PhotoFormReply>({ key: `reorder-${year}` });
  const [refusal, dismiss] = useFetcherRefusal(fetcher);
  const [order, setOrder] = useState(() => photos.map((photo) => photo.id));
  // The server's order wins whenever the list is (re)loaded.
  const serverOrder = photos.map((photo) => photo.id).join(",");
  useEffect(() => setOrder(serverOrder.split(",").filter(Boolean).map(Number)), [serverOrder]);

  const byId = useMemo(() => new Map(photos.map((photo) => [photo.id, photo])), [photos]);
  // The masonry follows the order shown, so a drop re-lays the cards at once.
  const ordered = order.flatMap((id) => byId.get(id) ?? []);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: listOrderCoordinates(order) }),
  );
  const label = (id: string | number) => {
    const photo = byId.get(Number(id));
    return photo ? photoLabel(photo) : "photo";
  };
  const place = (id: string | number) => order.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${label(active.id)}, position ${place(active.id)} of ${order.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${label(active.id)} moved to position ${place(over.id)} of ${order.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${label(active.id)} dropped at position ${place(over.id)} of ${order.length}.` : undefined,
    onDragCancel: ({ active }) => `Moving ${label(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = arrayMove(order, order.indexOf(Number(active.id)), order.indexOf(Number(over.id)));
    setOrder(next);
    fetcher.submit({ intent: "reorder", year: String(year), photoIds: next.join(",") }, { method: "post" });
  };

  if (photos.length === 0) return <p className="muted">No photos yet.</p>;
  return (
    <>
      <DndContext
        id={`year-${year}`}
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements }}
      >
        <SortableContext items={order} strategy={rectSortingStrategy}>
          <MasonryList photos={ordered} label={`Featured photos of ${year}`}>
            {(cardStyle) =>
              ordered.map((photo, index) => (
                <SortablePhoto
                  key={photo.id}
                  photo={photo}
                  href={hrefFor(photo)}
                  position={index + 1}
                  count={ordered.length}
                  placement={cardStyle(index)}
                  year={year}
                  moves={{
                    earlier: index > 0 ? arrayMove(order, index, index - 1) : null,
                    later: index < ordered.length - 1 ? arrayMove(order, index, index + 1) : null,
                  }}
                />
              ))
            }
          </MasonryList>
        </SortableContext>
      </DndContext>
      {fetcher.state !== "idle" ? (
        <p role="status" className="muted">
          Saving the new order...
        </p>
      ) : null}
      <ErrorModal title="An error has occurred" message={refusal} onClose={dismiss} />
    </>
  );
}
